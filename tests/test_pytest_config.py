"""The project's pytest settings keep the pass/fail count that ``python -m pytest -q``
prints (an ``addopts = "-q"`` made that ``-qq``, which prints none)."""

from __future__ import annotations

import subprocess
import sys

from conftest import REPO


def test_quiet_run_prints_the_count(tmp_path):
    (tmp_path / "test_one.py").write_text("def test_one():\n    assert True\n")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-c", str(REPO / "pyproject.toml"),
         "--rootdir", str(tmp_path), "-p", "no:cacheprovider", str(tmp_path / "test_one.py")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
