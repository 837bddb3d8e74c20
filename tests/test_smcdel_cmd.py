"""``mindgames smcdel``: the reference's output text, errors, ``--json`` and colours."""

from __future__ import annotations

import importlib
import io
import json
import subprocess
import sys

import pytest

from pyfront.commands.smcdel_cmd import check_text

INFO = "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
TINY = "VARS 1,2 LAW Top OBS alice: 1\nVALID? alice knows that 1\nTRUE? {1} 1\nWHERE? 2\n"


def run_text(text, **options):
    out, err = io.StringIO(), io.StringIO()
    code = check_text(text, out, err, **options)
    return code, out.getvalue(), err.getvalue()


def test_output_text_without_colour():
    code, out, err = run_text(TINY)
    assert code == 0 and err == ""
    assert out == (
        INFO
        + "Is K alice 1 valid on F?\nFalse\n\n"
        + "Is 1 true at [1]?\nTrue\n\n"
        + "At which states is 2 true?\n[2]\n[1,2]\n\n"
        + "\nDoei!\n"
    )


def test_output_text_with_the_reference_colour_codes():
    code, out, _ = run_text(TINY, colour=True)
    assert code == 0
    assert "Is 1 true at [1]?\n\x1b[97mTrue\n\n\x1b[m" in out
    assert "At which states is 2 true?\n\x1b[97m[2]\n\x1b[m\x1b[97m[1,2]\n\x1b[m\n" in out


def test_json_results():
    code, out, err = run_text(TINY, as_json=True)
    assert code == 0 and err == ""
    assert json.loads(out) == {"results": [
        {"job": "VALID?", "value": False},
        {"job": "TRUE?", "value": True},
        {"job": "WHERE?", "states": [[2], [1, 2]]},
    ]}


@pytest.mark.parametrize("text, stderr", [
    ("VARS 1 LAW Top OBS alice: 1 VALID? 1 &", "smcdel: Parse error in line 1, column 1\n"),
    ("VARS 1 LAW Top OBS alice: 1 VALID? 1 $", "smcdel: lexical error at line 1, column 38\n"),
    ("VARS 1,2 LAW 7 OBS alice: 3 VALID? 1",
     "smcdel: Sanity check failed: OBS contains atoms not in VARS!; "
     "LAW uses atoms not in VARS!\n"),
])
def test_input_errors_after_the_info_line(text, stderr):
    code, out, err = run_text(text, colour=True)
    assert (code, out, err) == (1, INFO, stderr)


def test_engine_error_after_what_the_reference_printed():
    text = "VARS 1,2 LAW alice knows that 1 OBS alice: 1\nTRUE? {1} 1\nVALID? 1\nWHERE? 1\n"
    code, out, err = run_text(text, colour=True)
    assert code == 1
    assert out == INFO + "Is 1 true at [1]?\n\x1b[97mTrue\n\n\x1b[mIs 1 valid on F?\n\x1b[97m"
    assert err == "smcdel: boolBddOf failed: Not a boolean formula.\n"
    code, out, _ = run_text("VARS 1 LAW 1 & K a 1 OBS a: 1 WHERE? 1", colour=True)
    assert code == 1 and out == INFO + "At which states is 1 true?\n"


def test_json_error_keeps_the_answers_computed_before_it():
    text = "VARS 1,2 LAW alice knows that 1 OBS alice: 1\nTRUE? {1} 1\nVALID? 1\n"
    code, out, err = run_text(text, as_json=True)
    assert code == 1 and err.startswith("smcdel: boolBddOf failed")
    doc = json.loads(out)
    assert doc["results"] == [{"job": "TRUE?", "value": True}]
    assert doc["error"]["kind"] == "boolean"
    code, out, _ = run_text("VARS 1 LAW Top OBS a: 1 VALID? (", as_json=True)
    assert code == 1
    assert json.loads(out)["error"] == {
        "kind": "parse", "message": "Parse error in line 1, column 1", "line": 1, "column": 1}


def test_bytes_that_are_not_utf8():
    code, out, err = run_text(b"VARS 1 \xff", colour=False)
    assert code == 1 and out == INFO and err.count("\n") == 1


def test_engine_choice_gives_the_same_text():
    importlib.import_module("smcdel_bridge.native.symbolic")
    texts = {engine: run_text(TINY, engine=engine) for engine in ("explicit", "symbolic")}
    assert texts["explicit"] == texts["symbolic"]


def test_unknown_backend_is_one_line():
    code, _, err = run_text(TINY, backend="nonesuch")
    assert code == 1 and err.count("\n") == 1 and "nonesuch" in err


# --- the console script ------------------------------------------------------------------

def mindgames(*args, stdin: str | None = None):
    return subprocess.run(
        [sys.executable, "-m", "pyfront", "smcdel", *args], input=stdin,
        capture_output=True, text=True, timeout=60,
    )


def test_cli_file_and_stdin(tmp_path):
    path = tmp_path / "tiny.smcdel.txt"
    path.write_text(TINY, encoding="utf-8")
    by_file = mindgames(str(path))
    by_stdin = mindgames("-", stdin=TINY)
    assert by_file.returncode == by_stdin.returncode == 0
    assert by_file.stdout == by_stdin.stdout == run_text(TINY)[1]
    coloured = mindgames(str(path), "--color", "always")
    assert "\x1b[97m" in coloured.stdout
    assert json.loads(mindgames(str(path), "--json").stdout)["results"][1]["value"] is True


def test_cli_errors(tmp_path):
    missing = mindgames(str(tmp_path / "nope.txt"))
    assert missing.returncode == 1 and missing.stdout == ""
    assert missing.stderr == f"smcdel: {tmp_path / 'nope.txt'}: openFile: does not exist " \
                             "(No such file or directory)\n"
    bad = mindgames("-", stdin="VARS 1 LAW Top OBS a: 1 VALID? )")
    assert bad.returncode == 1
    assert bad.stderr == "smcdel: Parse error in line 1, column 32\n"
    assert "Traceback" not in bad.stderr


# --- the official binary as backend (a stand-in replaying the reference's recordings) ------

def _recorded_cases() -> list[dict]:
    """Recorded reference runs: an accepted input with every kind of job, and one of each
    error (sanity check, law not Boolean, parse error)."""
    from conftest import TEST_DATA

    with open(TEST_DATA / "smcdel-corpus.jsonl", encoding="utf-8") as fh:
        corpus = [json.loads(line) for line in fh]
    picks = [
        lambda c: c["returncode"] == 0 and all(k in c["input"] for k in ("WHERE?", "TRUE?", "VALID?")),
        lambda c: "Sanity check failed" in c["stderr"],
        lambda c: "boolBddOf failed" in c["stderr"],
        lambda c: "Parse error" in c["stderr"],
    ]
    return [next(c for c in corpus if pick(c)) for pick in picks]


def _reference(case: dict) -> tuple[int, str, str]:
    """What ``mindgames smcdel`` prints for a recorded run: the same standard output, the
    error on one line, without the reference's call-stack trailer."""
    err = case["stderr"].split("CallStack (from HasCallStack):")[0]
    return case["returncode"], case["stdout"], (" ".join(err.split()) + "\n") if err else ""


def test_official_backend_prints_the_recorded_reference(tmp_path, monkeypatch):
    import fake_smcdel

    log = tmp_path / "calls.log"
    monkeypatch.setenv("FAKE_SMCDEL_LOG", str(log))
    monkeypatch.setenv("SMCDEL_BIN", str(fake_smcdel.make(tmp_path, "replay")))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    cases = _recorded_cases()
    for case in cases:
        official = run_text(case["input"], backend="smcdel", colour=True)
        if case["returncode"] == 0 or "Parse error" not in case["stderr"]:
            assert official == _reference(case), case["id"]
        else:  # a parse error is found before the binary is called, at the same place
            assert official[0] == 1 and official[2] == _reference(case)[2], case["id"]
        assert run_text(case["input"], colour=True) == _reference(case), case["id"]
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    assert entries and all(e["replayed"] for e in entries if e["jobs"] != 0)


def test_official_backend_binary_given_on_the_command_line(tmp_path, monkeypatch):
    import fake_smcdel

    monkeypatch.delenv("SMCDEL_BIN", raising=False)
    monkeypatch.setenv("PATH", "/nonexistent")
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    binary = str(fake_smcdel.make(tmp_path, "replay"))
    case = _recorded_cases()[0]
    assert run_text(case["input"], backend="smcdel", smcdel=binary, colour=True) == _reference(case)
    code, _out, err = run_text(case["input"], backend="smcdel", smcdel=str(tmp_path / "missing"))
    assert code == 1 and len(err.splitlines()) == 1
