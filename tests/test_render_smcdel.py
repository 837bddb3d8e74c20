"""SMCDEL renderings: the published one-line form, the readable form, blind agents."""

from __future__ import annotations

import importlib
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.language import Conj, Disj, K, Kw, Neg, Prp, PubAnnounce
from smcdel_bridge.program import CheckInput, Structure, ValidQ
from pyfront.problem.dsl import parse_problem, parse_problems
from pyfront.problem.model import Announcement, Hypothesis, Problem
from pyfront.problem.to_smcdel import announcement_form, hypothesis_form, pub_form
from pyfront.problem.to_smcdel import render as smcdel_text


def test_published_formula_printing():
    q = Disj((Prp(1), Prp(2), Prp(3)))
    assert pub_form(q) == "(1|2|3)"
    assert pub_form(Conj((Prp(1), Prp(2)))) == "(1&2)"
    assert pub_form(Neg(q)) == "(~(1|2|3))"
    assert pub_form(Neg(Prp(3))) == "~(3)"
    assert pub_form(Neg(Kw("Agentb", Prp(2)))) == "~(Agentb knows whether 2)"
    assert pub_form(Kw("Agentb", Neg(q))) == "(Agentb knows whether (~(1|2|3)))"
    assert announcement_form(Prp(4)) == "[ ! 4 ]"
    # a first-order hypothesis keeps its parentheses, a higher-order one drops the outer pair
    assert hypothesis_form(K("Agentb", Prp(1))) == "(Agentb knows that 1)"
    assert hypothesis_form(Kw("Agentb", Kw("Agenta", Disj((Prp(1), Prp(2)))))) == (
        "Agentb knows whether (Agenta knows whether (1|2))"
    )
    assert hypothesis_form(K("Agentc", K("Agentb", K("Agenta", Prp(1))))) == (
        "Agentc knows that (Agentb knows that (Agenta knows that 1))"
    )


def test_published_problem_and_pbcheck():
    pb = parse_problem(
        """problem p
  agents Kevin, Mark
  setup forehead
  announce someone
  announce Mark does not know whether muddy(Mark)
  hypothesis Mark knows whether Kevin knows whether someone
""")
    assert smcdel_text(pb, 0) == (
        "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] [ ! ~(Agentb knows whether 2) ] "
        "Agentb knows whether (Agenta knows whether (1|2))"
    )
    assert smcdel_text(pb, 0, pbcheck=True) == (
        "VARS 0,1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] [ ! ~(Agentb knows whether 2) ] 0"
    )


def test_readable_form_is_the_same_input(tmp_path):
    from smcdel_bridge.syntax import parse_input

    from conftest import REPO

    for path in sorted((REPO / "examples").glob("*.del")):
        for pb in parse_problems(path.read_text(), str(path)):
            for i in range(len(pb.hypotheses)):
                readable = smcdel_text(pb, i, readable=True)
                assert "\n" in readable and readable.startswith(f"-- {pb.name}")
                assert parse_input(readable) == parse_input(smcdel_text(pb, i))
            assert parse_input(smcdel_text(pb, 0, pbcheck=True, readable=True)) == parse_input(
                smcdel_text(pb, 0, pbcheck=True)
            )


def test_blind_agent_not_mentioned_is_left_out():
    pb = parse_problem(
        """problem p
  agents A, B, C
  setup explicit
  A observes red(B)
  C observes red(A), red(C)
  announce someone
  hypothesis C knows that red(A)
""")
    assert smcdel_text(pb, 0) == (
        "VARS 1,2,3 LAW Top OBS Agenta:2 Agentc:1,3 VALID? [ ! (1|2|3) ] (Agentc knows that 1)"
    )


def test_blind_agent_mentioned_gets_a_fresh_atom():
    pb = parse_problem(
        """problem p
  agents A, B, C
  setup explicit
  A observes red(B)
  announce B does not know whether red(A)
  hypothesis C knows whether someone
""")
    assert smcdel_text(pb, 0) == (
        "VARS 1,2,3,4,5 LAW Top OBS Agenta:2 Agentb:4 Agentc:5 VALID? "
        "[ ! ~(Agentb knows whether 1) ] (Agentc knows whether (1|2|3))"
    )
    # the contradiction check only needs the agents its announcements mention
    assert smcdel_text(pb, 0, pbcheck=True) == (
        "VARS 0,1,2,3,4 LAW Top OBS Agenta:2 Agentb:4 VALID? [ ! ~(Agentb knows whether 1) ] 0"
    )


# --- the fresh atoms change no answer ---------------------------------------------------

def _direct_input(pb: Problem, i: int | None) -> CheckInput:
    """The same question on a structure listing every agent, blind ones with no atom
    (which SMCDEL text cannot write but the engine accepts)."""
    body = Prp(0) if i is None else pb.hypotheses[i].formula
    for a in reversed(pb.announcements):
        body = PubAnnounce(a.formula, body)
    vocab = tuple(([0] if i is None else []) + pb.vocabulary)
    obs = tuple((ident, tuple(row)) for ident, row in zip(pb.agent_ids(), pb.observations))
    return CheckInput(Structure(vocab, pb.law, obs), (ValidQ(body),))


@st.composite
def blind_problems(draw):
    n = draw(st.integers(2, 4))
    rows = [sorted(draw(st.sets(st.integers(1, n), max_size=n))) for _ in range(n)]
    blind = draw(st.integers(0, n - 1))
    rows[blind] = []
    pb = Problem.from_setup("explicit", [f"P{i}" for i in range(n)], observations=rows)
    ids = pb.agent_ids()
    atom = st.integers(1, n).map(Prp)
    quant = st.sampled_from([pb.someone(), pb.everyone(), pb.nobody(), pb.not_everyone()])
    base = st.one_of(atom, quant, atom.map(Neg))
    know = st.tuples(st.sampled_from([K, Kw]), st.sampled_from(ids), base).map(lambda t: t[0](t[1], t[2]))
    outer = st.tuples(st.sampled_from([K, Kw]), st.sampled_from(ids), st.one_of(base, know)).map(
        lambda t: t[0](t[1], t[2])
    )
    anns = draw(st.lists(st.one_of(base, know, know.map(Neg)), max_size=3))
    pb.announcements = [Announcement(formula=pb.someone())] + [Announcement(formula=f) for f in anns]
    # make sure the blind agent is asked about
    h = draw(st.one_of(outer, know))
    pb.hypotheses = [
        Hypothesis(name="h1", formula=h),
        Hypothesis(name="h2", formula=Kw(ids[blind], draw(st.one_of(base, know)))),
    ]
    return pb


@pytest.fixture(scope="module")
def native():
    importlib.import_module("smcdel_bridge.native")
    from smcdel_bridge.backend import get_backend

    backend = get_backend("native")
    assert backend.available(), "the native engine is part of the package"
    return backend


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(blind_problems())
def test_fresh_atoms_for_blind_agents_keep_every_answer(native, pb):
    from smcdel_bridge.syntax import parse_input, sanity_check

    for i in (0, 1, None):
        text = smcdel_text(pb, i or 0, pbcheck=i is None)
        rendered = parse_input(text)
        sanity_check(rendered)  # the text is acceptable to SMCDEL
        assert native.run(rendered) == native.run(_direct_input(pb, i)), text
