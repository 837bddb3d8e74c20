"""Agreement with the reference library, asked live: random planning cases answered by
SMCDEL 1.3.0's own ``SMCDEL.Other.Planning.offlineSearch`` (a driver compiled against the
library, :mod:`smcdel_bridge.official.planning_reference`) and by the planner on both
engines.  Outside CI the test skips when the library or ``ghc`` is missing; in CI it runs.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from requirements import require_smcdel_home
from strategies import boolean_formulas, formulas

from smcdel_bridge.language import Conj, Disj, Neg, Prp
from smcdel_bridge.native.planning_cases import solve_case
from smcdel_bridge.syntax import to_input

ATOMS = (1, 2, 3, 4)
AGENTS = ("alice", "bob", "carol")


@pytest.fixture(scope="module")
def reference():
    from smcdel_bridge.official.planning_reference import PlanningReference

    home = require_smcdel_home()
    with PlanningReference(home, timeout=120) as ref:
        yield ref


@st.composite
def cases(draw) -> dict:
    """A random case of the corpus's kind: 2-3 agents, a law true at the state, 1-5
    distinct candidate announcements, 0-2 safety formulas, a bound of 0-3 steps."""
    agents = AGENTS[:draw(st.integers(2, 3))]
    state = sorted(set(draw(st.lists(st.sampled_from(ATOMS), max_size=4))))
    cube = Conj(tuple(Prp(a) if a in state else Neg(Prp(a)) for a in ATOMS))
    law = Disj((draw(boolean_formulas(atoms=ATOMS, max_leaves=3)), cube))
    obs = [(a, sorted(set(draw(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=3)))))
           for a in agents]
    form = formulas(atoms=ATOMS, agents=agents, max_leaves=4)
    actions = draw(st.lists(form.map(to_input), min_size=1, max_size=5, unique=True))
    lines = [f"VARS {','.join(map(str, ATOMS))}", f"LAW {to_input(law)}"]
    lines += [f"{'OBS' if i == 0 else '   '} {a}: {','.join(map(str, ps))}"
              for i, (a, ps) in enumerate(obs)]
    return {"structure": "\n".join(lines) + "\n", "state": state, "actions": actions,
            "safety": draw(st.lists(form.map(to_input), max_size=2)),
            "goal": to_input(draw(form)), "max_steps": draw(st.integers(0, 3))}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=cases())
def test_random_cases_agree_with_the_live_reference(reference, case):
    expected = reference.plans(case)
    assert solve_case(case, engine="explicit") == expected
    assert solve_case(case, engine="symbolic") == expected
