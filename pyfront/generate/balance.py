"""Hypothesis-balanced selection: every hypothesis *shape* exactly half entailed.

A classifier that never reads the premise still sees the hypothesis, and in the
published-calibrated selection its shape gives the label away ("can now know whether" is
mostly entailed, "can now know that" mostly not; "someone …" always entailed, since the
opening announcement says so).  Under ``balance="hypothesis"`` a premise's entailed and
non-entailed hypotheses are paired only when they have the same :func:`shape` — the
chain of operators (that / whether, hence the depth), which agents of the chain repeat,
and what is known (one agent's predicate and whose, someone, everyone, nobody).  Every
pair is one stratum's (entailed, not entailed), so every stratum is exactly 50/50 in every
premise, setup and split, and what is left for a premise-blind model is the premise-specific
names.  Shapes that one premise cannot pair are not selected (they come out all entailed
or all not: "X can now know whether someone …"), which is the price: the shape mix moves
away from the published one.
"""

from __future__ import annotations

from typing import Sequence

from .sampling import Recipe

#: the selection modes of :class:`~pyfront.generate.pipeline.GenerateConfig`
BALANCE_MODES = ("none", "hypothesis")


def shape(h: Recipe) -> tuple:
    """What a premise-blind reader can see of a hypothesis, names aside.

    ``("kw", "k")`` operators outermost first, the chain's agents numbered by first
    appearance (``(0, 1, 0)``: the first agent again), and the known statement: ``("p",
    i)`` the predicate of the chain's i-th agent (``("p", None)``: of someone outside the
    chain), ``("some",)``, ``("every",)`` or ``("nobody",)``."""
    ops: list[str] = []
    agents: list[int] = []
    while h[0] in ("k", "kw"):
        ops.append(h[0])
        agents.append(h[1])
        h = h[2]
    canon: dict[int, int] = {}
    pattern = tuple(canon.setdefault(a, len(canon)) for a in agents)
    if h[0] == "p":
        what: tuple = ("p", canon.get(h[1] - 1))
    elif h[0] == "not" and h[1][0] == "some":
        what = ("nobody",)
    elif h[0] == "not":
        what = ("not",) + shape(h[1])[2]
    else:
        what = (h[0],)
    return (tuple(ops), pattern, what)


def same_shape_pairs(
    yes: Sequence[Recipe], no: Sequence[Recipe], k: int
) -> list[tuple[Recipe, Recipe]]:
    """Up to ``k`` (entailed, not entailed) pairs of the same :func:`shape`.

    Deterministic: entailed hypotheses in the given (already shuffled) order, each with
    the first unused non-entailed one of its shape."""
    pool: dict[tuple, list[Recipe]] = {}
    for n in no:
        pool.setdefault(shape(n), []).append(n)
    out: list[tuple[Recipe, Recipe]] = []
    for y in yes:
        if len(out) >= k:
            break
        match = pool.get(shape(y))
        if match:
            out.append((y, match.pop(0)))
    return out
