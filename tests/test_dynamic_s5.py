"""The event-model engine against the S5 engines: every SMCDEL problem of the
conformance corpus it can express, the 80 published MindGames rows, and random
structures with random announcements."""

from __future__ import annotations

import collections
import csv
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.backend import get_backend
from smcdel_bridge.dynamic import product_update, valid
from smcdel_bridge.dynamic.from_s5 import (
    NotExpressible, announcement_to_action, answer_job, expressible, state_name,
    structure_to_kripke, valid_after_announcements,
)
from smcdel_bridge.errors import SmcdelError
from smcdel_bridge.language import PubAnnounce
from smcdel_bridge.program import StatesAnswer, ValidQ
from smcdel_bridge.syntax import parse_input

from strategies import check_inputs, formulas


def _same(mine, ref) -> bool:
    if isinstance(ref, StatesAnswer):  # WHERE? lists the same states; the order is the BDD's
        return isinstance(mine, StatesAnswer) and set(mine.states) == set(ref.states)
    return mine == ref


def cross_check(program, backend) -> tuple[int, collections.Counter, list]:
    """(jobs compared, skipped jobs by reason, disagreements)."""
    skipped: collections.Counter = collections.Counter()
    try:
        reference = backend.run(program)
    except SmcdelError as err:
        skipped[f"the S5 engine rejects the input ({err.kind})"] += len(program.jobs)
        return 0, skipped, []
    model = structure_to_kripke(program.structure)
    compared, wrong = 0, []
    for job, ref in zip(program.jobs, reference):
        try:
            mine = answer_job(model, job)
        except NotExpressible as err:
            skipped[str(err)] += 1
            continue
        compared += 1
        if not _same(mine, ref):
            wrong.append((job, mine, ref))
    return compared, skipped, wrong


def test_smcdel_corpus(corpus_path):
    backend = get_backend("explicit")
    compared, skipped, wrong = 0, collections.Counter(), []
    for line in corpus_path.read_text().splitlines():
        case = json.loads(line)
        try:
            program = parse_input(case["input"])
        except SmcdelError as err:
            skipped[f"not valid SMCDEL input ({err.kind})"] += 1
            continue
        n, why, bad = cross_check(program, backend)
        compared += n
        skipped += why
        wrong += [(case["id"], *b) for b in bad]
    assert not wrong, wrong[:3]
    # what the translation cannot say, counted (the corpus is fixed: these numbers are too)
    assert compared == 3789
    assert skipped["Boolean quantifier (acts on a knowledge structure's truth table)"] == 558
    assert skipped["TRUE? at an assignment outside the law"] == 175
    assert set(skipped) <= {
        "Boolean quantifier (acts on a knowledge structure's truth table)",
        "TRUE? at an assignment outside the law",
        "not valid SMCDEL input (parse)", "not valid SMCDEL input (lexical)",
        "the S5 engine rejects the input (sanity)", "the S5 engine rejects the input (boolean)",
    }, skipped


def test_mindgames_sample(sample_csv):
    """All 80 rows: the label, the S5 answer, the formula on the Kripke model and the
    announcements applied as product updates agree."""
    rows = list(csv.DictReader(sample_csv.open(encoding="utf-8")))
    assert len(rows) == 80
    engines = [get_backend("explicit"), get_backend("symbolic")]
    for row in rows:
        program = parse_input(row["smcdel_problem"])
        (job,) = program.jobs
        assert isinstance(job, ValidQ)
        expected = row["label"] == "entailment"
        assert [e.run(program)[0].value for e in engines] == [expected, expected]
        model = structure_to_kripke(program.structure)
        assert answer_job(model, job).value is expected
        assert valid_after_announcements(model, job.form) is expected


_EXPRESSIBLE = check_inputs(max_jobs=3).filter(
    lambda p: all(expressible(j.form) is None for j in p.jobs) and len(p.structure.vocab) <= 6)


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.filter_too_much])
@given(_EXPRESSIBLE)
def test_random_structures_agree(program):
    compared, skipped, wrong = cross_check(program, get_backend("explicit"))
    assert not wrong


_ANNOUNCEMENTS = st.lists(formulas(atoms=(0, 1, 2), agents=("alice", "bob"), max_leaves=5)
                          .filter(lambda f: expressible(f) is None), min_size=1, max_size=3)


@settings(deadline=None, max_examples=40, suppress_health_check=[HealthCheck.too_slow])
@given(check_inputs(max_jobs=1).filter(
           lambda p: len(p.structure.vocab) <= 6 and p.jobs
           and expressible(p.jobs[0].form) is None),
       _ANNOUNCEMENTS)
def test_announcements_as_product_updates(program, anns):
    """``VALID? [! a1] … [! an] f`` on the S5 engine equals ``f`` on the Kripke model after
    the announcements as product updates (each made where it is true)."""
    structure = program.structure
    agents = set(structure.agents)
    anns = [a for a in anns if a.agents() <= agents and a.atoms() <= set(structure.vocab)]
    body = program.jobs[0].form
    form = body
    for a in reversed(anns):
        form = PubAnnounce(a, form)
    try:
        (ref,) = get_backend("explicit").run(type(program)(structure, (ValidQ(form),)))
    except SmcdelError:
        return  # a law that is not Boolean: nothing to compare
    model = structure_to_kripke(structure)
    assert valid(model, form) is ref.value
    assert valid_after_announcements(model, form) is ref.value


def test_state_names_and_relations():
    program = parse_input("VARS 1,2 LAW (1 | 2) OBS alice: 1 bob: 2 VALID? Top")
    model = structure_to_kripke(program.structure, actual=[(1, 2)])
    assert set(model.worlds) == {"{1}", "{2}", "{1,2}"} and model.actual == ("{1,2}",)
    assert model.successors("alice", "{1}") == {"{1}", "{1,2}"}
    assert model.successors("bob", "{1}") == {"{1}"}
    assert all(model.is_s5(a) for a in model.agents)
    assert state_name(()) == "{}"
    after = product_update(model, announcement_to_action(model.agents, parse_input(
        "VARS 1 LAW Top OBS a: 1 VALID? 1").jobs[0].form))
    assert {w for w in after.worlds} == {"{1}.e0", "{1,2}.e0"}
