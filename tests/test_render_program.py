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


@pytest.mark.parametrize("kind", ["or", "and"])
def test_a_long_chain_is_written_in_memory_linear_in_its_text(kind):
    """Each sub-chain's text was copied into its parent's and kept: 20,000 disjuncts of
    an SMCDEL input took 1.2 GB to write (n squared characters)."""
    import tracemalloc

    from smcdel_bridge.language import Conj, Disj, Prp
    from smcdel_bridge.syntax import to_input

    node, sign, n = (Disj, "|", 20_000) if kind == "or" else (Conj, "&", 20_000)
    form = Prp(1)
    for _ in range(n - 1):
        form = node((form, Prp(2)))
    tracemalloc.start()
    try:
        text = to_input(form)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert text == "(" * (n - 1) + "1" + f" {sign} 2)" * (n - 1)
    assert peak < 500 * n, peak  # some hundred bytes a node; the copies: n * n / 2
