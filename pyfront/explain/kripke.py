"""The Kripke model at one step, as the native engine sees it.

:class:`KripkeStep` is a thin view of the explicit engine's model
(:mod:`smcdel_bridge.native.explicit`): the states in the reference order, the set of
states where a formula holds (a bitset, bit ``i`` for ``states[i]``), each agent's
indistinguishability relation, and the model after a public announcement.  Truth values
and relations are the engine's own; what this module adds is derived from them only:
the blocks of distributed knowledge (intersections of the engine's blocks) and the states
reachable for common knowledge (closure of the union of the engine's blocks).
"""

from __future__ import annotations

from typing import Iterator

from smcdel_bridge.language import Agent, Form
from smcdel_bridge.program import Structure


def bits(mask: int) -> Iterator[int]:
    """Positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class KripkeStep:
    """One step's model: states, truth sets, agents' blocks, announcements."""

    def __init__(self, view):
        self._view = view
        self.states: tuple[frozenset[int], ...] = tuple(frozenset(s) for s in view.states)
        self.agents: tuple[Agent, ...] = tuple(view.agents)
        self.all = (1 << len(self.states)) - 1
        self._index = {s: i for i, s in enumerate(self.states)}
        self._holds: dict[Form, int] = {}
        self._cells: dict[Agent, tuple[int, ...]] = {}

    @classmethod
    def initial(cls, structure: Structure) -> "KripkeStep":
        """The model of a knowledge structure, before any announcement."""
        from smcdel_bridge.native.explicit import KripkeView

        return cls(KripkeView(structure))

    # -- truth -------------------------------------------------------------------------
    def holds(self, form: Form) -> int:
        """The states where ``form`` is true (engine's answer), as a bitset."""
        mask = self._holds.get(form)
        if mask is None:
            mask = self._holds[form] = self._view.holds(form)
        return mask

    def true_at(self, form: Form, index: int) -> bool:
        return bool(self.holds(form) >> index & 1)

    def index(self, atoms: frozenset[int]) -> int:
        """Position of the state with these true atoms (KeyError when it is not a state)."""
        return self._index[frozenset(atoms)]

    # -- relations ---------------------------------------------------------------------
    def cell(self, agent: Agent, index: int) -> int:
        """States ``agent`` cannot tell apart from state ``index`` (itself included)."""
        cells = self._cells.get(agent)
        if cells is None:
            cells = self._cells[agent] = self._blocks_of(agent)
        return cells[index]

    def _blocks_of(self, agent: Agent) -> tuple[int, ...]:
        out = [0] * len(self.states)
        for block in self._view.partition(agent):
            members = [self._index[frozenset(s)] for s in block]
            mask = 0
            for i in members:
                mask |= 1 << i
            for i in members:
                out[i] = mask
        return tuple(out)

    def partition(self, agent: Agent) -> tuple[int, ...]:
        """The agent's blocks as bitsets, ordered by their first state."""
        seen, out = 0, []
        for i in range(len(self.states)):
            if not seen >> i & 1:
                block = self.cell(agent, i)
                out.append(block)
                seen |= block
        return tuple(out)

    def distributed_cell(self, group: tuple[Agent, ...], index: int) -> int:
        """States the group cannot tell apart from ``index`` even pooling what they see."""
        mask = self.all
        for agent in group:
            mask &= self.cell(agent, index)
        return mask

    def reachable(self, group: tuple[Agent, ...], index: int) -> int:
        """States reachable from ``index`` by steps between states a member cannot tell apart."""
        reach, frontier = 1 << index, 1 << index
        while frontier:
            grown = 0
            for i in bits(frontier):
                for agent in group:
                    grown |= self.cell(agent, i)
            frontier = grown & ~reach
            reach |= grown
        return reach

    # -- dynamics ----------------------------------------------------------------------
    def announce(self, form: Form) -> "KripkeStep":
        """The model after ``form`` is publicly announced (the states where it was true)."""
        return KripkeStep(self._view.announce(form))
