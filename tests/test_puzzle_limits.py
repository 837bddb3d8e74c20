"""``mindgames puzzle`` refuses at once what no checker can go through, and writes the
rest cheaply (Russian cards with a large deck)."""

from __future__ import annotations

import re
import time

import pytest

from pyfront.cli import main


def test_a_huge_deck_is_refused_at_once(capsys):
    started = time.monotonic()
    assert main(["puzzle", "russian-cards", "--cards", "60", "--deal", "20,20,20"]) == 1
    took = time.monotonic() - started
    err = capsys.readouterr().err
    # 60! / (20! 20! 20!) = 5.78e26 deals
    assert err.strip() == ("mindgames: 60 cards dealt 20/20/20 make 5.8e+26 deals (at most "
                           "1,000,000, which the checkers can go through): choose a smaller deck")
    assert took < 1


@pytest.mark.parametrize("cards, deal, deals", [(12, "4,4,4", 34_650), (16, "6,5,5", 2_018_016),
                                                 (15, "5,5,5", 756_756)])
def test_the_bound_counts_deals(capsys, tmp_path, cards, deal, deals):
    # the counts: 12!/(4!4!4!), 16!/(6!5!5!), 15!/(5!5!5!) worked by hand
    code = main(["puzzle", "russian-cards", "--cards", str(cards), "--deal", deal,
                 "-o", str(tmp_path / "rc.del")])
    assert code == (0 if deals <= 1_000_000 else 1)


def test_a_mid_size_deck_is_written_quickly(capsys, tmp_path):
    out = tmp_path / "rc9.del"
    started = time.monotonic()
    assert main(["puzzle", "russian-cards", "--cards", "9", "--deal", "3,3,3",
                 "-o", str(out)]) == 0
    assert time.monotonic() - started < 2
    text = out.read_text()
    # Anne holds 0, 1, 2; the other hand announced is the first (in lexicographic order)
    # sharing at most one card with hers: 0, 3, 4
    assert "one of 012, 034;" in text
    said = re.search(r"announce Anne knows that \((.*)\)", text).group(1)
    assert said == "a0 + a1 + a2 = 3 or a0 + a3 + a4 = 3"


def test_the_comment_tells_the_answer_at_the_size_asked(capsys):
    # by hand, numbers 0..2: the pairs 01 10 12 21; Anne's "I don't know" removes a = 0
    # and a = 2 (she would know b), leaving 10 and 12, where Bill holds 0 or 2 and would
    # know a = 1: his "I don't know" removes both; nothing is left
    assert main(["puzzle", "consecutive", "--bound", "2"]) == 0
    text = capsys.readouterr().out
    assert "# At this size no pair is left after the talk." in text
    assert "Anne 2 and Bill 3" not in text
    # x + y <= 100: Freudenthal's one pair, 4 and 13
    assert main(["puzzle", "sum-product"]) == 0
    assert "# At this size exactly one pair is left: x = 4, y = 13." in capsys.readouterr().out
    assert main(["puzzle", "sum-product", "--max", "50"]) == 0
    assert "x + y <= 100" not in capsys.readouterr().out
