"""``generate --family stories`` with --objects, --rooms and more agents: decoys by the
cheap rule (one labelling a story), certified (the independent recheck agrees), the same
bytes for the same seed, and today's datasets unchanged by default."""

from __future__ import annotations

import json
import random

import pytest

from pyfront.cli import main
from pyfront.generate.stories.decoys import arrangement, presence, ruled_slots, spread
from pyfront.generate.stories.sampler import StoryParams, draw_story

FORMS, SPLITS = ("qa", "nli"), ("train", "validation", "test")
ARGS = ["generate", "--family", "stories", "--agents", "5", "--objects", "3", "--rooms", "3",
        "--events", "3-6", "--order", "0-1", "--size", "4", "--seed", "1", "--quiet"]


@pytest.fixture(scope="module")
def knobs(tmp_path_factory):
    out = tmp_path_factory.mktemp("knobs") / "d"
    assert main([*ARGS, "-o", str(out)]) == 0
    return out


def _rows(out, form):
    return [json.loads(x) for s in SPLITS
            for x in (out / form / f"{s}.jsonl").read_text().splitlines()]


def test_stories_have_the_objects_rooms_and_agents_asked(knobs):
    qa = _rows(knobs, "qa")
    assert len({r["story"] for r in qa}) == 4 and {r["n_agents"] for r in qa} == {5}
    for r in qa:
        problem = r["problem"]
        assert problem.count("location(") - problem.count("location(", problem.index("actually")) == 3
        rooms = next(line for line in problem.splitlines() if line.strip().startswith("rooms"))
        assert rooms.count(",") == 2
    card = (knobs / "qa" / "README.md").read_text()
    assert "--objects 3 --rooms 3" in card


def test_the_stories_recheck_and_repeat_byte_for_byte(knobs, tmp_path):
    files = [str(knobs / f / f"{s}.jsonl") for f in FORMS for s in SPLITS]
    assert main(["check", *files, "-q", "-o", str(tmp_path / "re.jsonl")]) == 0
    again = tmp_path / "again"
    assert main([*ARGS, "-o", str(again)]) == 0
    for form in FORMS:
        for s in SPLITS:
            assert (again / form / f"{s}.jsonl").read_bytes() == \
                (knobs / form / f"{s}.jsonl").read_bytes()


@pytest.mark.parametrize("seed", range(6))
def test_ruled_decoys_are_moved_only_before_everyone_and_told_by_who_stayed(seed):
    """The rule, checked against presence computed here from the steps."""
    drawn = draw_story(random.Random(seed), StoryParams(agents=(5, 6), events=(6, 12), rooms=3))
    spread_ = spread(drawn, random.Random(seed), objects=4, ruled=True)
    decoys = spread_.decoys
    objects = {d[3] for d in decoys}
    assert len(objects) == 3 and drawn.obj not in objects
    assert spread_.room_of(decoys[0][3]) == drawn.room  # the trackers' decoy: the object's room
    for obj in objects:
        here = presence(drawn, spread_.room_of(obj))
        mine = [d for d in decoys if d[3] == obj]
        start = mine[0][0]
        assert mine[0][1] == "place"
        for index, kind, agent, _, _ in mine[1:]:
            if kind == "move":
                assert set(here[index]) == set(drawn.agents)
            else:
                assert all(agent in here[j] for j in range(start, index + 1))
    slots = ruled_slots(drawn, 0, presence(drawn))
    assert all(set(m) == set(drawn.agents) for m, _ in slots.values() if m)


def test_defaults_draw_todays_arrangement():
    """Without the rule the draws are today's: one decoy object, moves and tells by anyone
    in the room (the bytes of earlier datasets)."""
    drawn = draw_story(random.Random(3), StoryParams())
    assert arrangement(drawn, random.Random(1))[0][1] == "place"
    assert arrangement(drawn, random.Random(1)) == arrangement(drawn, random.Random(1), 2, False)


@pytest.mark.parametrize("args,message", [
    (["--objects", "0"], "--objects must lie within 1-8"),
    (["--rooms", "1"], "--rooms must lie within 2-8"),
    (["--events", "3-500"], "--events must lie within 0-400"),
    (["--agents", "17"], "--agents must lie within 2-16"),
])
def test_bad_knobs_are_one_line(tmp_path, capsys, args, message):
    assert main(["generate", "--family", "stories", "--size", "2", "-o",
                 str(tmp_path / "x"), *args]) == 1
    err = capsys.readouterr().err.strip()
    assert message in err and "\n" not in err


def test_story_knobs_are_refused_for_mindgames(tmp_path, capsys):
    assert main(["generate", "--size", "4", "--rooms", "3", "-o", str(tmp_path / "m")]) == 1
    assert "options of --family stories" in capsys.readouterr().err


def test_the_sampler_picks_its_engine_for_the_whole_story():
    """``auto`` decides on the events the story may reach: a long story is followed on
    the symbolic engine from its first step (on the explicit one, the model of 80 events
    took most of a draw's time); a short one stays explicit, as before."""
    long = draw_story(random.Random(0), StoryParams(agents=(3, 3), events=(40, 40)))
    short = draw_story(random.Random(0), StoryParams(agents=(2, 2), events=(3, 3)))
    assert long.prefix[3].name == "symbolic"
    assert short.prefix[3].name == "explicit"
