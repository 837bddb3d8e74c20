"""The engine's working form of a Kripke model: worlds are positions 0..n-1, sets of
worlds are Python ints used as bitsets, each agent's relation is one successor bitset
per world.  Truth sets, boxes and product updates are then a few integer operations."""

from __future__ import annotations

from typing import Iterator, Sequence

from ..language import Agent
from .errors import DelModelError


def bits(mask: int) -> Iterator[int]:
    """Positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class IndexedModel:
    """Worlds by position; ``succ[agent][w]`` is the successor bitset of world ``w``."""

    __slots__ = ("agents", "names", "vals", "succ", "actual", "vocabulary", "n", "full",
                 "_atom_masks", "_closures", "_meets", "kripke")

    def __init__(self, agents: tuple[Agent, ...], names: tuple[str, ...],
                 vals: Sequence[frozenset[int]], succ: dict[Agent, Sequence[int]],
                 actual: tuple[int, ...], vocabulary: frozenset[int]):
        self.agents = agents
        self.names = names
        self.vals = vals
        self.succ = succ
        self.actual = actual
        self.vocabulary = vocabulary
        self.n = len(names)
        self.full = (1 << self.n) - 1
        self._atom_masks: dict[int, int] = {}
        self._closures: dict[tuple[Agent, ...], list[int]] = {}
        self._meets: dict[tuple[Agent, ...], list[int]] = {}
        #: the KripkeModel this index was made from or for (see :func:`.kripke.kripke_of`)
        self.kripke = None

    def atom_mask(self, atom: int) -> int:
        m = self._atom_masks.get(atom)
        if m is None:
            m = 0
            for i, v in enumerate(self.vals):
                if atom in v:
                    m |= 1 << i
            self._atom_masks[atom] = m
        return m

    def relation(self, agent: Agent) -> Sequence[int]:
        try:
            return self.succ[agent]
        except KeyError:
            raise DelModelError(f"unknown agent {agent!r}") from None

    def closure(self, group: tuple[Agent, ...]) -> list[int]:
        """Worlds reachable in one or more steps of any group member's relation."""
        key = tuple(sorted(set(group)))
        out = self._closures.get(key)
        if out is None:
            reach = [0] * self.n
            for a in key:
                for w, m in enumerate(self.relation(a)):
                    reach[w] |= m
            for k in range(self.n):  # Warshall, on bitset rows
                bit = 1 << k
                rk = reach[k]
                for w in range(self.n):
                    if reach[w] & bit:
                        reach[w] |= rk
            self._closures[key] = out = reach
        return out

    def meet(self, group: tuple[Agent, ...]) -> list[int]:
        """The intersection of the group's relations (all worlds for the empty group)."""
        key = tuple(sorted(set(group)))
        out = self._meets.get(key)
        if out is None:
            out = [self.full] * self.n
            for a in key:
                out = [x & m for x, m in zip(out, self.relation(a))]
            self._meets[key] = out
        return out
