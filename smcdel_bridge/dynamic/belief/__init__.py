"""Belief engines for plausibility models: the state of a story (who knows and who
believes what) and its update by plausibility action models, behind one interface
(:mod:`.backend`, which also picks an engine by name) that the explicit engine
(:mod:`.explicit`) and the symbolic one (:mod:`.symbolic`) implement.
"""
