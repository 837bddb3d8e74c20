"""Number puzzles: the answers the literature (and SMCDEL's own test suite) gives, through
``mindgames check`` on both embedded engines.

Expected values are hand or literature facts: Cheryl's birthday is July 16 (the 2015
olympiad's answer); Sum and Product with 2 <= x < y, x + y <= 100 has the single solution
4, 13 (Freudenthal; SMCDEL's test suite); What Sum with numbers up to 50 leaves 330 states
(SMCDEL's test suite); Russian cards 3/3/1 has 102 safe announcements among SMCDEL's
candidate lists (its test suite), the classic one among them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyfront.cli import main

PUZZLES = Path(__file__).resolve().parents[1] / "examples" / "puzzles"


def check(path, capsys, *options) -> list[dict]:
    code = main(["check", "-q", "--json", str(path), *options])
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert code == 0, rows
    return rows


def answer_of(rows, name) -> list[dict]:
    (row,) = [r for r in rows if r["name"].endswith("/" + name)]
    return row["answer"]


def test_cheryls_birthday_is_july_16(capsys):
    rows = check(PUZZLES / "cheryls_birthday.del", capsys)
    assert answer_of(rows, "birthday") == [{"month": "July", "day": 16}]


def test_sum_and_product_has_one_solution(capsys):
    rows = check(PUZZLES / "sum_and_product.del", capsys)
    assert answer_of(rows, "solution") == [{"x": 4, "y": 13}]


def test_what_sum_leaves_330(capsys):
    rows = check(PUZZLES / "what_sum.del", capsys)
    left = answer_of(rows, "left")
    assert len(left) == 330
    # each remaining triple still has one number the sum of the other two
    assert all(a + b == c or a + c == b or b + c == a for a, b, c in
               (tuple(r.values()) for r in left))


def test_russian_cards_classic_announcement_is_safe(capsys):
    rows = check(PUZZLES / "russian_cards.del", capsys)
    assert len(rows) == 6 and all(r["valid"] and r["agrees"] for r in rows)


def test_russian_cards_has_102_safe_announcements(capsys):
    assert main(["puzzle", "russian-cards", "--safe"]) == 0
    out = capsys.readouterr().out.splitlines()
    lists = [line.split() for line in out if not line.startswith("#")]
    assert len(lists) == 102
    assert ["012", "034", "056", "135", "246"] in lists
    assert out[-1].startswith("# 102 safe announcements")


@pytest.mark.parametrize("name", ["cheryls_birthday", "consecutive_numbers", "coordinated_attack",
                                  "russian_cards", "three_wise_men"])
def test_both_engines_give_the_same_answers(capsys, name):
    explicit = check(PUZZLES / f"{name}.del", capsys, "--engine", "explicit")
    symbolic = check(PUZZLES / f"{name}.del", capsys, "--engine", "symbolic")
    assert explicit == symbolic
    assert all(r["agrees"] for r in explicit)


@pytest.mark.parametrize("size", [10, 30])
def test_engines_agree_on_smaller_sum_and_product(tmp_path, capsys, size):
    path = tmp_path / "sp.del"
    assert main(["puzzle", "sum-product", "--max", str(size), "-o", str(path)]) == 0
    capsys.readouterr()
    assert check(path, capsys, "--engine", "explicit") == check(path, capsys, "--engine", "symbolic")


def test_what_sum_by_hand_for_small_bound(tmp_path, capsys):
    """Bound 3 against a brute-force count written out here (S5 by hand: an agent knows
    its number when one remaining triple matches the two numbers it sees)."""
    path = tmp_path / "ws.del"
    assert main(["puzzle", "what-sum", "--bound", "3", "-o", str(path)]) == 0
    capsys.readouterr()
    (row,) = check(path, capsys)
    triples = [(a, b, c) for a in range(1, 4) for b in range(1, 4) for c in range(1, 4)
               if a + b == c or a + c == b or b + c == a]
    live = set(triples)
    for k in range(3):
        def knows(t):
            seen = tuple(x for i, x in enumerate(t) if i != k)
            return len({u for u in live if tuple(x for i, x in enumerate(u) if i != k) == seen}) == 1
        live = {t for t in live if not knows(t)}
    brute = sorted(live)
    assert sorted(tuple(r.values()) for r in row["answer"]) == brute


def test_auto_hands_what_the_value_engine_lacks_to_the_bdd_engine():
    """A private announcement (no DSL words yet, but the model takes it): the value engine
    does not evaluate it; ``auto`` answers through the encoding, ``explicit`` says why not.
    By hand: after A alone learns x = 1, A knows x = 1 (valid: the announcement is
    vacuous where x != 1)."""
    from smcdel_bridge.language import Announce, K
    from smcdel_bridge.terms import Cmp, Const, Var

    from pyfront.checking.evaluate import evaluate_native
    from pyfront.data.items import CheckItem
    from pyfront.problem.model import Agent, Hypothesis, Problem
    from pyfront.problem.puzzle_check import puzzle_jobs
    from pyfront.problem.values import Variable

    x1 = Cmp("=", Var("x"), Const(1))
    pb = Problem(name="p", agents=[Agent(name="A"), Agent(name="B")],
                 variables=[Variable(name="x", values=(0, 1, 2), is_range=True)],
                 observed_terms=[(), (Var("x"),)],
                 hypotheses=[Hypothesis(name="h", formula=Announce(("Agenta",), x1, K("Agenta", x1)))])
    (_, _, job), = puzzle_jobs(pb)
    item = CheckItem(source="p.del", row=0, problem="", puzzle=job)
    (_, auto), = evaluate_native([item], engine="auto")
    assert auto["valid"] is True and "error" not in auto
    (_, explicit), = evaluate_native([item], engine="explicit")
    assert "does not evaluate Announce" in explicit["error"]
