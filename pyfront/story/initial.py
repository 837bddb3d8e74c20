"""An explicit initial model of a story (``model … end``) as a plausibility model over the
doubled agents: the listed worlds, each agent's cells and ranks read the soft way."""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.dynamic.belief.events import doubled as _doubled
from smcdel_bridge.dynamic.plausibility import PlausibilityModel, soft_cells

from .model import Story, belief_id, knowledge_id


def doubled(agents: Sequence[str]) -> tuple[str, ...]:
    return _doubled(tuple((a, belief_id(a), knowledge_id(a)) for a in agents))


def explicit_initial(story: Story, minds: Sequence[str]) -> PlausibilityModel:
    """The listed worlds; an agent's cells and ranks are the soft reading of what it
    considers possible (unlisted: it tells every world apart)."""
    init = story.initial
    names = [w for w, _ in init.worlds]
    vals = {w: frozenset(_fact_atoms(story, facts)) for w, facts in init.worlds}
    considers = dict(init.considers)
    dc, dr = {}, {}
    for a in minds:
        rel = ({w: tuple(s) for w, s in considers[a]} if a in considers
               else {w: (w,) for w in names})
        cells, ranks = soft_cells(names, rel)
        dc[belief_id(a)] = dc[knowledge_id(a)] = tuple(cells)
        dr[belief_id(a)] = ranks
        dr[knowledge_id(a)] = dict.fromkeys(names, 0)
    vocab = tuple(range(1, len(story.atom_table()) + 1))
    return PlausibilityModel(doubled(minds), tuple(names), vals, dc, dr,
                             tuple(init.actual), vocab)


def _fact_atoms(story: Story, facts) -> set[int]:
    out = set()
    for var, value in facts:
        v = story.variable(var)
        if v.boolean:
            if value == "true":
                out.add(story.atom(var))
        else:
            out.add(story.atom(var, value))
    return out
