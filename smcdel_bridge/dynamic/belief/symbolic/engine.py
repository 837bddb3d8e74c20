"""The symbolic belief engine (:class:`..backend.BeliefEngine` on BDDs): a
situation becomes a law (each variable has exactly one value, what is common knowledge),
cells from what each agent observes and no plausibility differences; events are
action-priority transformers (:mod:`.states`).  Facts nobody mentions cost one pair of
BDD variables and nothing else."""

from __future__ import annotations

from functools import partial
from typing import Hashable, Sequence

from ....language import Form
from ...plausibility import PlausibilityModel
from ...symbolic.encode import WorldCodes
from ...symbolic.model import SymbolicModel, disjoin
from ...symbolic.space import PrimedLaw, VarSpace
from ..backend import (
    BeliefEngine, ContradictoryStart, Revision, Situation, refuse_dynamic,
)
from ..events import AgentIds, PlausibleAction, doubled
from .states import Before, SymbolicBeliefState, priority_update, unchanged


def _pre(view: SymbolicModel, action: PlausibleAction, event: str, memo: dict):
    """The precondition of ``event`` on the belief view (memoised per update)."""
    if event not in memo:
        pre = next(e.pre for e in action.model.events if e.name == event)
        memo[event] = view.table(pre)
    return memo[event]


def _exactly_one(sp: VarSpace, vs: list):
    out = sp.false
    for i, v in enumerate(vs):
        part = v
        for j, w in enumerate(vs):
            if j != i:
                part &= ~w
        out |= part
    return out


class SymbolicBeliefEngine(BeliefEngine):
    """Belief structures and transformers (:class:`.states.SymbolicBeliefState`)."""

    name = "symbolic"

    def initial(self, situation: Situation) -> SymbolicBeliefState:
        sp = VarSpace()
        vocab = situation.vocabulary
        cur = dict(zip(vocab, sp.fresh(len(vocab))))
        law = sp.true
        for v in situation.variables:
            if not v.boolean:
                law &= _exactly_one(sp, [sp.x(cur[p]) for p in v.atoms])
        agents = doubled(situation.ids)
        # formulas about the start are read on a model without relations, as the
        # explicit engine reads them (no successors: every K is true)
        probe = SymbolicModel(sp, agents, law, dict.fromkeys(agents, sp.false), law, cur)
        for f in situation.common:
            law &= probe.table(f)
        if law == sp.false:
            raise ContradictoryStart("common")
        actual = law
        for f in situation.actually:
            actual &= probe.table(f)
        if actual == sp.false:
            raise ContradictoryStart("actual")
        cells, better = {}, {}
        for a, bid, kid in situation.ids:
            seen = [cur[p] for name in situation.observes.get(a, ())
                    for p in situation.variable(name).atoms]
            cells[bid] = cells[kid] = sp.equal_pairs(seen)
            better[bid] = better[kid] = sp.false
        return SymbolicBeliefState(sp, agents, law, PrimedLaw(sp, law), cells, better, actual, cur,
                                   tuple(situation.ids))

    def from_model(self, model: PlausibilityModel, ids: AgentIds) -> SymbolicBeliefState:
        sp = VarSpace()
        codes = WorldCodes(sp, model.worlds, model.vocabulary or sorted(
            {p for w in model.worlds for p in model.valuation[w]}), model.valuation)
        cells = {a: codes.cells(model.cells[a]) for a in model.agents}
        better = {a: codes.better(model.ranks[a]) for a in model.agents}
        actual = codes.law & codes.worlds(model.actual)
        return SymbolicBeliefState(sp, tuple(model.agents), codes.law, PrimedLaw(sp, codes.law),
                                   cells, better, actual, codes.cur, tuple(ids))

    def update(self, state: SymbolicBeliefState, action: PlausibleAction, step: int
               ) -> SymbolicBeliefState:
        new = unchanged(state, action.model)
        if new is None:
            new, _ = priority_update(state, action.model)
            new._revise = partial(self._revisions, Before(state), action, step)
        elif not all(action.believed(a, e) for a, _, _ in state.ids for e in action.model.actual):
            new._revise = partial(self._revisions, Before(state), action, step)
        # else: every agent believes the event that always happens happened: none revises
        new.step, new.label = step, action.label
        return new

    def _revisions(self, state: Before, action: PlausibleAction, step: int):
        """The agents whose beliefs at an actual world leave no room for any event they
        believe happens (the plain product would leave them believing everything).  Only
        the cells of the actual worlds are looked at."""
        view = state.view()
        sp = state.space
        pres: dict = {}
        for e in action.model.actual:
            here = state.actual & _pre(view, action, e, pres)
            if here == sp.false:
                continue
            for a, bid, _ in state.ids:
                believed = disjoin(sp, (_pre(view, action, f, pres) for f in
                                    sorted(action.believed(a, e))))
                if believed == sp.true:  # belief is serial: some believed world admits it
                    continue
                cell = state.cells[bid] & here
                within = sp.exists_x(cell, sp.true)  # the primed worlds of those cells
                ok = sp.exists_y(cell, state.best_y(bid, within) & sp.prime(believed))
                if (here & ~ok) != sp.false:
                    yield Revision(step, a, f"actual.{e}")

    def executable(self, state: SymbolicBeliefState, action: PlausibleAction) -> bool:
        view, pres = state.view(), {}
        return any((state.actual & _pre(view, action, e, pres)) != state.space.false
                   for e in action.model.actual)

    def holds(self, state: SymbolicBeliefState, form: Form) -> bool:
        return state.view().holds_at_actual(refuse_dynamic(form))

    def possible(self, state: SymbolicBeliefState, path: Sequence[str], forms: Sequence[Form]
                 ) -> tuple[bool, ...]:
        view = state.view()
        worlds = state.reached(tuple(path))
        return tuple((worlds & view.table(refuse_dynamic(f))) != state.space.false
                     for f in forms)

    def key(self, state: SymbolicBeliefState) -> Hashable:
        """Exact, by listing the state and contracting it (:mod:`.canonical`: why the
        BDDs alone cannot tell, and what it costs)."""
        from .canonical import state_key

        return state_key(state)

    def size(self, state: SymbolicBeliefState) -> int:
        return state.size()
