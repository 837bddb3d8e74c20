"""Planning with public announcements on S5 knowledge structures, on both native engines.

A *scene* is a knowledge structure with its actual state (SMCDEL's ``KnowScene``); an
action is a formula to announce.  Announcing ``a`` is possible when ``a`` is true at the
actual state; it conjoins the law with ``a``'s Boolean function on the structure, and the
actual state stays.  Two scenes of one problem are equal exactly when their laws are
equal as Boolean functions (vocabulary, observations and state never change), so the
key of a scene is its law: a truth table (an ``int``) on the explicit engine, a BDD
(canonical in its manager) on the symbolic one.  With :func:`~..planning.all_plans`
this is SMCDEL 1.3.0's ``offlineSearch`` (``SMCDEL.Other.Planning``).

Each engine is a :class:`~..planning.PlanningDomain`, chosen by name
(:func:`get_s5_domain`, ``auto`` by the rule of :mod:`smcdel_bridge.engines`).

Usage::

    from smcdel_bridge.native.planning import S5Problem, get_s5_domain
    from smcdel_bridge.planning import PlanningTask, all_plans, shortest_plan
    from smcdel_bridge.program import Structure
    from smcdel_bridge.language import Top, Prp, Neg, K
    problem = S5Problem(Structure((1, 2), Top(), (("a", (1,)), ("b", (2,)))), (1, 2),
                        (Prp(1), Neg(Prp(2)), Prp(2)))
    task = PlanningTask(goal=K("b", Prp(1)), max_steps=2)
    for engine in ("explicit", "symbolic"):
        domain = get_s5_domain(engine, problem)
        # announcing 2 first changes the structure too (it removes the states without 2)
        assert [domain.plan_names(p) for p in all_plans(domain, task)] == [["1"], ["2", "1"]]
        assert shortest_plan(domain, task).plan == (Prp(1),)
"""

from __future__ import annotations

import importlib
from typing import Hashable, Sequence

from ..engines import AUTO_EXPLICIT_ATOMS, ENGINE_NAMES, unknown_engine
from ..errors import SmcdelError
from ..language import Form
from ..planning.domain import PlanningDomain
from ..program import CheckInput, Structure, ValidQ
from ..values import value


class NotTruthfulError(SmcdelError):
    """An announcement made before the plan starts is false at the actual state (``index``:
    its position), or the actual state breaks the law (``index`` None)."""

    def __init__(self, index: int | None):
        what = ("the actual state does not satisfy the law" if index is None else
                f"announcement {index + 1} is false at the actual state: it cannot be made")
        super().__init__(what)
        self.index = index


@value(frozen=True)
class S5Problem:
    """Where a plan starts and what it may do: the structure, the actual state (its true
    atoms) and the candidate announcements in the order a search tries them;
    ``announced``: announcements made before the plan starts (each true when made)."""

    structure: Structure
    state: tuple[int, ...]
    actions: tuple[Form, ...]
    announced: tuple[Form, ...] = ()

    def sanity_check(self, *forms: Form) -> None:
        """The reference's checks on the structure, the actions and ``forms`` (goal, kept
        formulas): raises :class:`~smcdel_bridge.errors.SanityError` as ``smcdel`` words it."""
        from ..syntax.sanity import sanity_check
        from ..errors import SanityError

        jobs = tuple(ValidQ(f) for f in (*self.announced, *self.actions, *forms))
        sanity_check(CheckInput(self.structure, jobs))
        if not set(self.state) <= set(self.structure.vocab):
            raise SanityError(["the actual state contains atoms not in VARS!"])


class S5Domain(PlanningDomain):
    """What both engines share: the actions, their names and the state's atoms."""

    def __init__(self, problem: S5Problem):
        self.problem = problem
        self._names: dict[Form, str] = {}

    def actions(self) -> Sequence[Form]:
        return self.problem.actions

    def action_name(self, action: Form) -> str:
        """The announcement in SMCDEL's input syntax (what ``offlineSearch`` lists)."""
        name = self._names.get(action)
        if name is None:
            from ..syntax.printer import to_input

            name = self._names[action] = to_input(action)
        return name

    def plan_names(self, plan: Sequence[Form]) -> list[str]:
        """A plan as the list of its announcements' texts."""
        return [self.action_name(a) for a in plan]

    def executable(self, state, action: Form) -> bool:
        """Only truthful announcements: ``action`` true at the actual state."""
        return self.satisfies(state, action)

    def start(self, scene):
        """The scene after the announcements made before the plan (``scene``: the
        structure's own, checked against the law first)."""
        if not self.in_law(scene):
            raise NotTruthfulError(None)
        for i, form in enumerate(self.problem.announced):
            if not self.executable(scene, form):
                raise NotTruthfulError(i)
            scene = self.update(scene, form)
        return scene


class ExplicitS5Domain(S5Domain):
    """Scenes as :class:`~.knowledge.BitStructure` (law a truth table over the atoms)."""

    engine = "explicit"

    def __init__(self, problem: S5Problem, limit: int | None = None):
        super().__init__(problem)
        from .explicit import compile_structure, state_index
        from .knowledge import MAX_ATOMS
        from .truth_tables import truth_table

        self._table = truth_table
        scene = compile_structure(problem.structure, MAX_ATOMS if limit is None else limit)
        self._index = state_index(scene, problem.state)
        self._start = self.start(scene)

    def initial(self):
        return self._start

    def in_law(self, state) -> bool:
        """Whether the actual state satisfies the scene's law."""
        return bool((state.law >> self._index) & 1)

    def satisfies(self, state, form: Form) -> bool:
        return bool((self._table(state, form) >> self._index) & 1)

    def update(self, state, action: Form):
        return state.restrict(self._table(state, action))

    def key(self, state) -> Hashable:
        return state.law

    def states(self, state) -> list[tuple[int, ...]]:
        """The scene's states (true atoms), in the reference's order."""
        from .explicit import where
        from ..language import Top

        return where(state, Top())


class SymbolicS5Domain(S5Domain):
    """Scenes as :class:`~.bdd_structure.SymbolicStructure` (law a BDD in one manager)."""

    engine = "symbolic"

    def __init__(self, problem: S5Problem, bdd: str = "auto", manager=None):
        """``manager``: a :class:`~.bdd_manager.BddManager` to build in (one shared by
        many problems saves making one each, about a millisecond), else a new one."""
        super().__init__(problem)
        from .bdd_manager import BddManager
        from .bdd_structure import SymbolicStructure

        s = problem.structure
        self._state = problem.state
        manager = BddManager(bdd) if manager is None else manager
        self._start = self.start(
            SymbolicStructure.from_parts(s.vocab, s.law, s.obs, manager=manager))

    def initial(self):
        return self._start

    def in_law(self, state) -> bool:
        """Whether the actual state satisfies the scene's law."""
        return state.manager.evaluate(state.law, self._state)

    def satisfies(self, state, form: Form) -> bool:
        return state.true_at(self._state, form)

    def update(self, state, action: Form):
        return state.update(action)

    def key(self, state) -> Hashable:
        return state.law

    def states(self, state) -> list[tuple[int, ...]]:
        """The scene's states (true atoms), in the reference's order."""
        return state.states()


_AUTO, _EXPLICIT, _SYMBOLIC = ENGINE_NAMES
_REGISTRY: dict[str, str] = {
    _EXPLICIT: "smcdel_bridge.native.planning:ExplicitS5Domain",
    _SYMBOLIC: "smcdel_bridge.native.planning:SymbolicS5Domain",
}


def s5_engine_name(name: str, problem: S5Problem) -> str:
    """The concrete engine ``name`` stands for on ``problem`` (``auto``: explicit up to
    :data:`~smcdel_bridge.engines.AUTO_EXPLICIT_ATOMS` atoms)."""
    if name == _AUTO:
        small = len(set(problem.structure.vocab)) <= AUTO_EXPLICIT_ATOMS
        return _EXPLICIT if small else _SYMBOLIC
    if name not in _REGISTRY:
        raise ValueError(unknown_engine(name))
    return name


def get_s5_domain(name: str, problem: S5Problem, **options) -> S5Domain:
    """The planning domain of ``problem`` on the engine called ``name``."""
    module, _, attr = _REGISTRY[s5_engine_name(name, problem)].partition(":")
    return getattr(importlib.import_module(module), attr)(problem, **options)


__all__ = ["NotTruthfulError", "S5Problem", "S5Domain", "ExplicitS5Domain", "SymbolicS5Domain",
           "get_s5_domain", "s5_engine_name"]
