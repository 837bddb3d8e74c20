"""``mindgames smcdel --engine symbolic`` end to end, on a puzzle too large for explicit sets."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pyfront.puzzles.programs import muddy_children_text, muddy_expected


@pytest.mark.parametrize("engine", ["symbolic", "auto"])
def test_muddy_children_through_the_command_line(tmp_path, engine):
    n, m = 30, 12
    path = tmp_path / "muddy.smcdel.txt"
    path.write_text(muddy_children_text(n, m))
    proc = subprocess.run(
        [sys.executable, "-m", "pyfront", "smcdel", str(path), "--engine", engine, "--json"],
        capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    results = json.loads(proc.stdout)["results"]
    assert [r["value"] for r in results] == muddy_expected(n, m)
