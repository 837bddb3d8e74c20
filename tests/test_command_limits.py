"""Nothing runs away: ``explain``, ``render``, ``smcdel`` and ``del`` take ``--timeout``
and ``--max-memory`` with ``check``'s defaults and its one-line failure, and stop within a
second of SIGINT or SIGTERM (exit 130 / 143, one line, no traceback, no process left)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from pyfront.cli import main

#: a story the explicit engine takes minutes to explain (2**12 valuations, a secret peek)
BIG = ("story big\n agents Ann, Bob, Cy\n" + "".join(f" proposition p{i}\n" for i in range(12))
       + " actually p0\n Ann peeks at p0\n"
       + " hypothesis h: Bob believes that Ann does not know whether p0 expect true\n")

#: every state of 20 atoms listed three times: seconds of Python and 86 MB of text
HEAVY = ("VARS " + ",".join(map(str, range(1, 21))) + "\nLAW Top\nOBS alice: 1\n"
         + "WHERE? Top\n" * 3)

ONE_CASE = ('{"id": "c", "model": {"atoms": ["p"], "worlds": {"w": ["p"]}, '
            '"relations": {"a": [["w", "w"]]}, "actual": ["w"]}, "queries": ["p"]}\n')


def _cli(*args: str, stdout=subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pyfront.cli", *args],
                            stdout=stdout, stderr=subprocess.PIPE, text=True)


@pytest.fixture
def big(tmp_path):
    path = tmp_path / "big.del"
    path.write_text(BIG, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", ["explain", "render", "smcdel", "del"])
def test_every_long_command_takes_both_limits_with_checks_defaults(command, capsys):
    from pyfront.cli import build_parser

    parser = build_parser(command)
    args = parser.parse_args([command, "FILE"])
    check = build_parser("check").parse_args(["check", "FILE"])
    assert (args.timeout, args.max_memory) == (check.timeout, check.max_memory) == (60.0, "auto")
    assert main([command, "FILE", "--timeout", "0"]) == 1
    assert capsys.readouterr().err == "mindgames: --timeout must be positive\n"
    assert main([command, "FILE", "--max-memory", "lots"]) == 1
    assert capsys.readouterr().err == ("mindgames: --max-memory must be a size such as 500M or "
                                       "2G (0: no bound): got 'lots'\n")


def test_explain_past_its_timeout_is_one_line(big):
    started = time.monotonic()
    done = _cli("explain", str(big), "--engine", "explicit", "--timeout", "2")
    out, err = done.communicate(timeout=120)
    assert time.monotonic() - started < 15  # minutes without the limit
    assert done.returncode == 1
    # the story is named, and how far it got when it was past its start (making the start
    # of twelve propositions on the explicit engine takes about the limit)
    stop = f"mindgames: {big}:1: story big: timed out after 2 s (--timeout)"
    assert err.splitlines()[-1] in (
        stop, f"{stop}, with 0 of its 1 events applied; the next, line 16: Ann peeks at p0")
    assert BIG.splitlines()[15].strip() == "Ann peeks at p0"
    assert "Traceback" not in err


def test_smcdel_past_its_timeout_is_one_line(tmp_path):
    path = tmp_path / "heavy.smcdel.txt"
    path.write_text(HEAVY)
    started = time.monotonic()
    done = _cli("smcdel", str(path), "--engine", "explicit", "--timeout", "1",
                stdout=subprocess.DEVNULL)
    out, err = done.communicate(timeout=120)
    assert time.monotonic() - started < 10
    assert done.returncode == 1
    assert err == f"mindgames: {path}: timed out after 1 s (--timeout)\n"


@pytest.mark.parametrize("command, text", [("explain", BIG), ("render", BIG),
                                            ("smcdel", HEAVY), ("del", ONE_CASE)])
def test_a_bound_below_an_empty_process_is_one_line(command, text, tmp_path):
    path = tmp_path / ("in.jsonl" if command == "del" else "in.txt")
    path.write_text(text)
    done = _cli(command, str(path), "--max-memory", "1K")
    out, err = done.communicate(timeout=120)
    assert done.returncode == 1 and out == ""
    (line,) = err.splitlines()
    assert line.startswith(f"mindgames: {path}: a child process holds ")
    assert line.endswith("before any work, over the bound of 1 KB (--max-memory): give a "
                         "larger bound")


def test_the_limits_change_no_output(tmp_path, capsys):
    path = tmp_path / "one.smcdel.txt"
    path.write_text("VARS 1,2 LAW Top OBS alice:1 bob:2 VALID? alice knows whether 1\n"
                    "WHERE? bob knows whether 1\n")
    assert main(["smcdel", str(path), "--color", "never"]) == 0
    light = capsys.readouterr().out
    assert main(["smcdel", str(path), "--color", "never", "--engine", "symbolic"]) == 0
    assert capsys.readouterr().out == light  # (in a child process: the same text)
    assert light.splitlines()[0].startswith("SMCDEL") and light.splitlines()[-1] == "Doei!"


def _children(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    if int(f.read().rsplit(")", 1)[1].split()[1]) == pid:
                        found.append(int(name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
@pytest.mark.parametrize("number, code, word", [(signal.SIGTERM, 143, "terminated"),
                                                (signal.SIGINT, 130, "interrupted")])
def test_explain_stops_within_a_second_of_a_signal(big, number, code, word):
    process = _cli("explain", str(big), "--engine", "explicit")
    deadline = time.monotonic() + 30
    while not _children(process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = _children(process.pid)
    assert workers, "the explanation runs in a child process"
    time.sleep(0.5)  # deep in the computation
    sent = time.monotonic()
    process.send_signal(number)
    out, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < 1.0
    assert process.returncode == code
    assert err.splitlines() == [f"mindgames: {word}"]
    time.sleep(0.2)
    for pid in workers:
        assert not os.path.exists(f"/proc/{pid}") or \
            open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()[0] == "Z"
