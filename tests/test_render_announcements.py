"""English of one announcement, and which formulas the renderer says in words."""

from __future__ import annotations

import pytest

from smcdel_bridge.language import Ck, Forall, K, Neg, Prp, PubAnnounce

from pyfront.problem.dsl import parse_problem
from pyfront.verbalize import announcement, premise, sayable, styles

MUDDY = parse_problem(
    "problem p\n  agents Ann, Bob, Cy\n  setup forehead\n  announce someone\n"
    "  announce Ann does not know whether muddy(Ann)\n  announce not muddy(Bob)\n"
)


@pytest.mark.parametrize("style", styles())
def test_announcement_sentences_are_the_premise_s_own(style):
    sentences = [announcement(MUDDY, k, style) for k in range(len(MUDDY.announcements))]
    assert premise(MUDDY, style).endswith(" " + " ".join(sentences))


def test_announcement_wording_per_style():
    assert announcement(MUDDY, 0) == "It is publicly announced that someone's forehead is muddy."
    assert announcement(MUDDY, 1, "natural").startswith("Then, everybody hears that Ann ")
    assert announcement(MUDDY, 0, "natural").startswith("First, ")


def test_sayable_formulas():
    assert sayable(Neg(K("Agenta", Prp(1))))
    # common knowledge and announcements inside formulas have words too (smcdel"…" hypotheses)
    assert sayable(Ck(("Agenta", "Agentb"), Prp(1)))
    assert sayable(K("Agenta", PubAnnounce(Prp(1), Prp(2))))
    assert not sayable(K("Agenta", Forall((1,), Prp(1))))
