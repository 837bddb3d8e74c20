"""``mindgames plan``: plans of public announcements for JSON cases and DSL problems.

- :mod:`.cases`: cases shaped like ``planning-conformance/cases.jsonl``, one result line
  per case, each case answered in a child process within ``--timeout``/``--max-memory``;
- :mod:`.problems`: the plan items of DSL problems (``goal``, ``keep``, ``may announce``,
  ``plan … within N steps``), answered for ``check``, ``explain`` and ``plan``.

The semantics live in :mod:`smcdel_bridge.native.planning` and :mod:`smcdel_bridge.planning`.
"""

#: The columns of a plan item's record, for problems and stories alike.
PLAN_FIELDS = ("source", "row", "plan", "length", "label", "expected", "agrees")


def item_record(source: str, row, owner: str, item, answer) -> dict:
    """The record of one plan item of the problem or story called ``owner``: the fields
    ``answer()`` gives, or ``error``, one line naming the item, when it raises."""
    from smcdel_bridge.errors import SmcdelError

    from pyfront.checking.records import check_record
    from pyfront.errors import UserError, shown

    record = check_record(source, row, name=f"{owner}/{item.name}", line=item.line,
                          fields=PLAN_FIELDS, expected=item.expected_text)
    try:
        record.update(answer())
    except (SmcdelError, UserError, ValueError) as err:
        message = getattr(err, "message", None) or str(err)
        record["error"] = f"{shown(source)}:{item.line}: {owner}/{item.name}: {message}"
    return record
