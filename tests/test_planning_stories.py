"""Plans of story events: the planning lines of stories read, answered by the planner on
both belief engines (every answer asked of each), and shown by ``check``, ``plan``,
``explain`` and ``render``.

The oracle is written here: the marble story worked by hand (announcing or Sally looking
tells Sally; Bob cannot tell what he does not know; Bob peeking in secret and then telling
Anne in private is the one plan of two steps), and a brute force that tells every sequence
of candidate events as ordinary story events, in order of length, and asks the goal and the
kept formulas as hypotheses (the story engine alone, no planner)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys

import pytest
from conftest import REPO

from pyfront.data.loading import load_document
from pyfront.errors import UserError
from pyfront.planning.stories import story_plan_records
from pyfront.story.dsl import parse_story
from pyfront.story.dsl_print import to_dsl

STORY = REPO / "examples" / "stories" / "plan_marble.del"
ENGINES = ("explicit", "symbolic")
PEEK = "Bob peeks at the marble"
TELL = "Bob tells Anne that the marble is in the box"


def _run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pyfront", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300,
                          stdin=subprocess.DEVNULL)


def _story(extra: str = ""):
    text = STORY.read_text()
    return parse_story(text + extra, "s.del")


@pytest.mark.parametrize("engine", ENGINES)
def test_hand_worked_answers(engine):
    records = story_plan_records(_story(), "s.del", engine)
    assert {r["engine"] for r in records} == {engine}
    assert [(r["name"], r["plan"], r["agrees"]) for r in records] == [
        ("marble_plan/quick", None, True),
        ("marble_plan/best", [PEEK, TELL], True),
        ("marble_plan/good", [PEEK, TELL], True)]
    assert records[2]["verdict"] == [f"step 1 ({PEEK}): fine",
                                     f"step 2 ({TELL}): reaches the goal"]


@pytest.mark.parametrize("engine", ENGINES)
def test_failing_plans_say_why_at_their_step(engine):
    story = _story(f"  plan told: within 2 steps expect plan {TELL}\n"
                   "  plan loud: within 2 steps expect plan announce the marble is in the box\n"
                   f"  plan short: within 2 steps expect plan {PEEK}\n")
    told, loud, short = story_plan_records(story, "s.del", engine)[3:]
    assert (told["label"], told["agrees"]) == ("not a plan", False)
    assert told["verdict"] == [f"step 1 ({TELL}): its precondition is false at the actual "
                               "world, it cannot happen"]
    assert loud["verdict"] == ["step 1 (announce the marble is in the box): breaks kept "
                               "formula 1, reaches the goal"]
    assert short["verdict"] == [f"step 1 ({PEEK}): fine"] and short["agrees"] is False


def _brute_length(story, bound: int):
    """The shortest sequence of candidates told as story events after which the goal
    holds and after every step the kept formulas hold (hypotheses on the story engine)."""
    from pyfront.story.compile import compile_story

    p = story.planning
    base = story.model_copy(update={"planning": None, "hypotheses": [], "questions": []})
    for n in range(bound + 1):
        for seq in itertools.product(p.actions, repeat=n):
            told = base.model_copy(update={"events": [*base.events, *seq]})
            compiled = compile_story(told)
            states, failure = compiled.run()
            if failure is not None:
                continue
            engine = compiled.engine
            if not all(engine.holds(s, k) for s in states[1:] for k in p.keep):
                continue
            if engine.holds(states[-1], p.goal):
                return n
    return None


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("goal, keep, expected", [
    ("Anne believes that the marble is in the box",
     "Sally does not believe that the marble is in the box", 2),
    ("Anne believes that the marble is in the box", "true", 1),
    ("Sally believes that Bob knows whether the marble is in the box", "true", 1),
    ("Anne believes that the marble is in the basket", "true", None),
    ("Anne believes that Bob knows whether the marble is in the box",
     "Sally does not know whether the marble is in the box", 2),
])
def test_shortest_length_agrees_with_brute_force(goal, keep, expected, engine):
    text = STORY.read_text()
    text = text.replace("goal Anne believes that the marble is in the box", f"goal {goal}")
    text = text.replace("keep Sally does not believe that the marble is in the box",
                        f"keep {keep}")
    text = text.replace("expect length 2", "").replace("expect none", "")
    text = text.replace(f"expect plan {PEEK}; {TELL}", "")
    story = parse_story(text, "s.del")
    best = story_plan_records(story, "s.del", engine)[1]
    assert best["length"] == _brute_length(story, 3)
    if expected is not None or best["length"] is None:
        assert best["length"] == expected


def test_planning_lines_print_back():
    story = _story()
    assert parse_story(to_dsl(story), "again.del") == story
    assert "  may Bob peeks at the marble" in to_dsl(story)


@pytest.mark.parametrize("line, message", [
    ("  may Sally leaves\n", "comings and goings"),
    ("  goal Anne believes that the marble is in the basket\n", "at most one 'goal'"),
    ("  plan best: within 1 step\n", "'best' is defined twice"),
])
def test_bad_planning_lines_are_one_error(line, message):
    with pytest.raises(UserError) as err:
        _story(line)
    assert message in str(err.value) and err.value.line is not None


def test_may_without_goal_is_an_error():
    text = "story s\n  agents Ann\n  p: yes, no\n  may announce p is yes\n"
    with pytest.raises(UserError, match="needs a 'goal'") as err:
        parse_story(text, "s.del")
    assert err.value.line == 4


@pytest.mark.parametrize("engine", ENGINES)
def test_plan_command_prints_the_plans(engine):
    done = _run("plan", str(STORY), "--engine", engine, "--json")
    assert done.returncode == 0, done.stderr
    got = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(g["name"], g["length"]) for g in got] == [
        ("marble_plan/quick", None), ("marble_plan/best", 2), ("marble_plan/good", 2)]
    assert {g["engine"] for g in got} == {engine}


@pytest.mark.parametrize("engine", ENGINES)
def test_check_answers_story_plan_items(tmp_path, engine):
    out = tmp_path / "out.jsonl"
    done = _run("check", str(STORY), "--output", str(out), "--engine", engine)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    plans = [r for r in records if "length" in r]
    assert [(r["name"], r["label"], r["agrees"]) for r in plans] == [
        ("marble_plan/quick", "none", True), ("marble_plan/best", "length 2", True),
        ("marble_plan/good", "plan", True)]
    assert {r["engine"] for r in plans} == {engine}


@pytest.mark.parametrize("engine", ENGINES)
def test_explain_plays_the_plan(engine):
    done = _run("explain", str(STORY), "--engine", engine)
    assert done.returncode == 0, done.stderr
    assert (f"step 1: {PEEK}: Bob now believes the marble is in the box (before: in the "
            "basket or the box); the goal does not hold yet") in done.stdout
    assert (f"step 2: {TELL}: Anne now believes the marble is in the box (before: in the "
            "basket or the box); the goal holds") in done.stdout
    # 'best' and 'good' find the same plan: it is played once
    assert "marble_plan (plan best)" in done.stdout
    assert "marble_plan (plan good)" not in done.stdout


def test_render_english_words_the_question():
    done = _run("render", str(STORY), "--to", "english")
    assert done.returncode == 0, done.stderr
    assert ("best: Which of these events, at most 3, make Anne think that the marble is in "
            "the box, while Sally still does not think that the marble is in the box?"
            in done.stdout)
    assert "(4) Bob secretly peeks at the marble; nobody else notices." in done.stdout


def test_canonical_key_ignores_world_names():
    from smcdel_bridge.dynamic.plausibility import PlausibilityModel
    from smcdel_bridge.planning.beliefs import canonical_key

    def model(names, actual_value):
        u, v = names
        return PlausibilityModel(("a",), (u, v), {u: frozenset({1}), v: frozenset()},
                                 {"a": (frozenset({u, v}),)}, {"a": {u: 0, v: 1}},
                                 actual=(u if actual_value else v,), vocabulary=(1,))

    assert canonical_key(model("xy", True)) == canonical_key(model("qp", True))
    assert canonical_key(model("xy", True)) != canonical_key(model("xy", False))


def test_planning_part_survives_json():
    import json as json_module

    from pyfront.story.model import Story

    story = _story()
    data = json_module.loads(json_module.dumps(story.model_dump(mode="json")))
    again = Story.model_validate(data)
    assert again == story and again.planning.plans[2].expect_plan[0].kind == "peek"
