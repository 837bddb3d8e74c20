"""States in the order the reference checker lists them.

The reference answers ``WHERE?`` (and lists the states of a structure) by walking the
BDD of the set, variables ordered by atom number: every path to the true leaf is a
partial assignment, the branch where the variable is true listed before the branch
where it is false.  Each path is then completed with the vocabulary atoms it leaves
open, taken in the order of ``VARS``, false before true, the first open atom varying
slowest.  So ``WHERE? 7`` over ``VARS 2,3,7,10`` gives ``[7] [7,10] [3,7] [3,7,10]
[2,7] …``, and the order depends on the shape of the set's BDD, not only on the set.

A reduced ordered BDD's node for a function is its smallest variable the function
depends on, and the node's children are the two cofactors; this module follows those
paths on truth tables directly.
"""

from __future__ import annotations

from itertools import product
from typing import Iterator, Sequence

from .bitspace import Space

#: The branch where the variable is true is listed first (HasCacBDD's ``allSats``).
TRUE_BRANCH_FIRST = True

State = tuple[int, ...]


def bdd_paths(sp: Space, bits: int, start: int = 0) -> Iterator[tuple[tuple[int, bool], ...]]:
    """Paths to the true leaf of the ROBDD of ``bits``: tuples of (variable, value)."""
    if not bits:
        return
    if bits == sp.full:
        yield ()
        return
    j = start
    while not sp.depends_on(bits, j):
        j += 1
    branches = (True, False) if TRUE_BRANCH_FIRST else (False, True)
    for value in branches:
        for rest in bdd_paths(sp, sp.cofactor(bits, j, value), j + 1):
            yield ((j, value),) + rest


def list_difference(xs: Sequence[int], ys: Sequence[int]) -> list[int]:
    """Haskell's ``xs \\\\ ys``: drop the first occurrence in ``xs`` of each ``y``."""
    out = list(xs)
    for y in ys:
        try:
            out.remove(y)
        except ValueError:
            pass
    return out


def reference_states(
    sp: Space, atoms: Sequence[int], vocab: Sequence[int], bits: int
) -> list[State]:
    """The assignments in ``bits`` as sorted tuples of true atoms, in the reference's order.

    ``atoms[j]`` is the atom of variable ``j``; ``vocab`` is the ``VARS`` list as written.
    """
    out: list[State] = []
    for path in bdd_paths(sp, bits):
        fixed = [(atoms[j], value) for j, value in path]
        open_atoms = list_difference(vocab, sorted(a for a, _ in fixed))
        true_fixed = [a for a, value in fixed if value]
        if not open_atoms:
            out.append(tuple(sorted(true_fixed)))
            continue
        for values in product((False, True), repeat=len(open_atoms)):
            true_atoms = true_fixed + [a for a, v in zip(open_atoms, values) if v]
            out.append(tuple(sorted(true_atoms)))
    return out
