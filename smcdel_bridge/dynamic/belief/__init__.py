"""Belief engines for plausibility models: the state of a story (who knows and who
believes what) and its update by plausibility action models, behind one interface
(:mod:`.interface`) that the explicit engine (:mod:`.explicit`) and the symbolic one
(:mod:`smcdel_bridge.dynamic.symbolic`) implement; :mod:`.registry` picks one by name.
"""
