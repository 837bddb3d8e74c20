"""Counting over a predicate: "at least two", "at most one", "exactly one".

SMCDEL formulas have no numbers, so a count is written out: "at least k of x1 … xn" is
the disjunction, over every k-element subset, of the conjunction of its atoms (one
subset: the conjunction alone; one atom: the atom).  "At most k" is "not at least k+1",
"exactly k" is "at least k and at most k".  The forms are canonical, so printers can
recognise them (:func:`recognise`) and write the count back.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from math import comb

from smcdel_bridge.language import BOT, TOP, Conj, Disj, Form, Neg, Prp

#: most subsets a count may expand to (a bigger one is a one-line error)
MAX_TERMS = 5000

WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve".split())}


def number(text: str) -> int:
    """``2`` or ``two`` -> 2."""
    return int(text) if text.isdigit() else WORDS[text]


def _one(fs: list[Form], cls) -> Form:
    return fs[0] if len(fs) == 1 else cls(tuple(fs))


def at_least(atoms: list[int], k: int) -> Form:
    n = len(atoms)
    if k <= 0:
        return TOP
    if k > n:
        return BOT
    if comb(n, k) > MAX_TERMS:
        raise ValueError(f"'at least {k}' of {n} expands to {comb(n, k)} cases (at most {MAX_TERMS})")
    return _one([_one([Prp(a) for a in subset], Conj) for subset in combinations(atoms, k)], Disj)


def at_most(atoms: list[int], k: int) -> Form:
    if k >= len(atoms):
        return TOP
    if k < 0:
        return BOT
    return Neg(at_least(atoms, k + 1))


def exactly(atoms: list[int], k: int) -> Form:
    if k < 0 or k > len(atoms):
        return BOT
    if k == 0:
        return at_most(atoms, 0)
    if k == len(atoms):
        return at_least(atoms, k)
    return Conj((at_least(atoms, k), at_most(atoms, k)))


COUNTS = {"at least": at_least, "at most": at_most, "exactly": exactly}


def recognise(f: Form, atoms: list[int]) -> tuple[str, int] | None:
    """``("at least" | "at most" | "exactly", k)`` when ``f`` is that count over ``atoms``
    (k strictly between 0 and the number of atoms, where the words say something)."""
    if not isinstance(f, (Disj, Conj, Neg)):
        return None
    return _table(tuple(atoms)).get(f)


@lru_cache(maxsize=64)
def _table(atoms: tuple[int, ...]) -> dict[Form, tuple[str, int]]:
    n = len(atoms)
    out: dict[Form, tuple[str, int]] = {}
    for k in range(n - 1, 0, -1):
        for word in ("at most", "at least", "exactly"):
            if comb(n, k + (word == "at most")) > MAX_TERMS or (word == "exactly" and comb(n, k + 1) > MAX_TERMS):
                continue
            out[COUNTS[word](list(atoms), k)] = (word, k)
    return out
