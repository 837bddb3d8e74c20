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
    *answered, record = [json.loads(x) for x in out.read_text().splitlines()]
    assert f"{f}:14:" in record["error"] and "cannot happen" in record["error"]
    # what was asked before the impossible event is answered as usual
    assert answered and all("error" not in r and r["agrees"] for r in answered)


CASE = {
    "id": "private-1",
    "model": {"agents": ["a", "b"], "atoms": [1], "worlds": {"w0": [1], "w1": []},
              "relations": {"a": {"w0": ["w0", "w1"], "w1": ["w0", "w1"]},
                            "b": {"w0": ["w0", "w1"], "w1": ["w0", "w1"]}},
              "actual": "w0"},
    "actions": [{"events": {"e0": {"pre": ["p", 1], "post": {}}, "e1": {"pre": True, "post": {}}},
                 "relations": {"a": {"e0": ["e0"], "e1": ["e1"]}, "b": {"e0": ["e1"], "e1": ["e1"]}},
                 "actual": "e0"}],
    "queries": [{"formula": ["K", "a", ["p", 1]], "at_actual": True, "valid": False},
                {"formula": ["K", "b", ["not", ["K", "a", ["p", 1]]]], "at_actual": True, "valid": True},
                {"formula": ["Ck", ["a", "b"], ["p", 1]], "at_actual": False, "valid": False}],
}


def test_del_to_dsl_writes_a_case_as_a_story(tmp_path):
    import copy

    cases = tmp_path / "cases.jsonl"
    writable = copy.deepcopy(CASE)
    writable["queries"] = writable["queries"][:2]
    cases.write_text(json.dumps(writable) + "\n" + json.dumps(CASE) + "\n")
    out = tmp_path / "stories.del"
    code, _, err = run_cli("del", str(cases), "--to", "dsl", "-o", str(out))
    assert code == 1  # the second case asks about common belief: no words for it
    assert f"{cases}:2: case private-1: not written as a story" in err and "Ck" in err
    text = out.read_text()
    assert "story private_1" in text and "event model" in text and "model\n" in text
    results = tmp_path / "checked.jsonl"
    code, _, _ = run_cli("check", str(out), "-o", str(results))
    records = [json.loads(x) for x in results.read_text().splitlines()]
    assert code == 0 and [r["agrees"] for r in records] == [True, True]


def test_del_to_dsl_on_the_conformance_corpus(tmp_path):
    from conftest import shared_file

    corpus = shared_file("del-conformance", "corpus.jsonl")
    cases = tmp_path / "cases.jsonl"
    with open(corpus) as fh:
        cases.write_text("".join(next(fh) for _ in range(120)))
    out = tmp_path / "stories.del"
    run_cli("del", str(cases), "--to", "dsl", "-o", str(out))
    results = tmp_path / "checked.jsonl"
    code, _, _ = run_cli("check", str(out), "-o", str(results))
    records = [json.loads(x) for x in results.read_text().splitlines()]
    assert code == 0 and len(records) >= 10
    assert all(r["agrees"] for r in records)


def test_explicit_engine_on_a_story_auto_gives_to_bdds_says_so():
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    path = root / "examples" / "stories" / "tomi_rooms.del"

    def check(*options):  # a whole process: the story is answered in a child of it
        done = subprocess.run([sys.executable, "-m", "pyfront.cli", "check", str(path), *options,
                               "-q", "--json"], capture_output=True, text=True, cwd=root)
        assert done.returncode == 0, done.stderr
        return done.stderr

    # 11 events: auto takes the symbolic engine beyond 8
    err = check("--engine", "explicit")
    assert "note: story tomi_rooms: 11 events" in err and "--engine auto picks" in err
    assert "note:" not in check()
