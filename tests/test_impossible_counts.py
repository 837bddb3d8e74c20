"""Counts larger than the number of agents are rejected at their line:col, and puzzles too
big to write are refused before any of them is built."""

from __future__ import annotations

import time

import pytest

from pyfront.cli import main
from pyfront.errors import UserError
from pyfront.problem.dsl import parse_problem

HEAD = "problem p\n  agents Ann, Ben, Cat\n  setup forehead\n"


@pytest.mark.parametrize("count, column", [
    ("at least 99999999999999999999", 26), ("at most 5", 25), ("exactly four", 25)])
def test_counts_above_the_number_of_agents_are_errors(count, column):
    with pytest.raises(UserError) as info:
        parse_problem(HEAD + f"  hypothesis h: {count} muddy\n", "c.del")
    assert (info.value.line, info.value.column) == (4, column)
    assert "cannot exceed the number of agents (3)" in str(info.value)


def test_a_count_of_all_agents_still_reads():
    pb = parse_problem(HEAD + "  hypothesis h: exactly 3 muddy\n")
    assert pb.hypotheses[0].formula.atoms() == {1, 2, 3}


@pytest.mark.parametrize("argv", [
    ["puzzle", "muddy", "99999999999999999999", "1", "--to", "smcdel"],
    ["puzzle", "muddy", "2000", "1000", "--to", "smcdel"],
    ["puzzle", "dining", "99999999999", "--to", "smcdel"],
])
def test_huge_puzzles_are_refused_at_once(argv, capsys):
    start = time.perf_counter()
    assert main(argv) == 1
    assert time.perf_counter() - start < 5
    err = capsys.readouterr().err
    assert "characters of SMCDEL text" in err and err.count("\n") == 1


def test_the_benchmark_sizes_are_still_written(capsys):
    assert main(["puzzle", "muddy", "60", "30", "--to", "smcdel"]) == 0
    assert "\nVARS 1,2,3," in capsys.readouterr().out
