"""``mindgames check``: every kind of path, every backend, broken rows, resuming."""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time

import pytest

import fake_smcdel
from pyfront.cli import main

FIELDS = ("source", "row", "valid", "label", "contradictory", "expected", "agrees")


def run_check(capsys, *args) -> tuple[int, list[dict], str]:
    code = main(["check", *map(str, args)])
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    return code, records, err


@pytest.fixture
def replay(tmp_path, monkeypatch):
    """Recorded reference answers only (the published rows' labels, the corpus)."""
    monkeypatch.setenv("FAKE_SMCDEL_LOG", str(tmp_path / "calls.log"))
    return fake_smcdel.make(tmp_path, "replay")


@pytest.fixture
def embedded(tmp_path):
    """Answers of the embedded engine: for the bridge's mechanics, never for agreement."""
    return fake_smcdel.make(tmp_path, "embedded")


def replayed_calls(tmp_path) -> list[bool]:
    log = tmp_path / "calls.log"
    return [json.loads(l)["replayed"] for l in log.read_text().splitlines()] if log.exists() else []


def test_sample_agrees_with_every_label(sample_csv, capsys):
    code, records, err = run_check(capsys, sample_csv)
    assert code == 0
    assert len(records) == 80
    assert [r["row"] for r in records] == list(range(80))
    for r in records:
        assert tuple(r)[:7] == FIELDS
        assert r["source"] == str(sample_csv)
        assert r["agrees"] is True and r["contradictory"] is False
        assert r["label"] == ("entailment" if r["valid"] else "not_entailment")
    assert "mindgames check" in err and "80" in err  # the summary goes to stderr


def every(sample_csv, step: int, out) -> str:
    """Every ``step``-th row of the sample (a spread of every setup), as a CSV file."""
    rows = list(csv.DictReader(open(sample_csv, newline="", encoding="utf-8")))[::step]
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return str(out)


@pytest.mark.parametrize("step", [8, pytest.param(1, marks=pytest.mark.slow)])
def test_sample_with_the_official_binary_and_both(sample_csv, capsys, replay, tmp_path, step):
    # one row a call, as written: the reference's recorded answers, none computed here
    data = every(sample_csv, step, tmp_path / "rows.csv")
    code, native, _ = run_check(capsys, data)
    assert code == 0 and len(native) == 80 // step
    code_s, official, _ = run_check(capsys, data, "--backend", "smcdel", "--smcdel", replay,
                                    "--pack-size", "1")
    assert code_s == 0 and official == native
    calls = replayed_calls(tmp_path)
    assert len(calls) == 2 * len(native) and all(calls)  # the problems and their pbchecks
    code_b, both, err = run_check(capsys, data, "--backend", "both", "--smcdel", replay,
                                  "--pack-size", "1")
    assert code_b == 0
    assert all(r["backends_agree"] for r in both)
    assert [{k: r[k] for k in FIELDS} for r in both] == native
    assert "backends≠" in err


def test_both_reports_disagreements_and_fails(sample_csv, capsys, tmp_path):
    liar = fake_smcdel.make(tmp_path, "liar")  # the recorded answers, swapped
    sample_csv = every(sample_csv, 8, tmp_path / "rows.csv")
    code, records, err = run_check(capsys, sample_csv, "--backend", "both", "--smcdel", liar,
                                   "--pack-size", "1")
    assert not any("error" in r for r in records)
    assert code == 1
    assert not any(r["backends_agree"] for r in records)
    first = records[0]
    assert first["backends"]["native"]["valid"] != first["backends"]["smcdel"]["valid"]
    assert "the backends disagree" in err
    # the report names the item, its formula and both answers
    assert f"{sample_csv}: row 0" in err and "Kw Agentb" in err and "not valid" in err


def test_pbcheck_is_optional_and_derived(tmp_path, sample_csv, capsys, embedded):
    rows = list(csv.DictReader(open(sample_csv, newline="", encoding="utf-8")))[:10]
    data = tmp_path / "no_pbcheck.jsonl"
    with open(data, "w") as fh:
        for r in rows:
            fh.write(json.dumps({"smcdel_problem": r["smcdel_problem"], "label": r["label"]}) + "\n")
        # a contradictory premise: announced true, then false
        fh.write(json.dumps({"smcdel_problem": "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 "
                             "VALID? [ ! (1|2) ] [ ! 1 ] [ ! ~1 ] Agenta knows that 2"}) + "\n")
    for backend in ("native", "smcdel", "both"):
        code, records, _ = run_check(capsys, data, "--backend", backend, "--smcdel", embedded)
        assert code == 0, backend
        assert [r["contradictory"] for r in records] == [False] * 10 + [True], backend
        assert records[-1]["expected"] is None and records[-1]["agrees"] is None
        assert records[-1]["valid"] is True


def test_broken_rows_are_errors_and_the_batch_goes_on(tmp_path, capsys, embedded):
    good = "VARS 1,2 LAW Top OBS a:1 b:2 VALID? [ ! (1|2) ] a knows whether 1"
    data = tmp_path / "broken.csv"
    with open(data, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["smcdel_problem", "label"])
        w.writerow([good, "entailment"])
        w.writerow(["", "entailment"])
        w.writerow(["VARS 1,2 LAW Top\nOBS a:1 VALID? (1 &", "entailment"])
        w.writerow([good, "maybe"])
        w.writerow(["VARS 1 LAW Top OBS a:1 VALID? K b 1", ""])
        w.writerow([good + " VALID? 1", ""])
        w.writerow([good, "not_entailment"])
    for backend in ("native", "smcdel"):
        code, records, err = run_check(capsys, data, "--backend", backend, "--smcdel", embedded)
        assert code == 1
        assert [r["row"] for r in records] == list(range(7))
        errors = {r["row"]: r.get("error") for r in records}
        assert errors[0] is None and records[0]["agrees"] is True
        assert errors[1] == f"{data}: row 1: smcdel_problem is missing"
        assert errors[2] == f"{data}: row 2: smcdel_problem: Parse error in line 1, column 1"
        assert "label must be entailment or not_entailment" in errors[3]
        assert errors[4] == (f"{data}: row 4: smcdel_problem: Sanity check failed: "
                             "Query formula contains agents not in OBS!")
        assert "exactly one job, it holds 2" in errors[5]
        assert records[6]["agrees"] is False and errors[6] is None
        assert "failed items" in err and "labels that differ" in err


def test_a_parse_error_names_line_and_column(tmp_path, capsys):
    data = tmp_path / "bad.jsonl"
    data.write_text(json.dumps({"smcdel_problem": "VARS 1\nLAW Top OBS a: 1\nVALID? (1 | )"}) + "\n"
                    + "{not json\n" + "[1, 2]\n")
    code, records, _ = run_check(capsys, data)
    assert code == 1
    assert records[0]["error"] == f"{data}: row 0: smcdel_problem: Parse error in line 3, column 13"
    assert records[1]["error"].startswith(f"{data}: row 1 (line 2): invalid JSON")
    assert records[2]["error"] == f"{data}: row 2 (line 3): a JSON line must hold an object"


def test_smcdel_input_files_give_one_line_per_job(tmp_path, capsys, embedded):
    path = tmp_path / "muddy.smcdel.txt"
    path.write_text(
        "-- three muddy children\nVARS 1,2,3 LAW Top OBS alice: 2,3 bob: 1,3 carol: 1,2\n"
        "WHERE? [ ! (1|2|3) ] alice knows whether 1\n"
        "VALID? [ ! (1|2|3) ] [ ! ((~ (alice knows whether 1)) & (~ (bob knows whether 2)) "
        "& (~ (carol knows whether 3))) ] (1 | 2)\n"
        "TRUE? {1} [ ! (1|2|3) ] alice knows that 1\n")
    outputs = []
    for backend in ("native", "smcdel"):
        code, records, _ = run_check(capsys, path, "--backend", backend, "--smcdel", embedded)
        assert code == 0
        outputs.append(records)
        assert [r["job"] for r in records] == ["WHERE?", "VALID?", "TRUE?"]
        assert [r["row"] for r in records] == [0, 1, 2]
        where, valid, true = records
        # after "someone", alice knows whether she is muddy only when she sees two clean
        # foreheads; where the announcement is false, the formula holds vacuously
        assert where["valid"] is False and where["states"] == [[], [1]]
        assert valid["valid"] is True and true["valid"] is True
        assert all(r["contradictory"] is False for r in records)
    assert outputs[0] == outputs[1]
    bad = tmp_path / "bad.smcdel.txt"
    bad.write_text("VARS 1 LAW Top\nOBS a: 1 VALID? ~\n")
    code, records, _ = run_check(capsys, bad)
    assert code == 1 and records[0]["row"] is None
    assert records[0]["error"] == f"{bad}: Parse error in line 1, column 1"


def test_a_directory_checks_every_dsl_file(capsys):
    from conftest import REPO

    examples = REPO / "examples"
    assert any(examples.glob("*.del")), "no example DSL files in this checkout"
    code, records, _ = run_check(capsys, examples)
    assert code == 0
    sources = {r["source"] for r in records}
    assert sources == {str(p) for p in examples.rglob("*.del")}
    assert all(r["agrees"] is not False for r in records)
    assert all("name" in r for r in records)


def test_bad_command_lines(tmp_path, capsys):
    assert main(["check", str(tmp_path / "missing.csv")]) == 1
    assert "missing.csv: no such file or directory" in capsys.readouterr().err
    other = tmp_path / "data.txt"
    other.write_text("x")
    assert main(["check", str(other)]) == 1
    assert "cannot check this kind of file" in capsys.readouterr().err
    assert main(["check", str(other), "--resume"]) == 1
    assert "--resume needs -o" in capsys.readouterr().err


def test_missing_binary_fails_the_run_before_any_item(sample_csv, tmp_path, capsys):
    code, records, err = run_check(capsys, sample_csv, "--backend", "smcdel",
                                   "--smcdel", tmp_path / "nope")
    assert code == 1 and records == []
    assert len(err.splitlines()) == 1 and "does not exist" in err


def test_output_file_gets_the_lines_and_stdout_the_summary(sample_csv, tmp_path, capsys):
    out = tmp_path / "out" / "results.jsonl"
    code = main(["check", str(sample_csv), "-o", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 0
    assert len(out.read_text().splitlines()) == 80
    assert "mindgames check" in stdout and not stdout.lstrip().startswith("{")


def _command(*args) -> list[str]:
    return [sys.executable, "-m", "pyfront", "check", *map(str, args)]


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_output(sample_csv, tmp_path):
    embedded = fake_smcdel.make(tmp_path, "embedded")  # resuming is mechanics, not agreement
    args = [sample_csv, "--backend", "smcdel", "--smcdel", embedded, "--pack-size", "4",
            "--workers", "1", "-q"]
    full = tmp_path / "full.jsonl"
    subprocess.run(_command(*args, "-o", full), check=True, timeout=300)
    part = tmp_path / "part.jsonl"
    env = dict(os.environ, FAKE_SMCDEL_DELAY="0.2")
    proc = subprocess.Popen(_command(*args, "-o", part), env=env, start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        if part.exists() and len(part.read_bytes().splitlines()) >= 12:
            break
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    written = part.read_bytes()
    assert 12 <= len(written.splitlines()) < 80
    with open(part, "ab") as fh:  # the kill may also cut a line in the middle
        fh.write(b'{"source": "cut in the mid')
    subprocess.run(_command(*args, "-o", part, "--resume"), check=True, timeout=300)
    assert part.read_bytes() == full.read_bytes()
    # resuming a finished run changes nothing and still reports every item
    done = subprocess.run(_command(*args[:-1], "-o", part, "--resume"), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0 and "80" in done.stdout
    assert part.read_bytes() == full.read_bytes()


@pytest.mark.slow
def test_workers_keep_the_order(sample_csv, tmp_path, capsys):
    code, one, _ = run_check(capsys, sample_csv)
    big = tmp_path / "big.csv"
    rows = list(csv.DictReader(open(sample_csv, newline="", encoding="utf-8")))
    with open(big, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        for _ in range(8):
            w.writerows(rows)
    code, many, _ = run_check(capsys, big, "--workers", "2")
    assert code == 0 and len(many) == 640
    assert [r["valid"] for r in many] == [r["valid"] for r in one] * 8


@pytest.mark.parametrize("text, names, valid", [
    # a observes 1 only: she knows whether 1, not whether 2 (worked by hand)
    ("-- two atoms\nVARS 1,2 LAW Top OBS a:1 b:2\nVALID? (a knows whether 1)\n"
     "VALID? (a knows whether 2)\n", ["VALID? job 1", "VALID? job 2"], [True, False]),
    # two children, foreheads: after "someone is muddy" Ann still cannot tell (Bob may be
    # the muddy one)
    ("problem p\n  agents Ann, Bob\n  setup forehead\n  announce someone\n"
     "  hypothesis h: Ann knows whether muddy(Ann)\n", ["p/h"], [False]),
])
def test_standard_input_is_read_as_smcdel_does(text, names, valid):
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", "-", "--json", "-q"],
                          input=text, capture_output=True, text=True, timeout=60)
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 0, done.stderr
    assert [r["name"] for r in records] == names
    assert [r["valid"] for r in records] == valid
    assert {r["source"] for r in records} == {"-"}


def test_standard_input_is_told_apart_by_its_first_statement_however_it_arrives():
    """A writer that sends a comment first and the rest later: what standard input holds
    is read from its first statement, not from whatever bytes had come so far."""
    program = "VARS 1,2 LAW Top OBS a:1 b:2\nVALID? (a knows whether 1)\n"
    with subprocess.Popen([sys.executable, "-m", "pyfront.cli", "check", "-", "--json", "-q"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE) as proc:
        proc.stdin.write(b"-- sent first\n")
        proc.stdin.flush()
        time.sleep(1.5)
        out, err = proc.communicate(program.encode(), timeout=60)
    records = [json.loads(line) for line in out.decode().splitlines()]
    assert proc.returncode == 0, err.decode()
    assert [(r["name"], r["valid"]) for r in records] == [("VALID? job 1", True)]
