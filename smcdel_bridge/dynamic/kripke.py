"""Kripke models with arbitrary relations: K, KD45 belief and S5 knowledge alike.

A model is immutable.  Worlds have names and an order (the order the product update and
the JSON format give them); relations map each agent and world to the worlds the agent
considers possible there.  A world without an entry has no successor for that agent.
The engine works on an indexed form (:mod:`.indexed`), computed once and cached
(:func:`index_of`; :func:`kripke_of` goes back).
"""

from __future__ import annotations

from functools import cached_property
from types import MappingProxyType
from typing import Iterable, Mapping

from smcdel_bridge.values import field, value

from ..language import Agent
from .errors import DelModelError
from .frame import distinct, freeze_relations, pointed_at
from .indexed import IndexedModel, bits

World = str


@value(frozen=True, eq=False)
class KripkeModel:
    """A (multi-)pointed Kripke model.

    ``valuation[w]`` holds the atoms true at ``w``; ``vocabulary`` optionally declares
    atoms that are false everywhere (so they count as known atoms).
    """

    agents: tuple[Agent, ...]
    worlds: tuple[World, ...]
    valuation: Mapping[World, frozenset[int]]
    relations: Mapping[Agent, Mapping[World, frozenset[World]]]
    actual: tuple[World, ...]
    vocabulary: tuple[int, ...] = field(default=())

    def __post_init__(self):
        agents = distinct(self.agents, "agent")
        worlds = distinct(self.worlds, "world")
        known = set(worlds)
        valuation = {}
        for w, atoms in self.valuation.items():
            if w not in known:
                raise DelModelError(f"valuation names missing world {w!r}")
            valuation[w] = frozenset(atoms)
        for w in worlds:
            valuation.setdefault(w, frozenset())
        actual = pointed_at(self.actual, worlds, "world", required=False)
        set_ = object.__setattr__
        set_(self, "agents", agents)
        set_(self, "worlds", worlds)
        set_(self, "valuation", MappingProxyType(valuation))
        set_(self, "relations", freeze_relations(self.relations, agents, worlds, "world"))
        set_(self, "actual", actual)
        set_(self, "vocabulary", tuple(sorted(set(self.vocabulary))))

    # --- identity -------------------------------------------------------------------------

    def _key(self):
        return (self.agents, self.worlds,
                tuple(tuple(sorted(self.valuation[w])) for w in self.worlds),
                tuple((a, tuple((w, tuple(sorted(self.relations[a].get(w, ()))))
                                for w in self.worlds)) for a in self.agents),
                self.actual, self.vocabulary)

    def __eq__(self, other):
        return isinstance(other, KripkeModel) and self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    # --- helpers ----------------------------------------------------------------------------

    @cached_property
    def atoms(self) -> frozenset[int]:
        """Every atom of the model: declared ones and those true somewhere."""
        out = set(self.vocabulary)
        for atoms in self.valuation.values():
            out.update(atoms)
        return frozenset(out)

    def successors(self, agent: Agent, world: World) -> frozenset[World]:
        """The worlds ``agent`` considers possible at ``world``."""
        try:
            rel = self.relations[agent]
        except KeyError:
            raise DelModelError(f"unknown agent {agent!r}") from None
        return rel.get(world, frozenset())

    def is_serial(self, agent: Agent) -> bool:
        return all(self.successors(agent, w) for w in self.worlds)

    def is_transitive(self, agent: Agent) -> bool:
        return all(self.successors(agent, v) <= self.successors(agent, w)
                   for w in self.worlds for v in self.successors(agent, w))

    def is_euclidean(self, agent: Agent) -> bool:
        return all(self.successors(agent, v) >= self.successors(agent, w)
                   for w in self.worlds for v in self.successors(agent, w))

    def is_reflexive(self, agent: Agent) -> bool:
        return all(w in self.successors(agent, w) for w in self.worlds)

    def is_kd45(self, agent: Agent) -> bool:
        """Belief: serial, transitive and Euclidean."""
        return self.is_serial(agent) and self.is_transitive(agent) and self.is_euclidean(agent)

    def is_s5(self, agent: Agent) -> bool:
        """Knowledge: an equivalence relation."""
        return self.is_reflexive(agent) and self.is_transitive(agent) and self.is_euclidean(agent)

    def pointed(self, actual: World | Iterable[World]) -> "KripkeModel":
        """The same model pointed at other world(s)."""
        return KripkeModel(self.agents, self.worlds, self.valuation, self.relations,
                           actual, self.vocabulary)

    @cached_property
    def indexed(self):
        """The engine's indexed form (bitsets over world positions)."""
        return index_of(self)


def index_of(model: KripkeModel) -> IndexedModel:
    """The indexed form of ``model`` (worlds by position, successor bitsets)."""
    pos = {w: i for i, w in enumerate(model.worlds)}
    succ = {}
    for a in model.agents:
        rel = model.relations[a]
        row = []
        for w in model.worlds:
            m = 0
            for v in rel.get(w, ()):
                m |= 1 << pos[v]
            row.append(m)
        succ[a] = row
    im = IndexedModel(model.agents, model.worlds,
                      tuple(model.valuation[w] for w in model.worlds),
                      succ, tuple(pos[w] for w in model.actual), model.atoms)
    im.kripke = model
    return im


def kripke_of(im: IndexedModel) -> KripkeModel:
    """The :class:`KripkeModel` with the worlds of ``im`` (built once; shares the index)."""
    if im.kripke is None:
        names = im.names
        rels = {a: {names[w]: frozenset(names[v] for v in bits(m))
                    for w, m in enumerate(row) if m}
                for a, row in im.succ.items()}
        model = KripkeModel(im.agents, names, dict(zip(names, im.vals)), rels,
                            tuple(names[i] for i in im.actual), tuple(im.vocabulary))
        model.__dict__["indexed"] = im  # cached_property slot: share this index
        im.kripke = model
    return im.kripke
