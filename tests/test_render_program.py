"""``render --to smcdel``: one SMCDEL program per problem, one VALID? job per hypothesis,
that ``mindgames smcdel -`` reads back; the answers are the expectations written in the
example file (hand-derived facts of the muddy children)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pyfront.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _render(capsys, *args) -> str:
    assert main(["render", *args]) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("readable", [False, True])
def test_several_hypotheses_read_back_as_one_program(tmp_path, capsys, readable):
    src = EXAMPLES / "muddy_children.del"
    text = _render(capsys, str(src), "--to", "smcdel", "--problem", "muddy_children_round_two",
                   *(["--readable"] if readable else []))
    path = tmp_path / "p.smcdel.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["smcdel", "--json", str(path)]) == 0
    results = json.loads(capsys.readouterr().out)["results"]
    # all_muddy, ann_knows, common, ck: all expected true in the example
    assert [r["value"] for r in results] == [True, True, True, True]


def test_two_hypotheses_keep_their_order_and_answers(tmp_path, capsys):
    text = _render(capsys, str(EXAMPLES / "muddy_children.del"), "--to", "smcdel",
                   "--problem", "muddy_children")
    path = tmp_path / "p.smcdel.txt"
    path.write_text(text, encoding="utf-8")
    assert main(["smcdel", "--json", str(path)]) == 0
    # not_yet (nobody knows after one round) is false, two_muddy true
    assert [r["value"] for r in json.loads(capsys.readouterr().out)["results"]] == [False, True]


def test_several_problems_are_separated_programs(capsys):
    text = _render(capsys, str(EXAMPLES / "muddy_children.del"), "--to", "smcdel")
    assert text.count("-- ==== problem ") == 2 and text.count("VARS ") == 2


def test_one_hypothesis_is_the_published_line(capsys, tmp_path):
    src = tmp_path / "one.del"
    src.write_text("problem p\n  agents Ann, Bob\n  setup forehead\n  announce someone\n"
                   "  hypothesis h: Ann knows whether muddy(Ann) expect false\n", encoding="utf-8")
    text = _render(capsys, str(src), "--to", "smcdel")
    assert text.splitlines() == [
        "-- p/h",
        "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] (Agenta knows whether 1)",
    ]
