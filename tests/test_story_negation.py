"""A story fact declared with one phrase is negated as a person would say it (issue 42).

Before: "the exam is cancelled or the exam is cancelled", "it is not true that the exam is
cancelled".  The phrase for false is derived from the phrase (``pyfront.words.negate``) or
declared: ``proposition exam "the exam is cancelled" / "the exam goes ahead"``.
"""

from __future__ import annotations

import pytest

from pyfront.story.dsl import parse_story
from pyfront.story.dsl_print import to_dsl
from pyfront.verbalize.story import hypothesis_text, story_text
from pyfront.words import negate

STORY = """story exam
  agents Ann, Bob
  proposition exam "the exam is cancelled"{negative}
  Ann observes exam
  actually not exam
  hypothesis bob: Bob knows whether exam expect false
  hypothesis ann: Ann knows that not exam expect true
  hypothesis either: not exam or exam expect true
  question q: what does Bob think exam is? expect true, false
"""


@pytest.mark.parametrize("phrase,negated", [
    ("the exam is cancelled", "the exam is not cancelled"),
    ("Bob has received the plan", "Bob has not received the plan"),
    ("Amy's secret holds", "Amy's secret does not hold"),
    ("coin 1 shows heads", "coin 1 does not show heads"),
    ("the light is not on", "the light is on"),
    ("Ann has a red card", "Ann does not have a red card"),
    ("the NSA paid", None),
    ("the dogs bark", None),
])
def test_negate(phrase, negated):
    assert negate(phrase) == negated


def test_a_derived_negation_everywhere():
    story = parse_story(STORY.format(negative=""))
    text = story_text(story)
    assert "Ann knows that the exam is not cancelled." in text
    assert "Either the exam is not cancelled or the exam is cancelled." in text
    assert "it is not true that" not in text.lower()
    assert "Bob knows whether the exam is cancelled." in text


def test_a_declared_negation_is_used_and_printed_back():
    story = parse_story(STORY.format(negative=' / "the exam goes ahead"'))
    q = [x for x in story.queries() if x.name == "ann"][0]
    assert hypothesis_text(story, q.formula) == "Ann knows that the exam goes ahead."
    again = parse_story(to_dsl(story))
    assert again.variable("exam").negative == "the exam goes ahead"


def test_a_phrase_without_a_verb_found_falls_back_once():
    story = parse_story(STORY.replace("the exam is cancelled", "the NSA paid").format(negative=""))
    q = [x for x in story.queries() if x.name == "ann"][0]
    assert hypothesis_text(story, q.formula) == "Ann knows that it is not true that the NSA paid."


def test_explain_never_says_a_fact_or_itself(capsys, tmp_path):
    from pyfront.cli import main

    path = tmp_path / "exam.del"
    path.write_text(STORY.format(negative=""), encoding="utf-8")
    main(["explain", str(path)])
    out = capsys.readouterr().out
    assert "the exam is cancelled or the exam is cancelled" not in out
    assert "the exam is cancelled or the exam is not cancelled" in out
    assert "it is not true that the exam" not in out
    assert "Bob thinks that the exam is cancelled or the exam is not cancelled." in out
