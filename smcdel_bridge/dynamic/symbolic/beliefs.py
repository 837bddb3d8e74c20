"""Symbolic plausibility models: for each agent an information cell relation (an
equivalence over the doubled vocabulary) and a strict plausibility order (``less``:
the primed world is strictly more plausible than the unprimed one), beside the law and
the actual worlds.  Belief at a world is the most plausible worlds of its cell:
``cell(x, y) and min(y)`` with ``min(y)``: no world of ``y``'s cell is strictly more
plausible.  The action-priority update is a transformer: cells meet the event cells,
``less'`` is "the event is strictly more plausible, or equally plausible and the world
is" (Baltag and Smets), so an agent who missed an event believes nothing happened but
keeps the possibility, and revises when it later learns otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from ..errors import DelModelError, InexecutableAction
from ..plausibility import EventPlausibilityModel
from .model import SymbolicModel, _or
from .space import VarSpace


@dataclass
class SymbolicBeliefState:
    """The situation after ``step`` events (see the module docstring)."""

    space: VarSpace
    agents: tuple[str, ...]
    law: object
    cells: Mapping[str, object]
    less: Mapping[str, object]
    actual: object
    cur: Mapping[int, int]
    ids: tuple[tuple[str, str, str], ...]
    step: int = 0
    label: str | None = None
    revisions: tuple = ()
    _view: SymbolicModel | None = field(default=None, repr=False)

    def view(self) -> SymbolicModel:
        """The belief view: each agent's relation goes to the most plausible worlds of
        its cell (formulas are evaluated here)."""
        if self._view is None:
            sp = self.space
            law_y = sp.prime(self.law)
            rels = {}
            best: dict = {}
            for a in self.agents:
                cell, less = self.cells[a], self.less[a]
                if less == sp.false:
                    rels[a] = cell
                    continue
                key = (cell, less)
                if key not in best:
                    # worlds with a strictly more plausible world in their cell
                    beaten = sp.exists_y(cell & law_y, less)
                    best[key] = sp.prime(self.law & ~beaten)
                rels[a] = cell & best[key]
            self._view = SymbolicModel(sp, self.agents, self.law, rels, self.actual, self.cur)
        return self._view

    def holds(self, form) -> bool:
        """True at every actual world (on the belief view)."""
        return self.view().holds_at_actual(form)

    def size(self) -> int:
        """How many worlds (assignments of the law; before any contraction)."""
        return self.space.count(self.law)


def priority_update(state: SymbolicBeliefState, action: EventPlausibilityModel
                    ) -> tuple[SymbolicBeliefState, dict]:
    """The action-priority update as a transformer, and the event codes."""
    if set(action.agents) != set(state.agents):
        raise DelModelError(f"action {action.label!r} must name the agents of the model")
    sp = state.space
    view = state.view()
    law, cur, codes, codes_y, _ = view.transformed_law(action.events)
    names = [e.name for e in action.events]
    cells, less = {}, {}
    memo: dict = {}
    for a in state.agents:
        ecells = action.cells[a]
        ranks = action.ranks[a]
        key = (tuple(ecells), tuple(sorted(ranks.items())))
        if key not in memo:
            ecell = _or(sp, (_or(sp, (codes[e] for e in c)) & _or(sp, (codes_y[e] for e in c))
                             for c in ecells))
            eless = sp.false
            eeq = sp.false
            for e in names:
                better = [f for f in names if ranks[f] < ranks[e]]
                same = [f for f in names if ranks[f] == ranks[e]]
                eless |= codes[e] & _or(sp, (codes_y[f] for f in better))
                eeq |= codes[e] & _or(sp, (codes_y[f] for f in same))
            memo[key] = (ecell, eless, eeq)
        ecell, eless, eeq = memo[key]
        cells[a] = state.cells[a] & ecell
        old = state.less[a]
        less[a] = eless | (eeq & old) if old != sp.false else eless
    actual = state.actual & law & _or(sp, (codes[e] for e in action.actual))
    if actual == sp.false:
        raise InexecutableAction(action.label, action.actual)
    new = SymbolicBeliefState(sp, state.agents, law, cells, less, actual, cur, state.ids)
    return new, codes
