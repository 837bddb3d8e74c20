"""Action (event) models: events with preconditions and postconditions, and for each
agent which events it considers possible when one happens.

A postcondition ``post[p] = f`` sets atom ``p`` to the value ``f`` had *before* the
event; atoms without a postcondition keep their value.  Action models are immutable and
hashable, so a dynamic modality (:class:`smcdel_bridge.language.Dynamic`) can hold one.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from smcdel_bridge.values import field, value

from ..language import TOP, Agent, Form
from .errors import DelModelError
from .frame import distinct, freeze_relations, pointed_at


@value(frozen=True, eq=False)
class Event:
    """One event: it can happen where ``pre`` holds; then ``post`` rewrites atoms."""

    name: str
    pre: Form = TOP
    post: Mapping[int, Form] = field(default_factory=dict)

    def __post_init__(self):
        if not isinstance(self.pre, Form):
            raise DelModelError(f"precondition of event {self.name!r} is not a formula")
        post = {}
        for atom, f in dict(self.post).items():
            if not isinstance(atom, int) or isinstance(atom, bool) or atom < 0:
                raise DelModelError(
                    f"postcondition of event {self.name!r} sets {atom!r}, not an atom number")
            if not isinstance(f, Form):
                raise DelModelError(
                    f"postcondition of event {self.name!r} for atom {atom} is not a formula")
            post[atom] = f
        object.__setattr__(self, "post", MappingProxyType(dict(sorted(post.items()))))

    def _key(self):
        return (self.name, self.pre, tuple(self.post.items()))

    def __eq__(self, other):
        return isinstance(other, Event) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())


@value(frozen=True, eq=False)
class ActionModel:
    """A (multi-)pointed action model; ``label`` names it in messages."""

    agents: tuple[Agent, ...]
    events: tuple[Event, ...]
    relations: Mapping[Agent, Mapping[str, frozenset[str]]]
    actual: tuple[str, ...]
    label: str = "action"

    def __post_init__(self):
        agents = distinct(self.agents, "agent", self.label)
        events = tuple(self.events)
        for e in events:
            if not isinstance(e, Event):
                raise DelModelError(f"{self.label}: not an event: {e!r}")
        names = distinct((e.name for e in events), "event", self.label)
        rels = freeze_relations(self.relations, agents, names, "event", self.label)
        actual = pointed_at(self.actual, names, "event", self.label)
        set_ = object.__setattr__
        set_(self, "agents", agents)
        set_(self, "events", events)
        set_(self, "relations", rels)
        set_(self, "actual", actual)

    def _key(self):
        return (self.agents, self.events,
                tuple((a, tuple((e.name, tuple(sorted(self.relations[a].get(e.name, ()))))
                                for e in self.events)) for a in self.agents),
                self.actual, self.label)

    def __eq__(self, other):
        return isinstance(other, ActionModel) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def check_agents(self, agents) -> None:
        """An action updates a model only when it says what each of the model's agents
        observes, and names no other agent."""
        if set(self.agents) != set(agents):
            missing = sorted(set(agents) - set(self.agents))
            extra = sorted(set(self.agents) - set(agents))
            what = (f"does not say what {', '.join(missing)} observe(s)" if missing
                    else f"names unknown agent(s) {', '.join(extra)}")
            raise DelModelError(f"action {self.label!r} {what}")

    def formulas(self) -> tuple[Form, ...]:
        """Every pre- and postcondition, event by event."""
        return tuple(f for e in self.events for f in (e.pre, *e.post.values()))

    def event(self, name: str) -> Event:
        for e in self.events:
            if e.name == name:
                return e
        raise DelModelError(f"{self.label}: unknown event {name!r}")

    def successors(self, agent: Agent, event: str) -> frozenset[str]:
        try:
            return self.relations[agent].get(event, frozenset())
        except KeyError:
            raise DelModelError(f"{self.label}: unknown agent {agent!r}") from None

    def _kripke_view(self):
        """The event frame as a Kripke model (for the relation-property helpers)."""
        from .kripke import KripkeModel

        names = tuple(e.name for e in self.events)
        return KripkeModel(self.agents, names, {}, self.relations, self.actual)

    def is_kd45(self, agent: Agent) -> bool:
        return self._kripke_view().is_kd45(agent)

    def is_s5(self, agent: Agent) -> bool:
        return self._kripke_view().is_s5(agent)

    def pointed(self, actual) -> "ActionModel":
        return ActionModel(self.agents, self.events, self.relations, actual, self.label)
