"""Events told apart by a fact high in the order share one code (``dynamic/symbolic/
codes.py``): the same answers as the explicit engine, with sharing forced on every story
and with the thresholds as shipped, and a secret peek at a fact of the opening leaves the
law of a long story as it was instead of doubling it."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from pyfront.story.compile import compile_story
from pyfront.story.dsl import parse_story
from smcdel_bridge.dynamic.symbolic import codes
from test_story_engines import _answers_or_error, answers, random_stories

REPO = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((REPO / "examples" / "stories").glob("*.del"))


@pytest.fixture
def shared_always(monkeypatch):
    """Every literal precondition over a current fact may share a code."""
    monkeypatch.setattr(codes, "SHARED_FROM", 0)
    monkeypatch.setattr(codes, "SHARED_ABOVE", 1.0)


@pytest.fixture
def shared_never(monkeypatch):
    monkeypatch.setattr(codes, "SHARED_FROM", 10**9)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_examples_agree_with_codes_shared(path, shared_always):
    story = parse_story(path.read_text(encoding="utf-8"))
    assert answers(story, "symbolic") == answers(story, "explicit")


@settings(max_examples=100, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                 HealthCheck.function_scoped_fixture])
@given(random_stories())
def test_random_stories_agree_with_codes_shared(shared_always, story):
    explicit = _answers_or_error(story, "explicit")
    assume(explicit[0] != "error" or "cannot happen" in explicit[1])
    assert _answers_or_error(story, "symbolic") == explicit


def _long_story(peek: str) -> str:
    """200 propositions (facts nobody mentions cost one pair of variables each), ten
    secret peeks at facts low in the order (their own codes: the law then remembers ten
    facts down to the bottom, over a thousand nodes), then a secret ``peek`` at p0."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eva", "Fay"]
    lines = ["story long", "  agents " + ", ".join(names)]
    lines += [f"  proposition p{i}" for i in range(200)]
    lines += [f"  actually p{i}" for i in range(0, 200, 2)]
    lines += [f"  {names[i % 6]} peeks at p{150 + i}" for i in range(10)]
    lines.append(f"  {peek} peeks at p0")
    lines.append("  hypothesis h: Bob believes that Ann does not know whether p0")
    lines.append("  hypothesis k: Ann knows that p0")
    return "\n".join(lines) + "\n"


def _laws(text: str):
    compiled = compile_story(parse_story(text), "symbolic", keep=False)
    states = list(compiled.walk())
    return len(states[-2][1].law), len(states[-1][1].law), states[-1][1].space.n


def test_a_secret_peek_at_an_early_fact_leaves_the_law_as_it_was():
    before, after, n = _laws(_long_story("Ann"))
    assert n >= codes.SHARED_FROM and before > 1000
    assert after <= before + 2  # the group's one bit, not the whole law again


def test_without_sharing_the_same_peek_doubles_the_law(shared_never):
    before, after, _ = _laws(_long_story("Ann"))
    assert after > 1.5 * before


def test_the_long_story_answers_alike_shared_or_not(monkeypatch):
    story = parse_story(_long_story("Dee"))
    shipped = answers(story, "symbolic")
    # Bob did not see the secret peek; Dee, not Ann, peeked
    assert [a for _, a in shipped[0]] == [True, False]
    monkeypatch.setattr(codes, "SHARED_FROM", 10**9)
    assert answers(story, "symbolic") == shipped


def test_only_facts_that_exclude_one_another_share_a_code(shared_always):
    from smcdel_bridge.dynamic.symbolic.space import VarSpace

    sp = VarSpace()
    p, q, a, b, c = (sp.x(k) for k in sp.fresh(5))
    one_of = (a & ~b & ~c) | (~a & b & ~c) | (~a & ~b & c)
    atoms = range(5)

    def grouped(pres, law):
        return [[i for i, _ in g] for g in codes.event_groups(sp, pres, law, lambda: atoms)]

    assert grouped([p, ~p], sp.true) == [[0, 1]]
    assert grouped([p, q], sp.true) == [[0], [1]]  # both may hold: two codes
    assert grouped([p, q], ~(p & q)) == [[0, 1]]
    assert grouped([a, b, c], one_of) == [[0, 1, 2]]
    assert grouped([a, b, c], sp.true) == [[0], [1], [2]]
    assert grouped([p & q, ~p], sp.true) == [[0], [1]]  # not one fact: its own code


def test_below_the_floor_every_event_has_its_own_code(monkeypatch):
    from smcdel_bridge.dynamic.symbolic.space import VarSpace

    sp = VarSpace()
    p = sp.x(sp.fresh(1)[0])
    monkeypatch.setattr(codes, "SHARED_ABOVE", 1.0)
    monkeypatch.setattr(codes, "SHARED_FROM", 2)

    def no_atoms():
        raise AssertionError("the current atoms were asked for below the floor")

    assert codes.event_groups(sp, [p, ~p], sp.true, no_atoms) == [[(0, None)], [(1, None)]]
    monkeypatch.setattr(codes, "SHARED_FROM", 1)
    groups = codes.event_groups(sp, [p, ~p], sp.true, lambda: {0})
    assert [[i for i, _ in g] for g in groups] == [[0, 1]]
