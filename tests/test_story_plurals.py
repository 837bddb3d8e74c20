"""A plural thing takes a plural verb in the story English and the ToMi explanations:
"the peas are in the green bottle", "Where are the peas?" (ToMi itself writes "the peas
is"; the expected sentences here are written by hand)."""

from __future__ import annotations

from pyfront.story.dsl import parse_story
from pyfront.verbalize.story import question_text, story_text
from pyfront.words import be, plural_noun

STORY = """story peas
  agents Ann, Bob
  location(peas): green_bottle, red_drawer
  location(marble): box, basket
  actually the peas is in the green_bottle
  actually the marble is in the box
  Ann moves the peas to the red_drawer
  question q: where is the peas?
  question r: where does Bob think the peas is?
  question m: where is the marble?
"""


def test_plural_nouns():
    assert [plural_noun(w) for w in ("peas", "grapes", "red_slippers", "glass", "asparagus",
                                     "marble", "Charles", "bus")] == [
        True, True, True, False, False, False, False, False]
    assert be("peas") == "are" and be("marble") == "is"


def test_story_english_agrees_in_number():
    story = parse_story(STORY)
    text = story_text(story)
    assert "The peas are in the green bottle or in the red drawer." in text
    assert "the peas is" not in text.lower()
    assert "The marble is in the box or in the basket." in text
    questions = {q.name: question_text(story, q) for q in story.questions}
    assert questions == {"q": "Where are the peas?",
                         "r": "Where does Bob think the peas are?",
                         "m": "Where is the marble?"}


def test_tomi_explanations_agree_in_number():
    from pyfront.tomi.explain import chain_text

    assert chain_text(["Ann", "Bob"], "peas") == "Ann believes that Bob believes that the peas are in"
    assert chain_text([], "apple") == "the apple is in"
