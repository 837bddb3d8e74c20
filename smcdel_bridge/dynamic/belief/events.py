"""Plausibility action models as stories use them: one event plausibility model over the
doubled agents (each agent under its belief id and its knowledge id), and per agent the
events it believes happen at each event (for reporting contradicted beliefs).

:func:`observed` is the uniform pattern of observation: the real events happen, their
observers tell them apart as the kind of event says, every other agent cannot tell them
from "nothing happened", which it finds more plausible.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

from smcdel_bridge.values import field, value

from ...language import TOP, Form
from ..action import ActionModel, Event
from ..plausibility import EventPlausibilityModel

NOTHING = "nothing"

#: ``(agent, belief id, knowledge id)`` per agent: the ids of its two relations in formulas
AgentIds = Sequence[tuple[str, str, str]]


def doubled(ids: AgentIds) -> tuple[str, ...]:
    """The agents of the engine's models: each agent under its belief id and its knowledge
    id (the knowledge id ranks every world alike, so its "belief" is its cell)."""
    return tuple(x for _, b, k in ids for x in (b, k))


@value(frozen=True)
class PlausibleAction:
    """One event for the engine: an event plausibility model (its ``label`` names the
    event) and, per agent, the events the agent believes happen at each event
    (``arrows``; used to report contradicted beliefs)."""

    model: EventPlausibilityModel
    arrows: Mapping[str, Mapping[str, frozenset[str]]]
    #: 1-based line of the event in its source
    line: int | None = None

    @property
    def label(self) -> str:
        return self.model.label

    def believed(self, agent: str, event: str) -> frozenset[str]:
        """The events ``agent`` believes happen when ``event`` does."""
        return self.arrows[agent][event]

    def belief_action(self) -> ActionModel:
        """The agents' beliefs about the event as a plain (KD45) action model."""
        m = self.model
        agents = tuple(self.arrows)
        return ActionModel(agents, m.events, {a: dict(self.arrows[a]) for a in agents},
                           m.actual, m.label)


def _reading(view: Sequence[Mapping[str, int]]):
    """One view's cells, ranks (and the knowledge id's flat ranks) and, per event, the
    events believed to happen."""
    cells = tuple(frozenset(c) for c in view)
    ranks = {e: k for c in view for e, k in c.items()}
    top: dict[str, frozenset[str]] = {}
    for c in view:
        best = min(c.values())
        top.update(dict.fromkeys(c, frozenset(e for e, k in c.items() if k == best)))
    return cells, ranks, dict.fromkeys(ranks, 0), top


def build_action(label: str, ids: AgentIds, events: Sequence[Event], actual: Sequence[str],
                 views: Mapping[str, Sequence[Mapping[str, int]]], line: int | None = None,
                 arrows: Mapping[str, Mapping[str, frozenset[str]]] | None = None
                 ) -> PlausibleAction:
    """``views[agent]``: the agent's cells, each a mapping event -> rank.  Agents given
    one view object share its reading (the model checks each shared part once)."""
    cells: dict[str, tuple[frozenset[str], ...]] = {}
    ranks: dict[str, dict[str, int]] = {}
    believed: dict[str, dict[str, frozenset[str]]] = {}
    read: dict[int, tuple] = {}
    for a, bid, kid in ids:
        view = views[a]
        got = read.get(id(view))
        if got is None:
            got = read[id(view)] = (view, *_reading(view))
        _, cs, r, flat, top = got
        cells[bid] = cells[kid] = cs
        ranks[bid] = r
        ranks[kid] = flat
        believed[a] = dict(top)
    epm = EventPlausibilityModel(doubled(ids), tuple(events), cells, ranks, tuple(actual), label)
    return PlausibleAction(epm, arrows or believed, line)


#: per agent, a partition of event names (what the agent tells apart)
Split = Mapping[str, Sequence[Sequence[str]]]


@value(frozen=True)
class Variant:
    """Another content an event of the same kind could have had: its events, and how an
    observer tells them apart (``split[agent]``: a partition of their names; an observer
    not listed only sees that this variant happened).  Observers tell every variant from
    the real one and from each other: had it happened, they would have seen which."""

    events: tuple[Event, ...]
    split: Split = field(default_factory=dict)


def observed(label: str, ids: AgentIds, real: Sequence[Event], actual: Sequence[str],
             observers: Iterable[str], split: Split | None = None,
             line: int | None = None, with_nothing: bool = True,
             variants: Sequence[Variant] = ()) -> PlausibleAction:
    """The ``real`` events happen; each observer tells them apart as ``split[observer]``
    says (default: not at all), every other agent cannot tell them from "nothing
    happened", which it finds more plausible, nor from the events of the ``variants``
    (the other contents an event of this kind could have had)."""
    observers = set(observers)
    agents = [a for a, _, _ in ids]
    missing = bool(with_nothing and set(agents) - observers)
    parts = [Variant(tuple(real), split or {})] + (list(variants) if missing else [])
    events = [e for v in parts for e in v.events]
    if missing:
        events.append(Event(NOTHING, TOP, {}))

    def seeing(agent: str | None) -> list[dict[str, int]]:
        cells = [dict.fromkeys(c, 0) for v in parts
                 for c in v.split.get(agent, ([e.name for e in v.events],))]
        return cells + [{NOTHING: 0}] if missing else cells

    plain = seeing(None)  # observers without a split of their own share it (read once)
    missed = [{NOTHING: 0, **{e.name: 1 for e in events if e.name != NOTHING}}]
    views: dict[str, list[dict[str, int]]] = {}
    for a in agents:
        if a in observers or not missing:
            views[a] = seeing(a) if any(a in v.split for v in parts) else plain
        else:
            views[a] = missed
    return build_action(label, ids, events, actual, views, line)



@value(frozen=True)
class ConditionalAction:
    """An action decided at the actual worlds of the state it happens in, as the mA*
    language decides who observes an action and which conditional effects apply: it can
    happen only where ``guard`` holds (at every actual world; it is no event's
    precondition), and ``variant`` gives the plausibility action for the truth values
    of ``conditions`` there (built once per combination)."""

    label: str
    guard: Form
    conditions: tuple[Form, ...]
    variant: Callable[[tuple[bool, ...]], PlausibleAction] = field(compare=False)
    line: int | None = None

    def at(self, engine, state) -> PlausibleAction | None:
        """The plausibility action this one is in ``state`` (None: its guard fails)."""
        if not engine.holds(state, self.guard):
            return None
        return self.variant(tuple(engine.holds(state, c) for c in self.conditions))


def concrete(engine, state, action) -> PlausibleAction | None:
    """``action`` as it happens in ``state``: a :class:`PlausibleAction` as it is, a
    :class:`ConditionalAction` resolved at the actual worlds (None: it cannot happen)."""
    return action.at(engine, state) if isinstance(action, ConditionalAction) else action
