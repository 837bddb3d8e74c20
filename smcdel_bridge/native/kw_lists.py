"""Conjunctions and disjunctions whose parts all say whether an agent knows an atom.

The muddy children announce "nobody knows whether they are muddy" round after round:
``~Kw a1 1 & ~Kw a2 2 & … & ~Kw an n``, as one ``Conj`` of many parts or, read from
SMCDEL text (whose ``&`` is binary), as a chain of ``Conj`` pairs nested to the left.  The
symbolic engine answers such a list in one walk of the law
(:meth:`.bdd_structure.SymbolicStructure.knows_whether_list`); this module finds the lists.

:meth:`KwLists.leaves` flattens the nested ``Conj`` (or ``Disj``) below a node and gives
its parts' ``(negated, agent, atom)``, or None when a part is something else.  A node
found to hold another part is remembered, with the nodes above it on the way, so a long
chain is read once, not once per level (a chain of n pairs: n steps, not n squared).

Usage::

    >>> from smcdel_bridge import language as L
    >>> from smcdel_bridge.native.kw_lists import KwLists
    >>> nobody = L.Conj((L.Conj((L.Neg(L.Kw("a", L.Prp(1))), L.Neg(L.Kw("b", L.Prp(2))))),
    ...                  L.Neg(L.Kw("c", L.Prp(3)))))
    >>> KwLists().leaves(nobody)
    [(True, 'a', 1), (True, 'b', 2), (True, 'c', 3)]
    >>> KwLists().leaves(L.Conj((L.Prp(1), L.Neg(L.Kw("b", L.Prp(2)))))) is None
    True
"""

from __future__ import annotations

from .. import language as L

__all__ = ["KwLists"]


def _part(g) -> tuple[bool, str, int] | None:
    """``(negated, agent, atom)`` of ``Kw a p`` or ``~Kw a p`` (``p`` or ``~p``), else None."""
    negated = type(g) is L.Neg
    kw = g.f if negated else g
    if type(kw) is not L.Kw:
        return None
    f = kw.f.f if type(kw.f) is L.Neg else kw.f
    return (negated, kw.agent, f.n) if type(f) is L.Prp else None


class KwLists:
    """The lists found in the formulas of one problem (kept with its other memo tables)."""

    def __init__(self) -> None:
        #: nodes that hold a part of another kind (by id; the node kept, so its id stays
        #: its own): no list, whatever is asked again (see :meth:`not_a_list`)
        self._other: dict[int, object] = {}

    def not_a_list(self):
        """A test of a node, true when it is known to hold a part of another kind: one
        look-up, for the levels of a long chain, each asked in turn (:mod:`.chains`)."""
        return self._other.__contains__

    def leaves(self, f) -> list[tuple[bool, str, int]] | None:
        """The parts of the ``Conj`` (``Disj``) ``f`` and the nodes of its type below it,
        left to right, when every part is (not) knowing whether an atom; else None."""
        t = type(f)
        other = self._other
        if id(f) in other:
            return None
        parents: dict[int, object] = {}
        out: list[tuple[bool, str, int]] = []
        stack = [f]
        while stack:
            g = stack.pop()
            if type(g) is t:
                if id(g) in other:
                    self._remember(parents.get(id(g)), parents)
                    return None
                for h in reversed(g.fs):
                    parents.setdefault(id(h), g)
                    stack.append(h)
                continue
            part = _part(g)
            if part is None:
                self._remember(parents.get(id(g)), parents)
                return None
            out.append(part)
        return out

    def _remember(self, node, parents: dict[int, object]) -> None:
        """``node`` holds another part: so do the nodes above it."""
        while node is not None and id(node) not in self._other:
            self._other[id(node)] = node
            node = parents.get(id(node))
