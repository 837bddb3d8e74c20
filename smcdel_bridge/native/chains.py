"""Chains of ``&`` (``|``) evaluated along their length, not down a recursion.

SMCDEL's ``&`` and ``|`` are binary and group to the left: ``a & b & c & d`` is
``Conj [Conj [Conj [a, b], c], d]``, a tree as deep as the chain is long (Sum and Product
written with ``∧`` nests 2,352 levels).  Evaluated by recursion, every level costs a few
Python frames, and a long chain exceeds the recursion limit, so the whole job was
evaluated again on a thread with a deep stack.  :func:`chain_value` walks down the first
children of the same connective in a loop and folds the values back up, level by level:
the parts are evaluated in the same order, a level stops at the same part (a conjunct
that is false, a disjunct that is true), and every level's value is recorded as the
recursion would record it, so the values and the memo tables are the ones the recursion
gives.
"""

from __future__ import annotations

from typing import Callable


def chain_value(f, part: Callable, cached: Callable, whole: Callable, record: Callable,
                stop, unit, op: Callable):
    """The value of the ``Conj`` (``Disj``) ``f``, whose value is not known yet.

    ``part(g)`` is the value of a part off the chain; ``cached(g)`` the value already known
    for a node, or None; ``whole(g)`` a value of a level found another way (the lists of
    :mod:`.kw_lists`), or None; ``record(g, v)`` keeps the value of a level below ``f``
    (the caller keeps ``f``'s).  ``stop`` ends a level (false for a conjunction), ``unit``
    starts one (true), ``op`` combines two values."""
    t = type(f)
    spine = [f]
    g = f
    while True:
        value = whole(g)
        if value is not None:
            break
        first = g.fs[0] if g.fs else None
        if type(first) is not t or cached(first) is not None:
            value = _fold(g.fs, part, stop, unit, op)
            break
        g = first
        spine.append(g)
    for i in range(len(spine) - 1, 0, -1):
        record(spine[i], value)
        if value != stop:
            fs = spine[i - 1].fs
            if len(fs) == 2:  # a link of a binary chain (``∧``): its one other part
                v = part(fs[1])
                value = stop if v == stop else op(value, v)
            else:
                value = _fold(fs[1:], part, stop, unit, op, value)
    return value


def _fold(parts, part: Callable, stop, unit, op: Callable, out=None):
    """``out`` (if any) combined with the value of each part, left to right, unless one
    is ``stop``; ``unit`` for no parts at all (left to right: a balanced tree of pairs
    builds far larger intermediate BDDs on the muddy children's "nobody knows").  The
    first value is taken as it is, not combined with ``unit``: one BDD operation less a
    list (the dining cryptographers' law, 5,050 conjunctions of two atoms: a third of its
    operations)."""
    for g in parts:
        v = part(g)
        if v == stop:
            return stop
        out = v if out is None else op(out, v)
    return unit if out is None else out
