"""Smaller models that say the same: the part reachable from the actual worlds, and the
bisimulation contraction.

Product updates copy worlds: after a story of private events most copies are
unreachable from the actual world or bisimilar to one another.  ``generated`` keeps the
worlds reachable from the actual ones (truth at the actual worlds is unchanged for every
operator; ``valid`` may change, since fewer worlds are left).  ``contract`` merges
bisimilar worlds (same atoms, matching successors for every agent), keeping the first
world of each class, in order.  Truth at every world is kept for ``K``, ``Kw``, ``Ck``
and the announcements; distributed knowledge ``Dk G`` is kept for the groups passed as
``groups`` (their intersected relations join the comparison), not for others.
"""

from __future__ import annotations

from typing import Iterable

from ..language import Agent
from .indexed import IndexedModel, bits
from .kripke import KripkeModel, kripke_of


def _generated(im: IndexedModel) -> IndexedModel:
    reach = 0
    for w in im.actual:
        reach |= 1 << w
    frontier = reach
    while frontier:
        nxt = 0
        for w in bits(frontier):
            for row in im.succ.values():
                nxt |= row[w]
        frontier = nxt & ~reach
        reach |= frontier
    return _restrict(im, list(bits(reach)))


def _restrict(im: IndexedModel, keep: list[int], rep: dict[int, int] | None = None
              ) -> IndexedModel:
    """The model on the worlds ``keep`` (in order); ``rep`` maps each old world to the
    kept world standing for it (identity when None)."""
    new = {w: i for i, w in enumerate(keep)}
    rep = rep or {w: w for w in keep}

    def remap(mask: int) -> int:
        out = 0
        for v in bits(mask):
            j = new.get(rep.get(v, -1))
            if j is not None:
                out |= 1 << j
        return out

    succ = {a: [remap(row[w]) for w in keep] for a, row in im.succ.items()}
    actual = tuple(sorted({new[rep[w]] for w in im.actual}))
    return IndexedModel(im.agents, tuple(im.names[w] for w in keep),
                        tuple(im.vals[w] for w in keep), succ, actual, im.vocabulary)


def _contract(im: IndexedModel, groups: Iterable[tuple[Agent, ...]]) -> IndexedModel:
    rows = [im.succ[a] for a in im.agents] + [im.meet(tuple(g)) for g in groups]
    block = [0] * im.n
    ids: dict = {}
    for w in range(im.n):
        block[w] = ids.setdefault(im.vals[w], len(ids))
    count = len(ids)
    while True:
        masks = [0] * count
        for w, b in enumerate(block):
            masks[b] |= 1 << w
        ids = {}
        new_block = []
        for w in range(im.n):
            sig = (block[w], tuple(tuple(b for b, m in enumerate(masks) if row[w] & m)
                                   for row in rows))
            new_block.append(ids.setdefault(sig, len(ids)))
        if len(ids) == count:
            break
        block, count = new_block, len(ids)
    first: dict[int, int] = {}
    for w, b in enumerate(block):
        first.setdefault(b, w)
    keep = sorted(first.values())
    return _restrict(im, keep, {w: first[b] for w, b in enumerate(block)})


def generated(model: KripkeModel) -> KripkeModel:
    """The submodel of the worlds reachable from the actual worlds."""
    return kripke_of(_generated(model.indexed))


def contract(model: KripkeModel, groups: Iterable[Iterable[Agent]] = ()) -> KripkeModel:
    """The bisimulation contraction (``groups``: keep ``Dk`` of these groups too)."""
    return kripke_of(_contract(model.indexed, [tuple(g) for g in groups]))


def minimize(model: KripkeModel, groups: Iterable[Iterable[Agent]] = ()) -> KripkeModel:
    """Both: the contraction of the part reachable from the actual worlds."""
    return kripke_of(_contract(_generated(model.indexed), [tuple(g) for g in groups]))
