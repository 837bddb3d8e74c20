"""Number puzzles through the real ``smcdel`` binary: the generated SMCDEL input (the
Boolean encoding of ``pyfront.problem.encode``) gives the literature's answers.

Skipped when the binary is not installed, except under CI (``CI=true``), where a missing
binary fails the test.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pyfront.cli import main
from requirements import require_smcdel  # $SMCDEL_BIN, then PATH; fails under CI=true

PUZZLES = Path(__file__).resolve().parents[1] / "examples" / "puzzles"


def check_smcdel(path, capsys, backend="smcdel") -> list[dict]:
    binary = require_smcdel()
    code = main(["check", "-q", "--json", str(path), "--backend", backend, "--smcdel", binary])
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines() if l.startswith("{")]
    assert code == 0, rows
    return rows


def test_cheryl_through_the_binary(capsys):
    (row,) = check_smcdel(PUZZLES / "cheryls_birthday.del", capsys)
    assert row["answer"] == [{"month": "July", "day": 16}]


def test_what_sum_through_the_binary(capsys):
    (row,) = check_smcdel(PUZZLES / "what_sum.del", capsys)
    assert row["count"] == 330


def test_russian_cards_through_the_binary(capsys):
    rows = check_smcdel(PUZZLES / "russian_cards.del", capsys)
    assert len(rows) == 6 and all(r["valid"] for r in rows)


@pytest.mark.slow
def test_sum_and_product_through_the_binary(capsys):
    rows = check_smcdel(PUZZLES / "sum_and_product.del", capsys)
    solution = [r for r in rows if r["name"].endswith("/solution")]
    assert solution[0]["answer"] == [{"x": 4, "y": 13}]


@pytest.mark.parametrize("name", ["consecutive_numbers", "coordinated_attack", "three_wise_men"])
def test_both_backends_agree(capsys, name):
    rows = check_smcdel(PUZZLES / f"{name}.del", capsys, backend="both")
    assert all(r["backends_agree"] and r["agrees"] for r in rows)


def test_the_text_is_one_program_the_binary_reads(tmp_path, capsys):
    """``render --to smcdel`` of a puzzle is one SMCDEL input (a job per question)."""
    import subprocess

    binary = require_smcdel()
    assert main(["render", str(PUZZLES / "consecutive_numbers.del"), "--to", "smcdel"]) == 0
    text = capsys.readouterr().out
    proc = subprocess.run([binary, "-"], input=text, capture_output=True, text=True,
                          cwd=tmp_path, env=dict(os.environ, TMPDIR=str(tmp_path)), timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("True") == 2  # the two hypotheses hold


def test_102_safe_announcements_through_the_binary(capsys):
    """Every candidate list's six checks as TRUE? jobs of one input: the binary finds the
    102 of SMCDEL's test suite, the very lists the value engine finds."""
    from smcdel_bridge.official.binary import OfficialBackend

    from pyfront.puzzles.russian_cards import safe_announcements, safe_announcements_input

    lists, text = safe_announcements_input()
    values = [a.value for a in OfficialBackend(require_smcdel()).run_text(text)]
    assert len(values) == 6 * len(lists)
    safe = [hands for k, hands in enumerate(lists) if all(values[6 * k:6 * k + 6])]
    assert len(safe) == 102
    assert sorted(safe) == sorted(safe_announcements())
