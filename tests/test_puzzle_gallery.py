"""The puzzle gallery (``examples/puzzles/``): every file checks as it expects, reads in
English, is explained step by step, and shows on the web page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyfront.cli import main

PUZZLES = Path(__file__).resolve().parents[1] / "examples" / "puzzles"
FILES = sorted(PUZZLES.glob("*.del"))


def test_the_gallery_has_the_classic_puzzles():
    names = {f.stem for f in FILES}
    assert {"cheryls_birthday", "sum_and_product", "what_sum", "russian_cards",
            "consecutive_numbers", "three_wise_men", "coordinated_attack",
            "dining_cryptographers"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_puzzle_checks_as_it_expects(path, capsys):
    assert main(["check", "-q", "--json", str(path)]) == 0
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
    assert rows and all(r["agrees"] for r in rows)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_puzzle_reads_in_english_and_is_explained(path, capsys):
    assert main(["render", str(path), "--style", "natural"]) == 0
    english = capsys.readouterr().out
    assert len(english.splitlines()) >= 2
    assert main(["explain", str(path)]) == 0
    assert capsys.readouterr().out.strip()


def test_cheryl_in_english():
    from pyfront.problem.dsl import parse_problem
    from pyfront.verbalize import premise, question

    pb = parse_problem((PUZZLES / "cheryls_birthday.del").read_text())
    assert "Albert is told the month, Bernard the day." in premise(pb, style="natural")
    assert question(pb, 0) == "What are the month and the day?"


def test_explanation_counts_the_possibilities_left(capsys):
    assert main(["explain", str(PUZZLES / "cheryls_birthday.del")]) == 0
    out = capsys.readouterr().out
    # by hand: 10 dates; Albert's words leave July and August (5), Bernard's remove the
    # 14s (3 left), Albert's last words leave July 16
    assert "At the start: 10 possibilities" in out
    assert "It removes 5 of 10 possibilities; 5 remain" in out
    assert "It removes 2 of 5 possibilities; 3 remain" in out
    assert "It removes 2 of 3 possibilities; 1 remains" in out


def test_the_web_gallery_shows_the_puzzles():
    from pyfront.web.compute import explain_source
    from pyfront.web.examples import Gallery

    listing = {e["name"]: e for e in Gallery().listing()}
    assert listing["sum_and_product"]["group"] == "puzzles"
    page = explain_source((PUZZLES / "sum_and_product.del").read_text(), use_dot=False)
    (problem,) = page["problems"]
    assert "error" not in problem
    assert [s["picture"]["worlds"] for s in problem["steps"]] == [2352, 145, 86, 1]
    assert problem["hypotheses"][-1]["label"] == "x = 4, y = 13"


@pytest.mark.parametrize("args", [["sum-product", "--max", "3"], ["what-sum", "--bound", "1"],
                                  ["russian-cards", "--deal", "3,3"], ["cheryl", "5"],
                                  ["russian-cards", "--cards", "8"]])
def test_bad_puzzle_sizes_are_one_line_errors(capsys, args):
    assert main(["puzzle", *args]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
