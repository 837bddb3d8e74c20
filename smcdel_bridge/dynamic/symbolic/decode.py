"""Back from symbolic to explicit: the worlds of a transformed model listed with the names
the explicit product update gives them (``"{w}.{e}"``), for callers that want a
:class:`KripkeModel` from the symbolic engine (small models only: each world is one
question to the BDDs)."""

from __future__ import annotations

from ..action import ActionModel
from ..kripke import KripkeModel
from ..semantics import pair_names
from .encode import encode_kripke


def explicit_update(model: KripkeModel, action: ActionModel) -> KripkeModel:
    """The product update of ``model`` with ``action``, computed as a transformer."""
    sm, codes = encode_kripke(model)
    new, ecodes = sm.transform(action)
    sp = sm.space
    false = sp.false
    origin, cubes = [], []
    for wi, w in enumerate(model.worlds):
        for ei, e in enumerate(action.events):
            cube = codes.x[w] & ecodes[e.name] & new.law
            if cube != false:
                origin.append((wi, ei))
                cubes.append(cube)
    names = pair_names(model.worlds, [e.name for e in action.events], origin)
    atoms = sorted(set(model.atoms) | {p for e in action.events for p in e.post})
    vals = {n: frozenset(p for p in atoms if p in new.cur
                         and (c & sp.x(new.cur[p])) != false)
            for n, c in zip(names, cubes)}
    primed = [sp.prime(c) for c in cubes]
    rels = {a: {n: frozenset(m for m, d in zip(names, primed) if (c & d & new.relations[a]) != false)
                for n, c in zip(names, cubes)} for a in model.agents}
    actual = tuple(n for n, c in zip(names, cubes) if (c & new.actual) != false)
    return KripkeModel(model.agents, names, vals, rels, actual, tuple(atoms))
