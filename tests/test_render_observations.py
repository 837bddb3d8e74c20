"""A problem without a published setup says what each person observes (issue 42).

"Everyone is visible to others." is the published setups' sentence; a blindfolded child
or a card game read instead, in every style, who can see what, from the problem's own
observation rows (the oracle below reads the matrix and the phrases from the DSL text).
"""

from __future__ import annotations

import pytest

from pyfront.problem.dsl import parse_problem
from pyfront.verbalize import premise, styles

GAME = """problem game
  agents Mia, Ned, Ola
  predicate red "{x} holds a red card" / "{x} holds a black card"
  proposition bonus "the bonus round is on" / "the bonus round is off"
  Ned: 1 1 1 0
  Mia sees Mia
  Ola observes nothing
  announce bonus
"""
#: the oracle: row by row, what each one can see (the matrix's columns are
#: red(Mia) red(Ned) red(Ola) bonus)
SEEN = {"Mia": ["Mia holds a red card"],
        "Ned": ["Mia holds a red card", "Ned holds a red card", "Ola holds a red card"],
        "Ola": []}


@pytest.mark.parametrize("style", styles())
def test_no_setup_no_everyone_is_visible(style):
    text = premise(parse_problem(GAME), style=style)
    assert "visible" not in text.lower(), text


def test_each_person_s_observations_are_said_in_the_published_style():
    text = premise(parse_problem(GAME), style="mindgames")
    for who, seen in SEEN.items():
        if not seen:
            assert f"{who} sees nothing." in text
            continue
        said = seen[0] if len(seen) == 1 else (
            ", whether ".join(seen[:-1]) + ", and whether " + seen[-1] if len(seen) > 2
            else " and whether ".join(seen))
        assert f"{who} can see whether {said}." in text, text


def test_a_blind_child_is_told_so():
    pb = parse_problem("problem blind\n  agents Ann, Bob, Cy\n  predicate muddy \"{x} is muddy\" / \"{x} is clean\"\n"
                       "  Ann sees Bob, Cy\n  Bob sees Ann, Cy\n  Cy observes nothing\n  announce someone\n")
    for style in styles():
        text = premise(pb, style=style)
        assert "visible" not in text.lower()
        assert ("Cy sees nothing." in text) or ("Cy observes nothing." in text), (style, text)


def test_published_setups_keep_the_published_sentence():
    pb = parse_problem("problem p\n  agents Ann, Bob\n  setup forehead\n  announce someone\n")
    assert premise(pb, style="mindgames").startswith("There are two persons. Everyone is visible to others.")
