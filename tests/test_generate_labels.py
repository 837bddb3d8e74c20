"""The generator's labeller: its shortcut (restrict once, then evaluate) gives the answers of
the whole ``[!a1]…[!an] h`` formulas on every engine."""

from __future__ import annotations

import random

import pytest

from pyfront.generate.labels import Labeller
from pyfront.generate.sampling import SamplingParams, draw

RULES = {"forehead": "others", "forehead_mirror": "all", "internal": "self", "explicit": "given"}


def _draws(count: int, seed: int = 0, **params):
    rng = random.Random(seed)
    p = SamplingParams(hypotheses_per_premise=6, **params)
    return [draw(rng, s, r, p) for _ in range(count) for s, r in RULES.items()]


@pytest.mark.parametrize("engine", ["symbolic"])
def test_shortcut_matches_whole_formulas(engine):
    import dd  # noqa: F401  (a dependency: never skipped)
    fast = Labeller("explicit")
    slow = Labeller(engine)
    slow.explicit_limit = -1  # force the whole-formula route through the backend
    seen_contradictory = seen_valid = seen_invalid = 0
    for d in _draws(40):
        a, b = fast.after(d.premise), slow.after(d.premise)
        assert (a is None) == (b is None)
        if a is None:
            seen_contradictory += 1
            continue
        labels = fast.labels(a, d.hypotheses)
        assert labels == slow.labels(b, d.hypotheses)
        seen_valid += sum(labels)
        seen_invalid += len(labels) - sum(labels)
    assert seen_contradictory and seen_valid and seen_invalid  # every case was exercised


def test_backend_route_on_the_explicit_engine_agrees():
    fast = Labeller("explicit")
    whole = Labeller("explicit")
    whole.explicit_limit = -1
    for d in _draws(15, seed=3, agents=(2, 5)):
        a, b = fast.after(d.premise), whole.after(d.premise)
        assert (a is None) == (b is None)
        if a is not None:
            assert fast.labels(a, d.hypotheses) == whole.labels(b, d.hypotheses)


def test_jobs_are_counted():
    lab = Labeller()
    d = _draws(1, seed=5)[0]
    state = lab.after(d.premise)
    if state is not None:
        lab.labels(state, d.hypotheses)
        assert lab.jobs == 1 + len(d.hypotheses)
    else:
        assert lab.jobs == 1
