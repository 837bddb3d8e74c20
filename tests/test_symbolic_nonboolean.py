"""Laws and formulas that mix Boolean parts with knowledge operators: both engines answer as
the reference does, which evaluates conjunctions and disjunctions lazily (a false conjunct
or a true disjunct decides them before a knowledge operator is reached)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from smcdel_bridge.errors import NotBooleanError, SmcdelError, TooLargeError
from smcdel_bridge.native import AUTO_EXPLICIT_ATOMS, NativeBackend
from smcdel_bridge.native.explicit import ExplicitBackend
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import BoolAnswer, CheckInput, Structure, TrueQ, ValidQ
from smcdel_bridge.syntax import parse_input
from conftest import TEST_DATA
from strategies import nonboolean_inputs
from test_symbolic_corpus import check_case

NONBOOLEAN = TEST_DATA / "smcdel-nonboolean.jsonl"
SETTINGS = dict(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])


def cases() -> list[dict]:
    with open(NONBOOLEAN, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


@pytest.mark.parametrize("backend", [ExplicitBackend, SymbolicBackend], ids=["explicit", "symbolic"])
def test_every_nonboolean_case_as_the_reference(backend):
    all_cases = cases()
    assert len(all_cases) == 300
    assert {c["category"] for c in all_cases} == {"nonboolean"}
    failing = sum("boolBddOf failed" in c["stderr"] for c in all_cases)
    assert 0 < failing < 300  # both outcomes are covered
    engine = backend()
    for case in all_cases:
        check_case(case, engine)


@pytest.mark.parametrize("backend", [ExplicitBackend, SymbolicBackend], ids=["explicit", "symbolic"])
@pytest.mark.parametrize("text,expected", [
    # a false conjunct before the knowledge operator: a Boolean formula after all
    ("VARS 1 LAW a knows that 1 OBS a:1 TRUE? {} (Bot & a knows that 1)", [False]),
    ("VARS 1 LAW (Bot & a knows that 1) OBS a:1 VALID? 1", [True]),
    ("VARS 1 LAW (Top | a knows that 1) OBS a:1 VALID? a knows whether 1", [True]),
    # common knowledge of a false formula: the fixed point's first conjunct is Bot
    ("VARS 1 LAW a knows that 1 OBS a:1 TRUE? {} (a) comknow that Bot", [False]),
    # & groups to the left: the first conjunct, (1 & ~1), is Bot
    ("VARS 1 LAW 1 & ~1 & a knows that 1 OBS a:1 VALID? 1", [True]),
])
def test_lazy_conjunctions_and_disjunctions(backend, text, expected):
    assert [a.value for a in backend().run(parse_input(text))] == expected


@pytest.mark.parametrize("backend", [ExplicitBackend, SymbolicBackend], ids=["explicit", "symbolic"])
@pytest.mark.parametrize("text", [
    "VARS 1 LAW (a knows that 1 & Bot) OBS a:1 VALID? 1",  # the knowledge operator comes first
    # each conjunct is looked at alone (HasCacBDD's conSet: is one of them Bot?): the
    # conjunction of 1 and ~1 is false, but neither conjunct is
    "VARS 1 LAW AND(1, ~1, a knows that 1) OBS a:1 VALID? a knows that 1",
    "VARS 1 LAW (Bot -> a knows that 1) OBS a:1 VALID? a knows that 1",  # -> is strict
    "VARS 1 LAW a knows that 1 OBS a:1 TRUE? {} (a) comknow whether Bot",  # Ck Top needs the law
    "VARS 1 LAW a knows that 1 OBS a:1 TRUE? {1} a knows whether 1",  # seen or not, Kw reads it
])
def test_a_knowledge_operator_reached_fails(backend, text):
    with pytest.raises(NotBooleanError):
        backend().run(parse_input(text))


def outcome(backend, program):
    try:
        return [a if not isinstance(a, BoolAnswer) else a.value for a in backend.run(program)]
    except TooLargeError:
        raise
    except SmcdelError as err:
        return (type(err).__name__, tuple(getattr(err, "partial", ())))


@settings(**SETTINGS)
@given(nonboolean_inputs())
def test_engines_agree_on_nonboolean_laws(program):
    try:
        expected = outcome(ExplicitBackend(), program)
    except TooLargeError:
        assume(False)
    assert outcome(SymbolicBackend(), program) == expected


@settings(**SETTINGS)
@given(nonboolean_inputs(jobs=(TrueQ, ValidQ)), st.data())
def test_auto_engine_never_changes_an_answer(program, data):
    """Padding the vocabulary past the explicit engine's share makes ``auto`` switch to the
    symbolic engine: the answers of ``TRUE?``/``VALID?`` (which unused atoms do not change)
    stay those of the explicit engine."""
    s = program.structure
    pad = tuple(a for a in range(20, 40) if a not in s.vocab)[: AUTO_EXPLICIT_ATOMS + 1 - len(set(s.vocab))]
    padded = CheckInput(Structure(s.vocab + pad, s.law, s.obs), program.jobs)
    assert len(set(padded.structure.vocab)) > AUTO_EXPLICIT_ATOMS
    auto = NativeBackend("auto")
    assert type(auto.engine_for(padded.structure)).__name__ == "SymbolicBackend"
    try:
        expected = outcome(ExplicitBackend(), padded)
    except TooLargeError:
        assume(False)
    assert outcome(auto, padded) == expected
