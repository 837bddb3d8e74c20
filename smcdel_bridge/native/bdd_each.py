"""One walk of a CUDD BDD for the conjunction of its quantifications by single variables.

``conjoin_quantified(bdd, names, u)`` is ``forall x1 u & forall x2 u & …`` (or with
``exists``), one conjunct per variable, as the symbolic engine needs for "nobody knows
whether they are muddy" (every child quantifies the law over its own atom; see
:meth:`.bdd_manager.BddManager.each_quantified`).  Quantifying each variable apart
rebuilds the BDD above that variable every time: with 300 variables, 300 passes over most
of the law.  Here every node of ``u`` is visited once.  For a node ``f = ite(v, f1, f0)``
and ``Q`` the quantifier, let ``F(f)`` be the conjunction of ``Q x f`` over the variables
``x`` at ``v``'s level or below.  A variable ``x`` below ``v`` commutes with ``v``'s
branching (``Q x f = ite(v, Q x f1, Q x f0)``) and ``Q v f`` is ``f1 & f0`` (``forall``)
or ``f1 | f0`` (``exists``), so

    F(f) = ite(v, X(f1), X(f0)) & (Q v f, when v is one of them)

where ``X(g)`` is ``F(g)``, conjoined with ``g`` itself when a variable lies between
``v`` and ``g``'s level (``Q x g = g`` when ``g`` does not depend on ``x``).  BDDs are
canonical: the result is the node the separate quantifications give.

Usage::

    >>> import dd.cudd as cudd
    >>> from smcdel_bridge.native.bdd_each import conjoin_quantified
    >>> bdd = cudd.BDD()
    >>> bdd.declare("a", "b", "c")
    >>> u = bdd.add_expr("(a & b) | (b & c) | (a & c)")
    >>> conjoin_quantified(bdd, ["a", "b", "c"], u) == bdd.add_expr("a & b & c")
    True
    >>> conjoin_quantified(bdd, ["a", "c"], u, universal=False) == bdd.add_expr("b | (a & c)")
    True
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right

__all__ = ["conjoin_quantified"]

#: beyond every level, the constants' included
NONE = 1 << 62


def conjoin_quantified(bdd, names: list[str], u, universal: bool = True):
    """``&`` over ``x`` in ``names`` (declared variables of the ``dd.cudd`` manager
    ``bdd``) of ``forall x u`` (``exists x u`` when not ``universal``)."""
    levels = {bdd.level_of_var(x) for x in names}
    if not levels:
        return bdd.true
    deepest = max(levels)
    # following[l]: the first quantified level at l or below (NONE: none; the constants'
    # level in CUDD is 2**31 - 1)
    following = [NONE] * (deepest + 2)
    for at in range(deepest, -1, -1):
        following[at] = at if at in levels else following[at + 1]
    true = bdd.true
    ite = bdd.ite
    variables: dict[int, object] = {}
    # F of each node (by CUDD's pointer, complement bit included); the constants: true
    done: dict[int, object] = {int(true): true, int(bdd.false): true}
    opened: set[int] = set()
    stack: list = [u]
    while stack:
        f = stack.pop()
        if type(f) is tuple:  # both branches done: F of the node
            key, at, high, low, high_key, low_key = f
            below = following[at + 1]
            x = done[high_key]
            if below < high.level:  # a variable between: there Q x high is high
                x = x & high
            y = done[low_key]
            if below < low.level:
                y = y & low
            var = variables.get(at)
            if var is None:
                var = variables[at] = bdd.var(bdd.var_at_level(at))
            result = ite(var, x, y)
            if at in levels:
                result = result & ((high & low) if universal else (high | low))
            done[key] = result
            continue
        key = int(f)
        if key in done or key in opened:
            continue
        at = f.level
        if at > deepest:  # no quantified variable at its level or below
            done[key] = true
            continue
        opened.add(key)
        high, low = (~f.high, ~f.low) if f.negated else (f.high, f.low)
        high_key, low_key = int(high), int(low)
        stack.append((key, at, high, low, high_key, low_key))
        if high_key not in done:
            stack.append(high)
        if low_key not in done:
            stack.append(low)
    out = done[int(u)]
    if following[0] < u.level:  # a variable above u's top: there Q x u is u
        out = out & u
    return out
