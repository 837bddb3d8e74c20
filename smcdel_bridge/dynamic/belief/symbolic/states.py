"""Symbolic plausibility models: for each agent an information cell relation (an
equivalence over the doubled vocabulary) and a strict plausibility order (``better``:
the unprimed world is strictly more plausible than the primed one), beside the law and
the actual worlds.  Belief at a world is the most plausible worlds of its cell:
``cell(x, y) and min(y)`` with ``min(y)``: no world of ``y``'s cell is strictly more
plausible.  The action-priority update is a transformer: cells meet the event cells,
``better'`` is "the event is strictly more plausible, or equally plausible and the
world is" (Baltag and Smets), so an agent who missed an event believes nothing happened but
keeps the possibility, and revises when it later learns otherwise.
"""

from __future__ import annotations

from typing import Mapping

from smcdel_bridge.values import field, value

from ...errors import DelModelError, InexecutableAction
from ...plausibility import EventPlausibilityModel
from ...symbolic.model import SymbolicModel, disjoin
from ...symbolic.space import PrimedLaw, VarSpace


class MostPlausible:
    """Per agent, the primed worlds most plausible in their cell (a separate object, so
    that a state and its view hold no reference cycle: BDDs must go before their
    manager)."""

    def __init__(self, space: VarSpace, law, law_y: PrimedLaw, cells, better):
        self.space, self.law, self.law_y = space, law, law_y
        self.cells, self.better = cells, better
        self._memo: dict = {}

    def __call__(self, agent: str, within=None):
        """Those worlds among the primed worlds ``within``, when given (a cheaper
        question about a few cells)."""
        sp = self.space
        cell, better = self.cells[agent], self.better[agent]
        if better == sp.false:
            return self.law_y() if within is None else self.law_y() & within
        if within is None:
            key = (cell, better)
            if key not in self._memo:
                beaten = sp.exists_x(cell & better, self.law)
                self._memo[key] = self.law_y() & ~beaten
            return self._memo[key]
        # the worlds that beat one of ``within`` lie in its cells too: restricting both
        # sides of the relation to them first keeps the product with ``better`` small
        near = cell & within & sp.unprime(within)
        beaten = sp.exists_x(near & better, self.law)
        return self.law_y() & within & ~beaten


class Before:
    """What working out the revisions of the next event needs of a state, without the
    state: a state that kept the one before it would keep a whole story alive, where a
    sampler keeps only the last."""

    def __init__(self, state: "SymbolicBeliefState"):
        self.space, self.actual, self.ids = state.space, state.actual, state.ids
        self.cells, self._best, self._view = state.cells, state._best, state.view()

    def view(self) -> SymbolicModel:
        return self._view

    def best_y(self, agent: str, within=None):
        return self._best(agent, within)


@value
class SymbolicBeliefState:
    """The situation after ``step`` events (see the module docstring)."""

    space: VarSpace
    agents: tuple[str, ...]
    law: object
    #: the law over the primed copies, made when first asked
    law_y: PrimedLaw
    cells: Mapping[str, object]
    #: agent -> ``better(x, y)``: the unprimed world is strictly more plausible
    better: Mapping[str, object]
    actual: object
    cur: Mapping[int, int]
    ids: tuple[tuple[str, str, str], ...]
    step: int = 0
    label: str | None = None
    #: what makes :attr:`revisions` when first asked (set by the engine)
    _revise: object = field(default=None, repr=False, compare=False)
    _view: SymbolicModel | None = field(default=None, repr=False)

    def __post_init__(self):
        #: the variables in use when the state was made
        self.nvars = self.space.n
        self._best = MostPlausible(self.space, self.law, self.law_y, self.cells, self.better)
        self._reached: dict[tuple[str, ...], object] = {}
        self._believed: dict[tuple[object, str], object] = {}
        self._revised: tuple = ()

    @property
    def revisions(self) -> tuple:
        """The agents whose beliefs the event that led here contradicted, found when first
        asked: only ``explain`` asks, and on long stories finding them was most of
        ``check``'s time (16 agents, 120 events: 9.8 of 16 s)."""
        if self._revise is not None:
            self._revised, self._revise = tuple(self._revise()), None
        return self._revised

    def reached(self, path: tuple[str, ...]):
        """The worlds the belief chain ``path`` (belief ids, outermost first) reaches from
        the actual worlds: the most plausible worlds of the cells of the worlds before.
        Kept by chain, and each step by the worlds it starts from, so chains that share a
        prefix, or reach the same worlds, walk on once: a trace asks every chain after every
        event (5 agents, order 4, 40 events: 206 chains; 2.6 s a story before)."""
        got = self._reached.get(path)
        if got is None:
            got = self.actual if not path else self.believed(self.reached(path[:-1]), path[-1])
            self._reached[path] = got
        return got

    def believed(self, worlds, b: str):
        """The worlds belief id ``b`` considers most plausible from any of ``worlds``."""
        key = (worlds, b)
        got = self._believed.get(key)
        if got is None:
            sp = self.space
            # the cells of the worlds first, then their most plausible worlds: the most
            # plausible worlds of every cell were the cost of a long story's questions
            # (8 agents, 20 events: 18.5 of its 22 s)
            cells = sp.exists_x(worlds, self.cells[b])
            got = self._believed[key] = sp.unprime(self.best_y(b, cells))
        return got

    def best_y(self, agent: str, within=None):
        """The primed worlds most plausible in their cell for ``agent`` (see
        :meth:`MostPlausible.__call__`)."""
        return self._best(agent, within)

    def view(self) -> SymbolicModel:
        """The belief view: each agent's relation goes to the most plausible worlds of
        its cell (formulas are evaluated here; relations are built only as needed)."""
        if self._view is None:
            self._view = SymbolicModel(self.space, self.agents, self.law, self.cells,
                                       self.actual, self.cur, self.law_y, self._best)
        return self._view

    def holds(self, form) -> bool:
        """True at every actual world (on the belief view; no announcement inside)."""
        from ..backend import refuse_dynamic

        return self.view().holds_at_actual(refuse_dynamic(form))

    def size(self) -> int:
        """How many worlds (assignments of the law; before any contraction)."""
        return self.space.count(self.law, self.nvars)


def unchanged(state: SymbolicBeliefState, action: EventPlausibilityModel
              ) -> SymbolicBeliefState | None:
    """The state after an action of one event that can always happen and changes
    nothing (an entrance or an exit everyone sees): the product is the model itself, so
    the same worlds, cells, plausibility and belief view; None for any other action."""
    from ....language import TOP

    if len(action.events) != 1 or action.events[0].pre != TOP or action.events[0].post:
        return None
    if set(action.agents) != set(state.agents):
        raise DelModelError(f"action {action.label!r} must name the agents of the model")
    actual = state.actual & state.law
    if actual == state.space.false:
        raise InexecutableAction(action.label, action.actual)
    new = SymbolicBeliefState(state.space, state.agents, state.law, state.law_y, state.cells,
                              state.better, actual, state.cur, state.ids)
    if actual == state.actual:  # always (the actual worlds lie within the law)
        new._best, new._view = state._best, state._view
    return new


def priority_update(state: SymbolicBeliefState, action: EventPlausibilityModel
                    ) -> tuple[SymbolicBeliefState, dict]:
    """The action-priority update as a transformer, and the event codes."""
    if set(action.agents) != set(state.agents):
        raise DelModelError(f"action {action.label!r} must name the agents of the model")
    sp = state.space
    view = state.view()
    law, step, cur, codes, codes_y = view.transformed_law(action.events)
    names = [e.name for e in action.events]
    cells, better = {}, {}
    memo: dict = {}
    made: dict = {}
    keyed: dict = {}  # agents sharing their cells and ranks objects share the key too
    for a in state.agents:
        ecells = action.cells[a]
        ranks = action.ranks[a]
        key = keyed.get((id(ecells), id(ranks)))
        if key is None:
            key = keyed[id(ecells), id(ranks)] = (tuple(ecells), tuple(sorted(ranks.items())))
        if key not in memo:
            ecell = disjoin(sp, (disjoin(sp, (codes[e] for e in c)) & disjoin(sp, (codes_y[e] for e in c))
                             for c in ecells))
            # events grouped by rank: "strictly more plausible" and "as plausible" are
            # then a few products of rank classes, not one per pair of events
            levels = sorted(set(ranks[e] for e in names))
            at = {r: disjoin(sp, (codes[e] for e in names if ranks[e] == r)) for r in levels}
            at_y = {r: disjoin(sp, (codes_y[e] for e in names if ranks[e] == r)) for r in levels}
            ebetter = disjoin(sp, (at[r] & disjoin(sp, (at_y[s] for s in levels if s > r))
                               for r in levels))
            eeq = disjoin(sp, (at[r] & at_y[r] for r in levels))
            memo[key] = (ecell, ebetter, eeq)
        ecell, ebetter, eeq = memo[key]
        # an agent's two ids share their cells: each product is made once
        pair = (state.cells[a], key)
        if pair not in made:
            made[pair] = state.cells[a] & ecell
        cells[a] = made[pair]
        old = state.better[a]
        better[a] = ebetter | (eeq & old) if old != sp.false else ebetter
    actual = state.actual & law & disjoin(sp, (codes[e] for e in action.actual))
    if actual == sp.false:
        raise InexecutableAction(action.label, action.actual)
    new = SymbolicBeliefState(sp, state.agents, law, PrimedLaw(sp, law, state.law_y, step), cells,
                              better, actual, cur, state.ids)
    return new, codes
