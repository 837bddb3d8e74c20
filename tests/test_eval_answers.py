"""Reading replies: tolerant of case, punctuation, yes/no, a letter or the option text;
anything else is unparsed (None)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pyfront.evaluation.answers import parse_choice, parse_nli

OPTIONS = ["Bob can now know that Ann's forehead is muddy.",
           "Bob cannot now know that Ann's forehead is muddy.",
           "Ann can now know whether Bob's forehead is muddy.",
           "None of the above"]


@pytest.mark.parametrize("reply, expected", [
    ("True", 0), ("true.", 0), ("  TRUE!", 0), ("Answer: True", 0), ("Yes", 0), ("entailment", 0),
    ("False", 1), ("false", 1), ("No.", 1), ("not_entailment", 1), ("Not entailment", 1),
    ("It is not true.", 1), ("The answer is: False, because…", 1),
    ("maybe", None), ("", None), ("I cannot tell", None),
])
def test_nli(reply, expected):
    assert parse_nli(reply) == expected


@pytest.mark.parametrize("reply, expected", [
    ("B", 1), ("b", 1), ("(c)", 2), ("[D]", 3), ("Answer: A.", 0), ("The answer is C", 2),
    ("option d", 3), ("A. Bob can now know", 0), ("c) whatever", 2),
    ("bob cannot now know that ann's forehead is muddy", 1),
    ("I think: Ann can now know whether Bob's forehead is muddy.", 2),
    ("none of the above.", 3),
    ("E", None), ("a dog barked", None), ("I think B", None), ("", None),
])
def test_choice(reply, expected):
    assert parse_choice(reply, OPTIONS) == expected


decorate = st.sampled_from(["{}", "{}.", " {} ", "({})", "Answer: {}", "{}!", "The answer is {}"])


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.booleans(), decorate, st.booleans())
def test_letter_or_text_in_any_case(index, lower, wrap, by_text):
    said = OPTIONS[index] if by_text else "ABCD"[index]
    said = said.lower() if lower else said.upper() if by_text else said
    assert parse_choice(wrap.format(said), OPTIONS) == index
