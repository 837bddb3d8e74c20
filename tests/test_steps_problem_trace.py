"""``mindgames trace`` of a problem, at an actual state, against a hand-listed Kripke model.

The oracle lists the four deals of two cards, lets each player tell deals apart by the cards
they see, keeps the deals each announcement leaves, and follows a chain by the players'
relations from the actual deal: the values of a card over the deals reached.
"""

from __future__ import annotations

import itertools
import json

from pyfront.cli import main

PROBLEM = """problem two_cards
  agents Ann, Bob
  setup explicit
  Ann sees Bob's card
  announce red(Ann) or red(Bob)
  announce red(Bob)
"""
CARDS = ("red(Ann)", "red(Bob)")
SEES = {"Ann": {"red(Bob)"}, "Bob": set()}
ANNOUNCED = (lambda d: d["red(Ann)"] or d["red(Bob)"], lambda d: d["red(Bob)"])


def oracle(actual: dict[str, bool], order: int) -> list[dict[tuple[str, str], list[str]]]:
    deals = [dict(zip(CARDS, v)) for v in itertools.product((True, False), repeat=2)]
    out = []
    for announced in ANNOUNCED:
        deals = [d for d in deals if announced(d)]
        step = {}
        for card in CARDS:
            for k in range(order + 1):
                for chain in itertools.permutations(SEES, k):
                    reached = [actual]
                    for agent in chain:
                        reached = [d for d in deals
                                   if any(all(d[c] == r[c] for c in SEES[agent]) for r in reached)]
                    values = {d[card] for d in reached}
                    step[("->".join(chain) or "real", card)] = \
                        [v for v in ("true", "false") if (v == "true") in values]
        out.append(step)
    return out


def test_problem_trace_matches_the_hand_listed_model(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM)
    assert main(["trace", str(path), "--actual", "11", "--order", "2"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    want = oracle({"red(Ann)": True, "red(Bob)": True}, 2)
    assert [x["t"] for x in lines] == [1, 2]
    for line, expected in zip(lines, want):
        got = {(c["chain"], c["variable"]): c for c in line["chains"]}
        assert set(got) == set(expected)
        for key, values in expected.items():
            assert got[key]["values"] == values, key
            assert got[key]["value"] == (values[0] if len(values) == 1 else None)
            assert got[key]["reason"] == (None if len(values) == 1 else "several")
    # Bob does not see his card until it is announced
    assert want[0][("Bob", "red(Bob)")] == ["true", "false"]
    assert want[1][("Bob", "red(Bob)")] == ["true"]


def test_a_problem_needs_an_actual_state(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM)
    assert main(["trace", str(path)]) == 1
    assert "give --actual" in capsys.readouterr().err


def test_an_announcement_false_at_the_actual_state_ends_the_trace(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM)
    assert main(["trace", str(path), "--actual", "10", "--order", "0"]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 1
    assert "announcement 2 is false at the actual state 10" in captured.err


def test_deltom_shape_is_one_story_or_problem(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM + "\n" + PROBLEM.replace("two_cards", "again"))
    assert main(["trace", str(path), "--actual", "11", "--shape", "deltom"]) == 1
    assert "pick one with --story" in capsys.readouterr().err
    assert main(["trace", str(path), "--actual", "11", "--shape", "deltom",
                 "--problem", "again", "--object", "red(Bob)"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    want = oracle({"red(Ann)": True, "red(Bob)": True}, 2)
    assert [x["first"]["Bob"] for x in lines] == \
        [None if len(w[("Bob", "red(Bob)")]) > 1 else w[("Bob", "red(Bob)")][0] for w in want]


def test_an_actual_state_naming_no_proposition_is_an_error_of_the_option(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM)
    assert main(["trace", str(path), "--actual", "9"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    (said,) = captured.err.strip().splitlines()
    assert said.startswith(f"mindgames: {path}:1: --actual does not fit problem 'two_cards': "
                           "unknown proposition '9'"), said


def test_an_actual_state_the_law_rules_out_is_not_a_checker_failure(tmp_path, capsys):
    path = tmp_path / "p.del"
    path.write_text(PROBLEM.replace("  announce", "  law red(Ann) or red(Bob)\n  announce", 1))
    assert main(["trace", str(path), "--actual", "00"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    (said,) = captured.err.strip().splitlines()
    assert said == f"{path}:1: story two_cards: '00' is not a state of problem 'two_cards' " \
                   "(it breaks the law)"
