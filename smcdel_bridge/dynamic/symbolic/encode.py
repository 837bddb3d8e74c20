"""Explicit models as symbolic ones: fresh bits number the worlds, the law ties each number
to its world's valuation, relations and cells become BDDs over the numbers.  Used for
models given world by world (``mindgames del`` cases, stories with a listed initial model);
a story's situation never lists its worlds (:mod:`smcdel_bridge.dynamic.belief.symbolic.states`)."""

from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..kripke import KripkeModel
from .model import SymbolicModel
from .space import VarSpace, bits_for


class WorldCodes:
    """World names -> cubes over fresh bits, and the atoms' variables."""

    def __init__(self, space: VarSpace, worlds: Sequence[str], atoms: Iterable[int],
                 valuation: Mapping[str, frozenset[int]]):
        self.space = space
        self.cur = {p: k for p, k in zip(sorted(set(atoms)), space.fresh(len(set(atoms))))}
        self.bits = space.fresh(bits_for(len(worlds)))
        self.x = {w: space.code(self.bits, i) for i, w in enumerate(worlds)}
        self.y = {w: space.code(self.bits, i, primed=True) for i, w in enumerate(worlds)}
        law = space.false
        for w in worlds:
            part = self.x[w]
            for p, k in self.cur.items():
                part &= space.x(k) if p in valuation[w] else ~space.x(k)
            law |= part
        self.law = law

    def worlds(self, names: Iterable[str]):
        out = self.space.false
        for w in names:
            out |= self.x[w]
        return out

    def worlds_y(self, names: Iterable[str]):
        out = self.space.false
        for w in names:
            out |= self.y[w]
        return out

    def relation(self, succ: Mapping[str, Iterable[str]]):
        """``{w: successors}`` as a BDD."""
        out = self.space.false
        for w, vs in succ.items():
            vs = tuple(vs)
            if vs:
                out |= self.x[w] & self.worlds_y(vs)
        return out

    def cells(self, cells: Iterable[Iterable[str]]):
        """A partition as an equivalence relation."""
        out = self.space.false
        for c in cells:
            c = tuple(c)
            out |= self.worlds(c) & self.worlds_y(c)
        return out

    def better(self, ranks: Mapping[str, int]):
        """``x`` strictly more plausible (lower rank) than ``y``."""
        out = self.space.false
        for w, r in ranks.items():
            worse = [v for v, s in ranks.items() if s > r]
            if worse:
                out |= self.x[w] & self.worlds_y(worse)
        return out


def encode_kripke(model: KripkeModel, space: VarSpace | None = None
                  ) -> tuple[SymbolicModel, WorldCodes]:
    """The Kripke model ``model`` as a :class:`SymbolicModel`, and its world codes."""
    space = space or VarSpace()
    codes = WorldCodes(space, model.worlds, model.atoms, model.valuation)
    rels = {a: codes.relation(model.relations[a]) for a in model.agents}
    actual = codes.law & codes.worlds(model.actual)
    return SymbolicModel(space, model.agents, codes.law, rels, actual, codes.cur), codes


def symbolic_kripke(model: KripkeModel, space: VarSpace | None = None) -> SymbolicModel:
    """The Kripke model ``model`` as a :class:`SymbolicModel`."""
    return encode_kripke(model, space)[0]
