"""Lists of the same operator read as one list, with one "either" (issue 42, "The words").

``(p or q) or r``, and SMCDEL's ``(1|2|3)``, which its parser reads as the left-nested chain
``((1|2)|3)``, are one disjunction of three parts: "either p, q or r", never "either either".
The published MindGames phrasing is kept word for word (``verbalize --compare``).
"""

from __future__ import annotations

import re

import pytest

from pyfront.problem.dsl import parse_problem
from pyfront.verbalize import hypothesis, styles

ANN, BOB, CID = ("Ann's forehead is muddy", "Bob's forehead is muddy", "Cid's forehead is muddy")


def _pb(*hypotheses: str):
    body = "".join(f"  hypothesis h{i}: {h}\n" for i, h in enumerate(hypotheses))
    return parse_problem("problem p\n  agents Ann, Bob, Cid\n  setup forehead\n" + body)


NESTED = ["(muddy(Ann) or muddy(Bob)) or muddy(Cid)", "muddy(Ann) or (muddy(Bob) or muddy(Cid))",
          'smcdel"(1|2|3)"', 'smcdel"((1|2)|3)"']


@pytest.mark.parametrize("style", ["mindgames", "natural"])
@pytest.mark.parametrize("text", NESTED)
def test_a_nested_disjunction_has_one_either(style, text):
    said = hypothesis(_pb(f"Ann knows that ({text})" if "smcdel" not in text else text), 0, style)
    assert len(re.findall(r"\beither\b", said, re.I)) <= 1, said
    assert "either either" not in said.lower()


@pytest.mark.parametrize("style", ["mindgames", "natural"])
def test_a_flattened_list_names_each_part_once(style):
    said = hypothesis(_pb("Ann knows that (muddy(Bob) or (muddy(Cid) or not muddy(Ann)))"), 0, style)
    assert said.count(BOB) == 1 and said.count(CID) == 1 and said.count("Ann's forehead is not muddy") == 1
    assert re.search(r"either Bob's forehead is muddy, Cid's forehead is muddy,? or Ann's "
                     r"forehead is not muddy", said), said


def test_the_smcdel_chain_over_every_atom_is_someone():
    for style in styles():
        said = hypothesis(_pb('smcdel"Agenta knows that (1|2|3)"'), 0, style)
        assert "either" not in said.lower(), said


@pytest.mark.parametrize("style", ["mindgames", "natural"])
def test_nested_conjunctions_are_one_list(style):
    said = hypothesis(_pb("Ann knows that (muddy(Bob) and (muddy(Cid) and not muddy(Ann)))"), 0, style)
    assert said.lower().count("both") == 0 and "and both" not in said, said


def test_story_lists_have_one_either():
    from pyfront.story.dsl import parse_story
    from pyfront.verbalize.story import hypothesis_text
    from smcdel_bridge.language import Disj

    story = parse_story("story s\n  agents Ann, Bob\n  colour(hat): red, blue, green\n"
                        "  hypothesis h: (colour(hat) is red or colour(hat) is blue) or colour(hat) is green\n")
    said = hypothesis_text(story, story.queries()[0].formula)
    assert isinstance(story.queries()[0].formula, Disj)
    assert "either either" not in said.lower() and said.lower().count("either") <= 1, said
