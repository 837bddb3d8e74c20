"""The symbolic event-model engine (BDD laws and relations, transformers) against recorded
answers and against the explicit engine: the conformance corpus (answers recorded from
SMCDEL's ``Explicit.K``), random models of every relation kind with announcements and
dynamic operators inside formulas, and the product update listed back world by world."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import shared_file
from smcdel_bridge.dynamic import product_update, truth_set
from smcdel_bridge.dynamic.backend import get_event_backend
from smcdel_bridge.dynamic.errors import InexecutableAction
from smcdel_bridge.dynamic.jsonio import case_from_json
from smcdel_bridge.dynamic.stock import private_announcement
from smcdel_bridge.language import Announce, Dynamic, PubAnnounce, PubAnnounceW, Prp
from test_dynamic_properties import AGENTS, actions, kripke_formulas, models

SYMBOLIC = get_event_backend("symbolic")
EXPLICIT = get_event_backend("explicit")


def _cases():
    with open(shared_file("del-conformance", "corpus.jsonl"), encoding="utf-8") as fh:
        return [case_from_json(json.loads(line)) for line in fh]


def test_conformance_corpus_every_case():
    """All 2,000 cases (K, KD45 and S5 relations alike): the recorded answers and the
    number of worlds after the last update."""
    cases = _cases()
    assert len(cases) == 2000
    for case in cases:
        got = SYMBOLIC.run(case.model, case.actions, [q.formula for q in case.queries])
        assert got.answers == tuple((q.at_actual, q.valid) for q in case.queries), case.id
        if case.final_worlds is not None:
            assert got.final_worlds == case.final_worlds, case.id


def test_update_listed_back_equals_the_product():
    for case in _cases()[:150]:
        model = case.model
        for action in case.actions:
            assert SYMBOLIC.update(model, action) == product_update(model, action), case.id
            model = product_update(model, action)


def test_inexecutable_is_refused_alike():
    case = _cases()[0]
    bad = private_announcement(case.model.agents, case.model.agents[:1],
                               Prp(99)).pointed(("e0",))
    with pytest.raises(InexecutableAction):
        EXPLICIT.run(case.model, [bad], [])
    with pytest.raises(InexecutableAction):
        SYMBOLIC.run(case.model, [bad], [])


def _with_dynamics(sub):
    group = st.lists(st.sampled_from(AGENTS), min_size=1, max_size=2, unique=True).map(tuple)
    return st.one_of(
        sub,
        st.builds(PubAnnounce, sub, sub), st.builds(PubAnnounceW, sub, sub),
        st.builds(Announce, group, sub, sub),
    )


@settings(deadline=None, max_examples=80)
@given(st.sampled_from(["K", "KD45", "S5"]).flatmap(
    lambda kind: st.tuples(models(kind), actions(kind))),
    st.lists(kripke_formulas(4).flatmap(lambda f: _with_dynamics(st.just(f))), min_size=1,
             max_size=3))
def test_random_models_truth_sets_agree(pair, forms):
    model, action = pair
    forms = forms + [Dynamic(action, forms[0])]
    for f in forms:
        assert SYMBOLIC.truth_set(model, f) == truth_set(model, f)
    try:
        want = EXPLICIT.run(model, [action], forms)
    except InexecutableAction:
        with pytest.raises(InexecutableAction):
            SYMBOLIC.run(model, [action], forms)
        return
    assert SYMBOLIC.run(model, [action], forms) == want
