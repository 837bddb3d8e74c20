"""The planning part of a problem: where it actually is, what to reach, what to keep, which
announcements one may make, and the plan questions (``plan … within N steps``).

A problem without ``goal`` has no planning part (``Problem.planning`` is None).  A plan
item starts after the announcements written above it (as a hypothesis is asked there);
its expectation is ``none`` (no plan within the bound), ``length`` (the shortest plan's
length), ``plan`` (this sequence is a plan: every step can be made, changes the state and
keeps the kept formulas, and the goal holds first at its end) or ``plans`` (these are all
the plans, in SMCDEL's ``offlineSearch`` order).

Usage::

    from smcdel_bridge.language import Prp
    from pyfront.problem.planning import Planning, PlanItem
    p = Planning(actual=[1], goal=Prp(1), actions=[Prp(1)],
                 plans=[PlanItem(name="p1", max_steps=2, expect="length", expect_length=0)])
    p.plans[0].expected_text      # 'length 0'
"""

from __future__ import annotations

from smcdel_bridge.language import Form

from pyfront.problem.record import EXCLUDED, Record, many, one_of, to_form
from smcdel_bridge.values import field, value

EXPECTATIONS = ("none", "length", "plan", "plans")


@value(kw_only=True)
class PlanItem(Record):
    """``plan [NAME:] within N steps [expect …]``."""

    name: str
    max_steps: int
    #: announcements made before the plan starts (None: all of them)
    after: int | None = None
    expect: str | None = None
    expect_length: int | None = None
    #: ``plan``: the one plan given; ``plans``: every plan, in SMCDEL's order
    expect_plans: list[list[Form]] | None = None
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"expect_plans": many(many(to_form))}

    def __post_init__(self):
        self._apply_read()
        if self.expect is not None:
            one_of(self.expect, EXPECTATIONS, "a plan's expectation")
        if self.max_steps < 0:
            raise ValueError("a plan's bound must be 0 or more steps")

    @property
    def expected_text(self) -> str | None:
        """The expectation as a record states it: ``none``, ``length K``, ``plan``, ``K plans``."""
        if self.expect == "length":
            return f"length {self.expect_length}"
        if self.expect == "plans":
            return f"{len(self.expect_plans or ())} plans"
        return self.expect


@value(kw_only=True)
class Planning(Record):
    """The actual state (true atoms), the goal, the formulas to keep after each step, the
    candidate announcements (in order) and the plan items."""

    actual: list[int] = field(default_factory=list)
    goal: Form
    keep: list[Form] = field(default_factory=list)
    actions: list[Form] = field(default_factory=list)
    plans: list[PlanItem] = field(default_factory=list)

    _read = {"goal": to_form, "keep": many(to_form), "actions": many(to_form),
             "plans": many(PlanItem.model_validate)}

    def __post_init__(self):
        self._apply_read()
        self.actual = sorted(set(self.actual))


__all__ = ["EXPECTATIONS", "PlanItem", "Planning"]
