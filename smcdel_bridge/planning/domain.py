"""What a planner needs of a level, written down once.

A level (S5 structures, event models on Kripke models, stories) implements
:class:`PlanningDomain` beside its engines; the algorithms of :mod:`.search` use nothing
else, the way SMCDEL's ``Other/Planning.hs`` is written against its ``Semantics`` and
``Update`` classes.  A state is whatever the level updates (a scene, a pointed model);
an action whatever it updates with (a formula to announce, an event model).

Usage::

    from smcdel_bridge.language import Top
    from smcdel_bridge.planning.domain import PlanningTask
    PlanningTask(goal=Top(), max_steps=2).keep      # ()
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Generic, Hashable, Sequence, TypeVar

from ..language import Form
from ..values import value

S = TypeVar("S")
A = TypeVar("A")


@value(frozen=True)
class PlanningTask:
    """The question: reach ``goal``; every formula of ``keep`` true after each step (never
    checked at the start, as SMCDEL's ``offlineSearch``); at most ``max_steps`` actions
    (``None``: no bound but the caller's limits); ``require_change``: an action that leaves
    the state equal is never taken (SMCDEL's ``new /= now``)."""

    goal: Form
    keep: tuple[Form, ...] = ()
    max_steps: int | None = None
    require_change: bool = True


class PlanningDomain(ABC, Generic[S, A]):
    """A level's states and actions as a planner sees them."""

    @abstractmethod
    def initial(self) -> S:
        """The state the plan starts from."""

    @abstractmethod
    def actions(self) -> Sequence[A]:
        """The candidate actions, in the order every search tries them."""

    @abstractmethod
    def executable(self, state: S, action: A) -> bool:
        """Whether ``action`` can happen in ``state`` (truthful announcement, precondition
        of an actual event at the actual world)."""

    @abstractmethod
    def update(self, state: S, action: A) -> S:
        """The state after ``action`` (only called when :meth:`executable`)."""

    @abstractmethod
    def satisfies(self, state: S, form: Form) -> bool:
        """Whether ``form`` holds at the actual point of ``state``."""

    @abstractmethod
    def key(self, state: S) -> Hashable:
        """A canonical key: equal exactly when the states are equal for planning (a
        canonical BDD of the law, a bisimulation-contracted model in canonical form)."""

    def action_name(self, action: A) -> str:
        """How a plan names ``action`` (the DSL's or the input's own spelling)."""
        return str(action)
