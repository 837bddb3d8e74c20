"""Planning over mA* actions: :class:`MastarPlanning` offers deep's transition function
(:mod:`smcdel_bridge.dynamic.mastar`) to the searches of :mod:`.search`.

States are packed pointed Kripke models in canonical contracted form, so a state is its
own key: two states are equal exactly when their models are bisimilar.

Usage::

    from smcdel_bridge.language import K, Prp, Top
    from smcdel_bridge.dynamic.mastar import MastarAction, initial_model
    from smcdel_bridge.planning import PlanningTask, shortest_plan
    from smcdel_bridge.planning.mastar import MastarPlanning
    start = initial_model(1, ("a",), Prp(0), fixed=(), laws=(), knows_whether=())
    peek = MastarAction("peek", "sensing", effects=((((0, True),), Top()),),
                        full=(("a", Top()),))
    domain = MastarPlanning(("a",), start, (peek,))
    [a.name for a in shortest_plan(domain, PlanningTask(goal=K("a", Prp(0)))).plan]  # ['peek']
"""

from __future__ import annotations

from typing import Hashable, Sequence

from ..dynamic.compact import PackedModel, holds
from ..dynamic.mastar import MastarAction, executable, successor
from ..language import Form
from .domain import PlanningDomain


class MastarPlanning(PlanningDomain[PackedModel, MastarAction]):
    """An mA* domain: its agents (in the order the packed models number them), its
    initial model and its actions (in the order the search tries them)."""

    def __init__(self, agents: Sequence[str], start: PackedModel,
                 actions: Sequence[MastarAction]) -> None:
        self.agents = {a: k for k, a in enumerate(agents)}
        self.start = start
        self.choices = tuple(actions)

    def initial(self) -> PackedModel:
        return self.start

    def actions(self) -> Sequence[MastarAction]:
        return self.choices

    def executable(self, state: PackedModel, action: MastarAction) -> bool:
        return executable(state, action, self.agents)

    def update(self, state: PackedModel, action: MastarAction) -> PackedModel:
        return successor(state, action, self.agents)

    def satisfies(self, state: PackedModel, form: Form) -> bool:
        return holds(state, form, self.agents)

    def key(self, state: PackedModel) -> Hashable:
        return state

    def action_name(self, action: MastarAction) -> str:
        return action.name
