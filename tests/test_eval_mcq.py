"""Multiple-choice and prospective items: every option's truth re-checked by the BDD engine
through the problem's own SMCDEL rendering (an independent path from the one that built
them): exactly one true option per item, none when "None of the above" is the answer of a
probe item; options that differ only in their names."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.evaluation.items import build_items, settings
import re

from pyfront.evaluation.questions import NOTA
from pyfront.data.loading import read_rows
from pyfront.data.mindgames_import import problem_from_row
from pyfront.problem.dsl import parse_problems
from pyfront.problem.model import Announcement, Hypothesis
from smcdel_bridge.backend import get_backend
from smcdel_bridge.syntax import parse_formula, parse_input
from pyfront.problem.to_smcdel import render as smcdel_text

ALL = settings(["nli", "mcq"], ["retrospective", "prospective"], ["hard", "easy"], ["none", "nota"])
#: the oracle: the BDD engine, not the explicit one that decides the options when the items
#: are built (auto picks explicit for problems this small)
ENGINE = get_backend("native", engine="symbolic")


@pytest.fixture(scope="module")
def rows(tmp_path_factory):
    out = tmp_path_factory.mktemp("eval-mcq") / "data"
    assert main(["generate", "--size", "40", "--seed", "11", "-o", str(out), "--quiet"]) == 0
    return list(read_rows(out / "train.jsonl"))


def problem_of(fields):
    return parse_problems(fields["problem"])[0]


def engine_truth(pb, form_text: str, announcement: str | None) -> bool:
    """Is the option valid after the premise (and the announcement to come)?"""
    anns = list(pb.announcements)
    if announcement is not None:
        anns.append(Announcement(formula=parse_formula(announcement)))
    q = pb.model_copy(update={"announcements": anns,
                              "hypotheses": [Hypothesis(name="o", formula=parse_formula(form_text))]})
    (answer,) = ENGINE.run(parse_input(smcdel_text(q, 0)))
    return answer.value


def check_items(items, by_id):
    checked = 0
    for item in items:
        if item.setting.format != "mcq":
            continue
        pb = problem_of(by_id[item.id.split("/")[0]])
        truths = [engine_truth(pb, f, item.announcement) if f is not None else None
                  for f in item.option_forms]
        assert truths == list(item.option_truths)
        assert 2 <= len(item.options) <= 4 and len(set(item.options)) == len(item.options)
        if item.setting.probe == "nota":
            assert item.options[-1] == NOTA
            if item.options[item.gold] == NOTA:
                assert truths.count(True) == 0
            else:
                assert truths.count(True) == 1 and truths[item.gold] is True
        else:
            assert truths.count(True) == 1 and truths[item.gold] is True
            assert NOTA not in item.options
        statements = [o for o in item.options if o != NOTA]
        kind = "other agents" if item.setting.distractors == "hard" else "easy"
        assert item.meta["distractor_kinds"] in ([], [kind])
        # the same sentence but for who is who: nothing but names tells them apart
        names = set(by_id[item.id.split("/")[0]]["names"])
        masked = {re.sub(r"\b(" + "|".join(map(re.escape, names)) + r")\b", "X", o)
                  for o in statements}
        assert len(masked) == 1, masked
        assert f"{'ABCD'[0]}. {item.options[0]}" in item.prompt
        checked += 1
    return checked


def test_every_option_rechecked_by_the_engine(rows):
    built = build_items(rows, ALL, seed=3)
    by_id = {f["id"]: f for _, f in rows}
    tags = {i.setting.tag for i in built.items}
    assert {s.tag for s in ALL} <= tags, "every setting gives items"
    assert check_items(built.items, by_id) >= 40


def test_prospective_nli_gold_rechecked(rows):
    built = build_items(rows, settings(["nli"], ["prospective"], ["hard"], ["none"]))
    by_id = {f["id"]: f for _, f in rows}
    golds = []
    for item in built.items:
        pb = problem_of(by_id[item.id.split("/")[0]])
        truth = engine_truth(pb, item.option_forms[0], item.announcement)
        assert item.gold == (0 if truth else 1)
        assert item.prompt.count("If it is now publicly announced that ") == 1
        golds.append(item.gold)
    assert 0 < sum(golds) < len(golds)  # both answers occur


def test_items_are_seeded(rows):
    sets = settings(["mcq"], ["retrospective"], ["hard", "easy"], ["none"])
    a = build_items(rows[:16], sets, seed=5).items
    b = build_items(rows[:16], sets, seed=5).items
    c = build_items(rows[:16], sets, seed=6).items
    assert [(i.prompt, i.gold) for i in a] == [(i.prompt, i.gold) for i in b]
    assert [(i.prompt, i.gold) for i in a] != [(i.prompt, i.gold) for i in c]


def test_published_rows(sample_csv):
    """The 80 published MindGames rows: options built from their SMCDEL form."""
    rows = list(read_rows(sample_csv))
    sets = settings(["mcq"], ["retrospective", "prospective"], ["hard"], ["none", "nota"])
    built = build_items(rows, sets)
    assert len(built.items) >= 30
    for item in built.items:
        fields = rows[int(item.id.split("/")[0].removeprefix("row"))][1]
        pb = problem_from_row(fields)
        truths = [engine_truth(pb, f, item.announcement) if f is not None else None
                  for f in item.option_forms]
        nota_right = item.options[item.gold] == NOTA
        assert truths.count(True) == (0 if nota_right else 1)
        assert item.prompt.startswith(fields["premise"])


def _renamed(text: str, mapping: dict[str, str]) -> str:
    return re.sub(r"\b(" + "|".join(map(re.escape, mapping)) + r")\b", lambda m: mapping[m[1]], text)


@pytest.mark.parametrize("distractors", ["hard", "easy"])
def test_options_are_one_orbit_of_a_renaming(rows, distractors):
    """Some renaming of the people maps the set of options onto itself and the true option
    onto a false one: nothing in the options but the names tells which is true.  Easy
    distractors are, besides, hypotheses of other problems."""
    from itertools import permutations

    sets = settings(["mcq"], ["retrospective", "prospective"], [distractors], ["none"])
    by_id = {f["id"]: f for _, f in rows}
    others = {(f["premise"], h.formula) for _, f in rows for h in problem_of(f).hypotheses}
    checked = 0
    for item in build_items(rows, sets, seed=4).items:
        fields = by_id[item.id.split("/")[0]]
        names = list(fields["names"])
        options = set(item.options)
        found = False
        for perm in permutations(names):
            mapping = dict(zip(names, perm))
            if {_renamed(o, mapping) for o in options} == options and \
                    _renamed(item.options[item.gold], mapping) != item.options[item.gold]:
                found = True
                break
        assert found, item.options
        if distractors == "easy":
            for i, form in enumerate(item.option_forms):
                if i != item.gold:
                    assert any(p != fields["premise"] and g == parse_formula(form)
                               for p, g in others), form
        checked += 1
    assert checked >= 20


def _odd_one_out(options: tuple[str, ...], names: list[str]) -> list[int]:
    """The options sharing the fewest words with the others, names kept apart: what a
    reader who never sees the premise picks when the distractors are alike and the true
    option is not."""
    from collections import Counter

    words = [Counter(_renamed(o, {n: f"person{i}" for i, n in enumerate(names)}).split())
             for o in options]
    shared = [sum(sum((w & v).values()) for j, v in enumerate(words) if j != i)
              for i, w in enumerate(words)]
    return [i for i, s in enumerate(shared) if s == min(shared)]


def test_easy_options_leave_no_odd_one_out(tmp_path):
    """On a generated set, the option sharing the fewest words with the others is right no
    more often than chance (mean 1/k): drawing other problems' hypotheses one by one gave
    the true option away so (7 and 14 points above chance here)."""
    out = tmp_path / "data"
    assert main(["generate", "--size", "150", "--seed", "5", "--balance", "hypothesis",
                 "-o", str(out), "--quiet"]) == 0
    rows: list = []
    for split in ("train", "validation", "test"):
        rows += [(len(rows) + i, f) for i, (_, f) in enumerate(read_rows(out / f"{split}.jsonl"))]
    by_id = {f["id"]: f for _, f in rows}
    for kind in ("retrospective", "prospective"):
        items = build_items(rows, settings(["mcq"], [kind], ["easy"], ["none"])).items
        assert len(items) >= 80
        chance = sum(1 / len(it.options) for it in items) / len(items)
        right = sum((it.gold in (odd := _odd_one_out(it.options, by_id[it.id.split("/")[0]]["names"])))
                    / len(odd) for it in items)
        assert right / len(items) <= chance + 0.05, (kind, right / len(items), chance)


def test_easy_and_hard_items_of_a_row_draw_alike(rows):
    """The announcement to come is drawn the same for easy as for hard distractors: the
    two items of a row differ in their distractors alone."""
    sets = settings(["mcq"], ["prospective"], ["hard", "easy"], ["nota"])
    by_row: dict[str, dict[str, str]] = {}
    for item in build_items(rows, sets, seed=2).items:
        by_row.setdefault(item.id.split("/")[0], {})[item.setting.distractors] = item.announcement
    pairs = [v for v in by_row.values() if len(v) == 2]
    assert len(pairs) >= 3 and all(v["hard"] == v["easy"] for v in pairs)
