"""What the model checker says about formulas after a problem's announcements.

Every option of a multiple-choice item and every prospective question is decided here,
on the native backend, one SMCDEL input per problem (one ``VALID?`` job per formula).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

from smcdel_bridge.language import Form, PubAnnounce
from smcdel_bridge.program import CheckInput, Structure, ValidQ

from pyfront.problem.model import Problem


@lru_cache(maxsize=1)
def _backend():
    from smcdel_bridge.backend import get_backend

    return get_backend("native")


def announced(anns: Sequence[Form], f: Form) -> Form:
    """``[ ! a1 ] … [ ! an ] f``."""
    for a in reversed(anns):
        f = PubAnnounce(a, f)
    return f


def valid_after(pb: Problem, formulas: Sequence[Form], extra: Sequence[Form] = ()) -> list[bool]:
    """For each formula: is it valid after the problem's announcements, then ``extra``?"""
    from pyfront.problem.to_smcdel import obs_entries

    if not formulas:
        return []
    anns = [a.formula for a in pb.announcements] + list(extra)
    vocab, entries = obs_entries(pb, [pb.law, *anns, *formulas])
    structure = Structure(tuple(vocab), pb.law, tuple((i, tuple(r)) for i, r in entries))
    jobs = tuple(ValidQ(announced(anns, f)) for f in formulas)
    return [bool(a.value) for a in _backend().run(CheckInput(structure, jobs))]

