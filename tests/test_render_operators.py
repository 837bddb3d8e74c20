"""English for the operators a problem reaches only through ``smcdel"…"`` (common and
distributed knowledge, announcements inside formulas, XOR) and for counts: words, never
SMCDEL text with the internal agent ids.  Expected sentences are written by hand."""

from __future__ import annotations

import pytest

from pyfront.problem.dsl import parse_problem
from pyfront.puzzles.problems import dining_cryptographers_problem as dining_cryptographers
from pyfront.verbalize import hypothesis, styles

MUDDY = "problem p\n  agents Ann, Ben, Cat\n  setup forehead\n  announce someone\n"


def _hyp(body: str, style: str = "mindgames") -> str:
    return hypothesis(parse_problem(MUDDY + f"  hypothesis h: {body}\n"), 0, style)


def test_counts_read_as_counts_not_as_their_expansion():
    assert _hyp("exactly two muddy") == (
        "Exactly two of the following hold: Ann's forehead is muddy, Ben's forehead is muddy "
        "and Cat's forehead is muddy.")
    assert _hyp("Ann knows that at most one muddy", "natural") == (
        "Ann now knows that at most one of the following holds: Ann's forehead is muddy, "
        "Ben's forehead is muddy and Cat's forehead is muddy.")


def test_exactly_two_of_four_is_one_sentence_in_every_style():
    pb = parse_problem("problem p\n  agents Ann, Ben, Cat, Dan\n  setup forehead\n"
                       "  hypothesis h: muddy(Ann) implies exactly two muddy\n")
    for style in styles():
        text = hypothesis(pb, 0, style)
        assert "both both" not in text.lower() and "at least one of the following" not in text
        assert "exactly two of the following" in text


def test_mindgames_style_says_both_only_of_two():
    text = _hyp("(muddy(Ann) and muddy(Ben) and not muddy(Cat)) or not muddy(Ann)")
    assert "both" not in text
    assert text == ("Either all of the following hold: Ann's forehead is muddy, Ben's forehead is "
                    "muddy and Cat's forehead is not muddy or Ann's forehead is not muddy.")
    assert _hyp("(muddy(Ann) and muddy(Ben)) or not muddy(Ann)") == (
        "Either both Ann's forehead is muddy and Ben's forehead is muddy or Ann's forehead is not muddy.")


def test_common_knowledge_and_announcements_in_smcdel_text_are_said_in_words():
    text = _hyp('smcdel"(Ann,Ben) comknow that (1 & 2)"')
    assert text == ("It is common knowledge among Ann and Ben that Ann's forehead is muddy "
                    "and Ben's forehead is muddy.")
    assert _hyp('smcdel"[ ! 1 ] (Ben knows that 1)"') == (
        "After it is publicly announced that Ann's forehead is muddy, Ben can now know that "
        "Ann's forehead is muddy.")
    assert _hyp('smcdel"[ ? ! 1 ] (Ben knows that 1)"', "natural") == (
        "After everybody hears whether or not Ann's forehead is muddy, Ben now knows that "
        "Ann's forehead is muddy.")


@pytest.mark.parametrize("style", styles())
def test_dining_hypothesis_has_no_smcdel_text(style):
    pb = dining_cryptographers(3)
    text = hypothesis(pb, 0, style)
    for raw in ("Agenta", "XOR(", "comknow", "[ ", "->", "~"):
        assert raw not in text, (raw, text)
    assert "common knowledge among C1, C2 and C3" in text


def test_what_has_no_words_is_smcdel_text_with_the_agents_names():
    text = _hyp('smcdel"Forall 1 (Ann knows that (1 | ~1))"')
    assert "Ann" in text and "Agent" not in text
