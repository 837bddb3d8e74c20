"""The symbolic engine for event models (belief structures, as in SMCDEL's
``Symbolic.K``): a law as a BDD over the current vocabulary, each agent's relation as a
BDD over a doubled vocabulary, events as transformers (fresh event atoms, the
precondition law, fresh atoms for the new values of changed atoms, each agent's
observation as a relation over the event atoms).  :mod:`.engine` is its
:class:`~smcdel_bridge.dynamic.backend.EventBackend` face; the symbolic belief engine
(:mod:`smcdel_bridge.dynamic.belief.symbolic`) builds on its models.  See
``docs/symbolic-stories.md``.
"""
