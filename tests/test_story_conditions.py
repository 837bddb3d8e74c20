"""Event models whose lines are decided at the actual world: ``only when F`` (a guard, no
event's precondition), ``X considers E at F when C`` and ``P becomes G when C``.  The
answers are worked by hand: Bob sees the box opened only when he is looking."""

from __future__ import annotations

import pytest

from pyfront.errors import UserError
from pyfront.story.compile import evaluate
from pyfront.story.dsl import parse_story
from pyfront.story.dsl_print import to_dsl

BOX = """story box
  agents Ann, Bob
  proposition opened
  proposition looking
  proposition lit
  it is common knowledge that not opened
  it is common knowledge that not lit
  actually not opened and {looking}looking and not lit
  event model "open"
    only when not opened
    event done: pre true post opened becomes true, lit becomes true when looking
    event skip: pre true
    Bob considers skip at skip
    Bob considers done at done when looking
    Bob considers skip at done when not looking
    actual done
  end
  hypothesis ann: Ann believes that opened
  hypothesis bob: Bob believes that opened
  hypothesis lit: lit
"""


@pytest.mark.parametrize("looking, bob, lit", [("", True, True), ("not ", False, False)])
def test_who_observes_is_decided_at_the_actual_world(looking, bob, lit):
    story = parse_story(BOX.format(looking=looking))
    answers = {r.name: r.answer for r in evaluate(story)}
    assert answers == {"ann": True, "bob": bob, "lit": lit}


def test_the_guard_stops_the_story_with_its_line():
    text = BOX.format(looking="") + '  event model "open"\n    only when not opened\n' \
        "    event done: pre true\n    actual done\n  end\n"
    story = parse_story(text)
    with pytest.raises(UserError) as err:
        _ = [r for r in evaluate(story)]
    assert "its 'only when' condition" in str(err.value)
    assert err.value.line == text.splitlines().index('  event model "open"', 10) + 1


def test_conditions_print_back_as_written():
    text = BOX.format(looking="")
    assert to_dsl(parse_story(text)) == text


def test_a_model_block_has_no_conditions():
    text = ("story s\n  agents Ann\n  proposition p\n  model\n    world w0: p\n"
            "    world w1\n    Ann considers w0, w1 at w0 when p\n    actual w0\n  end\n")
    with pytest.raises(UserError) as err:
        parse_story(text)
    assert err.value.line == 7 and "no 'when' condition" in str(err.value)


def test_conditions_survive_json():
    from pyfront.story.model import Story

    story = parse_story(BOX.format(looking=""))
    again = Story.model_validate(story.model_dump())
    assert again.events == story.events
    assert again.events[0].considers_when and again.events[0].when is not None
