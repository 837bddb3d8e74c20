"""The explicit belief engine (:class:`.backend.BeliefEngine` with the worlds listed):
plausibility models updated by the action-priority update
(:func:`..plausibility.priority_update`) and contracted after each event
(:func:`.contraction.contract`), formulas evaluated on the belief view with the
Kripke-model engine.
"""

from __future__ import annotations

from itertools import product as cartesian
from typing import Hashable, Sequence

from smcdel_bridge.values import value

from ...language import Form
from ..kripke import KripkeModel
from ..plausibility import PlausibilityModel, priority_update
from ..semantics import truth_set
from .backend import BeliefEngine, ContradictoryStart, Revision, Situation, refuse_dynamic
from .canonical import canonical_key
from .contraction import contract
from .events import AgentIds, PlausibleAction, doubled


@value(frozen=True)
class ExplicitBeliefState:
    """The situation after ``step`` events, as a plausibility model over the doubled
    agents (:func:`.events.doubled`)."""

    step: int
    plausibility: PlausibilityModel
    ids: tuple[tuple[str, str, str], ...]
    #: the label of the event that led here (None for the start)
    label: str | None = None
    revisions: tuple[Revision, ...] = ()

    @property
    def model(self) -> KripkeModel:
        """Belief relations under the belief ids, knowledge under the knowledge ids: the
        model formulas are evaluated on."""
        return self.plausibility.belief_view()

    @property
    def agents(self) -> tuple[str, ...]:
        return tuple(a for a, _, _ in self.ids)

    def _id(self, agent: str, which: int) -> str:
        for x in self.ids:
            if x[0] == agent:
                return x[which]
        raise KeyError(agent)

    def believed(self, agent: str, world: str) -> frozenset[str]:
        """The worlds ``agent`` believes possible at ``world``."""
        return self.model.successors(self._id(agent, 1), world)

    def known(self, agent: str, world: str) -> frozenset[str]:
        """``agent``'s information cell at ``world``."""
        return self.model.successors(self._id(agent, 2), world)

    def rank(self, agent: str, world: str) -> int:
        """How plausible ``agent`` finds ``world`` (0: most; compared within a cell)."""
        return self.plausibility.ranks[self._id(agent, 1)][world]

    def _view(self, which: int) -> KripkeModel:
        m = self.model
        return KripkeModel(self.agents, m.worlds, m.valuation,
                           {x[0]: dict(m.relations[x[which]]) for x in self.ids},
                           m.actual, m.vocabulary)

    def belief_model(self) -> KripkeModel:
        """Only the belief relations (KD45), agents under their names."""
        return self._view(1)

    def knowledge_model(self) -> KripkeModel:
        """Only the knowledge relations (S5), agents under their names."""
        return self._view(2)

    def holds(self, form: Form) -> bool:
        """True at every actual world (no announcement inside: :func:`refuse_dynamic`)."""
        return frozenset(self.model.actual) <= truth_set(self.model, refuse_dynamic(form))


def initial_model(situation: Situation) -> PlausibilityModel:
    """All valuations the variables allow that satisfy what is common knowledge; each
    agent tells worlds apart by the variables it observes; every world equally plausible;
    contracted."""
    variables = situation.variables
    worlds, vals, assigns = [], {}, []
    for combo in cartesian(*[[(v, x) for x in v.values] for v in variables]):
        atoms: set[int] = set()
        for v, x in combo:
            atoms |= v.atoms_of(x)
        name = "_".join(v.world_part(x) for v, x in combo) or "w"
        worlds.append(name)
        vals[name] = frozenset(atoms)
        assigns.append({v.name: x for v, x in combo})
    vocab = situation.vocabulary
    probe = KripkeModel(tuple(a for a, _, _ in situation.ids), tuple(worlds), vals, {},
                        tuple(worlds), vocab)
    keep = frozenset(worlds)
    for f in situation.common:
        keep &= truth_set(probe, f)
    if not keep:
        raise ContradictoryStart("common")
    actual = keep
    for f in situation.actually:
        actual &= truth_set(probe, f)
    if not actual:
        raise ContradictoryStart("actual")
    kept = [i for i, w in enumerate(worlds) if w in keep]
    names = [worlds[i] for i in kept]
    cells, ranks = {}, {}
    for a, bid, kid in situation.ids:
        vs = situation.observes.get(a, ())
        groups: dict[tuple, list[str]] = {}
        for i in kept:
            groups.setdefault(tuple(assigns[i][v] for v in vs), []).append(worlds[i])
        cells[bid] = cells[kid] = tuple(frozenset(g) for g in groups.values())
        ranks[bid] = ranks[kid] = dict.fromkeys(names, 0)
    pm = PlausibilityModel(doubled(situation.ids), tuple(names), {w: vals[w] for w in names},
                           cells, ranks, tuple(w for w in names if w in actual), vocab)
    return contract(pm)


class ExplicitBeliefEngine(BeliefEngine):
    """Worlds enumerated (:class:`ExplicitBeliefState`)."""

    name = "explicit"

    def initial(self, situation: Situation) -> ExplicitBeliefState:
        return ExplicitBeliefState(0, initial_model(situation), tuple(situation.ids))

    def from_model(self, model: PlausibilityModel, ids: AgentIds) -> ExplicitBeliefState:
        return ExplicitBeliefState(0, model, tuple(ids))

    def update(self, state: ExplicitBeliefState, action: PlausibleAction, step: int) -> ExplicitBeliefState:
        """Action-priority update (then :func:`.contraction.contract`), and the revisions
        it made."""
        before = state.model
        new = contract(priority_update(state.plausibility, action.model))
        pres = {e.name: truth_set(before, e.pre) for e in action.model.events}
        revisions = []
        for w in before.actual:
            for e in action.model.actual:
                if w not in pres[e]:
                    continue
                for a in state.agents:
                    if not any(v in pres[f] for v in state.believed(a, w)
                               for f in action.believed(a, e)):
                        revisions.append(Revision(step, a, f"{w}.{e}"))
        return ExplicitBeliefState(step, new, state.ids, action.label, tuple(revisions))

    def executable(self, state: ExplicitBeliefState, action: PlausibleAction) -> bool:
        pres = {e.name: e.pre for e in action.model.events}
        actual = frozenset(state.model.actual)
        return any(actual & truth_set(state.model, pres[e]) for e in action.model.actual)

    def holds(self, state: ExplicitBeliefState, form: Form) -> bool:
        return state.holds(refuse_dynamic(form))

    def possible(self, state: ExplicitBeliefState, path: Sequence[str], forms: Sequence[Form]
                 ) -> tuple[bool, ...]:
        model = state.model
        worlds = set(model.actual)
        for b in path:
            worlds = {v for w in worlds for v in model.successors(b, w)}
        return tuple(bool(worlds & truth_set(model, refuse_dynamic(f))) for f in forms)

    def key(self, state: ExplicitBeliefState) -> Hashable:
        """:func:`.canonical.canonical_key` of the contracted model (a start given world
        by world is not contracted yet)."""
        return canonical_key(contract(state.plausibility))

    def size(self, state: ExplicitBeliefState) -> int:
        return len(state.plausibility.worlds)
