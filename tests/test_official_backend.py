"""The official-binary backend's mechanics and faults, run against stand-ins of the binary
(tests/fake_smcdel); agreement with the reference is tested on the real binary
(tests/test_official_real.py)."""

from __future__ import annotations

import csv
import json
import os
import time

import pytest

import fake_smcdel
from smcdel_bridge.backend import get_backend
from smcdel_bridge.official.batch import Task, run_tasks
from smcdel_bridge.errors import BackendError, ParseError, SanityError
from smcdel_bridge.official.binary import (
    CallTimeout, LaunchError, OfficialBackend, find_smcdel,
)

from smcdel_bridge.syntax import parse_input


@pytest.fixture
def replay(tmp_path, monkeypatch):
    """Recorded reference answers only (an input without one fails the call)."""
    monkeypatch.setenv("FAKE_SMCDEL_LOG", str(tmp_path / "calls.log"))
    return fake_smcdel.make(tmp_path, "replay")


@pytest.fixture
def embedded(tmp_path, monkeypatch):
    """Answers of the embedded engine: for the bridge's mechanics, never for agreement."""
    monkeypatch.setenv("FAKE_SMCDEL_LOG", str(tmp_path / "calls.log"))
    return fake_smcdel.make(tmp_path, "embedded")


def calls(tmp_path) -> list[dict]:
    log = tmp_path / "calls.log"
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text().splitlines()]


@pytest.fixture(scope="module")
def corpus():
    from conftest import TEST_DATA

    with open(TEST_DATA / "smcdel-corpus.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


@pytest.fixture(scope="module")
def sample_rows():
    from conftest import shared_file

    with open(shared_file("mindgames", "sample.csv"), newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# -- discovery -------------------------------------------------------------------------

def test_discovery_order(tmp_path, monkeypatch, replay):
    other = fake_smcdel.make(tmp_path, "crash", name="smcdel")
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.delenv("SMCDEL_BIN", raising=False)
    assert find_smcdel() == str(other)
    monkeypatch.setenv("SMCDEL_BIN", str(replay))
    assert find_smcdel() == str(replay)
    assert find_smcdel(other) == str(other)
    assert OfficialBackend(replay).version_number() == "1.3.0"
    assert "SMCDEL 1.3.0" in get_backend("smcdel", binary=replay).version()


def test_missing_binary_is_reported(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("SMCDEL_BIN", raising=False)
    backend = OfficialBackend()
    assert not backend.available()
    assert backend.version().startswith("unavailable: smcdel binary not found on PATH")
    with pytest.raises(LaunchError, match="does not exist"):
        find_smcdel(tmp_path / "nope")
    text = tmp_path / "plain"
    text.write_text("hello")
    with pytest.raises(LaunchError, match="not an executable"):
        find_smcdel(text)
    monkeypatch.setenv("SMCDEL_BIN", "no-such-smcdel")
    with pytest.raises(LaunchError, match="SMCDEL_BIN"):
        find_smcdel()
    outcomes = list(run_tasks([Task(0, text="VARS 1 LAW Top OBS a:1 VALID? 1")] * 3,
                              OfficialBackend(tmp_path / "nope")))
    assert all(isinstance(o.error, LaunchError) for o in outcomes) and len(outcomes) == 3


# -- single calls ------------------------------------------------------------------------

def test_run_text_gives_answers_or_the_reference_error(corpus, replay):
    backend = OfficialBackend(replay)
    ok = next(c for c in corpus if c["returncode"] == 0 and "TRUE?" in c["input"])
    assert len(backend.run_text(ok["input"])) == ok["stdout"].count("\x1b[97m") - sum(
        line.startswith("\x1b[m\x1b[97m[") or line.startswith("\x1b[97m[")
        for line in ok["stdout"].splitlines()) + sum(
        line.startswith("At which") for line in ok["stdout"].splitlines())
    bad = next(c for c in corpus if "Parse error" in c["stderr"])
    with pytest.raises(ParseError):
        backend.run_text(bad["input"])


# -- batches ----------------------------------------------------------------------------

def test_run_many_packs_and_keeps_every_answer(sample_rows, embedded, tmp_path):
    # packing is sound: the answers of a packed call are those of each problem alone
    programs = [parse_input(r["smcdel_problem"]) for r in sample_rows]
    programs += [parse_input(r["pbcheck"]) for r in sample_rows]
    backend = OfficialBackend(embedded, workers=2, pack_size=50)
    got = list(backend.run_many(programs))
    native = get_backend("native")
    assert got == [native.run(p) for p in programs]
    log = calls(tmp_path)
    assert 2 <= len(log) <= 5  # 160 problems in a few calls
    assert sum(entry["jobs"] for entry in log) == len(programs)


def test_replay_fails_loudly_without_a_recording(replay, tmp_path):
    with pytest.raises(BackendError, match="status 97: no recorded answer"):
        OfficialBackend(replay).run_text("VARS 1,2 LAW Top OBS a: 1 b: 2 VALID? a knows whether 1")


def test_unordered_results_are_tagged(sample_rows, embedded):
    tasks = [Task(("row", i), parse_input(r["smcdel_problem"]), r["smcdel_problem"])
             for i, r in enumerate(sample_rows[:12])]
    backend = OfficialBackend(embedded, workers=2, pack_size=3)
    outcomes = list(run_tasks(tasks, backend, ordered=False))
    assert sorted(o.key for o in outcomes) == sorted(t.key for t in tasks)
    native = get_backend("native")
    for o in outcomes:
        assert o.answers == native.run(tasks[o.key[1]].program)


def test_unpackable_and_unparsable_tasks_run_alone(embedded, tmp_path):
    tasks = [
        Task("where", parse_input("VARS 1,2 LAW Top OBS a: 1 WHERE? K a 1")),
        Task("sanity", parse_input("VARS 1 LAW Top OBS a: 1 VALID? K b 1")),
        Task("text", text="VARS 1 LAW Top OBS a: 1 VALID? (1 &"),
        Task("ok", parse_input("VARS 1 LAW Top OBS a: 1 VALID? Kw a 1")),
        Task("ok2", parse_input("VARS 3 LAW Top OBS b: 3 TRUE? {3} K b 3")),
    ]
    out = {o.key: o for o in run_tasks(tasks, OfficialBackend(embedded))}
    assert out["where"].answers[0].states == ((1,), (1, 2))
    assert isinstance(out["sanity"].error, SanityError)
    assert isinstance(out["text"].error, ParseError)
    assert out["ok"].answers[0].value is True and out["ok2"].answers[0].value is True
    assert len(calls(tmp_path)) == 4


# -- faults -------------------------------------------------------------------------------

def _pids_alive(path) -> list[bool]:
    alive = []
    for pid in map(int, path.read_text().split()):
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            alive.append(False)
        else:
            # a killed child may linger as a zombie of its (dead) parent for a moment
            try:
                with open(f"/proc/{pid}/stat") as fh:
                    alive.append(fh.read().split()[2] != "Z")
            except OSError:
                alive.append(False)
    return alive


def test_a_hang_is_killed_with_its_whole_process_group(tmp_path, monkeypatch):
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_SMCDEL_PIDS", str(pids))
    backend = OfficialBackend(fake_smcdel.make(tmp_path, "hang"), timeout=1.5)
    start = time.monotonic()
    with pytest.raises(CallTimeout, match="did not answer within 1.5 s"):
        backend.run_text("VARS 1 LAW Top OBS a: 1 VALID? 1")
    assert time.monotonic() - start < 10
    for _ in range(50):
        if not any(_pids_alive(pids)):
            break
        time.sleep(0.1)
    assert _pids_alive(pids) == [False, False]


@pytest.mark.parametrize("mode, message", [
    ("crash", "exited with status 3: internal error"),
    ("killed", "killed by SIGSEGV"),
    ("garbage", "unexpected output from smcdel"),
    ("truncated", "ended early"),
])
def test_each_fault_becomes_an_error_on_the_item(tmp_path, mode, message, sample_rows):
    backend = OfficialBackend(fake_smcdel.make(tmp_path, mode, base="embedded"), pack_size=4)
    tasks = [Task(i, parse_input(r["smcdel_problem"])) for i, r in enumerate(sample_rows[:6])]
    outcomes = list(run_tasks(tasks, backend))
    assert [o.key for o in outcomes] == list(range(6))
    native = get_backend("native")
    for task, o in zip(tasks, outcomes):
        if mode == "truncated" and o.error is None:
            # answers printed before the cut are kept (and right)
            assert o.answers == native.run(task.program)
        else:
            assert isinstance(o.error, BackendError) and message in str(o.error)
    assert any(o.error is not None for o in outcomes)


CRASHY = "VARS 1,2 LAW Top OBS Crashy: 1 Other: 2 VALID? [ ! (1|2) ] Crashy knows whether 2"


def test_a_crash_is_traced_to_the_item_that_causes_it(sample_rows, embedded, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_SMCDEL_CRASH_ON", "Crashy")
    programs = [parse_input(r["smcdel_problem"]) for r in sample_rows[:16]]
    programs.insert(11, parse_input(CRASHY))
    outcomes = list(OfficialBackend(embedded, pack_size=20, workers=1).run_many(programs))
    native = get_backend("native")
    for i, (program, outcome) in enumerate(zip(programs, outcomes)):
        if i == 11:
            assert isinstance(outcome, BackendError) and "SIGSEGV" in str(outcome)
        else:
            assert outcome == native.run(program)
    assert len(calls(tmp_path)) <= 2 * 5 + 1  # bisection: a few calls, not one per item


def test_a_hanging_item_times_out_alone(sample_rows, embedded, tmp_path, monkeypatch):
    monkeypatch.setenv("FAKE_SMCDEL_HANG_ON", "Crashy")
    programs = [parse_input(r["smcdel_problem"]) for r in sample_rows[:5]]
    programs.insert(2, parse_input(CRASHY))
    backend = OfficialBackend(embedded, pack_size=10, workers=2, timeout=2.0)
    outcomes = list(backend.run_many(programs))
    native = get_backend("native")
    for i, (program, outcome) in enumerate(zip(programs, outcomes)):
        if i == 2:
            assert isinstance(outcome, CallTimeout)
        else:
            assert outcome == native.run(program)


def test_an_interrupted_batch_kills_its_processes(tmp_path, monkeypatch, sample_rows):
    pids = tmp_path / "pids"
    monkeypatch.setenv("FAKE_SMCDEL_PIDS", str(pids))
    backend = OfficialBackend(fake_smcdel.make(tmp_path, "hang"), timeout=60, workers=1)
    tasks = (Task(i, parse_input(r["smcdel_problem"])) for i, r in enumerate(sample_rows[:3]))
    stream = run_tasks(tasks, backend)
    import threading

    def stop_soon():
        for _ in range(100):
            if pids.exists():
                break
            time.sleep(0.05)
        import signal

        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=stop_soon, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        next(stream)
    stream.close()
    for _ in range(50):
        if not any(_pids_alive(pids)):
            break
        time.sleep(0.1)
    assert _pids_alive(pids) == [False, False]
