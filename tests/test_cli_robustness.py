"""Bad input to every ``mindgames`` sub-command: one stderr line, a non-zero exit, no traceback.

Each case runs the command in-process on small files made here.  ``{d}`` in an argument is
the directory holding them.  A run that fails before doing anything prints exactly one
line on stderr; batch commands (``check``, ``verbalize``, ``import``) report bad items in
their place and go on, which the last tests check.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys

import pytest
from hostile_data import GOOD_DSL, GOOD_SMCDEL, ROW  # the hostile-input cases' good inputs

from pyfront.cli import main


def _dsl(hypothesis: str) -> str:
    return f"problem p\n  agents Alice, Bob\n  setup forehead\n  hypothesis {hypothesis}\n"


FILES: dict[str, bytes | str] = {
    "good.del": GOOD_DSL,
    "good.smcdel.txt": GOOD_SMCDEL,
    "good.jsonl": json.dumps(ROW) + "\n",
    "typo.del": _dsl("Alice knows tht muddy(Bob)"),
    "setup.del": "problem p\n  agents Alice, Bob\n  setup forehed\n",
    "empty.del": "",
    "latin1.del": b"problem p\n  agents Al\xe9, Bob\n",
    "bom.del": b"\xef\xbb\xbf" + GOOD_DSL.encode(),
    "deep.del": _dsl("(" * 500 + "muddy(Bob)" + ")" * 500),
    "deepknows.del": _dsl("Alice knows that " * 300 + "muddy(Bob)"),
    "wide.del": _dsl(" and ".join(["muddy(Bob)"] * 3000)),
    "eplaw.del": "problem p\n  agents Alice, Bob\n  setup forehead\n"
                 "  law Alice knows that muddy(Bob)\n  hypothesis Bob knows whether muddy(Bob)\n",
    "big.del": "problem p\n  agents " + ", ".join(f"A{i}" for i in range(30))
               + "\n  setup forehead\n  hypothesis A0 knows that muddy(A1)\n",
    "many.del": "problem p\n  agents " + ", ".join(f"A{i}" for i in range(710))
                + "\n  setup forehead\n  hypothesis A0 knows that muddy(A1)\n",
    "many.jsonl": json.dumps(dict(
        ROW, names=json.dumps([f"A{i}" for i in range(710)]),
        smcdel_problem="VARS " + ",".join(map(str, range(1, 711)))
                       + " LAW Top OBS Agenta:2 VALID? 1")) + "\n",
    "where.smcdel.txt": "VARS " + ",".join(map(str, range(1, 40))) + " LAW Top OBS a: 1 WHERE? Top\n",
    "typo.smcdel.txt": "VARS 1 LAW Top OBS a: 1 VALID? a knws 1\n",
    "latin1.csv": b"smcdel_problem,setup,names\n\xe9,forehead,x\n",
    "ragged.csv": "smcdel_problem,setup,names\na,b\n",
    "nocol.csv": "premise,setup\nx,forehead\n",
    "empty.jsonl": "",
    "mixed.jsonl": json.dumps(ROW) + "\n[1, 2]\n{bad\n" + json.dumps(ROW) + "\n",
    "latin1.jsonl": b'{"smcdel_problem": "\xe9"}\n' + json.dumps(ROW).encode() + b"\n",
    "deep.jsonl": json.dumps(dict(ROW, smcdel_problem="VARS 1,2 LAW Top OBS Agenta:2 "
                                  "Agentb:1 VALID? " + "~" * 3000 + "1")) + "\n",
    "names.jsonl": json.dumps(dict(ROW, names="['Ann', ")) + "\n",
    "nonstr.jsonl": json.dumps(dict(ROW, smcdel_problem=5)) + "\n",
    "nested.jsonl": "[" * 100_000 + "]" * 100_000 + "\n" + json.dumps(ROW) + "\n",
    "nested.json": "[" * 100_000 + "]" * 100_000,
    "raw.del": _dsl('smcdel"' + "~" * 3000 + '1"'),
    "data.txt": "x",
}


@pytest.fixture
def d(tmp_path):
    for name, content in FILES.items():
        path = tmp_path / name
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    (tmp_path / "dir.del").mkdir()
    (tmp_path / "emptydir").mkdir()
    return tmp_path


def run(capsys, argv: list[str], d, stdin: bytes | None = None, monkeypatch=None):
    argv = [a.replace("{d}", str(d)) for a in argv]
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


#: (command line, exit code, words of the one stderr line)
ONE_LINE_CASES = [
    # usage errors: one line (no usage block), exit 2
    (["smcdel"], 2, "required: FILE"),
    (["smcdel", "--engine", "bogus", "{d}/good.smcdel.txt"], 2, "invalid choice: 'bogus'"),
    (["check", "{d}/good.del", "--workers", "x"], 2, "invalid int value"),
    (["render", "{d}/good.del", "--to", "xml"], 2, "invalid choice"),
    (["generate", "--size", "x", "-o", "{d}/gen"], 2, "invalid int value"),
    (["explain", "{d}/good.del", "--format", "html"], 2, "invalid choice"),
    (["nosuch"], 2, "invalid choice: 'nosuch'"),
    # smcdel: the reference's wording
    (["smcdel", "{d}/typo.smcdel.txt"], 1, "Parse error in line 1, column"),
    (["smcdel", "{d}/missing.txt"], 1, "does not exist"),
    (["smcdel", "{d}/dir.del"], 1, "inappropriate type"),
    (["smcdel", "{d}/latin1.del"], 1, "invalid byte sequence"),
    (["smcdel", "--backend", "nosuch", "{d}/good.smcdel.txt"], 1, "unknown backend"),
    (["smcdel", "{d}/where.smcdel.txt"], 1, "WHERE? would list more than 1048576 states"),
    (["smcdel", "--backend", "smcdel", "--smcdel", "{d}/nope", "{d}/good.smcdel.txt"], 1,
     "smcdel binary"),
    # DSL files: file:line:column
    (["render", "{d}/typo.del"], 1, "typo.del:4:26: expected"),
    (["render", "{d}/setup.del"], 1, "setup.del:3:9: unknown setup 'forehed'"),
    (["render", "{d}/latin1.del"], 1, "latin1.del:2:12: not UTF-8 text"),
    (["render", "{d}/empty.del"], 1, "empty.del: no problem to render"),
    (["render", "{d}/missing.del"], 1, "missing.del: No such file or directory"),
    (["render", "{d}/dir.del"], 1, "dir.del: Is a directory"),
    (["render", "{d}/deep.del", "--to", "smcdel"], 1, "deep.del:4:"),
    (["render", "{d}/deepknows.del", "--to", "english"], 1, "nested more than"),
    (["render", "{d}/raw.del"], 1, "raw.del:4:14: formula nested more than"),
    (["render", "{d}/good.del", "--style", "nosuch"], 1, "unknown style"),
    (["render", "{d}/good.del", "--problem", "q"], 1, "no problem called 'q'"),
    (["render", "{d}/many.del", "--to", "smcdel"], 1, "many.del:2:4112: a problem has at most 702"),
    (["explain", "{d}/deep.del"], 1, "formula nested more than"),
    (["explain", "{d}/empty.del"], 1, "no problem to explain"),
    (["explain", "{d}/big.del"], 1, "big.del:1: problem 'p' is too large"),
    (["explain", "{d}/many.del"], 1, "at most 702 agents"),
    (["explain", "{d}/eplaw.del"], 1, "eplaw.del:1: problem 'p': boolBddOf failed"),
    (["explain", "{d}/good.del", "--actual", ""], 1, "--actual is empty"),
    (["explain", "{d}/good.del", "--actual", "111"], 1, "a row of 3 0/1 digits, but there are 2"),
    (["explain", "{d}/good.del", "--graph", "{d}/good.del"], 1, "not a directory"),
    # check: options and paths refused before anything runs
    (["check", "{d}/missing.del"], 1, "missing.del: no such file"),
    (["check", "-", "-"], 1, "standard input can be given once"),
    (["check", "{d}/data.txt"], 1, "cannot check this kind of file"),
    (["check", "{d}/good.del", "--timeout", "nan"], 1, "--timeout must be positive"),
    (["check", "{d}/good.del", "--workers", "0"], 1, "--workers must be at least 1"),
    (["check", "{d}/good.del", "--resume"], 1, "--resume needs -o"),
    (["check", "{d}/good.jsonl", "-o", "{d}/good.jsonl"], 1, "would be overwritten"),
    (["check", "{d}/good.del", "--backend", "smcdel", "--smcdel", "{d}/nope"], 1,
     "does not exist"),
    (["check", "{d}/good.del", "--backend", "both", "--smcdel", "{d}/good.del"], 1,
     "not an executable file"),
    (["check", "{d}/good.del", "-o", "{d}/emptydir"], 1, "Is a directory"),
    (["check", "{d}/good.del", "-o", "/dev/full"], 1, "/dev/full: No space left"),
    # datasets: refused as a whole
    (["verbalize", "{d}/data.txt"], 1, "unknown dataset format"),
    (["verbalize", "{d}/missing.csv"], 1, "No such file"),
    (["verbalize", "{d}/good.jsonl", "--style", "x"], 1, "unknown style"),
    (["verbalize", "{d}/good.jsonl", "-o", "{d}/good.jsonl"], 1, "would be overwritten"),
    (["verbalize", "{d}/nested.json"], 1, "nested.json: invalid JSON: nested too deeply"),
    (["verbalize", "{d}/good.jsonl", "-o", "/dev/full"], 1, "/dev/full: No space left"),
    (["import", "{d}/good.jsonl", "-o", "{d}/good.del"], 1, "not a directory"),
    (["verbalize", "{d}/empty.jsonl"], 1, "empty.jsonl: no row to verbalize"),
    (["import", "{d}/empty.jsonl", "-o", "{d}/imported"], 1, "empty.jsonl: no row to import"),
    # generate: option values
    (["generate", "--size", "3", "-o", "{d}/gen"], 1, "--size must be an even number"),
    (["generate", "--setups", "nosuch", "-o", "{d}/gen"], 1, "unknown setup"),
    (["generate", "--agents", "x", "-o", "{d}/gen"], 1, "--agents takes a number"),
    (["generate", "--knowledge-rate", "nan", "-o", "{d}/gen"], 1, "--knowledge-rate"),
    (["generate", "--split", "a/b/c", "-o", "{d}/gen"], 1, "--split"),
    (["generate", "--agents", "5-2", "-o", "{d}/gen"], 1, "--agents range '5-2' runs backwards"),
    (["generate", "--hypotheses-per-premise", "1", "-o", "{d}/gen"], 1,
     "--hypotheses-per-premise must be at least 2"),
    (["generate", "--size", "4", "-o", "{d}/good.del"], 1, "not a directory"),
    # doctor: a binary named but not usable
    (["doctor", "--smcdel", "{d}/nope"], 1, "does not exist"),
    (["doctor", "--smcdel", "{d}"], 1, "not an executable file"),
    (["doctor", "--json", "--smcdel", "{d}/nope"], 1, "does not exist"),
]


@pytest.mark.parametrize("argv,code,words", ONE_LINE_CASES,
                         ids=[" ".join(c[0])[:60] for c in ONE_LINE_CASES])
def test_bad_input_is_one_line(capsys, d, argv, code, words):
    got, _, err = run(capsys, argv, d)
    assert got == code, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1, err
    assert words in err


@pytest.mark.parametrize("argv,words", [
    (["render", "-"], "<stdin>:1:1: not UTF-8 text"),
    (["explain", "-"], "<stdin>:1:1: not UTF-8 text"),
    (["smcdel", "-"], "<stdin>: hGetContents"),
])
def test_bad_stdin_is_one_line(capsys, d, monkeypatch, argv, words):
    code, _, err = run(capsys, argv, d, stdin=b"\xff\xfe", monkeypatch=monkeypatch)
    assert code == 1 and len(err.strip().splitlines()) == 1 and words in err


def test_dsl_from_stdin(capsys, d, monkeypatch):
    code, out, _ = run(capsys, ["render", "-", "--to", "smcdel"], d,
                       stdin=GOOD_DSL.encode(), monkeypatch=monkeypatch)
    assert code == 0 and "VALID?" in out


def test_check_and_trace_name_standard_input_as_its_readers_do(capsys, d, monkeypatch):
    """Once, as ``<stdin>`` (not ``-: <stdin>:4:15: …``); the record's source stays the
    argument given."""
    bad = b"story s\n agents Ann\n proposition p\n Ann peeks at q\n"
    code, out, err = run(capsys, ["check", "-", "--json"], d, stdin=bad,
                         monkeypatch=monkeypatch)
    assert code == 1
    (record,) = _records(out)
    assert record["source"] == "-"
    assert record["error"] == "<stdin>:4:15: unknown variable 'q'"
    # a story that cannot go on: its line, named the same way
    stuck = b"story s\n agents Ann\n proposition p\n actually not p\n Ann says that p\n"
    code, out, err = run(capsys, ["check", "-", "--json"], d, stdin=stuck,
                         monkeypatch=monkeypatch)
    assert code == 1
    assert _records(out)[-1]["error"].startswith("<stdin>:5: "), out
    out_file = d / "trace.jsonl"
    code, _, err = run(capsys, ["trace", "-", "-o", str(out_file)], d, stdin=stuck,
                       monkeypatch=monkeypatch)
    assert code == 1 and err.startswith("<stdin>:5: story s: "), err


def test_byte_order_mark_is_accepted(capsys, d):
    code, out, err = run(capsys, ["render", "{d}/bom.del"], d)
    assert code == 0 and "## p" in out, err


def test_long_chains_are_not_deep(capsys, d):
    code, out, err = run(capsys, ["render", "{d}/wide.del", "--to", "smcdel"], d)
    assert code == 0 and out.count("&") == 2999, err


def _records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize("name,error", [
    ("empty.del", "empty.del: no hypothesis to check"),
    ("empty.jsonl", "empty.jsonl: no row to check"),
    ("emptydir", "emptydir: no .del file in this directory"),
    ("dir.del", "no .del file in this directory"),
    ("typo.del", "typo.del:4:26: expected"),
    ("deep.del", "deep.del:4:"),
    ("latin1.del", "latin1.del:2:12: not UTF-8 text"),
])
def test_check_reports_a_bad_file_as_a_failed_item(capsys, d, name, error):
    code, out, err = run(capsys, ["check", "-q", "{d}/" + name, "{d}/good.del"], d)
    records = _records(out)
    assert code == 1 and err == ""
    assert error in records[0]["error"]
    assert records[-1]["label"] == "not_entailment" and "error" not in records[-1]


@pytest.mark.parametrize("name,errors", [
    ("mixed.jsonl", ["line 2): a JSON line must hold an object", "line 3): invalid JSON"]),
    ("latin1.jsonl", ["line 1): not UTF-8 text"]),
    ("latin1.csv", ["not UTF-8 text"]),
    ("ragged.csv", ["smcdel_problem: Parse error"]),
    ("nocol.csv", ["the CSV header has no smcdel_problem column"]),
    ("nested.jsonl", ["line 1): invalid JSON: nested too deeply"]),
])
def test_check_goes_on_after_bad_rows(capsys, d, name, errors):
    code, out, err = run(capsys, ["check", "-q", "{d}/" + name], d)
    records = _records(out)
    assert code == 1 and "Traceback" not in err
    found = [r["error"] for r in records if "error" in r]
    for words in errors:
        assert any(words in e for e in found), found
    if name == "mixed.jsonl":
        assert [r["valid"] for r in records] == [True, None, None, True]


@pytest.mark.parametrize("command", ["verbalize", "import"])
@pytest.mark.parametrize("name,words", [
    ("mixed.jsonl", "a JSON line must hold an object"),
    ("latin1.jsonl", "not UTF-8 text"),
    ("latin1.csv", "not UTF-8 text"),
    ("deep.jsonl", "nested more than"),
    ("names.jsonl", "names must be a list"),
    ("nonstr.jsonl", "smcdel_problem is not text"),
    ("nested.jsonl", "nested too deeply"),
    ("many.jsonl", "a problem has at most 702 agents"),
])
def test_dataset_commands_report_bad_rows_and_go_on(capsys, d, command, name, words):
    argv = [command, "{d}/" + name] + (["-o", "{d}/imported"] if command == "import" else [])
    code, out, err = run(capsys, argv, d)
    assert code == 1 and "Traceback" not in err and "internal error" not in err
    assert words in err
    if command == "verbalize" and name in ("mixed.jsonl", "latin1.jsonl"):
        assert "premise" in _records(out)[-1]  # the good row after the bad ones


def _cli(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyfront", *args], capture_output=True,
                          text=True, timeout=120, stdin=subprocess.DEVNULL, **kw)


@pytest.mark.parametrize("argv", [
    ["doctor"],
    ["render", "{d}/good.del", "--to", "json"],
])
def test_closed_stdout_is_no_error(d, argv):
    argv = [a.replace("{d}", str(d)) for a in argv]
    proc = subprocess.run(
        f"{sys.executable} -m pyfront {' '.join(argv)} | head -c 1 >/dev/null; "
        "exit ${PIPESTATUS[0]}",
        shell=True, executable="/bin/bash", capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0 and proc.stderr == ""


def test_a_missing_binary_prints_nothing_of_the_reference_output(capsys, d):
    code, out, err = run(capsys, ["smcdel", "--backend", "smcdel", "--smcdel", "{d}/nope",
                                  "{d}/good.smcdel.txt"], d)
    assert code == 1 and out == "" and err.startswith("smcdel: smcdel binary")


def test_a_file_name_that_is_not_utf8_is_kept_in_the_results(capsys, d, tmp_path):
    odd = str(d).encode() + b"/odd\xff.del"
    with open(odd, "wb") as fh:
        fh.write((d / "good.del").read_bytes())
    out_file = tmp_path / "out.jsonl"
    for extra in ([], ["--resume"]):
        code, _, err = run(capsys, ["check", "-q", odd.decode(errors="surrogateescape"),
                                    "-o", str(out_file), *extra], d)
        assert code == 0, err
    records = _records(out_file.read_text())
    assert len(records) == 1 and records[0]["source"].endswith("odd\udcff.del")


def test_a_terminal_that_cannot_show_a_character_gets_an_escape(d):
    proc = _cli("explain", str(d / "good.del"),
                env={**os.environ, "PYTHONIOENCODING": "ascii"})
    assert proc.returncode == 0 and proc.stderr == ""
    assert "\\u2228" in proc.stdout  # someone: muddy(Alice) \u2228 muddy(Bob)


@pytest.mark.parametrize("redirect,words", [
    ("<&-", "-: no problem to render"),  # standard input closed
    (">&-", ""),                          # standard output closed
])
def test_closed_standard_streams(d, redirect, words):
    proc = subprocess.run(f"{sys.executable} -m pyfront render - {redirect}", shell=True,
                          executable="/bin/bash", capture_output=True, text=True, timeout=120,
                          stdin=subprocess.DEVNULL)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr
    assert proc.returncode == 1 and words in proc.stderr


def test_sigterm_ends_the_run_and_its_smcdel_calls(d, tmp_path):
    """``kill`` or ``timeout``: one line, exit 143, the binary's process group gone too."""
    import signal
    import time

    hang = tmp_path / "hang"
    pids = tmp_path / "pids"
    hang.write_text(f"#!/bin/sh\necho $$ > {pids}\nexec sleep 600\n")
    hang.chmod(0o755)
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyfront", "smcdel", "--backend", "smcdel", "--smcdel",
         str(hang), str(d / "good.smcdel.txt")],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    deadline = time.monotonic() + 60
    while not pids.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    proc.send_signal(signal.SIGTERM)
    err = proc.communicate(timeout=60)[1]
    assert proc.returncode == 143 and err == "mindgames: terminated\n"
    child = int(pids.read_text())
    for _ in range(100):  # the kill reaches the child at once; give it time to be reaped
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        pytest.fail("the smcdel stand-in outlived mindgames")


def test_brackets_in_names_are_not_markup(capsys, d):
    """Summary tables are drawn with rich: a name like ``[/x]`` must not be read as a tag."""
    (d / "[").mkdir()
    (d / "[" / "x].del").write_text(GOOD_DSL, encoding="utf-8")
    code, out, err = run(capsys, ["check", "{d}/[/x].del", "-o", "{d}/out.jsonl"], d)
    assert code == 0 and "[/x].del" in out, err
    code, _, err = run(capsys, ["doctor", "--smcdel", "{d}/[/x]"], d)
    assert code == 1 and err.count("\n") == 1 and "[/x] (from --smcdel) does not exist" in err
