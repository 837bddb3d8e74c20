"""`mindgames check` and `mindgames render` on files with stories."""

from __future__ import annotations

import json

from test_story_examples import run_cli

SALLY = """\
problem p
  agents A, B
  setup internal
  hypothesis h1: A knows whether thirsty(A) expect true

story sally
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
  hypothesis first: Sally believes that the marble is in the basket expect true
  question q: where does Anne think Sally thinks the marble is? expect basket
"""


def test_render_dsl_and_json_of_a_story(tmp_path):
    f = tmp_path / "s.del"
    f.write_text(SALLY)
    code, out, _ = run_cli("render", str(f), "--to", "dsl")
    assert code == 0 and out == SALLY
    code, out, _ = run_cli("render", str(f), "--to", "json")
    data = json.loads(out)
    (story,) = data["stories"]
    assert story["kind"] == "story" and story["agents"] == ["Sally", "Anne"]
    assert [a["agrees"] for a in story["answers"]] == [True, True]
    assert story["events"][2] == {"kind": "move", "agent": "Anne", "variable": "location(marble)",
                                  "value": "box", "verb": "moves", "unseen_by": [], "seen_by": None}
    assert story["hypotheses"][0]["formula"] == ["K", "Sally", ["p", 1]]
    assert len(data["problems"]) == 1


def test_render_only_one_story(tmp_path):
    f = tmp_path / "s.del"
    f.write_text(SALLY)
    code, out, _ = run_cli("render", str(f), "--to", "dsl", "--problem", "sally")
    assert code == 0 and out.startswith("story sally\n")


def test_check_counts_problems_and_stories_together(tmp_path):
    f = tmp_path / "s.del"
    f.write_text(SALLY)
    out = tmp_path / "out.jsonl"
    code, _, _ = run_cli("check", str(f), "-o", str(out))
    assert code == 0
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["row"] for r in records] == [0, 1, 2]
    assert [r["name"] for r in records] == ["p/h1", "sally/first", "sally/q"]
    assert records[2]["label"] == "basket" and records[2]["expected"] == "basket"


def test_a_bad_story_is_one_line_with_its_position(tmp_path):
    f = tmp_path / "bad.del"
    f.write_text(SALLY.replace("Anne moves the marble", "Anne mvoes the marble"))
    code, _, err = run_cli("render", str(f), "--to", "dsl")
    assert code == 1 and err.count("\n") == 1
    assert f"{f}:11:8: expected" in err
    f.write_text(SALLY.replace("Sally leaves", "Salyl leaves"))
    code, _, err = run_cli("render", str(f), "--to", "json")
    assert code == 1 and "did you mean 'Sally'" in err and f"{f}:10:3:" in err


def test_an_impossible_event_fails_the_file_not_the_run(tmp_path):
    f = tmp_path / "bad.del"
    f.write_text(SALLY + "  announce the marble is in the basket\n")
    out = tmp_path / "out.jsonl"
    code, _, _ = run_cli("check", str(f), "-o", str(out))
    assert code == 1
    (record,) = [json.loads(x) for x in out.read_text().splitlines()]
    assert f"{f}:14:" in record["error"] and "cannot happen" in record["error"]
