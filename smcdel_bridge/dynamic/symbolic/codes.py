"""Event codes: which event of an action a world of the product comes from.

Each event gets a cube over fresh event bits, except that events whose preconditions each
fix one fact and exclude one another on the law (seeing that p and seeing that not p,
seeing each value of a variable, telling whether p) share one cube and are told apart by
that fact.  The product is the same (a world and an event whose precondition holds there
have exactly one code), but the law no longer ties the fact to the event bits: with the
facts declared first and the bits of each event below those of the events before it, a law
tying them has to carry every such fact down to the bits (it doubled with each peek at
another proposition, past a million nodes for 16 agents and 120 events).  Only the
relations of the agents who tell those events apart compare the fact instead.
"""

from __future__ import annotations

from typing import Collection, Sequence

from .space import VarSpace


def selector(sp: VarSpace, pre, law, atoms: Collection[int]):
    """A literal over one of the variables ``atoms`` that ``pre`` implies on ``law`` (the
    lowest-numbered such variable, positive first), or None."""
    if pre == sp.true or pre == sp.false:
        return None
    for k in sorted(sp.var_numbers(pre)):
        if k not in atoms:
            continue
        for lit in (sp.x(k), ~sp.x(k)):
            if (pre & ~lit) <= ~law:
                return lit
    return None


def event_groups(sp: VarSpace, pres: Sequence, law, atoms: Collection[int]
                 ) -> list[list[tuple[int, object]]]:
    """The events (by index into ``pres``) grouped to share a code: each group a list of
    ``(index, selector)``, the selectors of a group pairwise exclusive on ``law`` (None
    for an event alone in its group)."""
    groups: list[list[tuple[int, object]]] = []
    for i, pre in enumerate(pres):
        sel = selector(sp, pre, law, atoms)
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
