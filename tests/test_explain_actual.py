"""``explain --actual``: an error names the option, the problem it does not fit and that
problem's line; a row of the wrong length is called so, not read as an atom number."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyfront.cli import main

SURPRISES = Path(__file__).resolve().parent.parent / "examples" / "surprises.del"


@pytest.mark.parametrize("actual, where, text", [
    ("01", ":20: --actual does not fit problem 'said_once'", "'01' is a row of 2 0/1 digits, but there are 3"),
    ("011", ":68: --actual does not fit problem 'moore'", "'011' is a row of 3 0/1 digits, but there are 2"),
    ("muddy(Zed)", ":20: --actual does not fit problem 'said_once'", "unknown proposition 'muddy(Zed)'"),
])
def test_actual_errors_name_the_problem_and_its_line(actual, where, text, capsys):
    assert main(["explain", str(SURPRISES), "--actual", actual]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{SURPRISES}{where}" in err and text in err


def test_atom_numbers_and_rows_still_read(capsys):
    assert main(["explain", str(SURPRISES), "--problem", "said_twice", "--actual", "1,3"]) == 0
    assert "Actual state: 101" in capsys.readouterr().out
    assert main(["explain", str(SURPRISES), "--problem", "said_twice", "--actual", "010"]) == 0
    assert "Actual state: 010" in capsys.readouterr().out
