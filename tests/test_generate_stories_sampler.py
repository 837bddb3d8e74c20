"""Drawn stories: always possible, and on ToMi's own actions the checker's first-order
answers are what a simple "last seen" bookkeeping gives."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from pyfront.generate.stories import english
from pyfront.generate.stories.labels import chains, label
from pyfront.generate.stories.sampler import StoryParams, draw_story


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32), st.integers(2, 4))
def test_first_order_answers_follow_what_each_agent_last_saw(seed, n):
    drawn = draw_story(random.Random(seed),
                       StoryParams(agents=(n, n), actions=("enter", "exit", "move", "noise")))
    lab = label(drawn, 1)
    assert lab.memory == drawn.containers[0]
    moves = [s.container for s in drawn.steps if s.kind == "move"]
    assert lab.reality == (moves[-1] if moves else drawn.containers[0])
    for agent, seen in drawn.tracked:
        assert lab.chains[(agent,)] == (seen,), (agent, english.story_text(drawn))


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32))
def test_with_every_action_agents_believe_what_they_last_saw_or_were_told(seed):
    # lies are told only to someone who cannot rule them out, so they are believed
    drawn = draw_story(random.Random(seed), StoryParams(agents=(2, 5)))
    lab = label(drawn, 2)
    assert all(set(v) <= set(drawn.containers) for v in lab.chains.values())
    for agent, heard in drawn.tracked:
        assert lab.chains[(agent,)] == (heard,), (agent, english.story_text(drawn))


def test_chains_never_repeat_a_believer_in_a_row():
    got = list(chains(("A", "B", "C"), 3))
    assert len(got) == 3 * 2 * 2
    assert all(x != y for c in got for x, y in zip(c, c[1:]))


def test_true_belief_draws_make_no_false_belief():
    for seed in range(30):
        drawn = draw_story(random.Random(seed), StoryParams(agents=(2, 4)), true_belief=True)
        assert not drawn.tracked_false
        assert not any(s.kind == "lie" for s in drawn.steps)
