"""The planning part of a story: what to reach (``goal``), what must keep holding after
each step (``keep``), the events an agent may make happen (``may`` and one of the story's
own event sentences), and the plan questions (``plan [NAME:] within N steps [expect …]``).

A plan item starts after the events written above it (``step``), as a hypothesis is asked
there; its candidate events are read as if told next (who is in which room, who trusts
whom: as at that point).  Its expectation is ``none`` (no plan within the bound),
``length`` (the shortest plan's length) or ``plan`` (these events, in order, are a plan:
each can happen, changes the state and keeps the kept formulas, and the goal holds first
at its end).  The semantics is :class:`smcdel_bridge.planning.beliefs.BeliefPlanning`;
:mod:`pyfront.planning.stories` answers the items.

Usage::

    from smcdel_bridge.language import TOP
    from pyfront.story.planning import StoryPlanning, StoryPlanItem
    StoryPlanning(goal=TOP, plans=[StoryPlanItem(name="p", max_steps=1)]).plans[0].step   # 0
"""

from __future__ import annotations

from pyfront.problem.record import EXCLUDED, many, one_of
from smcdel_bridge.values import field

from .events import StoryEvent, read_event
from .parts import Formula, Part, part, to_story_form

__all__ = ["STORY_EXPECTATIONS", "StoryPlanItem", "StoryPlanning"]

STORY_EXPECTATIONS = ("none", "length", "plan")


@part
class StoryPlanItem(Part):
    """``plan [NAME:] within N steps [expect …]`` after ``step`` events of the story."""

    name: str
    max_steps: int
    step: int = 0
    expect: str | None = None
    expect_length: int | None = None
    #: ``expect plan``: the events given, in order
    expect_plan: list[StoryEvent] | None = None
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"expect_plan": many(read_event)}

    def __post_init__(self):
        super().__post_init__()
        if self.expect is not None:
            one_of(self.expect, STORY_EXPECTATIONS, "a story plan's expectation")
        if self.max_steps < 0:
            raise ValueError("a plan's bound must be 0 or more steps")

    @property
    def expected_text(self) -> str | None:
        """The expectation as a record states it: ``none``, ``length K``, ``plan``."""
        if self.expect == "length":
            return f"length {self.expect_length}"
        return self.expect


@part
class StoryPlanning(Part):
    """The goal, the formulas to keep after each step, the candidate events (in the order
    every search tries them) and the plan items."""

    goal: Formula
    keep: list[Formula] = field(default_factory=list)
    actions: list[StoryEvent] = field(default_factory=list)
    plans: list[StoryPlanItem] = field(default_factory=list)

    _read = {"goal": to_story_form, "keep": many(to_story_form),
             "actions": many(read_event), "plans": many(StoryPlanItem.model_validate)}
