"""Property test: on random problems and formulas, every verdict is the engine's and every
step of every justification is re-verified by the engine."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import formulas
from pyfront.explain import explain_problem
from pyfront.explain.model import Explanation
from pyfront.explain.render_text import render
from pyfront.problem.model import Announcement, Hypothesis, Problem
from test_explain_examples import final_model, verify_reason

SETUPS = ("forehead", "forehead_mirror", "internal")
AGENT_IDS = ("Agenta", "Agentb", "Agentc")


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(
    setup=st.sampled_from(SETUPS + ("explicit",)),
    seen=st.lists(st.lists(st.sampled_from((1, 2, 3)), max_size=3), min_size=3, max_size=3),
    announcements=st.lists(formulas(atoms=(1, 2, 3), agents=AGENT_IDS, max_leaves=5),
                           max_size=2),
    hypothesis=formulas(atoms=(1, 2, 3), agents=AGENT_IDS, max_leaves=8),
    actual=st.integers(0, 7),
)
def test_random_explanations_are_the_engines(setup, seen, announcements, hypothesis, actual):
    # the explicit setup takes its observations from the problem: any rows, blind agents too
    observations = seen if setup == "explicit" else None
    pb = Problem.from_setup(setup, ["Ann", "Bob", "Cyd"], name="random", observations=observations)
    pb.announcements.extend(Announcement(formula=f) for f in announcements)
    pb.hypotheses.append(Hypothesis(name="h", formula=hypothesis))
    state = format(actual, "03b")
    e = explain_problem(pb, actual=state)
    model = final_model(pb)
    (v,) = e.verdicts
    assert v.holds is model.valid(hypothesis)
    assert e.contradictory is (not model.states)
    for r in (v.reason, v.example, v.actual_reason):
        if r is not None:
            verify_reason(pb, model, r)
    if v.counterexample is not None:
        assert not model.true_at(tuple(sorted(v.counterexample.atoms)), hypothesis)
    for fmt in ("text", "md"):
        assert "Hypothesis h" in render(Explanation("x", (e,)), fmt)
