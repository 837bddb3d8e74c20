"""Plausibility models and action-priority update (Baltag & Smets), for belief revision.

In a Kripke model read as belief (KD45), an agent who believed that nothing happened
and then sees something that contradicts it is left with no belief-alternative at all:
after the update its relation is empty at the actual world and it "believes" every
formula, the false one included.  A plausibility model keeps, for each agent, what it
*knows* (its information cell: the worlds it cannot rule out) apart from what it
*believes* (the most plausible worlds of that cell).  New evidence removes worlds from the
cell; belief then falls back on the most plausible worlds that remain, so the agent revises.

Here each agent has a partition of the worlds into cells and a rank per world (lower is
more plausible; only ranks inside one cell are compared).  Event plausibility models have
the same shape over events.  The action-priority update makes the pairs ``(w, e)`` with
``pre(e)`` true at ``w``; two pairs share a cell when their worlds and their events do;
``(w, e)`` is more plausible than ``(v, f)`` when ``e`` is strictly more plausible than ``f``,
or they are equally plausible and ``w`` is more plausible than ``v`` (the event's
plausibility takes priority).  Preconditions and postconditions are evaluated in the
belief view (``K`` reads as belief there).

:meth:`PlausibilityModel.belief_view` is the KD45 Kripke model (successors: the most
plausible worlds of the cell), :meth:`PlausibilityModel.knowledge_view` the S5 one.
:func:`from_kripke` and :func:`from_action` read an ordinary model the soft way: cells are
the connected parts of the relation, and the worlds (events) some world points to are the
most plausible; for a KD45 model the belief view gives the model back.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Iterable, Mapping, Sequence

from smcdel_bridge.values import field, value

from ..language import Agent
from .action import ActionModel, Event
from .errors import DelModelError, InexecutableAction
from .frame import distinct, pointed_at
from .kripke import KripkeModel
from .semantics import table
from .update import pair_names


def _freeze_cells(owner: str, agents, nodes, cells, ranks):
    """Check that each agent's cells partition ``nodes``; default: one cell of all, rank 0."""
    known = set(nodes)
    out_cells, out_ranks = {}, {}
    checked: dict[int, tuple] = {}  # agents sharing one cells or ranks object: checked once
    for a in agents:
        raw = cells.get(a)
        done = checked.get(id(raw)) if raw is not None else None
        if done is not None:
            out_cells[a] = done[1]
        else:
            given = [frozenset(c) for c in (raw if raw is not None else (tuple(nodes),))]
            seen: set[str] = set()
            for c in given:
                for x in c:
                    if x not in known:
                        raise DelModelError(f"{owner}: cell of {a} names missing {x!r}")
                    if x in seen:
                        raise DelModelError(f"{owner}: {x!r} is in two cells of {a}")
                    seen.add(x)
            given += [frozenset((x,)) for x in nodes if x not in seen]
            out_cells[a] = tuple(given)
            if raw is not None:
                checked[id(raw)] = (raw, out_cells[a])
        raw_rank = ranks.get(a)
        done = checked.get(id(raw_rank)) if raw_rank is not None else None
        if done is not None:
            out_ranks[a] = done[1]
            continue
        rank = dict(raw_rank or {})
        for x in rank:
            if x not in known:
                raise DelModelError(f"{owner}: rank of {a} names missing {x!r}")
        out_ranks[a] = MappingProxyType({x: int(rank.get(x, 0)) for x in nodes})
        if raw_rank is not None:
            checked[id(raw_rank)] = (raw_rank, out_ranks[a])
    for a in list(cells) + list(ranks):
        if a not in agents:
            raise DelModelError(f"{owner}: unknown agent {a!r}")
    return MappingProxyType(out_cells), MappingProxyType(out_ranks)


def _views(nodes, cells, ranks):
    """Per agent: node -> cell, and node -> most plausible nodes of its cell."""
    know, believe = {}, {}
    for a, cs in cells.items():
        k, b = {}, {}
        for c in cs:
            best = min(ranks[a][x] for x in c)
            top = frozenset(x for x in c if ranks[a][x] == best)
            for x in c:
                k[x], b[x] = c, top
        know[a], believe[a] = k, b
    return know, believe


@value(frozen=True, eq=False)
class PlausibilityModel:
    """Worlds with, per agent, information cells and plausibility ranks (lower: likelier)."""

    agents: tuple[Agent, ...]
    worlds: tuple[str, ...]
    valuation: Mapping[str, frozenset[int]]
    cells: Mapping[Agent, tuple[frozenset[str], ...]]
    ranks: Mapping[Agent, Mapping[str, int]] = field(default_factory=dict)
    actual: tuple[str, ...] = ()
    vocabulary: tuple[int, ...] = ()

    def __post_init__(self):
        agents, worlds = tuple(self.agents), tuple(self.worlds)
        cells, ranks = _freeze_cells("plausibility model", agents, worlds, self.cells,
                                     self.ranks)
        set_ = object.__setattr__
        set_(self, "agents", agents)
        set_(self, "worlds", worlds)
        set_(self, "cells", cells)
        set_(self, "ranks", ranks)
        set_(self, "actual", (self.actual,) if isinstance(self.actual, str)
             else tuple(self.actual))
        # the belief view validates worlds, valuation and actual worlds
        know, believe = _views(worlds, cells, ranks)
        set_(self, "_belief", KripkeModel(agents, worlds, self.valuation, believe,
                                          self.actual, self.vocabulary))
        set_(self, "_knowledge", KripkeModel(agents, worlds, self.valuation, know,
                                             self.actual, self.vocabulary))
        set_(self, "valuation", self._belief.valuation)

    def belief_view(self) -> KripkeModel:
        """KD45: each agent considers the most plausible worlds of its cell."""
        return self._belief

    def knowledge_view(self) -> KripkeModel:
        """S5: each agent considers its whole cell."""
        return self._knowledge

    def cell(self, agent: Agent, world: str) -> frozenset[str]:
        return self._knowledge.successors(agent, world)


@value(frozen=True, eq=False)
class EventPlausibilityModel:
    """Events with, per agent, cells (which events it cannot tell apart) and ranks."""

    agents: tuple[Agent, ...]
    events: tuple[Event, ...]
    cells: Mapping[Agent, tuple[frozenset[str], ...]]
    ranks: Mapping[Agent, Mapping[str, int]] = field(default_factory=dict)
    actual: tuple[str, ...] = ()
    label: str = "action"

    def __post_init__(self):
        agents, events = tuple(self.agents), tuple(self.events)
        names = distinct((e.name for e in events), "event", self.label)
        cells, ranks = _freeze_cells(self.label, agents, names, self.cells, self.ranks)
        actual = pointed_at(self.actual, names, "event", self.label)
        set_ = object.__setattr__
        set_(self, "agents", agents)
        set_(self, "events", events)
        set_(self, "cells", cells)
        set_(self, "ranks", ranks)
        set_(self, "actual", actual)


def soft_cells(nodes: Sequence[str], rel: Mapping[str, Iterable[str]]
               ) -> tuple[list[frozenset[str]], dict[str, int]]:
    """The soft reading of one relation: its connected parts are the cells; the nodes some
    node points to get rank 0 (most plausible), the others rank 1."""
    parent = {x: x for x in nodes}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    believed = set()
    for x in nodes:
        for y in rel.get(x, ()):
            believed.add(y)
            parent[find(x)] = find(y)
    groups: dict[str, list[str]] = {}
    for x in nodes:
        groups.setdefault(find(x), []).append(x)
    return ([frozenset(g) for g in groups.values()],
            {x: 0 if x in believed else 1 for x in nodes})


def _soft_reading(agents, nodes, relations):
    """Per agent: :func:`soft_cells` of its relation."""
    read = {a: soft_cells(nodes, relations[a]) for a in agents}
    return ({a: tuple(c) for a, (c, _) in read.items()}, {a: r for a, (_, r) in read.items()})


def from_kripke(model: KripkeModel) -> PlausibilityModel:
    """The soft reading of a Kripke model (exact for KD45: its belief view is ``model``)."""
    cells, ranks = _soft_reading(model.agents, model.worlds, model.relations)
    return PlausibilityModel(model.agents, model.worlds, model.valuation, cells, ranks,
                             model.actual, model.vocabulary)


def from_action(action: ActionModel) -> EventPlausibilityModel:
    """The soft reading of an action model: an agent who believes event ``f`` happened
    when ``e`` did cannot rule ``e`` out, it only finds it less plausible."""
    names = tuple(e.name for e in action.events)
    cells, ranks = _soft_reading(action.agents, names, action.relations)
    return EventPlausibilityModel(action.agents, action.events, cells, ranks, action.actual,
                                  action.label)


def priority_update(model: PlausibilityModel, action: EventPlausibilityModel
                    ) -> PlausibilityModel:
    """The action-priority update (raises :class:`InexecutableAction` when the actual
    event cannot happen at any actual world)."""
    if set(action.agents) != set(model.agents):
        raise DelModelError(f"action {action.label!r} must name the agents of the model")
    im = model.belief_view().indexed
    pres = [table(im, e.pre) for e in action.events]
    posts = [[(p, table(im, f)) for p, f in e.post.items()] for e in action.events]
    origin, vals = [], []
    for w in range(im.n):
        for ei, pre in enumerate(pres):
            if (pre >> w) & 1:
                origin.append((w, ei))
                val = set(im.vals[w])
                for p, m in posts[ei]:
                    (val.add if (m >> w) & 1 else val.discard)(p)
                vals.append(frozenset(val))
    enames = [e.name for e in action.events]
    names = pair_names(model.worlds, enames, origin)
    cells, ranks = {}, {}
    for a in model.agents:
        wcell = {w: i for i, c in enumerate(model.cells[a]) for w in c}
        ecell = {e: i for i, c in enumerate(action.cells[a]) for e in c}
        groups: dict[tuple[int, int], list[str]] = {}
        rank = {}
        for name, (w, ei) in zip(names, origin):
            wn, en = model.worlds[w], enames[ei]
            groups.setdefault((wcell[wn], ecell[en]), []).append(name)
            rank[name] = (action.ranks[a][en], model.ranks[a][wn])
        order = {r: i for i, r in enumerate(sorted(set(rank.values())))}
        cells[a] = tuple(frozenset(g) for g in groups.values())
        ranks[a] = {x: order[r] for x, r in rank.items()}
    act_events = {enames.index(e) for e in action.actual}
    act_worlds = {model.worlds.index(w) for w in model.actual}
    actual = tuple(n for n, (w, ei) in zip(names, origin)
                   if w in act_worlds and ei in act_events)
    if not actual:
        raise InexecutableAction(action.label, action.actual, model.actual)
    vocab = set(model.vocabulary) | {p for e in action.events for p in e.post}
    return PlausibilityModel(model.agents, names, dict(zip(names, vals)), cells, ranks,
                             actual, tuple(vocab))


def public_observation(model: PlausibilityModel, f, label: str | None = None
                       ) -> EventPlausibilityModel:
    """Everyone observes that ``f`` (a hard fact: worlds without it leave every cell)."""
    from .stock import public_announcement

    return from_action(public_announcement(model.agents, f, label))

