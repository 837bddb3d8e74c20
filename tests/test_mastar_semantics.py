"""The mA* transition function on packed models, checked against the project's general
event-model engine (:mod:`smcdel_bridge.dynamic.update`) on random models and actions,
with the event models written here from the mA* description; the canonical contraction
checked on bisimilar copies; deep's initial state on small descriptions."""

from __future__ import annotations

import random

from smcdel_bridge.dynamic.action import ActionModel, Event
from smcdel_bridge.dynamic.compact import PackedModel, canonical, holds
from smcdel_bridge.dynamic.kripke import KripkeModel
from smcdel_bridge.dynamic.mastar import MastarAction, initial_model, successor
from smcdel_bridge.dynamic.semantics import holds_at_actual
from smcdel_bridge.dynamic.update import product_update
from smcdel_bridge.language import BOT, TOP, Ck, Conj, Disj, K, Neg, Prp

AGENTS = ("a", "b", "c")
INDEX = {a: k for k, a in enumerate(AGENTS)}
ATOMS = 3


def _random_model(rng: random.Random) -> PackedModel:
    n = rng.randint(1, 5)
    vals = tuple(rng.randrange(1 << ATOMS) for _ in range(n))
    rel = tuple(tuple(rng.randrange(1 << n) for _ in range(n)) for _ in AGENTS)
    return PackedModel(vals, rel, rng.randrange(n))


def _kripke(m: PackedModel) -> KripkeModel:
    worlds = tuple(f"w{k}" for k in range(len(m.vals)))
    return KripkeModel(
        agents=AGENTS, worlds=worlds,
        valuation={w: frozenset(p for p in range(ATOMS) if v >> p & 1)
                   for w, v in zip(worlds, m.vals)},
        relations={a: {w: frozenset(worlds[j] for j in range(len(worlds)) if row[k] >> j & 1)
                       for k, w in enumerate(worlds)} for a, row in zip(AGENTS, m.rel)},
        actual=(worlds[m.point],), vocabulary=tuple(range(ATOMS)))


def _random_form(rng: random.Random, depth: int):
    if depth == 0 or rng.random() < 0.3:
        return Prp(rng.randrange(ATOMS))
    pick = rng.randrange(5)
    if pick == 0:
        return Neg(_random_form(rng, depth - 1))
    if pick == 1:
        return Conj((_random_form(rng, depth - 1), _random_form(rng, depth - 1)))
    if pick == 2:
        return Disj((_random_form(rng, depth - 1), _random_form(rng, depth - 1)))
    if pick == 3:
        return K(rng.choice(AGENTS), _random_form(rng, depth - 1))
    return Ck(tuple(rng.sample(AGENTS, 2)), _random_form(rng, depth - 1))


def _oracle_action(action: MastarAction, model: KripkeModel, full, partial) -> ActionModel:
    """The event model of the mA* description, written out: evaluated at the actual
    world (observers, effect conditions) as deep does."""
    literals = [lit for lits, cond in action.effects if holds_at_actual(model, cond)
                for lit in lits]
    tau = Event("tau")
    if action.kind == "ontic":
        sigma = Event("sigma", TOP, {p: (TOP if v else BOT) for p, v in literals})
        rel = {a: {"sigma": {"sigma" if a in full else "tau"}, "tau": {"tau"}}
               for a in AGENTS}
        return ActionModel(AGENTS, (sigma, tau), rel, ("sigma",))
    fact = Conj(tuple(Prp(p) if v else Neg(Prp(p)) for p, v in literals))
    yes, no = Event("yes", fact), Event("no", Neg(fact))
    rel = {}
    for a in AGENTS:
        if a in full:
            rel[a] = {"yes": {"yes"}, "no": {"no"}, "tau": {"tau"}}
        elif a in partial:
            rel[a] = {"yes": {"yes", "no"}, "no": {"yes", "no"}, "tau": {"tau"}}
        else:
            rel[a] = {"yes": {"tau"}, "no": {"tau"}, "tau": {"tau"}}
    actual = "yes" if holds_at_actual(model, fact) else "no"
    return ActionModel(AGENTS, (yes, no, tau), rel, (actual,))


def _random_action(rng: random.Random) -> MastarAction:
    kind = rng.choice(("ontic", "sensing", "announcement"))
    atoms = rng.sample(range(ATOMS), rng.randint(1, ATOMS))  # never both values of one
    values = {p: rng.random() < 0.5 for p in atoms}
    cut = rng.randint(0, len(atoms))
    effects = tuple((tuple((p, values[p]) for p in part), _random_form(rng, 1))
                    for part in (atoms[:cut], atoms[cut:]) if part)
    full = tuple((a, _random_form(rng, 1)) for a in AGENTS if rng.random() < 0.7)
    partial = () if kind == "ontic" else tuple(
        (a, _random_form(rng, 1)) for a in AGENTS if rng.random() < 0.5)
    return MastarAction("act", kind, (), effects, full, partial)


def test_successor_agrees_with_the_event_model_engine():
    rng = random.Random(40)
    checked = 0
    for _ in range(300):
        model = _random_model(rng)
        action = _random_action(rng)
        kripke = _kripke(model)
        full = {a for a, c in action.full if holds_at_actual(kripke, c)}
        partial = {a for a, c in action.partial if holds_at_actual(kripke, c)} - full
        oracle = product_update(kripke, _oracle_action(action, kripke, full, partial))
        ours = successor(model, action, INDEX)
        for _ in range(12):
            form = _random_form(rng, 3)
            assert holds(ours, form, INDEX) == holds_at_actual(oracle, form), (model, action)
            checked += 1
    assert checked == 3600


def test_canonical_merges_bisimilar_copies_and_keeps_the_rest_apart():
    rng = random.Random(7)
    for _ in range(200):
        m = _random_model(rng)
        n = len(m.vals)
        # two copies of every world, each copy's successors split among both copies
        vals = m.vals + m.vals
        rel = tuple(tuple((row[k % n] | row[k % n] << n) if k % 2 else row[k % n]
                          for k in range(2 * n)) for row in m.rel)
        double = PackedModel(vals, rel, m.point + n * rng.randrange(2))
        assert canonical(double) == canonical(m)
        # the contraction preserves truth
        for _ in range(5):
            form = _random_form(rng, 3)
            assert holds(canonical(m), form, INDEX) == holds(m, form, INDEX)


def test_the_initial_state_as_deep_builds_it():
    p, q = Prp(0), Prp(1)
    # nothing is common belief: four worlds, nobody tells them apart
    m = initial_model(2, ("a", "b"), Conj((p, q)), fixed=(), laws=(), knows_whether=())
    ab = {"a": 0, "b": 1}
    assert holds(m, Conj((Neg(K("a", p)), Neg(K("b", q)))), ab)
    # q is common belief, b knows whether p: b knows p, a does not, a knows b knows whether
    m = initial_model(2, ("a", "b"), Conj((p, q)), fixed=((1, True),), laws=(q,),
                      knows_whether=(("b", p),))
    assert len(m.vals) == 2
    assert holds(m, Conj((K("b", p), Neg(K("a", p)), Ck(("a", "b"), q))), ab)
    assert holds(m, K("a", Disj((K("b", p), K("b", Neg(p))))), ab)
