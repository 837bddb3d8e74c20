"""Packing independent problems into one input keeps every answer; premise checks."""

from __future__ import annotations

import importlib
import csv
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from smcdel_bridge.language import TOP, Conj, Disj, K, Neg, Prp, PubAnnounce
from smcdel_bridge.official.output import read_transcript
from smcdel_bridge.official.packing import (
    evaluate_boolean, law_satisfiable, pack, relabel, unpackable_reason,
)
from smcdel_bridge.premise import (
    fresh_atom, premise_input, split_announcements, with_premise_checks,
)
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ, WhereQ

syntax = importlib.import_module("smcdel_bridge.syntax.parser")
native_mod = importlib.import_module("smcdel_bridge.native")
from smcdel_bridge.syntax import parse_input, render_input  # noqa: E402


def _native():
    from smcdel_bridge.backend import get_backend

    return get_backend("native")


def _packable_corpus_cases():
    from conftest import TEST_DATA

    cases = []
    with open(TEST_DATA / "smcdel-corpus.jsonl", encoding="utf-8") as fh:
        for line in fh:
            case = json.loads(line)
            if case["returncode"] != 0:
                continue
            program = parse_input(case["input"])
            if unpackable_reason(program) is None and len(program.structure.vocab) <= 6:
                answers = read_transcript(case["stdout"]).answers
                cases.append((case["id"], program, answers))
    return cases


PACKABLE = _packable_corpus_cases()


def test_many_corpus_cases_can_be_packed():
    assert len(PACKABLE) > 200


@pytest.mark.filterwarnings("ignore:The recursion limit")
@settings(deadline=None, max_examples=25)
@given(st.lists(st.integers(0, len(PACKABLE) - 1), min_size=2, max_size=6))
def test_packed_answers_equal_the_recorded_reference_answers(indices):
    chosen = [PACKABLE[i] for i in indices]
    combined = pack([program for _, program, _ in chosen])
    # the packed input survives printing and parsing
    reparsed = parse_input(render_input(combined.program))
    assert reparsed == combined.program
    answers = _native().run(reparsed)
    for (case_id, _, recorded), part in zip(chosen, combined.split(answers)):
        assert part == recorded, case_id


def test_parts_get_their_own_atoms_and_agents():
    a = parse_input("VARS 1,5 LAW Top OBS alice: 5 VALID? alice knows that 5")
    b = parse_input("VARS 0,2 LAW (0|2) OBS alice: 0 bob: 2 TRUE? {2} K bob 2")
    combined = pack([a, b, a])
    st_ = combined.program.structure
    assert st_.vocab == (1, 2, 3, 4)
    assert st_.obs == (("p0alice", (2,)), ("p1alice", (3,)), ("p1bob", (4,)))
    assert st_.law == Disj((Prp(3), Prp(4)))
    assert combined.program.jobs[2] == TrueQ((4,), K("p1bob", Prp(4)))
    # programs sharing a structure share a part
    assert combined.spans == ((0, 1), (2, 3), (1, 2))
    assert combined.split(["x", "a2", "y"]) == [["x"], ["y"], ["a2"]]
    assert combined.split(["x"]) == [["x"], None, None]


@pytest.mark.parametrize("text, reason", [
    ("VARS 1 LAW Top OBS a: 1 WHERE? 1", "WHERE?"),
    ("VARS 1 LAW (1 & ~1) OBS a: 1 VALID? 1", "satisfiable"),
    ("VARS 1 LAW K a 1 OBS a: 1 VALID? 1", "Boolean"),
    ("VARS 1 LAW Top OBS a: 1 VALID? K b 1", "agents not in OBS"),
    ("VARS 1 LAW Top OBS a: 1 VALID? 2", "atoms not in VARS"),
    ("VARS 1 LAW Top OBS a: 1 TRUE? {3} 1", "TRUE? state"),
    ("VARS 1 LAW Top OBS a: 2 VALID? 1", "OBS contains"),
    ("VARS 1 LAW Top OBS a: 1", "no jobs"),
    ("VARS 1,1 LAW Top OBS a: 1 VALID? 1", "twice"),
])
def test_what_runs_alone(text, reason):
    assert reason in unpackable_reason(parse_input(text))


def test_law_satisfiability_and_boolean_evaluation():
    law = parse_formula("(1 -> 2) & ~(2 & 3) & Exists 3 (3 | 1)")
    assert law_satisfiable(law)
    assert evaluate_boolean(law, {1, 2})
    assert not evaluate_boolean(law, {1, 2, 3})
    assert not law_satisfiable(parse_formula("XOR(1, 1)"))
    assert law_satisfiable(TOP)
    assert not evaluate_boolean(parse_formula("Forall 1 (1 | 2)"), set())
    assert evaluate_boolean(parse_formula("Forall 1 (1 | 2)"), {2})


def parse_formula(text):
    from smcdel_bridge.syntax import parse_formula as pf

    return pf(text)


def test_relabel_renames_every_atom_and_agent():
    f = parse_formula("[a ! 1] (a,b) comknow that (Forall 2 (2 | K b 1))")
    g = relabel(f, {1: 10, 2: 20}, {"a": "x", "b": "y"})
    assert g.atoms() == {10, 20}
    assert g.agents() == {"x", "y"}


def test_premise_check_rides_with_the_question(sample_csv):
    backend = _native()
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for row in rows:
        program = parse_input(row["smcdel_problem"])
        checked = with_premise_checks(program)
        answers = backend.run(checked)
        assert answers[0] == backend.run(program)[0]
        assert answers[1].value == backend.run(parse_input(row["pbcheck"]))[0].value


def test_premise_check_detects_a_contradiction():
    program = parse_input("VARS 1,2 LAW Top OBS a: 1 VALID? [ ! 1 ] [ ! ~1 ] K a 2")
    checked = with_premise_checks(program)
    assert fresh_atom(program) == 3
    assert checked.structure.vocab == (1, 2, 3)
    assert [a.value for a in _native().run(checked)] == [True, True]
    anns, rest = split_announcements(program.jobs[0].form)
    assert anns == [Prp(1), Neg(Prp(1))] and rest == K("a", Prp(2))


def test_premise_check_of_a_job_without_announcements_asks_whether_any_state_exists():
    ok = with_premise_checks(parse_input("VARS 1 LAW Top OBS a: 1 VALID? 1"))
    assert ok.jobs[1] == ValidQ(Prp(2))
    assert _native().run(ok)[1].value is False
    empty = with_premise_checks(CheckInput(Structure((1,), Conj((Prp(1), Neg(Prp(1)))),
                                                     (("a", (1,)),)), (ValidQ(Prp(1)),)))
    assert _native().run(empty)[1].value is True


def test_where_jobs_get_their_premise_check_in_a_separate_input():
    program = parse_input("VARS 1,2 LAW Top OBS a: 1 WHERE? [ ! 1 ] K a 2")
    with pytest.raises(ValueError, match="WHERE"):
        with_premise_checks(program)
    separate = premise_input(program, program.jobs[0])
    assert separate.structure.vocab == (1, 2, 3)
    assert separate.jobs == (ValidQ(PubAnnounce(Prp(1), Prp(3))),)
    assert isinstance(program.jobs[0], WhereQ)
