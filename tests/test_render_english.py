"""English renderings: the published MindGames phrasing and the natural style."""

from __future__ import annotations

import pytest

from pyfront.problem.dsl import parse_problem
from pyfront.errors import UserError
from pyfront.verbalize import styles
from pyfront.verbalize import hypothesis as hypothesis_text
from pyfront.verbalize import premise as premise_text


def _pb(setup: str, body: str, agents: str = "Ann, Bob, Cy"):
    return parse_problem(f"problem p\n  agents {agents}\n  setup {setup}\n{body}")


def test_published_sentences_per_setup():
    pb = _pb("forehead", "  announce someone\n  announce not everyone\n  announce not muddy(Bob)\n"
             "  announce Ann knows whether nobody\n  announce Cy does not know whether everyone\n"
             "  announce Bob knows whether someone\n")
    assert premise_text(pb) == (
        "There are three persons. Everyone is visible to others. "
        "It is publicly announced that someone's forehead is muddy. "
        "It is publicly announced that not everyone's forehead is muddy. "
        "It is publicly announced that Bob's forehead is not muddy. "
        "It is publicly announced that Ann knows whether or not nobody's forehead is muddy. "
        "It is publicly announced that Cy does not know whether or not everyone's forehead is muddy. "
        "It is publicly announced that Bob knows whether someone's forehead is muddy."
    )
    mirror = _pb("forehead_mirror", "  announce muddy(Bob)\n", agents="Ann, Bob")
    assert premise_text(mirror) == (
        "There are two persons. Everyone is visible to others. There is a mirror in the room. "
        "It is publicly announced that Bob's forehead is muddy."
    )
    thirst = _pb("internal", "  announce not thirsty(Ann)\n  announce nobody\n", agents="Ann, Bob, Cy, Di")
    assert premise_text(thirst) == (
        "There are four persons. Everyone is visible to others. "
        "It is publicly announced that Ann is not thirsty. It is publicly announced that nobody is thirsty."
    )
    cards = _pb("explicit", "  Bob observes red(Ann), red(Bob)\n  Ann sees Cy\n  announce not red(Bob)\n")
    assert premise_text(cards) == (
        "There are three persons. Everyone is visible to others. "
        "Each person draws a card, face unrevealed (red or black). "
        "Cy's card is shown to Ann. Ann's card is shown to Bob. Bob's card is shown to Bob. "
        "It is publicly announced that Bob picked a black card."
    )


def test_hypotheses_can_now_know_then_can_know():
    pb = _pb("internal", "  hypothesis Ann knows that Bob knows whether everyone\n"
             "  hypothesis Cy knows whether thirsty(Cy)\n"
             "  hypothesis Ann knows that Bob knows that Cy knows whether nobody\n")
    assert hypothesis_text(pb, 0) == "Ann can now know that Bob can know whether or not everyone is thirsty."
    assert hypothesis_text(pb, 1) == "Cy can now know whether Cy is thirsty."
    assert hypothesis_text(pb, 2) == (
        "Ann can now know that Bob can know that Cy can know whether or not nobody is thirsty."
    )


def test_number_words():
    for n, word in [(2, "two"), (5, "five"), (10, "ten")]:
        names = ", ".join(f"P{i}" for i in range(n))
        assert premise_text(_pb("internal", "", agents=names)).startswith(f"There are {word} persons.")


def test_natural_style_is_another_telling():
    assert {"mindgames", "natural"} <= set(styles())
    pb = _pb("explicit", "  Ann observes red(Bob), red(Cy)\n  announce someone\n  announce Ann knows whether nobody\n"
             "  hypothesis Bob knows that red(Ann)\n")
    text = premise_text(pb, style="natural")
    assert text.startswith("Ann, Bob and Cy are together in a room")
    assert "Ann gets to see the cards of Bob and Cy." in text
    assert "Bob sees no card." in text
    assert "First, everybody hears that at least one person picked a red card." in text
    assert "Then, everybody hears that Ann knows whether or not nobody picked a red card." in text
    assert hypothesis_text(pb, 0, style="natural") == "Bob now knows that Ann picked a red card."


def test_unknown_style_is_a_user_error():
    pb = _pb("internal", "")
    with pytest.raises(UserError, match="unknown style 'fancy'"):
        premise_text(pb, style="fancy")


def test_custom_problem_reads_its_own_phrasing():
    pb = parse_problem(
        """problem c
  agents Mia, Ned
  predicate red "{x} holds a red card" / "{x} holds a black card"
  proposition bonus "the bonus round is on" / "the bonus round is off"
  Ned observes red(Mia), bonus
  law bonus implies red(Mia)
  announce not bonus
  hypothesis Ned knows that (red(Mia) or red(Ned))
""")
    assert premise_text(pb) == (
        "There are two persons. Mia sees nothing. "
        "Ned can see whether Mia holds a red card and whether the bonus round is on. "
        "It is known that if the bonus round is on, then Mia holds a red card. "
        "It is publicly announced that the bonus round is off."
    )
    assert hypothesis_text(pb, 0) == "Ned can now know that someone holds a red card."
