"""Errors of the event-model engine (one line each, like every checker error)."""

from __future__ import annotations

from ..errors import SmcdelError, UnsupportedFormula

__all__ = ["DelModelError", "InexecutableAction", "UnsupportedFormula"]


class DelModelError(SmcdelError):
    """A Kripke or action model that is not well formed (unknown names, missing worlds)."""

    kind = "model"


class InexecutableAction(SmcdelError):
    """No actual world survives an update: the actual event's precondition fails there."""

    kind = "inexecutable"

    def __init__(self, label: str, events: tuple[str, ...], worlds: tuple[str, ...] = ()):
        evs = ", ".join(events)
        at = f" at {', '.join(worlds)}" if worlds else ""
        super().__init__(
            f"cannot apply {label!r}: the precondition of its actual event "
            f"{evs} is false{at}")
        self.label, self.events, self.worlds = label, events, worlds
