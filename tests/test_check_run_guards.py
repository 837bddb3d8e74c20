"""Options that cannot hold together are refused, and a run stays within its means:
``--force`` with ``--resume``; ``--resume`` of a file holding records of other inputs;
``--workers`` beyond the cores (brought down to one per core, saying so)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from pyfront.cli import main

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


@pytest.fixture
def two_files(tmp_path):
    for name in ("forehead.del", "internal.del"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    return tmp_path / "forehead.del", tmp_path / "internal.del"


def test_force_and_resume_together_are_refused(two_files, tmp_path, capsys):
    first, _ = two_files
    out = tmp_path / "out.jsonl"
    assert main(["check", str(first), "-q", "-o", str(out)]) == 0
    before = out.read_text()
    capsys.readouterr()
    assert main(["check", str(first), "-q", "-o", str(out), "--force", "--resume"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        "mindgames: --force (replace -o) and --resume (go on with it) contradict each other: "
        "give one"]
    assert out.read_text() == before


def test_resume_refuses_records_of_another_input(two_files, tmp_path, capsys):
    first, second = two_files
    out = tmp_path / "out.jsonl"
    assert main(["check", str(first), "-q", "-o", str(out)]) == 0
    before = out.read_text()
    capsys.readouterr()
    assert main(["check", str(second), "-q", "-o", str(out), "--resume"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [f"mindgames: {out}: holds records of {first}, which is not among the paths "
                   "checked: --resume goes on with a run of the same paths (give --force to "
                   "replace the file)"]
    assert out.read_text() == before  # nothing written, nothing dropped


def test_resume_of_the_same_inputs_and_of_a_directory_goes_on(two_files, tmp_path, capsys):
    first, second = two_files
    out = tmp_path / "out.jsonl"
    assert main(["check", str(first), str(second), "-q", "-o", str(out)]) == 0
    whole = out.read_text().splitlines()
    out.write_text("\n".join(whole[:3]) + "\n")
    assert main(["check", str(first), str(second), "-q", "-o", str(out), "--resume"]) == 0
    assert out.read_text().splitlines() == whole
    out.write_text("\n".join(whole[:3]) + "\n")
    folder = str(first.parent) + os.sep
    assert main(["check", folder, "-q", "-o", str(out), "--resume"]) == 0
    sources = {json.loads(line)["source"] for line in out.read_text().splitlines()}
    assert sources == {str(first), str(second)}


def test_workers_beyond_the_cores_are_brought_down(two_files, capsys):
    from pyfront.commands.options import worker_ceiling

    first, _ = two_files
    assert main(["check", str(first), "--workers", "100000", "--json"]) == 0
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert len(records) == 8 and all(r["agrees"] for r in records)
    assert captured.err.splitlines()[0] == (
        f"mindgames: note: --workers 100000: {worker_ceiling()} used, one per core (the most "
        "that helps)")
    assert worker_ceiling() == len(os.sched_getaffinity(0))
