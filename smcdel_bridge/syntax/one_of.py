"""``ONEOF(...)`` as the reference's parser expands it: what the LR driver builds for it
and what the printer recognises to write it back.  Apart from both, so that the printer,
loaded with the package, does not bring in the parser."""

from __future__ import annotations

from ..language import Conj, Disj, Form, Neg


def one_of(fs: tuple[Form, ...]) -> Form:
    """``ONEOF(...)`` as the reference expands it: some formula holds and no two
    (taken pairwise in both orders, duplicates removed once by list difference) do."""
    pairs = []
    for f1 in fs:
        rest = list(fs)
        rest.remove(f1)
        pairs.extend(Neg(Conj((f1, f2))) for f2 in rest)
    return Conj((Disj(tuple(fs)), Conj(tuple(pairs))))
