"""0 lost records across 50 ``check --max-memory`` runs at the edge: bounds around what a
checking process holds before its first item.  Every run writes one record per item to
``-o``, each answered or failed with a one-line reason, in order, and exits 1 when any
failed; none is answered over the bound, and no run ends in an internal error."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from pyfront.checking.limits import Limits, limited_map
from pyfront.checking.stops import resident
from pyfront.cli import main

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "muddy_children_4.del"


def _records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _child_resident() -> int:
    """What a child process of this one holds when it begins an item (it is charged only
    for the pages it maps, so it may hold less than this process)."""
    (used,) = limited_map(lambda item: resident(), [None], limits=Limits(timeout=20),
                          on_limit=lambda item, why: why)
    return used


def _hypotheses() -> int:
    return sum(1 for line in EXAMPLE.read_text().splitlines()
               if line.strip().startswith("hypothesis"))


def _check_run(records: list[dict], code: int, items: int) -> None:
    assert [r["row"] for r in records] == list(range(items))
    failed = [r for r in records if r.get("error")]
    for r in failed:
        assert "\n" not in r["error"] and r["error"].endswith(
            ("(--max-memory)", "(--max-memory): give a larger bound")), r["error"]
    for r in records:
        assert r.get("error") or r["agrees"] is True
    assert code == (1 if failed else 0)


def test_zero_lost_records_across_50_runs_at_the_edge(tmp_path, capsys):
    items = _hypotheses()
    base = _child_resident()
    outcomes = set()
    for k in range(50):
        bound = base + (k - 25) * (512 << 10)  # 12.5 MB below ... 12 MB above
        out = tmp_path / f"out{k}.jsonl"
        code = main(["check", str(EXAMPLE), "--max-memory", str(bound), "-q", "-o", str(out)])
        err = capsys.readouterr().err
        assert "internal error" not in err and "Traceback" not in err
        _check_run(_records(out), code, items)
        outcomes.add(code)
    assert outcomes == {0, 1}  # the edge: runs below it and above it


def test_a_bound_below_an_empty_child_in_a_fresh_process(tmp_path):
    """``--max-memory 1K`` (and 4M, below what a process holds after start-up): every
    item fails with the one reason, none is answered."""
    items = _hypotheses()
    for bound in ("1K", "4M"):
        out = tmp_path / f"out{bound}.jsonl"
        done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", str(EXAMPLE),
                               "--max-memory", bound, "-q", "-o", str(out)],
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 1 and done.stderr == ""
        records = _records(out)
        _check_run(records, done.returncode, items)
        reasons = {r["error"].split(": ", 2)[2] for r in records}
        assert len(reasons) == 1 and reasons.pop().startswith("a child process holds ")
