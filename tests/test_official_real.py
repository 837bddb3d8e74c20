"""Against the real ``smcdel`` binary (SMCDEL 1.3.0 built by ../shared/smcdel-src/build.sh).

The binary is found as the bridge finds it (``$SMCDEL_BIN``, then PATH).  Outside CI these
tests skip when it is missing; with ``CI=true`` they fail (:mod:`requirements`).  Expected
values come from the recorded corpus in ../shared/smcdel-conformance (what SMCDEL 1.3.0
printed), from the published labels, and from facts about the puzzles (muddy children,
dining cryptographers), never from the embedded checker.  The stand-in in
``tests/fake_smcdel`` remains only for faults the real binary cannot produce on request.
"""

from __future__ import annotations

import csv
import json
import os
import time
from concurrent.futures import ThreadPoolExecutor

import pytest

from conftest import shared_file
from requirements import require_smcdel
from smcdel_bridge.official.binary import CallTimeout, OfficialBackend, call_binary
from smcdel_bridge.official.output import read_error, read_transcript


@pytest.fixture(scope="module")
def smcdel() -> str:
    return require_smcdel()


def _cases(*parts: str) -> list[dict]:
    with open(shared_file(*parts), encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _message(stderr: str) -> str:
    """Standard error without the Haskell call-stack trailer (which names the build's
    package hash, different on every build)."""
    return stderr.split("CallStack (from HasCallStack):", 1)[0]


def _replay(binary: str, cases: list[dict]) -> list[str]:
    """Every case through the binary; the ids whose output differs from the recording
    (exit status, standard output byte for byte, the error message with its position)."""
    def one(case):
        got = call_binary(binary, case["input"], timeout=120)
        same = (got.returncode == case["returncode"] and got.stdout == case["stdout"]
                and _message(got.stderr) == _message(case["stderr"]))
        return None if same else case["id"]

    with ThreadPoolExecutor(max_workers=min(4, os.cpu_count() or 1)) as pool:
        return [i for i in pool.map(one, cases) if i is not None]


# -- the conformance corpus: answers, output text, errors and their positions --------------

def test_a_sample_of_the_corpus_prints_exactly_what_was_recorded(smcdel):
    cases = _cases("smcdel-conformance", "corpus.jsonl")[::20]
    assert {c["category"] for c in cases} >= {"random", "precedence", "mutation"}
    assert _replay(smcdel, cases) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", ["corpus.jsonl", "nonboolean.jsonl"])
def test_the_whole_corpus_prints_exactly_what_was_recorded(smcdel, name):
    cases = _cases("smcdel-conformance", name)
    assert len(cases) >= 300
    assert _replay(smcdel, cases) == []


def test_each_call_leaves_nothing_behind(smcdel, tmp_path, monkeypatch):
    """The binary leaves an empty smcdelNNNN-0.tex in $TMPDIR on every call: each call gets
    a scratch TMPDIR, removed afterwards."""
    import tempfile

    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    for case in _cases("smcdel-conformance", "corpus.jsonl")[:5]:
        call_binary(smcdel, case["input"], timeout=60)
    assert list(tmp_path.iterdir()) == []


def test_every_error_case_is_read_with_its_kind_and_position(smcdel):
    """The bridge reads the live binary's errors as it reads the recorded ones."""
    cases = [c for c in _cases("smcdel-conformance", "corpus.jsonl") if c["returncode"] != 0]
    backend = OfficialBackend(smcdel)
    for case in cases[::4]:
        live = backend.transcript(case["input"]).error
        recorded = read_error(case["stderr"])
        assert live is not None and recorded is not None, case["id"]
        assert type(live) is type(recorded) and str(live) == str(recorded), case["id"]
        assert (getattr(live, "line", None), getattr(live, "column", None)) == (
            getattr(recorded, "line", None), getattr(recorded, "column", None)), case["id"]


def test_answers_read_from_the_live_binary_equal_the_recorded_ones(smcdel):
    cases = [c for c in _cases("smcdel-conformance", "corpus.jsonl")
             if c["returncode"] == 0][::15]
    backend = OfficialBackend(smcdel)
    for case in cases:
        live = backend.transcript(case["input"])
        recorded = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        assert live.error is None and live.answers == recorded.answers, case["id"]


def test_smcdel_example_files(smcdel):
    cases = _cases("smcdel-conformance", "smcdel-examples.jsonl")
    assert len(cases) == 4
    assert _replay(smcdel, cases) == []


# -- the published rows, through the check command ------------------------------------------

def _check(sample_csv, capsys, backend: str) -> list[dict]:
    from pyfront.cli import main

    code = main(["check", str(sample_csv), "--backend", backend, "--json", "-q"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert code == 0
    return records


def test_published_rows_with_the_reference(sample_csv, capsys, smcdel, monkeypatch):
    monkeypatch.setenv("SMCDEL_BIN", smcdel)
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        labels = [r["label"] for r in csv.DictReader(fh)]
    records = _check(sample_csv, capsys, "smcdel")
    assert [r["label"] for r in records] == labels
    assert all(r["agrees"] for r in records) and not any("error" in r for r in records)


def test_published_rows_with_both_backends(sample_csv, capsys, smcdel, monkeypatch):
    monkeypatch.setenv("SMCDEL_BIN", smcdel)
    records = _check(sample_csv, capsys, "both")
    assert len(records) == 80
    assert sum(not r["backends_agree"] for r in records) == 0
    assert all(r["agrees"] for r in records)


# -- puzzles: known answers ------------------------------------------------------------------

@pytest.mark.parametrize("n,m", [(3, 1), (3, 3), (5, 2), (8, 4), (12, 12)])
def test_muddy_children(smcdel, n, m):
    """After m - 1 rounds of "nobody knows" the muddy children know, one round earlier
    nobody does, and the clean ones know only when everyone is muddy."""
    from pyfront.puzzles.programs import muddy_children

    answers = OfficialBackend(smcdel).run(muddy_children(n, m))
    assert [a.value for a in answers] == [True, m == n] + ([False] if m >= 2 else [])


@pytest.mark.parametrize("n", [3, 4, 6])
def test_dining_cryptographers(smcdel, n):
    """Chaum's theorem: after the XOR announcements the payer stays anonymous to the
    others, and an NSA payment is common knowledge."""
    from pyfront.puzzles.programs import dining_cryptographers

    (answer,) = OfficialBackend(smcdel).run(dining_cryptographers(n))
    assert answer.value is True


# -- packing and batches on the real process --------------------------------------------------

def _packable_recorded(limit: int):
    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.official.packing import unpackable_reason
    from smcdel_bridge.syntax import parse_input

    out = []
    for case in _cases("smcdel-conformance", "corpus.jsonl"):
        if case["returncode"] != 0 or case["category"] != "random":
            continue
        try:
            program = parse_input(case["input"])
        except SmcdelError:
            continue
        if unpackable_reason(program) is None:
            recorded = read_transcript(case["stdout"], case["stderr"], 0).answers
            out.append((case["id"], program, recorded))
        if len(out) == limit:
            break
    return out


def test_packed_calls_give_each_problem_its_recorded_answers(smcdel):
    from smcdel_bridge.official.packing import pack

    cases = _packable_recorded(60)
    assert len(cases) == 60
    combined = pack([program for _, program, _ in cases])
    answers = OfficialBackend(smcdel).run(combined.program)
    for (cid, _, recorded), part in zip(cases, combined.split(answers)):
        assert part == recorded, cid


def test_run_many_packs_parallel_calls_and_keeps_order(smcdel):
    cases = _packable_recorded(120)
    backend = OfficialBackend(smcdel, pack_size=25, workers=2)
    outcomes = list(backend.run_many(program for _, program, _ in cases))
    assert outcomes == [recorded for _, _, recorded in cases]


def test_a_call_over_its_time_limit_is_killed(smcdel):
    from pyfront.puzzles.programs import muddy_children_text

    backend = OfficialBackend(smcdel, timeout=0.5)
    start = time.monotonic()
    transcript = backend.transcript(muddy_children_text(200, 100))
    assert isinstance(transcript.error, CallTimeout)
    assert time.monotonic() - start < 10
    from smcdel_bridge.official.binary import LIVE

    assert not LIVE._procs


@pytest.mark.slow
def test_only_the_slow_problem_of_a_pack_times_out(smcdel):
    from pyfront.puzzles.programs import muddy_children
    from smcdel_bridge.official.batch import Task

    quick = [p for _, p, _ in _packable_recorded(6)]
    slow = muddy_children(200, 100)
    programs = quick[:3] + [slow] + quick[3:]
    backend = OfficialBackend(smcdel, timeout=3.0, pack_size=10, workers=1)
    outcomes = list(backend.run_tasks(Task(key=i, program=p) for i, p in enumerate(programs)))
    assert isinstance(outcomes[3].error, CallTimeout)
    assert all(o.error is None and o.answers for k, o in enumerate(outcomes) if k != 3)


def test_version_and_doctor(smcdel, capsys, monkeypatch):
    from pyfront.cli import main

    assert OfficialBackend(smcdel).version_number() == "1.3.0"
    monkeypatch.setenv("SMCDEL_BIN", smcdel)
    main(["doctor"])
    assert "1.3.0" in capsys.readouterr().out
