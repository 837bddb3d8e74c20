"""What the BDDs of one problem share: formula keys and memo tables per state law.

Formulas are interned (equal subtrees get one integer key), so memo look-ups never hash a
deep tree twice; structures with the same law (the same announcement reached again, in
another job or another branch) share one memo table, so a repeated announcement costs one
conjunction.
"""

from __future__ import annotations

from .. import language as L
from ..errors import UnsupportedFormula
from .bdd_manager import BddManager
from .kw_lists import KwLists

_GROUPED = (L.Ck, L.Ckw, L.Dk, L.Dkw)


class FormulaInterner:
    """Gives every distinct formula one small integer, computed bottom-up once per object."""

    def __init__(self) -> None:
        self._by_id: dict[int, int] = {}
        self._kept: list[L.Form] = []  # every node keyed, so that its id stays its own
        self._by_shape: dict[tuple, int] = {}

    def key(self, f: L.Form) -> int:
        by_id = self._by_id
        k = by_id.get(id(f))
        if k is not None:
            return k
        # children before parents, with a stack of our own: a chain of binary ``&`` is
        # as deep as it is long (see .chains); a node stays on the stack until its
        # children have keys, and is checked when first met, as a recursion would meet it
        # (the connectives and literals read without a call: a text written with ``&``
        # is mostly binary ``Conj``, a third of the time of Sum and Product's keys)
        by_shape, kept = self._by_shape, self._kept
        work: list = [f, None]  # a node, then None when its children are to be met first
        push, pop = work.extend, work.pop
        while work:
            ready = pop()
            node = pop() if ready is None else ready
            if id(node) in by_id:  # (met twice below a shared node)
                continue
            t = type(node)
            if ready is None:  # first met: its children first
                if t is L.Conj or t is L.Disj:
                    below = node.fs
                elif t is L.Prp:
                    below = ()
                elif t is L.Neg:
                    below = (node.f,)
                else:
                    below = _below(node)
                work.append(node)
                for g in reversed(below):
                    if id(g) not in by_id:
                        push((g, None))
                continue
            if t is L.Prp:
                shape = (t, node.n)
            elif t is L.Conj or t is L.Disj:
                fs = node.fs
                shape = ((t, by_id[id(fs[0])], by_id[id(fs[1])]) if len(fs) == 2
                         else (t, *[by_id[id(g)] for g in fs]))
            elif t is L.Neg:
                shape = (t, by_id[id(node.f)])
            else:
                shape = self._shape(node)
            k = by_shape.get(shape)
            if k is None:
                k = by_shape[shape] = len(by_shape)
            by_id[id(node)] = k
            kept.append(node)
        return by_id[id(f)]

    def _shape(self, f: L.Form) -> tuple:
        # (the walk in :meth:`key` has recorded the children: their keys are read directly)
        by_id = self._by_id
        t = type(f)
        if t is L.Prp:
            return (t, f.n)
        if t in (L.Top, L.Bot):
            return (t,)
        if t in (L.Conj, L.Disj, L.Xor):
            return (t, *[by_id[id(g)] for g in f.fs])
        if t in (L.Neg,):
            return (t, by_id[id(f.f)])
        if t in (L.Impl, L.Equi):
            return (t, by_id[id(f.a)], by_id[id(f.b)])
        if t in (L.Forall, L.Exists):
            return (t, tuple(f.props), by_id[id(f.f)])
        if t in (L.K, L.Kw):
            return (t, f.agent, by_id[id(f.f)])
        if t in _GROUPED:
            return (t, tuple(f.group), by_id[id(f.f)])
        if t in (L.PubAnnounce, L.PubAnnounceW):
            return (t, by_id[id(f.ann)], by_id[id(f.f)])
        if t in (L.Announce, L.AnnounceW):
            return (t, tuple(f.group), by_id[id(f.ann)], by_id[id(f.f)])
        if isinstance(f, L.Form):
            raise UnsupportedFormula.node(f, "the S5 checker")
        raise TypeError(f"not a formula: {f!r}")


def _below(f: L.Form) -> tuple:
    """The sub-formulas whose keys make ``f``'s shape; raises, as :meth:`_shape` does, for a
    node the S5 checker does not take."""
    t = type(f)
    if t in (L.Conj, L.Disj, L.Xor):
        return f.fs
    if t in (L.Prp, L.Top, L.Bot):
        return ()
    if t in (L.Impl, L.Equi):
        return (f.a, f.b)
    if t in (L.PubAnnounce, L.PubAnnounceW, L.Announce, L.AnnounceW):
        return (f.ann, f.f)
    if t in _ONE_BELOW:
        return (f.f,)
    if isinstance(f, L.Form):
        raise UnsupportedFormula.node(f, "the S5 checker")
    raise TypeError(f"not a formula: {f!r}")


_ONE_BELOW = (L.Neg, L.Forall, L.Exists, L.K, L.Kw, *_GROUPED)


class Context:
    """What structures of one problem share: the BDD manager, the interner, law sharing."""

    def __init__(self, manager: BddManager):
        self.manager = manager
        self.interner = FormulaInterner()
        self.kw_lists = KwLists()
        self._memo_by_law: dict[tuple, dict[int, object]] = {}

    def memo_for(self, law, props: tuple[int, ...], obs) -> dict[int, object]:
        """One memo table per (law, vocabulary, observations)."""
        key = (law, props, obs)
        memo = self._memo_by_law.get(key)
        if memo is None:
            memo = self._memo_by_law[key] = {}
        return memo
