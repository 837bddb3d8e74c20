"""A canonical key of a plausibility model: equal for two models exactly when their
bisimulation contractions are isomorphic (the same beliefs now and after any event),
whatever the worlds are called.  Both belief engines key their states with it
(:meth:`.backend.BeliefEngine.key`): the explicit engine on its contracted model, the
symbolic one on its state listed and contracted (:mod:`.symbolic.canonical`).

Usage::

    from smcdel_bridge.dynamic.belief.canonical import canonical_key
    # canonical_key(contract(pm)) == canonical_key(contract(other))  # bisimilar
"""

from __future__ import annotations

from typing import Hashable

from ..plausibility import PlausibilityModel

__all__ = ["canonical_key"]


def _levels(pm: PlausibilityModel, agent, cell) -> list[list[str]]:
    """The worlds of ``cell`` grouped by ``agent``'s rank, most plausible first."""
    ranks = pm.ranks[agent]
    return [[w for w in cell if ranks[w] == r] for r in sorted({ranks[w] for w in cell})]


def canonical_key(pm: PlausibilityModel) -> Hashable:
    """A key equal for two plausibility models exactly when their stable colourings give
    the same quotient: worlds coloured by valuation, then refined by, per agent, the
    colours of each plausibility level of their cell and their own level, the colours
    renumbered in sorted order of their signatures each round (so no world name enters);
    the last round's signatures (each with its valuation) and the actual colours are the
    key.  On a contracted model every world ends with a colour of its own, so the key
    describes the model up to isomorphism."""
    worlds = pm.worlds
    agents = pm.agents
    cell_of = {a: {w: c for c in pm.cells[a] for w in c} for a in agents}
    levels = {a: {c: _levels(pm, a, c) for c in pm.cells[a]} for a in agents}
    val = {w: tuple(sorted(pm.valuation[w])) for w in worlds}
    order = sorted(set(val.values()))
    colour = {w: order.index(val[w]) for w in worlds}
    while True:
        sigs = {}
        for w in worlds:
            parts: list = [colour[w], val[w]]
            for a in agents:
                lv = levels[a][cell_of[a][w]]
                own = next(i for i, level in enumerate(lv) if w in level)
                parts.append((own, tuple(tuple(sorted({colour[v] for v in level}))
                                         for level in lv)))
            sigs[w] = tuple(parts)
        order = sorted(set(sigs.values()))
        index = {s: i for i, s in enumerate(order)}
        new = {w: index[sigs[w]] for w in worlds}
        if len(order) == len(set(colour.values())):
            colour = new
            break
        colour = new
    actual = tuple(sorted({colour[w] for w in pm.actual}))
    return (tuple(order), actual)
