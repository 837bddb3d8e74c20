"""``mindgames plan``: plans of public announcements for JSON cases and DSL problems.

- :mod:`.cases`: cases shaped like ``planning-conformance/cases.jsonl``, one result line
  per case, each case answered in a child process within ``--timeout``/``--max-memory``;
- :mod:`.problems`: the plan items of DSL problems (``goal``, ``keep``, ``may announce``,
  ``plan … within N steps``), answered for ``check``, ``explain`` and ``plan``.

The semantics live in :mod:`smcdel_bridge.native.planning` and :mod:`smcdel_bridge.planning`.
"""

#: The columns of a plan item's record, for problems and stories alike.
PLAN_FIELDS = ("source", "row", "plan", "length", "label", "expected", "agrees")
