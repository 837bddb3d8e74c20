"""Long-story machinery on small seeded room stories (``tests/data/scale_stories``):
nested belief questions (order 1 to 3) answered alike by the explicit engine, which walks
listed worlds, and the symbolic engine, which walks the cells of the worlds it has
reached; and a relation that names a missing world still refused."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from pyfront.story.compile import compile_story, evaluate
from pyfront.story.dsl import parse_story
from smcdel_bridge.dynamic.errors import DelModelError
from smcdel_bridge.dynamic.frame import freeze_relations

MAKER = Path(__file__).parent / "data" / "scale_stories" / "make_stories.py"


def _maker():
    spec = importlib.util.spec_from_file_location("make_stories", MAKER)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_nested_questions_agree_across_engines(seed):
    text = _maker().story(3, 6, n_objects=2, n_rooms=2, order=3, seed=seed, containers=2)
    story = parse_story(text)
    got = {e: {r.name: r.answer for r in evaluate(story, compile_story(story, e))}
           for e in ("explicit", "symbolic")}
    assert len(got["explicit"]) == 7
    assert got["explicit"] == got["symbolic"]


def test_a_shared_successor_set_naming_a_missing_world_is_refused():
    cell = frozenset({"w1", "w9"})
    with pytest.raises(DelModelError, match="missing world 'w9'"):
        freeze_relations({"a": {"w1": cell, "w2": cell}}, ("a",), ["w1", "w2"], "world")


def test_the_seeded_files_are_what_the_script_writes():
    maker = _maker()
    for n, e, o, r, k, s in maker.ROWS:
        path = MAKER.parent / f"scale_{n}x{e}.del"
        assert path.read_text(encoding="utf-8") == maker.story(n, e, o, r, k, s)
