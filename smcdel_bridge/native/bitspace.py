"""Boolean functions over ``n`` variables as Python ints (truth tables).

Variable ``j`` (``0 <= j < n``) is bit ``j`` of an assignment index, and a Boolean
function is the int whose bit ``i`` is its value at assignment ``i``.  Conjunction,
disjunction and negation are then single big-int operations, and quantifying one
variable away is a shift, a mask and two more operations.  A :class:`Space` holds the
masks for one ``n`` (shared, built once per size).

This is the same object a BDD stands for — a function on *all* assignments, not only
on the states satisfying some law — which is what lets the explicit engine reproduce
the reference checker exactly, including at assignments that break the state law.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Iterable, Iterator

#: Largest number of variables a :class:`Space` may have (2**24 assignments, 2 MiB ints).
MAX_VARIABLES = 24


class Space:
    """Masks for Boolean functions over ``n`` variables.

    ``full`` is the constant true function, ``var[j]`` the function "variable j is
    true" and ``low[j]`` its complement ("variable j is false").
    """

    __slots__ = ("n", "size", "full", "var", "low", "shift")

    def __init__(self, n: int):
        if not 0 <= n <= MAX_VARIABLES:
            raise ValueError(f"a space has 0 to {MAX_VARIABLES} variables, not {n}")
        self.n = n
        self.size = 1 << n
        self.full = (1 << self.size) - 1
        self.shift = tuple(1 << j for j in range(n))
        var = []
        for j in range(n):
            step = 1 << j
            pattern = ((1 << step) - 1) << step  # one period: 2**j zeros, then 2**j ones
            width = step << 1
            while width < self.size:
                pattern |= pattern << width
                width <<= 1
            var.append(pattern)
        self.var = tuple(var)
        self.low = tuple(self.full ^ m for m in var)

    def __repr__(self) -> str:
        return f"Space({self.n})"

    # --- quantifiers -------------------------------------------------------------

    def forall(self, bits: int, positions: Iterable[int]) -> int:
        """Universal quantification of the variables at ``positions``."""
        low, shift = self.low, self.shift
        for j in positions:
            s = shift[j]
            both = bits & (bits >> s) & low[j]
            bits = both | (both << s)
        return bits

    def forall_either(self, a: int, b: int, positions: Iterable[int]) -> int:
        """``forall(a, positions) | forall(b, positions)`` in one pass (knowing whether)."""
        low, shift = self.low, self.shift
        for j in positions:
            s, m = shift[j], low[j]
            x = a & (a >> s) & m
            y = b & (b >> s) & m
            a = x | (x << s)
            b = y | (y << s)
        return a | b

    def exists(self, bits: int, positions: Iterable[int]) -> int:
        """Existential quantification of the variables at ``positions``."""
        low, shift = self.low, self.shift
        for j in positions:
            s = shift[j]
            either = (bits | (bits >> s)) & low[j]
            bits = either | (either << s)
        return bits

    # --- cofactors ---------------------------------------------------------------

    def cofactor(self, bits: int, j: int, value: bool) -> int:
        """``bits`` with variable ``j`` fixed to ``value`` (result independent of ``j``)."""
        s = self.shift[j]
        if value:
            half = (bits >> s) & self.low[j]
        else:
            half = bits & self.low[j]
        return half | (half << s)

    def depends_on(self, bits: int, j: int) -> bool:
        """Whether the function changes with variable ``j``."""
        s = self.shift[j]
        low = self.low[j]
        return (bits & low) != ((bits >> s) & low)

    # --- assignments -------------------------------------------------------------

    def members(self, bits: int) -> Iterator[int]:
        """Indices of the assignments where ``bits`` is true, ascending."""
        while bits:
            low = bits & -bits
            yield low.bit_length() - 1
            bits ^= low


@lru_cache(maxsize=None)
def space(n: int) -> Space:
    """The shared :class:`Space` of ``n`` variables."""
    return Space(n)


def widen(bits: int, n: int) -> int:
    """A function over ``n`` variables seen as one over ``n + 1`` (not depending on the new one)."""
    return bits | (bits << (1 << n))
