"""The story examples: every hypothesis and question states its answer, and it holds."""

from __future__ import annotations

import contextlib
import io
import json

import pytest

from conftest import REPO
from pyfront.data.loading import dsl_check_items, load_document
from pyfront.story.compile import evaluate
from pyfront.story.dsl import parse_story
from pyfront.story.dsl_print import to_dsl
from pyfront.story.model import Story

STORIES = sorted((REPO / "examples" / "stories").glob("*.del"))


def run_cli(*argv: str) -> tuple[int, str, str]:
    from pyfront.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_examples_the_issue_asks_for_are_there():
    names = {p.stem for p in STORIES}
    assert any("sally" in n for n in names)
    assert {"ice_cream_van", "private_announcement", "card_shown", "lie", "secret_peek", "coin",
            "tomi_rooms"} <= names
    kinds = {e.kind for p in STORIES for s in load_document(p) for e in s.events}
    assert {"move", "turn", "tell_private", "tell_semi_private", "show", "lie", "peek", "look",
            "enter", "leave", "tell"} <= kinds


@pytest.mark.parametrize("path", STORIES, ids=lambda p: p.name)
def test_every_answer_is_stated_and_holds(path):
    (story,) = load_document(path)
    assert isinstance(story, Story)
    results = evaluate(story)
    assert results
    for r in results:
        assert r.expected is not None, f"{path.name}:{r.line} {r.name} states no answer"
        assert r.agrees, f"{path.name}:{r.line} {r.name}: {r.answer}, expected {r.expected}"


@pytest.mark.parametrize("path", STORIES, ids=lambda p: p.name)
def test_examples_print_back(path):
    (story,) = load_document(path)
    assert parse_story(to_dsl(story)) == story


def test_sally_anne_first_and_second_order_and_revision():
    (story,) = load_document(REPO / "examples" / "stories" / "sally_anne.del")
    got = {r.name: r.answer for r in evaluate(story)}
    assert got["look"] == ("basket",) and got["anne_about_sally"] == ("basket",)
    assert got["revised"] == ("box",) and got["consistent"] is True


def test_wrong_expectations_are_caught(tmp_path):
    text = (REPO / "examples" / "stories" / "sally_anne.del").read_text()
    bad = tmp_path / "sally_wrong.del"
    bad.write_text(text.replace("look: where will Sally look for the marble? expect basket",
                                "look: where will Sally look for the marble? expect box"))
    out = tmp_path / "out.jsonl"
    code, _, _ = run_cli("check", str(bad), "-o", str(out))
    assert code == 1
    records = [json.loads(x) for x in out.read_text().splitlines()]
    look = next(r for r in records if r["name"] == "sally_anne/look")
    assert look["agrees"] is False and look["answer"] == ["basket"] and look["line"] == 18
    assert sum(r["agrees"] is True for r in records) == len(records) - 1


def test_check_reads_the_examples_folder():
    from pyfront.data.story_stops import story_item_records

    from pyfront.data.items import StoryItem

    records = [r for p in STORIES for it in dsl_check_items(p) if isinstance(it, StoryItem)
               for r in story_item_records(it)]
    assert len(records) >= 60
    assert all(r["agrees"] for r in records)
    code, _, _ = run_cli("check", str(REPO / "examples"), "-q")
    assert code == 0
