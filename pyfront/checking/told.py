"""Records of the check items only the embedded engines answer: a plan item (the
planner) and a hypothesis after announcements told to a group
(:class:`pyfront.data.items.ToldEntry`: the event-model engines answer it,
:func:`pyfront.problem.events.told_answers`; SMCDEL input has no event models)."""

from __future__ import annotations

from smcdel_bridge.errors import SmcdelError

from pyfront.data.items import PlanEntry, ToldEntry

from .records import OMIT, check_record


def embedded_record(entry: PlanEntry | ToldEntry, engine: str = "auto") -> dict:
    """The record of a plan item or of a hypothesis after told announcements."""
    if isinstance(entry, ToldEntry):
        return told_record(entry, engine)
    from pyfront.planning.problems import plan_entry_record

    return plan_entry_record(entry, engine)


def told_record(entry: ToldEntry, engine: str = "auto") -> dict:
    """The record of a hypothesis after announcements told to a group (the fields of an
    S5 item: the label, whether the premise is contradictory, the agreement)."""
    from pyfront.problem.events import told_answers

    record = check_record(entry.source, entry.row, name=entry.name,
                          line=entry.line if entry.line is not None else OMIT,
                          expected=entry.expected)
    try:
        valid, contradictory = told_answers(entry.problem, engine)[entry.index]
    except SmcdelError as err:
        record["error"] = f"{entry.source}:{entry.line}: {entry.name}: {err}"
        return record
    record.update(valid=valid, label="entailment" if valid else "not_entailment",
                  contradictory=contradictory)
    if entry.expected is not None:
        record["agrees"] = record["label"] == entry.expected
    return record
