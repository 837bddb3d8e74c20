"""Muddy children: known answers on the symbolic engine, and the puzzle builder's text."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import TrueQ
from pyfront.puzzles.programs import (
    main,
    muddy_children,
    muddy_children_text,
    muddy_expected,
    rounds_until_someone_knows,
)


def values(answers):
    return [a.value for a in answers]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 7])
def test_muddy_children_small(n):
    backend = SymbolicBackend()
    for m in range(1, n + 1):
        assert values(backend.run(muddy_children(n, m))) == muddy_expected(n, m), (n, m)


@pytest.mark.parametrize("n,m", [(4, 1), (5, 3), (6, 6)])
def test_rounds_until_someone_knows(n, m):
    answers = values(SymbolicBackend().run(rounds_until_someone_knows(n, m)))
    assert answers == [False] * (m - 1) + [True]


def test_muddy_children_large():
    """Well past explicit state sets: 2**40 states."""
    assert values(SymbolicBackend().run(muddy_children(40, 20))) == muddy_expected(40, 20)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_muddy_children_agree_with_explicit_engine(n):
    explicit = importlib.import_module("smcdel_bridge.native.explicit").ExplicitBackend()
    for m in range(1, n + 1):
        program = rounds_until_someone_knows(n, m)
        assert explicit.run(program) == SymbolicBackend().run(program)


def test_known_answer_after_rounds():
    """With m muddy, the muddy children know exactly after m - 1 rounds, the clean ones one
    round later."""
    from smcdel_bridge.language import Conj
    from pyfront.puzzles.programs import after_rounds, knows_own, muddy_structure
    from smcdel_bridge.program import CheckInput

    n, m = 6, 3
    state = tuple(range(1, m + 1))
    muddy_know = Conj(tuple(knows_own(i) for i in state))
    clean_know = Conj(tuple(knows_own(i) for i in range(m + 1, n + 1)))
    jobs = (
        TrueQ(state, after_rounds(n, m - 1, muddy_know)),
        TrueQ(state, after_rounds(n, m - 1, clean_know)),
        TrueQ(state, after_rounds(n, m, clean_know)),
    )
    answers = values(SymbolicBackend().run(CheckInput(muddy_structure(n), jobs)))
    assert answers == [True, False, True]


def test_text_parses_back_to_the_same_program():
    syntax = importlib.import_module("smcdel_bridge.syntax.parser")
    for n, m in [(2, 1), (3, 2), (6, 4), (6, 6)]:
        assert syntax.parse_input(muddy_children_text(n, m)) == muddy_children(n, m)


def test_text_through_the_symbolic_engine():
    syntax = importlib.import_module("smcdel_bridge.syntax.parser")
    program = syntax.parse_input(muddy_children_text(12, 5))
    assert values(SymbolicBackend().run(program)) == muddy_expected(12, 5)


def test_command_line(capsys):
    assert main(["muddy", "3", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("-- Muddy children: 3 children, 2 muddy")
    assert "VARS 1,2,3" in out and "OBS  c1: 2,3" in out and "TRUE? {1,2}" in out


@pytest.mark.parametrize("args,message", [
    (["3", "5"], "need 1 <= m <= n"),
    (["1", "1"], "need n >= 2"),
])
def test_command_line_rejects_bad_sizes(args, message):
    proc = subprocess.run(
        [sys.executable, "-m", "pyfront.puzzles", "muddy", *args],
        capture_output=True, text=True,
    )
    assert proc.returncode == 2
    assert message in proc.stderr
    assert "Traceback" not in proc.stderr
