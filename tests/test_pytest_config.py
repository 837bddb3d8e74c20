"""The project's pytest settings keep the pass/fail count that ``python -m pytest -q``
prints (an ``addopts = "-q"`` made that ``-qq``, which prints none), and under CI=true no
test skips (``tests/conftest.py``)."""

from __future__ import annotations

import os
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


_PROBE = '''
import pytest
from conftest import shared_file

def test_plain_skip():
    pytest.skip("nothing here")

@pytest.mark.skipif(True, reason="a marker")
def test_marker():
    pass

def test_shared_file():
    shared_file("mindgames", "sample.csv")

def test_passes():
    pass
'''


def _probe(tmp_path, ci: bool):
    """Run four tests (two skips, one needing a shared file that is absent) with the
    project's conftest, with and without CI=true."""
    (tmp_path / "test_probe.py").write_text(_PROBE)
    env = dict(os.environ, MINDGAMES_SHARED=str(tmp_path / "no-shared-here"),
               PYTHONPATH=os.pathsep.join([str(REPO / "tests"), os.environ.get("PYTHONPATH", "")]))
    env.pop("CI", None)
    if ci:
        env["CI"] = "true"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-rA", "-p", "conftest", "-p", "no:cacheprovider",
         "-c", str(REPO / "pyproject.toml"), "--rootdir", str(tmp_path),
         str(tmp_path / "test_probe.py")],
        capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)


def test_outside_ci_skips_are_skips(tmp_path):
    done = _probe(tmp_path, ci=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed, 3 skipped" in done.stdout


def test_under_ci_no_test_skips(tmp_path):
    done = _probe(tmp_path, ci=True)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 passed" in done.stdout and "skipped" not in done.stdout.splitlines()[-1]
    assert "CI=true and the test skipped: Skipped: nothing here" in done.stdout
    assert "CI=true and the test skipped: Skipped: a marker" in done.stdout
    # ../shared removed: the test that reads it fails
    assert "CI=true and shared reference data not found at" in done.stdout
