"""reasoning-gym datasets: registered on import, deterministic by seed, knobs obeyed, and
``score_answer`` 1.0 on the certified answer (read tolerantly), 0.0 on every other choice."""

from __future__ import annotations

import json
import re

import pytest

from requirements import require_extra

reasoning_gym = require_extra("reasoning_gym", "rl")

import pyfront.integrations.reasoning_gym  # noqa: E402,F401  (registers the datasets)
from reasoning_gym.factory import create_curriculum  # noqa: E402

KNOBS = {"mindgames_story": {"order": 3}, "mindgames_nli": {}, "mindgames_puzzle": {},
         "mindgames_functional": {"framing": "state"}}


def _others(name: str, entry: dict) -> list[str]:
    """Every other answer a model could give from the entry's own choices."""
    meta = entry["metadata"]
    if name == "mindgames_story":
        return [c for c in meta["choices"] if c != entry["answer"]]
    if name == "mindgames_nli":
        return [x for x in ("True", "False") if x != entry["answer"]]
    if name == "mindgames_functional":
        return [c for c in meta["options"] if c != entry["answer"]]
    return [str(k) for k in range(1, meta["children"] + 2) if str(k) != entry["answer"]]


@pytest.mark.parametrize("name", sorted(KNOBS))
def test_fifty_entries_same_bytes_scored_right(name):
    first = reasoning_gym.create_dataset(name, seed=0, size=50, **KNOBS[name])
    again = reasoning_gym.create_dataset(name, seed=0, size=50, **KNOBS[name])
    entries = list(first)
    assert len(entries) == 50
    assert json.dumps(entries, sort_keys=True) == json.dumps(list(again), sort_keys=True)
    other_seed = reasoning_gym.create_dataset(name, seed=1, size=50, **KNOBS[name])
    assert [e["question"] for e in other_seed] != [e["question"] for e in entries]
    for e in entries:
        assert first.score_answer(e["answer"], e) == 1.0
        assert first.score_answer(f"The {e['answer'].upper()}.", e) == 1.0
        others = _others(name, e)
        assert others
        for wrong in others:
            assert first.score_answer(wrong, e) == 0.0
        assert first.score_answer(f"{e['answer']} or {others[0]}", e) == 0.0
        assert first.score_answer(None, e) == 0.0


def test_story_knobs():
    data = reasoning_gym.create_dataset("mindgames_story", seed=2, size=20, order=2,
                                        deception=False, distractors=False,
                                        min_agents=3, max_agents=3)
    for e in data:
        meta = e["metadata"]
        assert meta["order"] == 2 and meta["n_agents"] == 3
        assert not {"tell", "tell_private", "claim", "lie", "noise"} & set(meta["actions"])
        assert not meta["deception"]


def test_order_zero_answers_by_replaying_the_story():
    """Order 0 asks where the object was at first and where it is: read off the story's
    text here ("The X is in the Y.", "... moved the X to the Y.")."""
    data = reasoning_gym.create_dataset("mindgames_story", seed=3, size=30, order=0)
    for e in data:
        story, question = e["question"].split("\nQuestion: ")
        obj = re.search(r"the (\w+) (?:at the beginning|really)", question)[1]
        first = re.search(rf"The {obj} is in the (\w+)\.", story)[1]
        where = first
        for m in re.finditer(rf"moved the {obj} to the (\w+)\.", story):
            where = m[1]
        assert e["answer"] == (first if "beginning" in question else where), e["question"]


def test_muddy_children_first_know_at_the_asking_numbered_by_the_muddy():
    """The classic result: with m muddy children, the m-th asking is the first answered yes."""
    data = reasoning_gym.create_dataset("mindgames_puzzle", seed=0, size=40, min_children=2,
                                        max_children=6, min_muddy=1, max_muddy=6)
    seen = set()
    for e in data:
        meta = e["metadata"]
        assert e["answer"] == str(meta["muddy"])
        assert 1 <= meta["muddy"] <= meta["children"]
        seen.add(meta["muddy"])
    assert len(seen) >= 3


def test_curriculum_raises_the_order():
    cur = create_curriculum("mindgames_story")
    orders = []
    for level in range(3):
        cur.set_attr_level("order", level)
        cfg = cur.generate_configuration({"seed": 0, "size": 4})
        data = reasoning_gym.create_dataset("mindgames_story", **vars(cfg))
        orders.append({e["metadata"]["order"] for e in data})
    assert orders == [{0}, {1}, {2}]
