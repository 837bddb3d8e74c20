"""The audit's heuristic trackers and the story generator's balance against them.

Expected values are worked by hand on small stories, or computed here by a re-reading of
the rules written for the test (string methods, no regular expressions, nothing from
:mod:`pyfront.audit.trackers`)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pyfront.audit.trackers import TRACKERS, cross_fit_trackers, pick, places_in
from pyfront.cli import main

STORY = ("Anne entered the den. Bob entered the den. The key is in the box. Bob exited the "
         "den. Anne moved the key to the tin. Anne publicly told everyone that the key is "
         "in the tin. Carl privately told Bob that the key is in the jar. Anne moved the "
         "key to the pot.")
PLACES = ["box", "tin", "jar", "pot"]


@pytest.mark.parametrize("tracker, question, expected", [
    ("first-mentioned", "Where was the key at the beginning?", "box"),
    ("last-mentioned", "Where is the key really?", "pot"),
    # Bob is last named in the sentence where Carl tells him "jar"
    ("last-seen", "Where will Bob look for the key?", "jar"),
    # innermost believer: Anne, last named in the last sentence
    ("last-seen", "Where does Bob think that Anne thinks that the key is?", "pot"),
    # a question naming nobody reads the whole story
    ("last-seen", "Where is the key really?", "pot"),
    # a word the story never has is no name: the question names nobody
    ("last-seen", "Where does Dora think that the key is?", "pot"),
    ("last-speaker", "Where is the key really?", "jar"),
])
def test_picks_worked_by_hand(tracker, question, expected):
    assert pick(tracker, STORY, question, PLACES) == expected


def test_no_speech_no_speaker_and_places_of_a_hypothesis():
    assert pick("last-speaker", "Ann entered the den. The key is in the box.",
                "Where is the key really?", ["box", "tin"]) is None
    assert places_in("Bob will look for the key in the tin.") == ["tin"]
    assert places_in(STORY) == ["box", "tin", "jar", "pot"]


def _qa(i: int, kind: str, answer_last: bool) -> dict:
    """A story of three places mentioned in order a, b, c: the answer is c (the last
    mentioned) or a (the first)."""
    a, b, c = f"p{i}a", f"p{i}b", f"p{i}c"
    story = (f"Ann{i} entered the den. The key is in the {a}. Ann{i} moved the key to the "
             f"{b}. Ann{i} moved the key to the {c}.")
    return {"id": f"q{i}", "story": story, "question": "Where is the key really?",
            "choices": [a, b, c], "answer": c if answer_last else a, "question_type": kind,
            "order": 0 if kind == "reality" else 1}


def test_cross_fitted_scores_per_kind_worked_by_hand():
    # kind "reality": the last place mentioned always; kind "belief": the first always.
    # last-mentioned follows in "reality" (1.0) and guesses in "belief" (1/3), which is
    # worth more than following there (0); first-mentioned the other way round
    rows = [_qa(i, "reality", True) for i in range(120)] + [_qa(i, "belief", False)
                                                         for i in range(120, 300)]
    out = cross_fit_trackers(rows, "qa")
    last, first = out["trackers"]["last-mentioned"], out["trackers"]["first-mentioned"]
    assert last["by_kind"]["reality"]["accuracy"] == 1.0
    assert last["by_kind"]["belief"]["accuracy"] == pytest.approx(1 / 3, abs=1e-4)
    assert last["overall"]["accuracy"] == pytest.approx((120 + 180 / 3) / 300, abs=1e-4)
    assert first["by_kind"]["belief"]["accuracy"] == 1.0
    assert first["by_order"]["0"]["accuracy"] == pytest.approx(1 / 3, abs=1e-4)
    assert last["overall"]["leaks"] and first["by_order"]["1"]["leaks"]
    assert out["trackers"]["last-mentioned"]["overall"]["chance"] == pytest.approx(1 / 3, abs=1e-4)


def test_a_tracker_right_less_often_than_chance_is_caught_in_nli():
    # the hypothesis is entailed exactly when it names a place other than the last one
    # mentioned: "reverse" is right on every row
    rows = []
    for i in range(200):
        a, b = f"p{i}a", f"p{i}b"
        story = f"Ann{i} entered the den. The key is in the {a}. Ann{i} moved the key to the {b}."
        said, label = (a, "entailment") if i % 2 else (b, "not_entailment")
        rows.append({"premise": story, "hypothesis": f"At the beginning, the key was in the {said}.",
                     "label": label, "question_type": "memory", "order": 0})
    out = cross_fit_trackers(rows, "nli")
    assert out["trackers"]["last-mentioned"]["overall"]["accuracy"] == 1.0
    assert out["trackers"]["first-mentioned"]["overall"]["accuracy"] == 1.0
    # last-speaker never answers: a guess everywhere
    assert out["trackers"]["last-speaker"]["overall"]["accuracy"] == 0.5


def test_rows_without_an_answer_are_counted_not_scored(tmp_path):
    rows = [_qa(i, "reality", True) for i in range(80)]
    for r in rows[60:]:
        r["answer"] = None
    out = cross_fit_trackers(rows, "qa")
    assert out["rows"] == 60 and out["unanswered"] == 20
    data = tmp_path / "blind.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    assert main(["audit", str(data), "-o", str(tmp_path / "a")]) == 1  # last-mentioned
    result = json.loads((tmp_path / "a" / "audit.json").read_text())
    assert result["sources"][0]["trackers"]["unanswered"] == 20
    written = [json.loads(x) for x in (tmp_path / "a" / "blind.jsonl").open()]
    assert all(r["difficulty"] is None for r in written[60:])
    assert all(r["difficulty"] is not None for r in written[:60])
    assert result["sources"][0]["shortcut"]["n"] == 60
    svg = (tmp_path / "a" / "audit.svg").read_text()
    assert all(f"blind.jsonl: trackers, {g} (60)" in svg for g in ("all", "order 0", "reality"))


# --- the generator -------------------------------------------------------------------------------

def _sentences(text: str) -> list[str]:
    return [s.strip() + "." for s in text.split(".") if s.strip()]


def _last_seen_by_hand(story: str, question: str, choices: list[str]) -> str | None:
    """The issue's rule, re-read: the container mentioned last at or before the last
    sentence naming the questioned agent (the last capitalised question word found in the
    story), or the last container mentioned when the question names nobody."""
    lines = _sentences(story)
    words = [w.strip("?,") for w in question.split()[1:]]
    names = [w for w in words if w[:1].isupper() and any(w in s.split() for s in lines)]
    end = len(lines) - 1
    if names:
        named = [i for i, s in enumerate(lines) if names[-1] in s.replace(".", " ").split()]
        end = named[-1]
    last = None
    for s in lines[:end + 1]:
        for w in s.replace(".", " ").split():
            if w in choices:
                last = w
    return last


def _generate(tmp: Path, *extra: str) -> dict[str, list[dict]]:
    out = tmp / "d"
    assert main(["generate", "--family", "stories", "--size", "150", "--seed", "2", "-o",
                 str(out), "--quiet", *extra]) == 0
    forms = {}
    for form in ("qa", "nli"):
        forms[form] = [json.loads(line) for split in ("train", "validation", "test")
                       for line in (out / form / f"{split}.jsonl").open()]
    return forms


@pytest.fixture(scope="module")
def balanced(tmp_path_factory):
    return _generate(tmp_path_factory.mktemp("balanced"))


@pytest.fixture(scope="module")
def unbalanced(tmp_path_factory):
    return _generate(tmp_path_factory.mktemp("unbalanced"), "--balance", "none", "--allow-leaks")


def _by_order(rows, rule) -> dict[int, tuple[float, float]]:
    out = {}
    for order in sorted({r["order"] for r in rows}):
        sub = [r for r in rows if r["order"] == order]
        right = sum(rule(r) == r["answer"] for r in sub) / len(sub)
        out[order] = (right, sum(1 / len(r["choices"]) for r in sub) / len(sub))
    return out


def test_the_default_keeps_the_last_seen_rule_at_chance_on_every_order(balanced, unbalanced):
    def rule(r):
        return _last_seen_by_hand(r["story"], r["question"], r["choices"])

    for order, (acc, chance) in _by_order(balanced["qa"], rule).items():
        assert abs(acc - chance) <= 0.05, (order, acc, chance)
    before = _by_order(unbalanced["qa"], rule)
    assert all(acc - chance > 0.15 for acc, chance in before.values()), before


def test_the_default_keeps_first_and_last_mentions_at_chance(balanced):
    def first(r):
        return next(w for s in _sentences(r["story"]) for w in s.replace(".", " ").split()
                    if w in r["choices"])

    def last(r):
        return [w for s in _sentences(r["story"]) for w in s.replace(".", " ").split()
                if w in r["choices"]][-1]

    for rule in (first, last):
        for acc, chance in _by_order(balanced["qa"], rule).values():
            assert abs(acc - chance) <= 0.05


def test_decoys_leave_the_stories_and_their_answers_as_they_were(balanced, unbalanced):
    """Without the sentences about the second object, every balanced story is one of the
    unbalanced run (same draws), with the same questions and answers."""
    objects = json.loads((Path(__file__).resolve().parent.parent / "pyfront" / "generate" /
                          "stories" / "data" / "world.json").read_text())["objects"]

    def key(r):
        asked = r["question"].rstrip("?").split()
        obj = next(o for o in objects if o in asked)
        kept = [s for s in _sentences(r["story"])
                if not any(o in s.replace(".", " ").split() for o in objects if o != obj)]
        return " ".join(kept), r["question"], r["answer"]

    assert {key(r) for r in balanced["qa"]} == {key(r) for r in unbalanced["qa"]}


def test_the_decoy_is_in_the_checked_story_and_check_certifies_every_row(tmp_path):
    """The problem column (what `mindgames check` re-answers) holds the decoy object and its
    sentences: an agent who misses a move in the room considers the decoy's moves and the
    questioned object's alike, so the answers must come from the story the text tells."""
    out = tmp_path / "d"
    assert main(["generate", "--family", "stories", "--size", "40", "--seed", "4", "--order",
                 "0-3", "-o", str(out), "--quiet"]) == 0
    rows = [json.loads(x) for x in (out / "qa" / "test.jsonl").read_text().splitlines()]
    assert rows and all(r["problem"].count("location(") == 2 for r in rows)
    record = tmp_path / "check.jsonl"
    assert main(["check", str(out / "qa" / "test.jsonl"), "-o", str(record)]) == 0
    checked = [json.loads(x) for x in record.read_text().splitlines()]
    assert len(checked) == len(rows) and all(c.get("agrees") for c in checked)


def test_no_row_states_its_answer_outside_the_answer_columns(balanced):
    for form, rows in balanced.items():
        for r in rows:
            assert " expect " not in r["problem"], r["id"]


def test_the_audit_of_the_default_passes_and_of_none_fails(balanced, unbalanced, tmp_path):
    for name, forms, code in (("b", balanced, 0), ("u", unbalanced, 1)):
        folder = tmp_path / name
        for form, rows in forms.items():
            (folder / form).mkdir(parents=True)
            (folder / form / "train.jsonl").write_text(
                "".join(json.dumps({k: v for k, v in r.items() if k not in (
                    "shortcut_pred", "shortcut_confidence", "difficulty")}) + "\n" for r in rows))
        assert main(["audit", str(folder), "--no-shortcut", "-o", str(tmp_path / f"a{name}")]) == code
    result = json.loads((tmp_path / "ab" / "audit.json").read_text())
    for src in result["sources"]:
        for t in TRACKERS:
            entry = src["trackers"]["trackers"][t]
            # above chance is the leak (below it, at this size, is the noise of
            # choosing a strategy per kind on folds where none helps)
            for s in [entry["overall"], *entry["by_order"].values()]:
                assert s["margin"] <= 0.05, (src["source"], t, s)


def test_no_prompt_reads_the_columns_that_give_the_answer_back(balanced, tmp_path):
    """Rows with the shortcut columns set to the answer, and without them, make the same
    prompts, options and metadata; the lm-eval tasks never name the columns."""
    from pyfront.audit.run import default_settings
    from pyfront.evaluation.items import ItemBuilder

    for form, rows in balanced.items():
        plain = [(i, {k: v for k, v in r.items() if k not in (
            "shortcut_pred", "shortcut_confidence", "difficulty")}) for i, r in enumerate(rows[:80])]
        told = [(i, {**f, "shortcut_pred": f.get("answer", f.get("label")),
                     "shortcut_confidence": 1.0, "difficulty": 0.0}) for i, f in plain]
        settings = default_settings(plain)
        a = ItemBuilder(plain, seed=0).build(settings).items
        b = ItemBuilder(told, seed=0).build(settings).items
        assert [(x.prompt, x.options, x.gold, x.meta, x.statement) for x in a] == \
            [(x.prompt, x.options, x.gold, x.meta, x.statement) for x in b]
        folder = tmp_path / form
        folder.mkdir()
        (folder / "test.jsonl").write_text("".join(json.dumps(f) + "\n" for _, f in told))
        assert main(["export", "lm-eval", str(folder), "-o", str(tmp_path / f"t-{form}")]) == 0
        for y in (tmp_path / f"t-{form}").glob("*.yaml"):
            text = y.read_text()
            assert "difficulty" not in text and "shortcut" not in text, y


@pytest.mark.parametrize("args, message", [
    (["--balance", "trackers"], "--balance trackers is a mode of --family stories"),
    (["--family", "stories", "--balance", "hypothesis"], "--balance hypothesis is a mode of --family mindgames"),
    (["--family", "stories", "--balance", "none"], "leave out --balance none"),
])
def test_balance_modes_belong_to_their_family(tmp_path, capsys, args, message):
    assert main(["generate", "--size", "80", "--seed", "1", "-o", str(tmp_path / "o"),
                 "--quiet", *args]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mindgames: ") and message in err[0], err
