"""Event codes: which event of an action a world of the product comes from.

Each event gets a cube over fresh event bits, except that events whose preconditions are
each one fact high in the variable order, and exclude one another on the law (seeing that
p and seeing that not p, seeing each value of a variable), share one cube and are told
apart by that fact.  The product is the same (a world and an event whose precondition
holds there have exactly one code).  What changes is where the fact is compared:

* with a code of their own, the law ties the fact to the event bits, which sit at the
  bottom of the order: every node of the law between the fact and the bits is doubled
  (a secret peek at a proposition of the opening doubles the whole law);
* with a shared code, the law does not change; the cells of the agents who tell the
  events apart compare the fact instead, and those grow.

So the fact decides: a code is shared only when the fact's variable lies in the top
``SHARED_ABOVE`` of an order of at least ``SHARED_FROM`` variables, where the law would
carry it over many levels.  Measured with ``mindgames check FILE --engine symbolic``
(CPU seconds, the same records each time): the 16-agent, 120-event mixed story of
``benchmarks/bench_story_scale.py`` (seed 2; its secret peeks are at propositions of the
opening, never changed) 55.3 s with every event its own code, 1.3 s as here; the seeded
room stories without their assertions (their looks and peeks are at objects' places,
copied anew at each move, so low in the order) 8 x 80: 2.3 s apart, 21.8 s with every
such code shared, 2.6 s as here; 10 x 150: 7.5 s, 135.7 s and 7.4 s.  Without the floor,
small stories paid for facts in their cells: ``generate --family stories --size 300
--order 0-4 --seed 1`` 18.4 s apart, 20.7 s with the top quarter at any size, 17.0 s as
here (the same bytes each time); Hi-ToM's 300 shared questions 3.4 s and 3.3 s.

An earlier sharing, taken back, grouped any event whose precondition implied a fact on
the law (telling whether p as well as seeing it), at any depth, and looked for that fact
by testing every variable of each precondition against the law: on the room stories that
search alone took 139 of the 144 s of one assertion (49 events), and the relations of
those who told such events apart carried facts from low in the order.  Here a
precondition qualifies only by being the literal itself, read off its top node.
"""

from __future__ import annotations

from typing import Callable, Collection, Sequence

from .space import VarSpace

#: the share of the variable order, from the top, whose facts may tell events apart
SHARED_ABOVE = 0.25
#: the fewest variables at which any may (below, the doubled levels are few)
SHARED_FROM = 128


def selector(sp: VarSpace, pre, atoms: Collection[int]):
    """``pre`` itself when it is a literal over one of the variables ``atoms`` high enough
    in the order (see the module docstring), or None."""
    name = pre.var
    if name is None or name[0] != "x":
        return None
    k = int(name[1:])
    if k not in atoms or k >= sp.n * SHARED_ABOVE:
        return None
    v = sp.x(k)
    return pre if pre == v or pre == ~v else None


def event_groups(sp: VarSpace, pres: Sequence, law, atoms: Callable[[], Collection[int]]
                 ) -> list[list[tuple[int, object]]]:
    """The events (by index into ``pres``) grouped to share a code: each group a list of
    ``(index, selector)``, the selectors of a group pairwise exclusive on ``law`` (None
    for an event alone in its group).  ``atoms`` gives the variables holding current
    facts; it is not asked below the ``SHARED_FROM`` floor, where every event is alone."""
    if sp.n < SHARED_FROM:
        return [[(i, None)] for i in range(len(pres))]
    atoms = atoms()
    groups: list[list[tuple[int, object]]] = []
    for i, pre in enumerate(pres):
        sel = selector(sp, pre, atoms)
        if sel is not None:
            for g in groups:
                if g[0][1] is not None and all((sel & s) <= ~law for _, s in g):
                    g.append((i, sel))
                    break
            else:
                groups.append([(i, sel)])
        else:
            groups.append([(i, None)])
    return [[(g[0][0], None)] if len(g) == 1 else g for g in groups]


def event_codes(sp: VarSpace, names: Sequence[str], groups, ebits: Sequence[int]
                ) -> tuple[dict, dict]:
    """The code of each event (unprimed, primed): its group's cube over ``ebits``, and its
    selector."""
    codes, codes_y = {}, {}
    for gi, members in enumerate(groups):
        cube, cube_y = sp.code(ebits, gi), sp.code(ebits, gi, primed=True)
        for i, sel in members:
            codes[names[i]] = cube if sel is None else cube & sel
            codes_y[names[i]] = cube_y if sel is None else cube_y & sp.prime(sel)
    return codes, codes_y
