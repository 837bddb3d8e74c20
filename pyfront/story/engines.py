"""Which belief engine answers stories: ``explicit`` (worlds listed), ``symbolic`` (BDDs)
or ``auto`` (by size, see :func:`pyfront.story.compile.engine_name`).  Commands pass the
name from ``--engine`` down to the answers (no choice is kept in the process: a caller in
the same process keeps its own); this module imports nothing heavy."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from smcdel_bridge.dynamic.belief.backend import BeliefEngine

    from .model import Story


def start_size(story: "Story") -> int:
    """How many worlds the explicit start lists at most (before common knowledge)."""
    if story.initial is not None:
        return len(story.initial.worlds)
    n = 1
    for v in story.variables:
        n *= len(v.values)
    return n


def engine_name(story: "Story", name: str = "auto") -> str:
    """``explicit`` or ``symbolic``: ``name``, or for ``auto`` by the story's size (the
    rule of :func:`smcdel_bridge.dynamic.belief.backend.belief_engine_name`)."""
    from smcdel_bridge.dynamic.belief.backend import belief_engine_name

    return belief_engine_name(name, start_size(story), len(story.events))


def engine_note(story: "Story", name: str = "auto") -> str | None:
    """A one-line note when the explicit engine was asked for a story ``auto`` gives to the
    symbolic one (its worlds may grow with every event it lists: a story of 5 agents and
    24 events took minutes there, a fraction of a second on BDDs); None otherwise."""
    if name != "explicit" or engine_name(story, "auto") == "explicit":
        return None
    return (f"story {story.name}: {len(story.events)} events over a start of up to "
            f"{start_size(story):,} worlds: the explicit engine lists every world, which can "
            "grow with each event (5 agents and 24 events took over 100 s there, 0.23 s on "
            "BDDs); --engine auto picks the symbolic one for this story")


def answer_engine(story: "Story", name: str = "auto") -> "BeliefEngine":
    """The engine that answers ``story``'s questions (see :func:`engine_name`)."""
    from smcdel_bridge.dynamic.belief.backend import get_belief_engine

    return get_belief_engine(name, start_worlds=start_size(story), events=len(story.events))

