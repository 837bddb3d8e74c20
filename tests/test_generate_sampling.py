"""Random problem models: ranges, shapes and determinism of the sampler."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.generate.sampling import SamplingParams, draw, to_form
from pyfront.generate.stats import shape
from pyfront.problem.to_smcdel import hypothesis_form, pub_form

RULES = {"forehead": "others", "forehead_mirror": "all", "internal": "self", "explicit": "given"}

#: every further-announcement shape the published statistics list (plus the one that is
#: always contradictory after "someone", hence absent from the published data)
ANNOUNCEMENT_SHAPES = {
    "~(A knows whether n)", "(A knows whether n)", "(A knows whether (Q))",
    "~(A knows whether (Q))", "n", "(Q)", "~(n)", "(A knows whether (~(Q)))", "(~(Q))",
    "~(A knows whether (~(Q)))",
}


def _hypothesis_shapes():
    inner = ["n", "(Q)", "(~(Q))"]
    first = {f"(A knows {op} {x})" for op in ("that", "whether") for x in inner}
    second = {
        f"A knows {a} (A knows {b} {x})"
        for a in ("that", "whether") for b in ("that", "whether") for x in inner
    }
    return first | second


def test_recipes_print_in_the_published_form():
    assert pub_form(to_form(("not", ("kw", 1, ("p", 2))))) == "~(Agentb knows whether 2)"
    assert pub_form(to_form(("not", ("some", 3)))) == "(~(1|2|3))"
    assert pub_form(to_form(("every", 2))) == "(1&2)"
    assert hypothesis_form(to_form(("k", 0, ("kw", 2, ("p", 1))))) == \
        "Agenta knows that (Agentc knows whether 1)"
    with pytest.raises(ValueError):
        to_form(("xor", 1))


@pytest.mark.parametrize("setup", sorted(RULES))
def test_draws_have_only_published_kinds(setup):
    rng = random.Random(1)
    ann_shapes, hyp_shapes = set(), set()
    for _ in range(300):
        d = draw(rng, setup, RULES[setup], SamplingParams())
        assert d.premise.announcements[0] == ("some", d.premise.n_agents)
        ann_shapes |= {shape(pub_form(to_form(a))) for a in d.premise.announcements[1:]}
        hyp_shapes |= {shape(hypothesis_form(to_form(h))) for h in d.hypotheses}
    assert ann_shapes <= ANNOUNCEMENT_SHAPES
    assert hyp_shapes <= _hypothesis_shapes()
    assert len(ann_shapes) >= 8 and len(hyp_shapes) >= 16  # and they all occur


def test_observations_follow_the_setup_rule():
    rng = random.Random(3)
    p = SamplingParams(agents=(3, 3))
    assert draw(rng, "forehead", "others", p).premise.observations == ((2, 3), (1, 3), (1, 2))
    assert draw(rng, "forehead_mirror", "all", p).premise.observations == ((1, 2, 3),) * 3
    assert draw(rng, "internal", "self", p).premise.observations == ((1,), (2,), (3,))
    for _ in range(200):
        obs = draw(rng, "explicit", "given", p).premise.observations
        assert any(obs)  # somebody observes something: SMCDEL can state the structure


def _knowledge_agents(recipe):
    out = []
    while recipe[0] in ("k", "kw"):
        out.append(recipe[1])
        recipe = recipe[2]
    return out


@settings(deadline=None, max_examples=40)
@given(
    seed=st.integers(0, 2**32),
    agents=st.tuples(st.integers(2, 8), st.integers(0, 3)).map(lambda t: (t[0], t[0] + t[1])),
    orders=st.tuples(st.integers(1, 4), st.integers(0, 2)).map(lambda t: (t[0], t[0] + t[1])),
    setup=st.sampled_from(sorted(RULES)),
)
def test_draws_stay_within_their_ranges(seed, agents, orders, setup):
    params = SamplingParams(agents=agents, orders=orders, hypotheses_per_premise=6)
    d = draw(random.Random(seed), setup, RULES[setup], params)
    n = d.premise.n_agents
    assert agents[0] <= n <= min(agents[1], 11)
    assert 0 <= len(d.premise.announcements) - 1 <= n
    assert orders[0] - 1 <= d.depth <= orders[1] - 1
    assert len(set(d.hypotheses)) == len(d.hypotheses) >= 1
    for h in d.hypotheses:
        chain = _knowledge_agents(h)
        assert len(chain) == d.depth + 1
        assert all(0 <= a < n for a in chain)
        assert all(a != b for a, b in zip(chain, chain[1:]))
    assert d == draw(random.Random(seed), setup, RULES[setup], params)


def test_fixed_announcement_count():
    params = SamplingParams(announcements=(2, 2))
    d = draw(random.Random(0), "internal", "self", params)
    assert len(d.premise.announcements) == 3


@pytest.mark.parametrize(
    "kwargs",
    [
        {"agents": (1, 3)},
        {"agents": (4, 3)},
        {"orders": (0, 2)},
        {"announcements": (3, 1)},
        {"knowledge_rate": 1.5},
        {"negate_knowledge": -0.1},
        {"hypotheses_per_premise": 1},
    ],
)
def test_bad_parameters_are_rejected(kwargs):
    with pytest.raises(ValueError):
        SamplingParams(**kwargs)
