"""A problem's announcement: public, or told to a group (an event model).

Usage::

    from pyfront.problem.announcement import Announcement
    from smcdel_bridge.language import Prp
    Announcement(formula=Prp(1), to=("Agenta",)).public  # False
"""

from __future__ import annotations

from typing import Any

from smcdel_bridge.values import field, value

from pyfront.problem.record import EXCLUDED, Record, to_form


@value(kw_only=True)
class Announcement(Record):
    """A truthful announcement of ``formula`` (in order): public, or told to a group
    (``to``, SMCDEL ids) that it holds or ``whether`` it holds, seen by ``seen_by`` (they
    see the group told, not what); everyone else then believes nothing happened.  A
    told announcement is an event model (:func:`smcdel_bridge.dynamic.stock.watched_announcement`),
    checked on the event-model engines (:mod:`pyfront.problem.events`)."""

    formula: Form
    #: 1-based line in the DSL source, when parsed from one
    line: int | None = field(default=None, metadata=EXCLUDED)
    #: who is told; empty: everyone (public)
    to: tuple[str, ...] = ()
    #: told whether ``formula`` holds (both outcomes possible) rather than that it does
    whether: bool = False
    #: who sees the group told, not what
    seen_by: tuple[str, ...] = ()

    _read = {"formula": to_form, "to": tuple, "seen_by": tuple}

    def __post_init__(self):
        self.formula = to_form(self.formula)
        self.to, self.seen_by = tuple(self.to), tuple(self.seen_by)

    @property
    def public(self) -> bool:
        return not self.to

    def model_dump(self, mode: str = "python", exclude: set[str] | None = None) -> dict[str, Any]:
        """As every record, without the fields of a told announcement when it is public
        (a public announcement dumps as it always did)."""
        out = super().model_dump(mode, exclude)
        if self.public:
            for name in ("to", "whether", "seen_by"):
                out.pop(name, None)
        return out
