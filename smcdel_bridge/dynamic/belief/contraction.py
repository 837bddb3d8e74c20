"""The bisimulation contraction of plausibility models.

Stories grow by a factor for each event someone misses; most of the new worlds repeat
old ones, and merging worlds that no formula and no later event can tell apart keeps the
models small (Baltag and Smets' bisimulation of plausibility models).
"""

from __future__ import annotations

from ..plausibility import PlausibilityModel


def contract(pm: PlausibilityModel) -> PlausibilityModel:
    """The smallest plausibility model bisimilar to ``pm``: worlds that no formula and no
    later event can tell apart become one (the first of them keeps its name).

    Partition refinement: worlds start in blocks by valuation; a block splits while its
    worlds differ, for some agent, in the blocks of their cell or in the blocks of the
    worlds of their cell at least as plausible as their block's most plausible world.
    That is bisimulation for the *normal* plausibility order (Andersen, Bolander, van
    Ditmarsch & Jensen, "Bisimulation for single-agent plausibility models", 2013): a
    world counts as plausible as the likeliest world of its cell that no formula tells
    from it, so a less plausible copy of a world (an outsider's "something happened,
    but it left everything as it was") merges with it; the plain order read as a
    relation (Baltag and Smets) would keep both apart although no belief or later
    revision can.  Worlds no agent can reach from an actual world are dropped first.  Stories grow by a factor for each event someone misses; most of the
    new worlds repeat old ones, and this keeps the models small."""
    agents, ranks = pm.agents, pm.ranks
    cell_of = {a: {w: c for c in pm.cells[a] for w in c} for a in agents}
    # the part reachable from the actual worlds
    keep, todo = set(pm.actual), list(pm.actual)
    while todo:
        w = todo.pop()
        for a in agents:
            for v in cell_of[a][w]:
                if v not in keep:
                    keep.add(v)
                    todo.append(v)
    worlds = [w for w in pm.worlds if w in keep]
    # an agent with the cells of an agent before it and one rank per cell (a knowledge
    # id beside its belief id) splits no block that agent does not split: leave it out
    flat = [a for a in agents
            if all(len({ranks[a][w] for w in c}) == 1 for c in pm.cells[a])]
    split_by = [a for i, a in enumerate(agents)
                if not (a in flat and any(pm.cells[b] == pm.cells[a] for b in agents[:i]))]
    # each cell's worlds from the most plausible, grouped by rank
    levels = {a: [[[w for w in c if ranks[a][w] == r] for r in sorted({ranks[a][w] for w in c})]
                  for c in pm.cells[a] if next(iter(c)) in keep]
              for a in split_by}
    block = {w: pm.valuation[w] for w in worlds}
    count = len(set(block.values()))
    while True:
        # per agent and world: the blocks of the worlds of its cell at least as plausible,
        # as an interned chain (equal chains: equal sets), and of its whole cell
        chain: dict = {}
        below, whole = {}, {}
        for a in split_by:
            for cell in levels[a]:
                cur, seen = chain.setdefault((), len(chain)), set()
                first: dict = {}  # block -> where it first appears in this cell
                for level in cell:
                    new = frozenset(block[w] for w in level) - seen
                    if new:
                        seen |= new
                        cur = chain.setdefault((cur, new), len(chain))
                    for w in level:
                        below[a, w] = first.setdefault(block[w], (cur, len(seen)))
                for level in cell:
                    for w in level:
                        whole[a, w] = cur
        sig = {w: (block[w], tuple((whole[a, w], below[a, w][0]) for a in split_by))
               for w in worlds}
        ids: dict = {}
        block = {w: ids.setdefault(sig[w], len(ids)) for w in worlds}
        if len(ids) == count:
            break
        count = len(ids)
    rep: dict[int, str] = {}
    for w in worlds:
        rep.setdefault(block[w], w)
    names = list(rep.values())
    if len(names) == len(pm.worlds):
        return pm
    cells, new_ranks = {}, {}
    for a in agents:
        seen, cs, rk = set(), [], {}
        for w in names:
            if w in seen:
                continue
            c = frozenset(rep[block[v]] for v in cell_of[a][w])
            seen |= c
            cs.append(c)
            for v in c:
                # a block's place: how many blocks are at least as plausible (for an
                # agent left out above, all of its cell)
                rk[v] = below[a, v][1] if a in split_by else len(c)
        cells[a], new_ranks[a] = tuple(cs), rk
    actual = tuple(dict.fromkeys(rep[block[w]] for w in pm.actual))
    return PlausibilityModel(agents, tuple(names), {w: pm.valuation[w] for w in names}, cells,
                             new_ranks, actual, pm.vocabulary)
