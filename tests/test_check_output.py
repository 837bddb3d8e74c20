"""Where ``mindgames check`` puts what it says: a progress bar and a compact summary on a
terminal, JSON lines to ``-o``, ``--json`` or a pipe, no silent overwrite of results, and
a closed pipe that cannot turn a failure into success."""

from __future__ import annotations

import csv
import fcntl
import json
import os
import re
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from conftest import REPO
from fake_smcdel import make
from pyfront.cli import main

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07")


def on_terminal(args: list[str], *, timeout: float = 120) -> tuple[int, str]:
    """Run ``mindgames ARGS`` with a terminal of 80 columns as its standard streams."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm"
    proc = subprocess.Popen([sys.executable, "-m", "pyfront", *args], stdin=slave,
                            stdout=slave, stderr=slave, cwd=REPO, env=env)
    os.close(slave)
    chunks = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    code = proc.wait(timeout=max(1, deadline - time.monotonic()))
    return code, b"".join(chunks).decode("utf-8", "replace")


def plain(text: str) -> str:
    """Without colours; every repaint of the progress line on a line of its own."""
    return ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "\n")


def test_terminal_gets_a_compact_summary_not_json_lines():
    code, out = on_terminal(["check", "examples/"])
    text = plain(out)
    assert code == 0
    assert '{"source"' not in text
    # a directory is one row of the summary, not one per file
    row = re.search(r"^examples/ +(\d+) ", text, re.M)
    assert row, text
    assert "mindgames check" in text and f"all {row[1]} items checked" in text
    assert "forehead.del" not in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_json_flag_prints_the_lines_on_a_terminal():
    code, out = on_terminal(["check", "--json", "examples/forehead.del"])
    lines = [json.loads(l) for l in plain(out).splitlines() if l.startswith('{"source"')]
    assert code == 0 and len(lines) == 8


def test_summary_fits_80_columns_with_both_backends_and_large_counts():
    from rich.console import Console

    from pyfront.checking.report import Summary

    summary = Summary(both=True)
    summary.add({"source": "data/some/long/path/to/a/dataset/file.jsonl", "label": "entailment",
                 "agrees": True, "backends_agree": True})
    for row in summary.rows.values():
        for name in vars(row):
            setattr(row, name, 123456)
    console = Console(width=80, record=True)
    summary.render(console)
    text = console.export_text()
    assert "…" not in text and "backends≠" in text and "123456" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_a_directory_is_one_summary_row_in_a_pipe_too(capsys):
    assert main(["check", "examples/"]) == 0
    out, err = capsys.readouterr()
    items = len(out.splitlines())  # the JSON lines
    assert items > 60
    rows = [l for l in err.splitlines() if l.startswith("examples/")]
    assert len(rows) == 1 and rows[0].split()[:2] == ["examples/", str(items)]


def test_progress_shows_while_a_hanging_binary_times_out(tmp_path, sample_csv):
    data = tmp_path / "two.csv"
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))[:2]
    with open(data, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    hang = make(tmp_path, "hang")
    t0 = time.monotonic()
    code, out = on_terminal(["check", str(data), "--backend", "smcdel", "--smcdel", str(hang),
                             "--timeout", "1", "--pack-size", "1", "--workers", "1"])
    assert code == 1
    text = plain(out)
    assert "checking" in text and re.search(r"0:00:0\d", text), text  # the bar and its clock
    assert "2 items: 2 failed" in text
    assert time.monotonic() - t0 < 60


def _wrong_labels(sample_csv: Path, out: Path) -> Path:
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        r["label"] = "entailment" if r["label"] == "not_entailment" else "not_entailment"
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return out


def test_a_closed_pipe_does_not_turn_failure_into_success(tmp_path, sample_csv):
    data = _wrong_labels(sample_csv, tmp_path / "wrong.csv")
    proc = subprocess.Popen([sys.executable, "-m", "pyfront", "check", str(data)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO)
    first = proc.stdout.readline()
    proc.stdout.close()  # like `| head -1`
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=120) == 1
    assert json.loads(first)["agrees"] is False
    assert "80 items: 80 differ from the expected label" in err
    assert "Traceback" not in err


def test_existing_results_are_not_truncated(tmp_path, capsys):
    old = tmp_path / "old.jsonl"
    old.write_text('{"source": "x", "row": 0}\n' * 3)
    before = old.read_bytes()
    assert main(["check", "examples/forehead.del", "-o", str(old)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already exists" in err and "--force" in err
    assert old.read_bytes() == before
    assert main(["check", "examples/forehead.del", "-o", str(old), "--force"]) == 0
    assert len(old.read_text().splitlines()) == 8


def test_resume_says_which_lines_it_drops(tmp_path, capsys):
    out = tmp_path / "res.jsonl"
    assert main(["check", "examples/forehead.del", "-o", str(out)]) == 0
    lines = out.read_text().splitlines()
    damaged = lines[:3] + ["not json at all"] + lines[3:5]
    out.write_text("\n".join(damaged) + "\n")
    capsys.readouterr()
    assert main(["check", "examples/forehead.del", "-o", str(out), "--resume"]) == 0
    err = capsys.readouterr().err
    assert "line 4 is not a JSON record: dropped it and the 2 line(s) after it" in err
    assert [json.loads(l)["row"] for l in out.read_text().splitlines()] == list(range(8))


def test_resume_of_a_clean_file_says_nothing(tmp_path, capsys):
    out = tmp_path / "res.jsonl"
    assert main(["check", "examples/forehead.del", "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["check", "examples/forehead.del", "-o", str(out), "--resume"]) == 0
    assert "dropped" not in capsys.readouterr().err


@pytest.mark.parametrize("args", [["--json"], []])
def test_json_flag_and_pipe_give_the_same_lines(capsys, args):
    assert main(["check", *args, "examples/forehead.del"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 8
