"""The planning searches against a brute-force oracle written here.

The oracle knows nothing of the code under test: it lists the states of a tiny S5
structure as sets of true atoms, evaluates formulas on them by the textbook semantics
(an agent knows φ at s when φ holds at every state agreeing with s on what she observes;
announcing φ keeps the states where φ held), enumerates every sequence of actions up to the
bound in index order, and keeps those ``offlineSearch`` keeps.  Every random problem is
asked of both engines' planning domains.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.language import BOT, TOP, Conj, Disj, K, Kw, Neg, Prp, PubAnnounce
from smcdel_bridge.native.planning import S5Problem, get_s5_domain
from smcdel_bridge.planning import PlanningTask, all_plans, shortest_plan, verify_plan
from smcdel_bridge.program import Structure

ATOMS = (1, 2, 3)
AGENTS = ("a", "b")


# --- the oracle -------------------------------------------------------------------------------

def holds(states: frozenset, obs: dict, s: frozenset, f) -> bool:
    """Textbook S5 truth of ``f`` at state ``s`` of the model whose states are ``states``."""
    kind = type(f).__name__
    if kind == "Top":
        return True
    if kind == "Prp":
        return f.n in s
    if kind == "Neg":
        return not holds(states, obs, s, f.f)
    if kind == "Conj":
        return all(holds(states, obs, s, g) for g in f.fs)
    if kind == "Disj":
        return any(holds(states, obs, s, g) for g in f.fs)
    if kind in ("K", "Kw"):
        seen = obs[f.agent]
        alike = [t for t in states if t & seen == s & seen]
        if kind == "K":
            return all(holds(states, obs, t, f.f) for t in alike)
        values = {holds(states, obs, t, f.f) for t in alike}
        return len(values) == 1
    if kind == "PubAnnounce":
        if not holds(states, obs, s, f.ann):
            return True
        kept = frozenset(t for t in states if holds(states, obs, t, f.ann))
        return holds(kept, obs, s, f.f)
    raise AssertionError(kind)


def oracle_plans(states, obs, actual, actions, keep, goal, bound) -> list[tuple[int, ...]]:
    """Every sequence of action indices ``offlineSearch`` returns, in its order."""
    def good(seq) -> bool:
        now = states
        if holds(now, obs, actual, goal):
            return not seq
        for n, i in enumerate(seq):
            a = actions[i]
            if not holds(now, obs, actual, a):
                return False
            new = frozenset(t for t in now if holds(now, obs, t, a))
            if new == now or not all(holds(new, obs, actual, k) for k in keep):
                return False
            now = new
            reached = holds(now, obs, actual, goal)
            if reached != (n == len(seq) - 1):  # the goal first holds at the end
                return False
        return bool(seq)

    found = [()] if good(()) else []
    if found:
        return found
    for length in range(1, bound + 1):
        found += [seq for seq in product(range(len(actions)), repeat=length) if good(seq)]
    return sorted(found)


# --- random problems -----------------------------------------------------------------------

def _formulas():
    atom = st.sampled_from(ATOMS).map(Prp)
    agent = st.sampled_from(AGENTS)

    def extend(sub):
        two = st.lists(sub, min_size=2, max_size=2).map(tuple)
        return st.one_of(sub.map(Neg), two.map(Conj), two.map(Disj),
                         st.builds(K, agent, sub), st.builds(Kw, agent, sub),
                         st.builds(PubAnnounce, sub, sub))

    return st.recursive(st.one_of(atom, st.just(TOP)), extend, max_leaves=4)


@st.composite
def problems(draw):
    obs = {a: frozenset(draw(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=2)))
           for a in AGENTS}
    actual = frozenset(draw(st.lists(st.sampled_from(ATOMS), max_size=3)))
    actions = draw(st.lists(_formulas(), min_size=1, max_size=4, unique=True))
    keep = draw(st.lists(_formulas(), max_size=1))
    goal = draw(_formulas())
    bound = draw(st.integers(0, 3))
    return obs, actual, actions, keep, goal, bound


def _setup(obs, actual, actions, keep, goal, bound):
    structure = Structure(ATOMS, TOP, tuple((a, tuple(sorted(obs[a]))) for a in AGENTS))
    problem = S5Problem(structure, tuple(sorted(actual)), tuple(actions))
    return problem, PlanningTask(goal=goal, keep=tuple(keep), max_steps=bound)


STATES = frozenset(frozenset(a for a, v in zip(ATOMS, bits) if v)
                   for bits in product((0, 1), repeat=len(ATOMS)))
SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
@SETTINGS
@given(case=problems())
def test_all_plans_equal_the_oracles_list(engine, case):
    obs, actual, actions, keep, goal, bound = case
    problem, task = _setup(*case)
    domain = get_s5_domain(engine, problem)
    got = [tuple(actions.index(a) for a in plan) for plan in all_plans(domain, task)]
    assert got == oracle_plans(STATES, obs, actual, actions, keep, goal, bound)


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
@SETTINGS
@given(case=problems())
def test_shortest_length_is_the_least_among_all_plans(engine, case):
    obs, actual, actions, keep, goal, bound = case
    problem, task = _setup(*case)
    expected = oracle_plans(STATES, obs, actual, actions, keep, goal, bound)
    result = shortest_plan(get_s5_domain(engine, problem), task)
    if not expected:
        assert result.plan is None
    else:
        assert result.plan is not None
        assert len(result.plan) == min(map(len, expected))
        assert tuple(actions.index(a) for a in result.plan) in expected


@SETTINGS
@given(case=problems())
def test_verify_accepts_every_plan_and_finds_a_planted_failure(case):
    obs, actual, actions, keep, goal, bound = case
    problem, task = _setup(*case)
    domain = get_s5_domain("explicit", problem)
    for plan in all_plans(domain, task):
        verdict = verify_plan(domain, task, plan)
        assert verdict.ok and verdict.first_goal == len(plan) - 1
        assert not any(step.unchanged for step in verdict.steps)
        # plant an announcement that is false where it is made: Bot never holds
        for at in range(len(plan) + 1):
            broken = verify_plan(domain, task, (*plan[:at], BOT, *plan[at:]))
            assert not broken.executed and not broken.ok
            assert len(broken.steps) == at + 1 and not broken.steps[at].executable


def test_a_kept_formula_that_breaks_is_named_at_its_step():
    # a observes 1, b observes 3; announcing 1 tells b that 1 holds, which must not happen
    structure = Structure(ATOMS, TOP, (("a", (1,)), ("b", (3,))))
    problem = S5Problem(structure, (1, 3), (Prp(1), Prp(3)))
    keep = (Neg(K("b", Prp(1))),)
    task = PlanningTask(goal=K("a", Prp(3)), keep=keep, max_steps=2)
    domain = get_s5_domain("explicit", problem)
    verdict = verify_plan(domain, task, (Prp(1), Prp(3)))
    # after announcing 1, b knows 1: the kept formula breaks at step 0
    assert verdict.steps[0].broken == (0,) and not verdict.ok
    assert verdict.reaches_goal and verdict.first_goal == 1
    assert all_plans(domain, task) == [(Prp(3),)]
