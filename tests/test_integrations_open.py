"""Open-answer items and reasoning-gym's ``mindgames_open``: the certified answers of
hand-written stories (worked out by hand below), answers scored 1.0 only when certified,
steps graded as planted, and the dataset the same bytes for the same seed."""

from __future__ import annotations

import json
from itertools import combinations

import pytest

from open_support import SALLY_ANNE, THREE, step_reply
from pyfront.integrations.open_items import (agent_set, final_answer, knows_item, make_items,
                                             score_answer, step_score, story_item)
from pyfront.story.dsl import parse_story
from requirements import require_extra

#: THREE by hand: the ball goes tin -> bag (Carl away) -> crate (Bob and Carl away); Carl
#: comes back and looks.  Anne sees all; Bob last saw the bag, and knows Anne saw it too.
THREE_WHERE = {
    "real": ["tin", "tin", "bag", "bag", "crate", "crate", "crate"],
    "Anne": ["tin", "tin", "bag", "bag", "crate", "crate", "crate"],
    "Bob": ["tin", "tin", "bag", "bag", "bag", "bag", "bag"],
    "Carl": ["tin", "tin", "tin", "tin", "tin", "tin", "crate"],
    "Anne->Bob": ["tin", "tin", "bag", "bag", "bag", "bag", "bag"],
    "Bob->Anne": ["tin", "tin", "bag", "bag", "bag", "bag", "bag"],
}
THREE_WHO = {"tin": set(), "bag": {"Bob"}, "crate": {"Anne", "Carl"}}


@pytest.mark.parametrize("chain", sorted(THREE_WHERE))
def test_where_items_of_a_hand_written_story(chain):
    order = 0 if chain == "real" else chain.count("->") + 1
    item = story_item(parse_story(THREE), "where", order, "k", chain=chain)
    expected = THREE_WHERE[chain]
    assert item["answer"] == expected[-1]
    assert [s["chains"][0]["value"] for s in item["metadata"]["trace"]] == expected
    assert score_answer(f"I think so.\nAnswer: The {expected[-1].upper()}.", item) == 1.0
    for other in {"tin", "bag", "crate"} - {expected[-1]}:
        assert score_answer(f"Answer: {other}", item) == 0.0
    assert score_answer(f"Answer: {expected[-1]} or {other}", item) == 0.0
    assert score_answer("", item) == 0.0 and score_answer(None, item) == 0.0


@pytest.mark.parametrize("container", sorted(THREE_WHO))
def test_who_items_score_the_set_only(container):
    item = story_item(parse_story(THREE), "who", 1, "k", container=container)
    right = THREE_WHO[container]
    said = " and ".join(sorted(right, reverse=True)) if right else "Nobody."
    assert score_answer(f"Answer: {said}", item) == 1.0
    for k in range(4):
        for names in combinations(["Anne", "Bob", "Carl"], k):
            if set(names) != right:
                text = ", ".join(names) or "nobody"
                assert score_answer(f"Answer: {text}", item) == 0.0, text


def test_sally_anne_second_order():
    story = parse_story(SALLY_ANNE)
    item = story_item(story, "where", 2, "k", chain="Anne->Sally")
    assert item["answer"] == "basket"
    assert "Where does Anne think that Sally thinks that the marble is?" in item["question"]
    assert "1 Sally puts the marble in the basket\n2 Sally leaves\n" in item["question"]


def test_steps_graded_as_planted():
    """Seven steps: one wrong value at step 3 is 6/7 right and 2/7 prefix-correct; a step
    quoting no sentence of the story is unaligned (wrong) and does not shift the others."""
    item = story_item(parse_story(THREE), "where", 1, "k", chain="Bob")
    assert step_score(step_reply(item), item) == 1.0
    assert step_score(step_reply(item), item, "prefix") == 1.0
    assert step_score(step_reply(item, wrong_at=3), item) == pytest.approx(6 / 7)
    assert step_score(step_reply(item, wrong_at=3), item, "prefix") == pytest.approx(2 / 7)
    assert step_score(step_reply(item, quote_off=5), item) == pytest.approx(6 / 7)
    assert step_score(step_reply(item, quote_off=5), item, "prefix") == pytest.approx(4 / 7)
    assert step_score("Answer: bag", item) == 0.0
    # the answer is scored apart from the steps
    assert score_answer(step_reply(item, wrong_at=3), item) == 1.0
    assert score_answer(step_reply(item, answer="crate"), item) == 0.0


#: by hand: Ann sees Bob's card, Cid's is announced, nobody sees Ann's; on foreheads,
#: everyone sees every forehead but one's own
CARDS = """problem cards
  agents Ann, Bob, Cid
  setup explicit
  Ann observes red(Bob)
  announce red(Cid)
"""
FOREHEADS = """problem foreheads
  agents Ann, Bob, Cid
  setup forehead
"""
KNOWS = [(CARDS, "red(Ann)", set()), (CARDS, "red(Bob)", {"Ann"}),
         (CARDS, "red(Cid)", {"Ann", "Bob", "Cid"}), (FOREHEADS, "muddy(Bob)", {"Ann", "Cid"})]


@pytest.mark.parametrize("text,prop,right", KNOWS)
def test_knows_items_of_hand_written_problems(text, prop, right):
    from pyfront.problem.dsl import parse_problem

    item = knows_item(parse_problem(text), "P", "k", prop)
    assert set(item["metadata"]["agents"]) == right
    said = ", ".join(sorted(right)) or "nobody"
    assert score_answer(f"Answer: {said}", item) == 1.0
    for k in range(4):
        for names in combinations(["Ann", "Bob", "Cid"], k):
            if set(names) != right:
                assert score_answer(f"Answer: {', '.join(names) or 'nobody'}", item) == 0.0


def test_final_answer_and_agent_sets():
    assert final_answer("Answer: box\nhmm\n**Answer:** the tin.") == "the tin."
    assert final_answer("  \nbasket\nmore") == "basket"
    assert agent_set("Anne, bob and Carl.") == {"anne", "bob", "carl"}
    assert agent_set("No one") == frozenset() and agent_set("  ") is None


def test_value_items_are_muddy_children():
    for item in make_items("value", size=12, seed=4, children=(2, 6), muddy=(1, 6)):
        m = item["metadata"]["muddy"]
        assert item["answer"] == str(m)  # with m muddy, the m-th asking is answered yes
        assert score_answer(f"Answer: {m}", item) == 1.0
        assert score_answer(f"Answer: {m + 1}", item) == 0.0


@pytest.mark.parametrize("kind,order", [("where", 2), ("where", 0), ("who", 1), ("knows", 1),
                                        ("value", 1)])
def test_open_dataset_same_bytes_and_certified_only(kind, order):
    reasoning_gym = require_extra("reasoning_gym", "rl")
    import pyfront.integrations.reasoning_gym  # noqa: F401  (registers the datasets)

    first = reasoning_gym.create_dataset("mindgames_open", seed=5, size=12, kind=kind, order=order)
    again = reasoning_gym.create_dataset("mindgames_open", seed=5, size=12, kind=kind, order=order)
    entries = list(first)
    assert len(entries) == 12
    assert json.dumps(entries, sort_keys=True) == json.dumps(list(again), sort_keys=True)
    other = reasoning_gym.create_dataset("mindgames_open", seed=6, size=12, kind=kind, order=order)
    assert [e["question"] for e in other] != [e["question"] for e in entries]
    for e in entries:
        assert first.score_answer(e["answer"], e) == 1.0
        assert first.score_answer(f"Answer: {e['answer']}", e) == 1.0
        meta = e["metadata"]
        if kind == "where":
            for wrong in meta["choices"]:
                if wrong != e["answer"]:
                    assert first.score_answer(f"Answer: {wrong}", e) == 0.0
            n = len(meta["trace"])
            assert first.score_steps(step_reply(e), e) == 1.0
            assert first.score_steps(step_reply(e, wrong_at=n), e) == pytest.approx((n - 1) / n)
            assert first.score_steps(step_reply(e, wrong_at=1), e, "prefix") == 0.0
        elif kind in ("who", "knows"):
            names = set(meta["agents"])
            agents = sorted(names | (_agents(e["question"]) if kind == "who"
                                     else set(meta["everyone"])))
            for a in agents:  # one name too many or too few
                flipped = names ^ {a}
                said = ", ".join(sorted(flipped)) or "nobody"
                assert first.score_answer(f"Answer: {said}", e) == 0.0
            assert first.score_steps(e["answer"], e) is None
        else:
            assert first.score_answer(str(int(e["answer"]) + 1), e) == 0.0


def _agents(prompt: str) -> set[str]:
    """The agents of a story prompt: who enters, leaves, looks, puts or moves."""
    verbs = {"enters", "leaves", "looks", "puts", "moves", "peeks", "tells", "exits"}
    found = set()
    for line in prompt.splitlines():
        words = line.split()
        if len(words) > 2 and words[0].isdigit() and words[2] in verbs:
            found.add(words[1])
    return found
