"""Which belief engine answers stories: ``explicit`` (worlds listed), ``symbolic`` (BDDs)
or ``auto`` (by size, see :func:`pyfront.story.compile.engine_name`).  Commands set it
from ``--engine``; this module imports nothing heavy, so setting it costs nothing."""

from __future__ import annotations

ENGINES = ("auto", "explicit", "symbolic")
_chosen = ["auto"]


def set_answer_engine(name: str) -> None:
    """The engine story answers use from now on."""
    if name not in ENGINES:
        from ..errors import UserError

        raise UserError(f"unknown engine {name!r}; choose auto, explicit or symbolic")
    _chosen[0] = name


def chosen_engine() -> str:
    return _chosen[0]


_hook: list = [None]


def set_event_hook(hook) -> None:
    """``hook(story_name, events_done, events)`` after each event a story engine applies
    (a progress bar; None: nothing)."""
    _hook[0] = hook


def event_done(story_name: str, done: int, total: int) -> None:
    if _hook[0] is not None:
        _hook[0](story_name, done, total)
