"""Planning over belief states: :class:`BeliefPlanning` offers a belief engine
(:mod:`smcdel_bridge.dynamic.belief`, explicit or symbolic) to the searches of
:mod:`.search`, through the engine's interface only.

An action is a plausibility action model (an event model with pre- and postconditions, and
per agent what it tells apart and finds most plausible: its observability); it can happen
when its actual event's precondition holds at an actual world (the engine's
``executable``), and the state after it is the engine's action-priority update.  A goal
or kept formula holds when it is true at every actual world (the engine's ``holds``).

States are deduplicated by the engine's ``key``: equal exactly when the states are
bisimilar (:mod:`smcdel_bridge.dynamic.belief.canonical`; the explicit engine keys its
contracted model, the symbolic one lists its state and contracts it,
:mod:`smcdel_bridge.dynamic.belief.symbolic.canonical`), so both engines find the same
plans.

Usage::

    from smcdel_bridge.planning import PlanningTask, shortest_plan
    from smcdel_bridge.planning.beliefs import BeliefPlanning
    # domain = BeliefPlanning(engine, start_state, actions)   # actions: PlausibleAction
    # shortest_plan(domain, PlanningTask(goal=..., max_steps=3)).plan
"""

from __future__ import annotations

from typing import Hashable, Sequence

from ..dynamic.belief.backend import BeliefEngine
from ..dynamic.belief.canonical import canonical_key
from ..dynamic.belief.events import PlausibleAction, concrete
from ..language import Form
from .domain import PlanningDomain

__all__ = ["BeliefPlanning", "canonical_key"]


class BeliefPlanning(PlanningDomain):
    """Plans of plausibility action models from ``start`` on a belief engine; the actions
    are tried in the order given.  ``names``: how a plan names each action (default: its
    label)."""

    def __init__(self, engine: BeliefEngine, start, actions: Sequence[PlausibleAction],
                 names: Sequence[str] | None = None) -> None:
        self.engine = engine
        self.start = start
        self.choices = tuple(actions)
        self.names = {id(a): n for a, n in zip(self.choices, names or ())}

    def initial(self):
        return self.start

    def actions(self) -> Sequence[PlausibleAction]:
        return self.choices

    def executable(self, state, action: PlausibleAction) -> bool:
        now = concrete(self.engine, state, action)
        return now is not None and self.engine.executable(state, now)

    def update(self, state, action: PlausibleAction):
        return self.engine.update(state, concrete(self.engine, state, action), state.step + 1)

    def satisfies(self, state, form: Form) -> bool:
        return self.engine.holds(state, form)

    def key(self, state) -> Hashable:
        return self.engine.key(state)

    def action_name(self, action: PlausibleAction) -> str:
        return self.names.get(id(action), action.label)
