"""The natural style reads as a person writes (issue 42, "The words").

No "Exactly if …, then …", no sentence that opens "Both …, and …", no "all of the
following: …" without its verb; scope stays recoverable (``test_render_natural.py`` keeps
the rendering injective).
"""

from __future__ import annotations

import re

from hypothesis import given, settings

from pyfront.problem.dsl import parse_problem
from pyfront.verbalize import formula_text
from smcdel_bridge.language import Conj, Disj, Equi, Impl, K, Neg, Prp

from test_render_natural import _formulas

PB = parse_problem("problem p\n  agents Ann, Bob\n  setup forehead\n")
P, Q = Prp(1), Prp(2)
A, B = "Ann's forehead is muddy", "Bob's forehead is muddy"


def say(f) -> str:
    return formula_text(PB, f, "natural")


def test_a_biconditional_reads_if_and_only_if():
    assert say(Equi(P, Q)) == f"{A[0].upper()}{A[1:]} if and only if {B}."
    inside = say(K("Agenta", Equi(P, Q)))
    assert inside == f"Ann knows that both or neither of the following hold: {A} and {B}."


def test_a_conjunction_said_whole_opens_with_no_both():
    assert say(Conj((K("Agenta", P), Q))) == f"Ann knows that {A}, and {B}."
    assert say(Conj((P, Neg(Q)))) == f"{A[0].upper()}{A[1:]} and Bob's forehead is not muddy."


def test_a_list_has_its_verb():
    text = say(K("Agenta", Conj((P, Q, Neg(P)))))
    assert text == (f"Ann knows that all of the following hold: {A}, {B} and "
                    "Ann's forehead is not muddy.")


@settings(max_examples=80, deadline=None)
@given(_formulas())
def test_no_phrase_a_person_would_not_write(f):
    text = say(f)
    assert "exactly if" not in text.lower(), text
    # a conjunction that is the whole sentence never opens with "Both" (a compound inside
    # another keeps its own opening words: "Both p and q, if and only if r")
    # ("Both or neither of the following" is an equivalence inside it, opening its part)
    assert not (isinstance(f, Conj) and text.startswith("Both ")
                and not text.startswith("Both or neither ")), text
    assert not re.search(r"of the following:", text), text
    assert "either either" not in text.lower() and "both both" not in text.lower(), text
