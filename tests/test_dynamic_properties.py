"""Properties of product update and of the JSON format on random models: S5 with S5
stays S5; KD45 with KD45 stays transitive and Euclidean (K45), and serial exactly where
some believed event can happen at some believed world — always when the preconditions
are ``true`` (pure change) — while the plausibility update always keeps belief KD45."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from smcdel_bridge.dynamic import (
    ActionModel, Event, KripkeModel, holds, jsonio, product_update, truth_set,
)
from smcdel_bridge.dynamic.errors import InexecutableAction
from smcdel_bridge.dynamic.plausibility import from_action, from_kripke, priority_update
from smcdel_bridge.language import TOP, Ck, Conj, Disj, Dk, Equi, Impl, K, Kw, Neg, Prp

AGENTS = ("a", "b")
ATOMS = (1, 2)


def kripke_formulas(max_leaves=5):
    atom = st.sampled_from(ATOMS).map(Prp)
    agent = st.sampled_from(AGENTS)
    group = st.lists(agent, min_size=1, max_size=2, unique=True).map(tuple)

    def extend(sub):
        two = st.lists(sub, min_size=2, max_size=2).map(tuple)
        return st.one_of(sub.map(Neg), two.map(Conj), two.map(Disj),
                         st.builds(Impl, sub, sub), st.builds(Equi, sub, sub),
                         st.builds(K, agent, sub), st.builds(Kw, agent, sub),
                         st.builds(Ck, group, sub), st.builds(Dk, group, sub))

    return st.recursive(st.one_of(st.just(TOP), atom), extend, max_leaves=max_leaves)


@st.composite
def frames(draw, nodes, kind):
    """Per agent, a relation of the given kind over ``nodes``."""
    rels = {}
    for a in AGENTS:
        labels = [draw(st.integers(0, 2)) for _ in nodes]
        cells: dict[int, list[str]] = {}
        for x, c in zip(nodes, labels):
            cells.setdefault(c, []).append(x)
        rel = {}
        if kind == "K":  # any relation at all
            for x in nodes:
                rel[x] = set(draw(st.lists(st.sampled_from(nodes), max_size=3)))
            rels[a] = rel
            continue
        for members in cells.values():
            if kind == "S5":
                believed = members
            else:  # KD45: a non-empty cluster inside the component; all point to it
                keep = draw(st.lists(st.booleans(), min_size=len(members),
                                     max_size=len(members)))
                believed = [x for x, k in zip(members, keep) if k] or members[:1]
            for x in members:
                rel[x] = set(believed)
        rels[a] = rel
    return rels


@st.composite
def models(draw, kind):
    n = draw(st.integers(1, 5))
    worlds = tuple(f"w{i}" for i in range(n))
    val = {w: set(draw(st.lists(st.sampled_from(ATOMS), max_size=2))) for w in worlds}
    return KripkeModel(AGENTS, worlds, val, draw(frames(worlds, kind)),
                       draw(st.sampled_from(worlds)), ATOMS)


@st.composite
def actions(draw, kind, pre=None):
    n = draw(st.integers(1, 3))
    names = tuple(f"e{i}" for i in range(n))
    events = []
    for name in names:
        post = draw(st.dictionaries(st.sampled_from(ATOMS), kripke_formulas(3), max_size=2))
        events.append(Event(name, draw(pre if pre is not None else kripke_formulas(4)), post))
    return ActionModel(AGENTS, tuple(events), draw(frames(names, kind)),
                       draw(st.sampled_from(names)), "random action")


def _update_all(model, action):
    """The product over every world (pointing at all of them), or None when empty."""
    try:
        return product_update(model.pointed(model.worlds), action.pointed(
            tuple(e.name for e in action.events)))
    except InexecutableAction:
        return None


@settings(deadline=None, max_examples=25)
@given(models("S5"), actions("S5"))
def test_s5_with_s5_stays_s5(model, action):
    after = _update_all(model, action)
    assert after is None or all(after.is_s5(a) for a in AGENTS)


@settings(deadline=None, max_examples=25)
@given(models("KD45"), actions("KD45"))
def test_kd45_with_kd45_stays_k45_and_serial_where_executable(model, action):
    after = _update_all(model, action)
    if after is None:
        return
    for a in AGENTS:
        assert after.is_transitive(a) and after.is_euclidean(a)
        pre = {e.name: truth_set(model, e.pre) for e in action.events}
        for w in after.worlds:
            old, ev = w.split(".")
            executable = any(v in pre[f] for v in model.successors(a, old)
                             for f in action.successors(a, ev))
            assert bool(after.successors(a, w)) is executable


@settings(deadline=None, max_examples=25)
@given(models("KD45"), actions("KD45", pre=st.just(TOP)))
def test_kd45_with_kd45_change_stays_kd45(model, action):
    after = product_update(model, action)
    assert all(after.is_kd45(a) for a in AGENTS)


@settings(deadline=None, max_examples=25)
@given(models("KD45"), actions("KD45"))
def test_plausibility_update_keeps_belief_kd45(model, action):
    start = from_kripke(model)
    assert start.belief_view() == model  # exact on KD45 models
    try:
        after = priority_update(start, from_action(action))
    except InexecutableAction:
        return
    assert all(after.belief_view().is_kd45(a) for a in AGENTS)
    assert all(after.knowledge_view().is_s5(a) for a in AGENTS)


@settings(deadline=None, max_examples=25)
@given(models("K"), actions("K"), st.lists(kripke_formulas(), min_size=1, max_size=3))
def test_json_round_trip(model, action, forms):
    case = jsonio.Case("c1", model, (action,), tuple(jsonio.Query(f) for f in forms))
    back = jsonio.case_from_json(jsonio.case_to_json(case))
    assert back.model == model and back.actions == (action,)
    assert [q.formula for q in back.queries] == forms
    for f in forms:
        assert jsonio.form_from_json(jsonio.form_to_json(f)) == f
        assert {w for w in model.worlds if holds(model, w, f)} == truth_set(back.model, f)


@settings(deadline=None, max_examples=25)
@given(models("K"), actions("K"), st.lists(kripke_formulas(), min_size=1, max_size=4))
def test_minimize_keeps_truth(model, action, forms):
    """The reachable part keeps truth at the actual world; the contraction keeps truth at
    every world (read at its representative), Dk included for the groups given."""
    from smcdel_bridge.dynamic.minimize import contract, generated, minimize

    try:
        model = product_update(model, action)
    except InexecutableAction:
        return
    small, merged, both = generated(model), contract(model, [AGENTS]), minimize(model, [AGENTS])
    assert len(both.worlds) <= len(merged.worlds) <= len(model.worlds)
    for f in forms:
        at_actual = holds(model, model.actual[0], f)
        assert holds(small, small.actual[0], f) is at_actual
        assert holds(both, both.actual[0], f) is at_actual
        assert truth_set(merged, f) == {w for w in merged.worlds if holds(model, w, f)}
