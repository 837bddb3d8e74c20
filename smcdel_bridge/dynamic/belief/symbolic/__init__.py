"""The symbolic belief engine: plausibility models as BDDs (belief structures, as in
SMCDEL's ``Symbolic.K``, with a plausibility order per agent), on the symbolic Kripke
models of :mod:`smcdel_bridge.dynamic.symbolic`.  :mod:`.states` holds the states and the
action-priority update as a transformer; :mod:`.engine` is the
:class:`~smcdel_bridge.dynamic.belief.backend.BeliefEngine` face of it.  See
``docs/symbolic-stories.md``.
"""
