"""Stories are items like any other under ``check --timeout``: a story past it is stopped
from outside (its child process is killed), becomes one failed record of one line, and
the items around it are answered; the run's wall time stays near the limit."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

#: twelve propositions and an event one agent misses: minutes on the explicit engine
BIG = ("story big\n agents Ann, Bob, Cy\n" + "".join(f" proposition p{i}\n" for i in range(12))
       + " actually p0\n Ann peeks at p0\n"
       + " hypothesis h: Bob believes that Ann does not know whether p0 expect true\n")

PROBLEM = """problem p
  agents Ann, Ben
  setup forehead
  announce someone

  hypothesis b: someone expect true
  hypothesis c: Ann knows whether muddy(Ann) expect false
"""


def _line_of(path: Path, text: str) -> int:
    """The 1-based line of ``path`` that reads ``text`` (stripped)."""
    lines = [line.strip() for line in path.read_text(encoding="utf-8").splitlines()]
    return lines.index(text) + 1


def _check(*args: str) -> tuple[subprocess.CompletedProcess, float]:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", *args],
                          capture_output=True, text=True, timeout=300)
    return done, time.perf_counter() - start


def test_a_story_of_a_dsl_file_past_the_timeout_fails_alone(tmp_path):
    coin = (REPO / "examples" / "stories" / "coin.del").read_text(encoding="utf-8")
    path = tmp_path / "mixed.del"
    path.write_text(PROBLEM + "\n" + BIG + "\n" + coin, encoding="utf-8")
    done, took = _check(str(path), "--engine", "explicit", "--timeout", "2", "--json", "-q")
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert took < 60  # the story alone takes minutes here
    failed = [r for r in records if r.get("error")]
    assert len(failed) == 1
    (stopped,) = failed
    stop = f"{path}:9: story big: timed out after 2 s (--timeout)"
    # stopped while its start was being made, or (most often) on its one event, which
    # the message then names with its line in the file
    peek = _line_of(path, "Ann peeks at p0")
    assert stopped["error"] in (
        stop, f"{stop}, with 0 of its 1 events applied; the next, line {peek}: Ann peeks at p0")
    assert "\n" not in stopped["error"] and stopped["name"] == "big"
    # the problem before it and the story after it: every hypothesis and question answered
    # (coin.del states 8 expectations, the problem 2), the rows counting the records
    answered = [r for r in records if not r.get("error")]
    assert len(answered) == 2 + 8 and all(r["agrees"] is True for r in answered)
    assert [r["row"] for r in records] == list(range(len(records)))


def _row(problem: str, label: str) -> str:
    return json.dumps({"problem": problem, "label": label, "question_type": "reality"})


SMALL = """story small{n}
  agents Pia, Quinn
  side(coin): heads, tails
  it is common knowledge that side(coin) is heads
  Pia turns the side(coin){unseen}
  hypothesis h: Quinn believes that side(coin) is tails
"""


def test_a_story_row_past_the_timeout_fails_alone(tmp_path):
    path = tmp_path / "rows.jsonl"
    rows = [_row(SMALL.format(n=1, unseen=""), "entailment"), _row(BIG, "entailment"),
            _row(SMALL.format(n=2, unseen=", unseen by Quinn"), "not_entailment")]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    done, took = _check(str(path), "--engine", "explicit", "--timeout", "2", "-o", str(out))
    records = {r["row"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert took < 60
    assert sorted(records) == [0, 1, 2]
    assert records[1]["error"] == f"{path}:2: timed out after 2 s (--timeout)"
    assert f"mindgames: {path}:2: timed out after 2 s (--timeout)" in done.stderr.splitlines()
    # Pia's public turn: Quinn believes tails; the unseen one: he still believes heads
    assert records[0]["answer"] == "entailment" and records[0]["agrees"] is True
    assert records[2]["answer"] == "not_entailment" and records[2]["agrees"] is True


FAILING = """story s
  agents Pia, Quinn
  side(coin): heads, tails
  actually side(coin) is heads
  hypothesis first: side(coin) is heads
  announce side(coin) is tails
  hypothesis a: side(coin) is tails
  hypothesis b: side(coin) is tails
  hypothesis c: side(coin) is tails
"""


def test_rows_after_a_story_that_stops_early_survive_resume(tmp_path):
    """An event that cannot happen ends its story with one record in place of the three
    hypotheses after it: the rows after it count the records, in a whole run and in a
    run resumed from any point of it alike."""
    path = tmp_path / "f.del"
    # three hypotheses after it: more rows than the story gave up
    problem = PROBLEM + "  hypothesis d: someone expect true\n"
    path.write_text(FAILING + "\n" + problem, encoding="utf-8")
    whole = tmp_path / "whole.jsonl"
    _check(str(path), "-o", str(whole), "-q")
    lines = whole.read_text().splitlines()
    records = [json.loads(x) for x in lines]
    assert [r["row"] for r in records] == [0, 1, 2, 3, 4]
    assert "cannot happen" in records[1]["error"] and records[4]["name"] == "p/d"
    for k in range(len(lines)):
        part = tmp_path / f"part{k}.jsonl"
        part.write_text("".join(x + "\n" for x in lines[:k]))
        _check(str(path), "-o", str(part), "--resume", "-q")
        assert part.read_text().splitlines() == lines


def _growing_story() -> str:
    """Eight propositions, then eight private peeks, each one growing the explicit model
    (the last ones take minutes), a hypothesis after every event."""
    lines = ["story growing", " agents Ann, Bob, Cy"]
    lines += [f" proposition p{i}" for i in range(8)] + [" actually p0",
              " hypothesis early1: p0 expect true",
              " hypothesis early2: Bob believes that p0 expect false"]
    for k, agent in enumerate(["Ann", "Bob", "Cy"] * 2 + ["Ann", "Bob"]):
        lines += [f" {agent} peeks at p{k}", f" hypothesis after{k}: p0 expect true"]
    return "\n".join(lines) + "\n"


def test_a_story_past_the_timeout_keeps_the_answers_it_gave(tmp_path):
    path = tmp_path / "growing.del"
    path.write_text(_growing_story() + "\n" + PROBLEM, encoding="utf-8")
    done, took = _check(str(path), "--engine", "explicit", "--timeout", "5", "--json", "-q")
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert took < 60
    failed = [r for r in records if r.get("error")]
    assert len(failed) == 1
    (stopped,) = failed
    kept = records[:records.index(stopped)]
    # the two hypotheses before any event, and at least the first peek's, are kept
    assert [r["name"] for r in kept[:3]] == ["growing/early1", "growing/early2",
                                             "growing/after0"]
    assert all(r["agrees"] is True for r in kept) and len(kept) < 10
    # two hypotheses come before the first event, one after each: so the events applied
    # are as many as the answers kept after the first two, or one more when the story was
    # stopped while answering the hypothesis after its last event; the next event (its
    # peek) follows from them
    applied = int(stopped["error"].split(", with ")[1].split()[0])
    assert applied in (len(kept) - 2, len(kept) - 1)
    agent = (["Ann", "Bob", "Cy"] * 2 + ["Ann", "Bob"])[applied]
    peek = f"{agent} peeks at p{applied}"
    assert stopped["error"] == (f"{path}:1: story growing: timed out after 5 s (--timeout) "
                                f"(after {len(kept)} of its 10 hypotheses and questions were "
                                f"answered), with {applied} of its 8 events applied; the "
                                f"next, line {_line_of(path, peek)}: {peek}")
    # the problem after the story: answered, its rows counting the records
    assert [r["name"] for r in records[-2:]] == ["p/b", "p/c"]
    assert all(r["agrees"] is True for r in records[-2:])
    assert [r["row"] for r in records] == list(range(len(records)))
