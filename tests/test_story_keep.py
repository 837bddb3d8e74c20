"""A story compiled to hold only the state in hand (``keep=False``: ``check``, the symbolic
``explain``, traces) answers as one that keeps every state, wherever it is asked, and
holds no more than the start and the latest state."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfront.errors import UserError
from pyfront.story.compile import answer_where, compile_story, evaluate, iter_results
from pyfront.story.dsl import parse_story

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples" / "stories").glob("*.del"))
SCALE = REPO / "tests" / "data" / "scale_stories"

#: the ball moved while A was away, then a move A sees, then a look: revisions and a story
#: long enough for states to be passed
STORY = """story s
 agents A, B, C
 rooms hall, yard
 location(ball): red, blue, green
 A is in the hall
 B is in the hall
 C is in the hall
 it is common knowledge that the ball is in the red
 A leaves
 B moves the ball to the blue
 C peeks at the ball
 A enters the hall
 B moves the ball to the green
 A looks at the ball
 C leaves
 B moves the ball to the red
"""

IMPOSSIBLE = """story s
 agents A, B
 location(ball): red, blue
 it is common knowledge that the ball is in the red
 A moves the ball to the blue
 announce the ball is in the red
 B moves the ball to the blue
"""


def held(compiled) -> int:
    return sum(s is not None for s in compiled._states or ())


def everything(story, compiled, step: int):
    """Every agent's and every pair's belief about every variable after ``step`` events."""
    paths = [(a,) for a in story.agents] + [(a, b) for a in story.agents for b in story.agents
                                            if a != b]
    return [answer_where(story, p, v.name, step, compiled) for p in paths for v in story.variables]


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_answer_alike_and_hold_two_states(path, engine):
    story = parse_story(path.read_text(), str(path))
    kept = compile_story(story, engine)
    passing = compile_story(story, engine, keep=False)
    want = [(r.name, r.answer) for r in evaluate(story, kept)]
    got = []
    for r in iter_results(story, passing):
        got.append((r.name, r.answer))
        assert held(passing) <= 2
    assert got == want
    assert len(kept._states) == len(passing._states)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(st.integers(0, 8), min_size=1, max_size=12),
       engine=st.sampled_from(["explicit", "symbolic"]))
def test_states_asked_in_any_order_answer_as_kept_ones(steps, engine):
    story = parse_story(STORY)
    kept = compile_story(story, engine)
    passing = compile_story(story, engine, keep=False)
    for k in steps:
        assert everything(story, passing, k) == everything(story, kept, k)
        assert held(passing) <= 2
        assert passing.state_at(k).step == kept.state_at(k).step
        # the same situation, up to bisimulation (the engines' exact state keys)
        assert passing.engine.key(passing.state_at(k)) == kept.engine.key(kept.state_at(k))


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_walk_and_run_give_every_state_once(engine):
    story = parse_story(STORY)
    kept = compile_story(story, engine)
    passing = compile_story(story, engine, keep=False)
    states, failure = kept.run()
    assert failure is None and len(states) == len(story.events) + 1
    walked = []
    for k, state in passing.walk():
        assert held(passing) <= 2
        walked.append((k, state.step, state.label,
                       sorted(r.agent for r in state.revisions), everything(story, passing, k)))
    assert walked == [(k, s.step, s.label, sorted(r.agent for r in s.revisions),
                       everything(story, kept, k)) for k, s in enumerate(states)]
    # a walk after the states were passed makes them again from the one in hand
    again = [(k, s.label) for k, s in passing.walk()]
    assert again == [(k, s.label) for k, s in enumerate(states)]
    listed, failure = passing.run()
    assert failure is None and [s.label for s in listed] == [s.label for s in states]


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_an_event_that_cannot_happen_stops_the_walk_with_its_line(engine):
    story = parse_story(IMPOSSIBLE)
    passing = compile_story(story, engine, keep=False)
    assert [k for k, _ in passing.walk()] == [0, 1]
    assert passing.failure is not None and passing.failure.line == 6
    with pytest.raises(UserError) as info:
        evaluate(story)
    assert info.value.line == 6 and "cannot happen" in info.value.message
    assert passing.state_at(2) is None and passing.state_at(1) is not None


def test_symbolic_explanation_names_the_event_that_cannot_happen():
    from pyfront.explain.story import explain_story
    from pyfront.explain.story_symbolic import explain_story_symbolic

    ex = explain_story_symbolic(parse_story(IMPOSSIBLE))
    listed = explain_story(parse_story(IMPOSSIBLE))  # the explicit one keeps every state
    assert len(ex.steps) == len(listed.steps) == 2
    assert ex.stopped == listed.stopped and ex.stopped.startswith("Event 2: ")
    assert ex.reason.line == listed.reason.line == 6


def test_a_long_story_is_checked_holding_two_states():
    """The seeded 8-agent room story, its first 30 events: the answers of the symbolic
    engine with and without every state kept."""
    lines = (SCALE / "scale_8x80.del").read_text().splitlines()
    head = [ln for ln in lines if not ln.strip().startswith(("question", "hypothesis"))]
    text = "\n".join(head[:7 + 30]) + (
        "\n  question q1: where does Ann think the ball is?"
        "\n  question q2: where does Bob think Cy thinks the hat is?\n")
    story = parse_story(text)
    kept = [(r.name, r.answer) for r in evaluate(story, compile_story(story, "symbolic"))]
    passing = compile_story(story, "symbolic", keep=False)
    assert [(r.name, r.answer) for r in iter_results(story, passing)] == kept
    assert len(story.events) == 30
    assert held(passing) == 2 and len(passing._states) == 31


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_the_web_page_marks_an_event_that_cannot_happen_on_either_engine(engine):
    """The page reports the stop as a mistake in the text, with its line, whichever engine
    explained the steps before it."""
    from pyfront.web.story_page import story_page

    with pytest.raises(UserError) as info:
        story_page(parse_story(IMPOSSIBLE), use_dot=False, engine=engine)
    assert info.value.line == 6 and "cannot happen" in info.value.message
