"""The belief-engine interface, written down once, and the engines by name.

A *situation* (:class:`Situation`) describes a starting state without listing worlds:
variables with their values (each value an atom; a Boolean variable is one atom), what is
common knowledge, what is actually the case, and which variables each agent observes.
A belief engine (:class:`BeliefEngine`) turns it (or an explicit plausibility model) into
a state, checks that an event can happen (:meth:`BeliefEngine.executable`), updates
states with plausibility action models (:class:`.events.PlausibleAction`, the
action-priority update with revision) and evaluates formulas on the belief view: ``K b f``
with a belief id ``b`` is belief (the most plausible worlds of the agent's cell), with a
knowledge id it is knowledge (the whole cell).  The engines sit beside this module, named
by how they keep the model: :mod:`.explicit` lists worlds, :mod:`.symbolic` keeps laws
and relations as BDDs.  Both give the same answers.  Callers pick one by name
(:func:`get_belief_engine`, ``auto`` by the rule of :mod:`smcdel_bridge.engines`) and
speak to it through :class:`BeliefEngine` only.

Usage::

    from smcdel_bridge.dynamic.belief.backend import belief_engine_name, get_belief_engine
    belief_engine_name("auto", start_worlds=4, events=3)      # 'explicit'
    belief_engine_name("auto", start_worlds=4, events=30)     # 'symbolic'
    engine = get_belief_engine("auto", start_worlds=4, events=30)
    engine.name                                               # 'symbolic'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Hashable, Mapping, Protocol, Sequence

from smcdel_bridge.values import field, value

from ...engines import AUTO_STORY_EVENTS, AUTO_STORY_WORLDS, ENGINE_NAMES
from ...errors import UnsupportedFormula
from ...language import Announce, AnnounceW, Dynamic, Form, PubAnnounce, PubAnnounceW
from ..errors import DelModelError
from ..plausibility import PlausibilityModel
from .events import AgentIds, PlausibleAction


#: the formula nodes that update the model they are asked of
DYNAMIC_NODES = (PubAnnounce, PubAnnounceW, Announce, AnnounceW, Dynamic)


def refuse_dynamic(form: Form) -> Form:
    """``form`` unchanged, or :class:`UnsupportedFormula` when it holds an announcement or
    an event-model modality.  Both belief engines refuse them alike: after an update a
    belief is the most plausible worlds of the new model, which the belief view (a Kripke
    model without the plausibility order) cannot rebuild, so each engine would answer
    something else.  The update belongs in the story, as an event."""
    for node in form.walk():
        if isinstance(node, DYNAMIC_NODES):
            raise UnsupportedFormula(
                f"the belief engines do not evaluate {type(node).__name__} formulas: a "
                "belief after an announcement or event needs the plausibility order, which "
                "the belief view drops; tell it as an event of the story instead")
    return form


@value(frozen=True)
class StateVariable:
    """A variable of the situation: exactly one of ``values`` holds.  A Boolean variable
    has the values ``true``, ``false`` and one atom (true for ``true``); another variable
    has one atom per value."""

    name: str
    values: tuple[str, ...]
    atoms: tuple[int, ...]
    boolean: bool = False

    def atoms_of(self, value: str) -> frozenset[int]:
        """The atoms true when the variable has ``value`` (of this variable's atoms)."""
        if self.boolean:
            return frozenset(self.atoms) if value == "true" else frozenset()
        return frozenset((self.atoms[self.values.index(value)],))

    def holds(self, value: str) -> Form:
        """The formula "the variable has ``value``"."""
        from ...language import Neg, Prp

        if self.boolean:
            return Prp(self.atoms[0]) if value == "true" else Neg(Prp(self.atoms[0]))
        return Prp(self.atoms[self.values.index(value)])

    def assignment(self, value: str) -> dict[int, Form]:
        """The postconditions that give the variable ``value``."""
        from ...language import BOT, TOP

        true = self.atoms_of(value)
        return {p: TOP if p in true else BOT for p in self.atoms}

    def world_part(self, value: str) -> str:
        """The part of a world's name for this value (``red``, ``p``, ``no_p``)."""
        if not self.boolean:
            return value
        return self.name if value == "true" else "no_" + self.name


@value(frozen=True)
class Situation:
    """A starting state by its variables (see the module docstring)."""

    ids: AgentIds
    variables: tuple[StateVariable, ...]
    #: common knowledge: worlds where one of these fails are not considered by anyone
    common: tuple[Form, ...] = ()
    #: true at the actual world(s)
    actually: tuple[Form, ...] = ()
    #: agent -> the names of the variables it observes (tells worlds apart by)
    observes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def vocabulary(self) -> tuple[int, ...]:
        return tuple(sorted(a for v in self.variables for a in v.atoms))

    def variable(self, name: str) -> StateVariable:
        for v in self.variables:
            if v.name == name:
                return v
        raise KeyError(name)


class ContradictoryStart(DelModelError):
    """No world satisfies what is common knowledge (``which == "common"``), or no world
    satisfies the actual facts as well (``which == "actual"``)."""

    def __init__(self, which: str):
        super().__init__("what is common knowledge is contradictory" if which == "common"
                         else "the actual facts contradict each other or what is common knowledge")
        self.which = which


@value(frozen=True)
class Revision:
    """At ``step``, ``agent``'s beliefs at actual world ``world`` were contradicted: the
    plain product of what the agent believed and what it believes happened is empty (a
    Kripke product update would leave it believing everything).  The action-priority
    update revises them to the most plausible worlds left."""

    step: int
    agent: str
    world: str


class BeliefState(Protocol):
    """What every engine's state has (the rest is the engine's own: the explicit engine's
    states list their worlds, the symbolic engine's hold BDDs)."""

    #: how many events led here (0: the start)
    step: int
    #: the label of the event that led here (None for the start)
    label: str | None
    #: the agents whose beliefs that event contradicted
    revisions: tuple[Revision, ...]


class BeliefEngine(ABC):
    """A model checker for plausibility models and their action-priority updates.

    States are the engine's own objects; every state is a :class:`BeliefState`: it has
    ``step``, ``label`` (of the event that led to it) and ``revisions`` (a
    :class:`Revision` per agent whose beliefs the event contradicted)."""

    name: str = "abstract"

    @abstractmethod
    def initial(self, situation: Situation) -> BeliefState:
        """The starting state (raises :class:`ContradictoryStart`)."""

    @abstractmethod
    def from_model(self, model: PlausibilityModel, ids: AgentIds) -> BeliefState:
        """The starting state given as an explicit plausibility model over :func:`doubled`
        agents."""

    @abstractmethod
    def executable(self, state: BeliefState, action: PlausibleAction) -> bool:
        """Whether the actual event can happen: its precondition holds at some actual world
        (SMCDEL's ``preOf``/executability check; :meth:`update` needs it)."""

    @abstractmethod
    def update(self, state: BeliefState, action: PlausibleAction, step: int) -> BeliefState:
        """The action-priority update (raises :class:`InexecutableAction` when the actual
        event cannot happen at any actual world)."""

    @abstractmethod
    def holds(self, state: BeliefState, form: Form) -> bool:
        """True at every actual world (on the belief view); a formula with an
        announcement or event modality is refused (:func:`refuse_dynamic`)."""

    @abstractmethod
    def possible(self, state: BeliefState, path: Sequence[str], forms: Sequence[Form]
                 ) -> tuple[bool, ...]:
        """For each of ``forms``: whether it is true at some world the nested belief of the
        agents of ``path`` (belief ids, outermost first) reaches from an actual world."""

    @abstractmethod
    def key(self, state: BeliefState) -> Hashable:
        """A canonical key: equal for two states exactly when they are bisimilar (the same
        beliefs now and after any event), however they were reached; a planner's states
        are deduplicated by it (:mod:`smcdel_bridge.planning.beliefs`)."""

    def size(self, state: BeliefState) -> int | None:
        """How many worlds the state has, when the engine knows it cheaply."""
        return None


_AUTO, _EXPLICIT, _SYMBOLIC = ENGINE_NAMES
_REGISTRY: dict[str, str] = {
    # name -> "module:class"; imported when asked for (the symbolic engine loads the BDDs)
    _EXPLICIT: "smcdel_bridge.dynamic.belief.explicit:ExplicitBeliefEngine",
    _SYMBOLIC: "smcdel_bridge.dynamic.belief.symbolic.engine:SymbolicBeliefEngine",
}


def belief_engine_names() -> tuple[str, ...]:
    """The names :func:`get_belief_engine` takes, ``auto`` first."""
    return (_AUTO, *_REGISTRY)


def belief_engine_name(name: str, start_worlds: int = 0, events: int = 0) -> str:
    """The engine that answers: ``name``, or for ``auto`` the explicit one while the start
    has at most :data:`~smcdel_bridge.engines.AUTO_STORY_WORLDS` worlds and at most
    :data:`~smcdel_bridge.engines.AUTO_STORY_EVENTS` events follow, the symbolic one
    beyond (the rule of :mod:`smcdel_bridge.engines`)."""
    if name != _AUTO:
        return name
    small = start_worlds <= AUTO_STORY_WORLDS and events <= AUTO_STORY_EVENTS
    return _EXPLICIT if small else _SYMBOLIC


def get_belief_engine(name: str = _EXPLICIT, *, start_worlds: int = 0, events: int = 0
                      ) -> BeliefEngine:
    """The engine called ``name`` (see :func:`belief_engine_names`; for ``auto``, the one
    :func:`belief_engine_name` gives for a start of ``start_worlds`` worlds and ``events``
    events)."""
    import importlib

    try:
        target = _REGISTRY[belief_engine_name(name, start_worlds, events)]
    except KeyError:
        raise ValueError(f"unknown belief engine {name!r}; choose one of "
                         f"{', '.join(_REGISTRY)}") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)()
