"""``check`` records of DSL problems carry the hypothesis's line and disagreements are
listed as file:line; TRUE? and WHERE? jobs get no entailment label; the summary's columns
add up to its items (story questions and such jobs counted as answered)."""

from __future__ import annotations

import json
from pathlib import Path

from pyfront.cli import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

DSL = """problem p
  agents Ann, Ben
  setup forehead
  announce someone

  hypothesis a: Ann knows whether muddy(Ann) expect true
  hypothesis b: someone expect true
"""


def _run(capsys, *paths):
    code = main(["check", *map(str, paths)])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


def test_records_carry_the_hypothesis_line_and_disagreements_are_file_line(tmp_path, capsys):
    path = tmp_path / "dis.del"
    path.write_text(DSL, encoding="utf-8")
    code, records, err = _run(capsys, path)
    assert code == 1
    assert [r["line"] for r in records] == [6, 7]
    # a forehead child cannot know its own forehead after "someone": a disagrees
    assert f"  {path}:6 (p/a): not_entailment, expected entailment" in err.splitlines()


def test_true_and_where_jobs_have_no_entailment_label(tmp_path, capsys):
    path = tmp_path / "jobs.smcdel.txt"
    path.write_text("VARS 1,2 LAW Top OBS Agenta:2 Agentb:1\nVALID? (1|2)\nTRUE? {1} 1\nWHERE? 1\n",
                    encoding="utf-8")
    code, records, err = _run(capsys, path)
    assert code == 0
    assert [(r["job"], r["label"], r["valid"]) for r in records] == [
        ("VALID?", "not_entailment", False), ("TRUE?", None, True), ("WHERE?", None, False)]
    assert records[2]["states"] == [[1], [1, 2]]


def test_summary_counts_add_up(tmp_path, capsys):
    jobs = tmp_path / "jobs.smcdel.txt"
    jobs.write_text("VARS 1 LAW Top OBS Agenta:1\nVALID? 1\nTRUE? {1} 1\n", encoding="utf-8")
    story = EXAMPLES / "stories" / "card_shown.del"
    code, records, err = _run(capsys, jobs, story)
    header = next(line.split() for line in err.splitlines() if line.startswith("source"))
    for line in err.splitlines():
        cells = line.split()
        if cells and cells[0] in (str(jobs), str(story), "total"):
            row = dict(zip(header[1:], map(int, cells[1:])))
            assert row["items"] == row["entail"] + row["not_entail"] + row["answer"] + row["failed"]
    total = dict(zip(header[1:], map(int, next(
        l.split() for l in err.splitlines() if l.startswith("total"))[1:])))
    assert total["items"] == len(records) and total["answer"] == 1 + sum(
        1 for r in records if r["source"] == str(story) and "answer" in r)
