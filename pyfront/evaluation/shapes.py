"""What a premise-blind reader sees of a statement, and statements that look the same.

A multiple-choice item leaks its answer when the true option differs from the others in
wording ("can now know whether" is mostly true, "cannot know" never is).  Distractors of
the same :func:`form_shape` as the true option differ from it only in who is who, which a
reader who never sees the premise cannot use: the names are the premise's.  They are
made by renaming the agents of the true option (:func:`renamings`), and the model checker
keeps the false ones.
"""

from __future__ import annotations

import random
from itertools import islice, permutations
from typing import Iterator, Mapping

from smcdel_bridge.language import Conj, Disj, Form, K, Kw, Neg, Prp

from pyfront.problem.model import Problem
from ..verbalize.describe import quantifier

#: agent renamings tried at most (all of them up to five agents)
MAX_RENAMINGS = 120


def form_shape(pb: Problem, f: Form) -> tuple:
    """The operators outermost first (``k`` / ``kw``, ``not`` for a negation), the chain's
    agents numbered by first appearance, and what is known: ``("p", i)`` the predicate of
    the chain's i-th agent (``None``: of someone outside it), possibly negated, or a
    quantifier (``someone``, ``everyone``, ``nobody``, ``not_everyone``)."""
    ops: list[str] = []
    agents: list[str] = []
    while True:
        if isinstance(f, (K, Kw)):
            ops.append("k" if isinstance(f, K) else "kw")
            agents.append(f.agent)
            f = f.f
        elif isinstance(f, Neg) and isinstance(f.f, (K, Kw)):
            ops.append("not")
            f = f.f
        else:
            break
    canon: dict[str, int] = {}
    pattern = tuple(canon.setdefault(a, len(canon)) for a in agents)
    return (tuple(ops), pattern, _what(pb, f, canon))


def _what(pb: Problem, f: Form, canon: dict[str, int]) -> tuple:
    q = quantifier(pb, f)
    if q is not None:
        return (q,)
    if isinstance(f, Prp):
        owner = pb.atom_owner(f.n)
        if owner is None:
            return ("atom", f.n)
        return ("p", canon.get(pb.agent_ids()[owner]))
    if isinstance(f, Neg):
        return ("not",) + _what(pb, f.f, canon)
    return ("other", type(f).__name__)


def rename(f: Form, agents: dict[str, str], atoms: dict[int, int]) -> Form:
    """``f`` with agents and predicate atoms renamed (the forms statements are made of)."""
    if isinstance(f, Prp):
        return Prp(atoms.get(f.n, f.n))
    if isinstance(f, (K, Kw)):
        return type(f)(agents.get(f.agent, f.agent), rename(f.f, agents, atoms))
    if isinstance(f, Neg):
        return Neg(rename(f.f, agents, atoms))
    if isinstance(f, (Conj, Disj)):
        parts = [rename(g, agents, atoms) for g in f.fs]
        if all(isinstance(g, Prp) for g in parts):  # "someone", "everyone": atoms in order
            parts.sort(key=lambda g: g.n)
        return type(f)(tuple(parts))
    return f


def renamings(pb: Problem, f: Form, rng: random.Random) -> Iterator[Form]:
    """``f`` under every renaming of the problem's agents (a seeded sample of at most
    :data:`MAX_RENAMINGS` for many agents), each distinct formula once, ``f`` itself not."""
    ids = pb.agent_ids()
    atoms = pb.predicate_atoms
    if len(ids) <= 5:
        perms = list(permutations(range(len(ids))))
        rng.shuffle(perms)
    else:
        perms = []
        for _ in range(MAX_RENAMINGS):
            p = list(range(len(ids)))
            rng.shuffle(p)
            perms.append(tuple(p))
    seen = {f}
    for p in islice(perms, MAX_RENAMINGS):
        agent_map = {ids[i]: ids[j] for i, j in enumerate(p)}
        atom_map = {atoms[i]: atoms[j] for i, j in enumerate(p)} if atoms else {}
        g = rename(f, agent_map, atom_map)
        if g not in seen:
            seen.add(g)
            yield g


def _permutations(n: int, rng: random.Random) -> list[tuple[int, ...]]:
    if n <= 5:
        perms = [p for p in permutations(range(n)) if p != tuple(range(n))]
        rng.shuffle(perms)
        return perms
    out = []
    for _ in range(MAX_RENAMINGS):
        p = list(range(n))
        rng.shuffle(p)
        out.append(tuple(p))
    return out


def orbits(pb: Problem, f: Form, rng: random.Random, limit: int = 4, *,
           weight: Mapping[Form, int] | None = None) -> list[list[Form]]:
    """For renamings τ of the agents in a seeded order, the cycle ``f, τf, τ²f, …`` (at
    most ``limit`` long, at least two): options that are one orbit of a renaming, so
    that renaming the agents by τ maps the set onto itself and ``f`` onto another member —
    nothing but the names tells ``f`` from the others.  Given ``weight``, only the cycles
    whose other members all have one, the heaviest first (ties in the seeded order)."""
    ids = pb.agent_ids()
    atoms = pb.predicate_atoms
    whole: list[list[Form]] = []
    cut: list[list[Form]] = []  # longer cycles, cut short: used only when no other fits
    seen: set[frozenset] = set()
    for p in _permutations(len(ids), rng):
        agent_map = {ids[i]: ids[j] for i, j in enumerate(p)}
        atom_map = {atoms[i]: atoms[j] for i, j in enumerate(p)} if atoms else {}
        cycle = [f]
        g = rename(f, agent_map, atom_map)
        while g != f and len(cycle) < 12:
            cycle.append(g)
            g = rename(g, agent_map, atom_map)
        key = frozenset(cycle[:limit])
        if len(cycle) >= 2 and key not in seen:
            seen.add(key)
            (whole if len(cycle) <= limit else cut).append(cycle[:limit])
    if weight is not None:
        def heaviest(cycles: list[list[Form]]) -> list[list[Form]]:
            kept = [c for c in cycles if all(g in weight for g in c[1:])]
            return sorted(kept, key=lambda c: -sum(weight[g] for g in c[1:]))
        whole, cut = heaviest(whole), heaviest(cut)
    return whole + cut
