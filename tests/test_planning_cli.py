"""``mindgames plan``: whole processes on planning cases and DSL files, and bad input as one
line naming file, line and column (exit 1, no traceback).  Expected plans are the ones
SMCDEL recorded (``planning-conformance``) or written here by hand."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import REPO, shared_file


def _plan(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyfront", "plan", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def _lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_cases_file_gives_smcdels_lists(engine):
    path = shared_file("planning-conformance", "cases.jsonl")
    done = _plan(str(path), "--engine", engine)
    assert done.returncode == 0, done.stderr
    recorded = _lines(path.read_text())
    got = _lines(done.stdout)
    assert [(g["id"], g["plans"]) for g in got] == [(r["id"], r["plans"]) for r in recorded]
    assert set(got[0]) == {"id", "plans"}


def _case(**changes) -> dict:
    case = {"id": "tiny", "structure": "VARS 1,2\nLAW Top\nOBS a: 1\n    b: 2\n",
            "state": [1, 2], "actions": ["1", "~ 2", "2"], "safety": [],
            "goal": "b knows that 1", "max_steps": 2}
    case.update(changes)
    return case


def test_shortest_mode_and_json_records(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(_case(plans=[["1"], ["2", "1"]])) + "\n")
    done = _plan(str(path), "--mode", "shortest", "--json")
    assert done.returncode == 0, done.stderr
    (record,) = _lines(done.stdout)
    assert record["plans"] == [["1"]] and record["length"] == 1 and record["agrees"] is True
    assert record["engine"] == "explicit"


def test_recorded_plans_that_differ_exit_1(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(_case(plans=[["2"]])) + "\n")
    done = _plan(str(path))
    assert done.returncode == 1
    # announcing 2 removes the states where 2 is false: a second plan, [2, 1]
    assert _lines(done.stdout) == [{"id": "tiny", "plans": [["1"], ["2", "1"]]}]
    assert done.stderr.startswith(f"{path}:1:1: case tiny:") and done.stderr.count("\n") == 1


@pytest.mark.parametrize("line, where, words", [
    ('{"id": 1, ', ":2:11:", "invalid JSON"),
    (json.dumps(_case(actions=["1 &"])), ":2:1:", "actions[0]"),
    (json.dumps(_case(goal="zed knows that 1")), ":2:1:", "agents not in OBS"),
    (json.dumps(_case(max_steps=-1)), ":2:1:", "max_steps"),
    (json.dumps({"id": "x"}), ":2:1:", "structure: missing"),
])
def test_bad_case_is_one_line(tmp_path, line, where, words):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(_case()) + "\n" + line + "\n")
    done = _plan(str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and done.stderr.startswith(f"{path}{where}")
    assert words in done.stderr
    first, second = _lines(done.stdout)
    assert first["plans"] == [["1"], ["2", "1"]] and "error" in second  # the good case is answered



@pytest.mark.parametrize("deep", ["[" * 100000 + "]" * 100000,
                                  '{"id": "deep", "note": ' + "[" * 100000 + "]" * 100000 + "}"],
                         ids=["a list", "an object holding a list"])
def test_a_case_nested_too_deeply_fails_alone(tmp_path, deep):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(_case()) + "\n" + deep + "\n"
                    + json.dumps(_case(id="tiny2")) + "\n")
    done = _plan(str(path))
    assert done.returncode == 1 and "internal error" not in done.stderr
    assert done.stderr == f"{path}:2:1: invalid JSON: nested too deeply\n"
    assert _lines(done.stdout) == [
        {"id": "tiny", "plans": [["1"], ["2", "1"]]},
        {"id": "line 2", "error": f"{path}:2:1: invalid JSON: nested too deeply"},
        {"id": "tiny2", "plans": [["1"], ["2", "1"]]}]

def test_a_case_past_its_time_fails_alone(tmp_path):
    # sixteen atoms announced one by one, a goal never reached: 2^16 structures to visit
    atoms = ",".join(map(str, range(1, 17)))
    slow = {"id": "slow", "structure": f"VARS {atoms}\nLAW Top\nOBS a: 1\n",
            "state": list(range(1, 17)), "actions": [str(i) for i in range(1, 17)],
            "goal": "Bot", "max_steps": 16}
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps(slow) + "\n" + json.dumps(_case()) + "\n")
    done = _plan(str(path), "--timeout", "1")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    slow_record, tiny = _lines(done.stdout)
    assert "error" in slow_record and tiny["plans"] == [["1"], ["2", "1"]]
    assert done.stderr.startswith(f"{path}:1:1: case slow:")


def test_dsl_file_plan_items():
    done = _plan("examples/planning/muddy_make_know.del")
    assert done.returncode == 0, done.stderr
    records = {r["name"]: r for r in _lines(done.stdout)}
    # hand-worked: after "someone" (000 gone) and "Ann does not know" (100 gone) Ben,
    # seeing Ann muddy and Cat clean, knows he is muddy; no single announcement does it
    assert records["make_ben_know/shortest"]["plan"] == [
        "someone", "Ann does not know whether muddy(Ann)"]
    assert records["make_ben_know/one_step"]["plan"] is None
    assert all(r["agrees"] for r in records.values())


def test_bad_dsl_file_is_one_line(tmp_path):
    path = tmp_path / "bad.del"
    path.write_text("problem p\n  agents A, B\n  setup forehead\n  plan within 2 steps\n")
    done = _plan(str(path))
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"mindgames: {path}:4:3: 'plan' needs a 'goal'")


def test_unknown_suffix_asks_for_a_format(tmp_path):
    path = tmp_path / "cases.dat"
    path.write_text("")
    done = _plan(str(path))
    assert done.returncode == 1 and "--format" in done.stderr and done.stderr.count("\n") == 1
