"""``mindgames puzzle``: muddy children at any size, as DSL problems and SMCDEL text."""

from __future__ import annotations

import json

import pytest

from pyfront.cli import main


def _check(path, capsys) -> list[dict]:
    code = main(["check", "-q", str(path)])
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert code == 0, rows
    return rows


@pytest.mark.parametrize("n,m", [(2, 1), (3, 2), (4, 4), (5, 3)])
def test_dsl_puzzle_answers_as_expected(tmp_path, capsys, n, m):
    path = tmp_path / "muddy.del"
    assert main(["puzzle", "muddy", str(n), str(m), "-o", str(path)]) == 0
    rows = _check(path, capsys)
    assert rows and all(r["agrees"] for r in rows)
    # after m - 1 rounds some child knows; one round earlier nobody does
    by_name = {r["name"]: r["valid"] for r in rows}
    assert by_name[f"muddy_{n}_{m}_after_{m - 1}/someone_knows"] is True
    if m >= 2:
        assert by_name[f"muddy_{n}_{m}_after_{m - 2}/someone_knows"] is False


def test_large_dsl_puzzle_is_checked_symbolically(tmp_path, capsys):
    path = tmp_path / "muddy.del"
    assert main(["puzzle", "muddy", "30", "12", "-o", str(path)]) == 0
    rows = _check(path, capsys)
    assert [r["valid"] for r in rows] == [False, False, True, False]


def test_smcdel_text_is_the_benchmark_input(capsys):
    from pyfront.puzzles.programs import muddy_children_text

    assert main(["puzzle", "muddy", "6", "3", "--to", "smcdel"]) == 0
    assert capsys.readouterr().out == muddy_children_text(6, 3)


@pytest.mark.parametrize("args", [["muddy", "3", "4"], ["muddy", "0", "0"], ["muddy", "1", "1", "--to", "smcdel"]])
def test_bad_sizes_are_one_line_errors(capsys, args):
    assert main(["puzzle", *args]) == 1
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err


@pytest.mark.parametrize("n", [703, 2000])
def test_dsl_puzzle_beyond_the_agent_ids_is_one_line(capsys, n):
    assert main(["puzzle", "muddy", str(n), "1"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error" not in err
    assert "at most 702 children" in err and "--to smcdel" in err


def test_dsl_puzzle_at_the_last_agent_id_works(capsys):
    assert main(["puzzle", "muddy", "702", "1"]) == 0
    assert "Child702" in capsys.readouterr().out
