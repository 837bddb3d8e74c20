"""Lists of "knows whether" answered in one walk of the law, and structures kept from one
program to the next: the symbolic engine gives the answers it gives without them (the
explicit engine is the oracle), on random structures and lists."""

from __future__ import annotations

import importlib
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge import language as L
from smcdel_bridge.native.kept import answers_on
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ, WhereQ
from strategies import boolean_formulas

SETTINGS = dict(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])
AGENTS = ("alice", "bob", "carol")


def explicit():
    return importlib.import_module("smcdel_bridge.native.explicit").ExplicitBackend()


@st.composite
def kw_lists(draw):
    """A structure over atoms 1..4 and a Conj or Disj (flat, or nested pairs as SMCDEL's
    infix gives) of Kw and ~Kw of literals, announced or not."""
    vocab = (1, 2, 3, 4)
    obs = tuple((a, tuple(draw(st.lists(st.sampled_from(vocab), max_size=4, unique=True))))
                for a in AGENTS)
    law = draw(boolean_formulas(atoms=vocab, max_leaves=4))
    part = st.builds(lambda neg, a, p, inner: (L.Neg if neg else (lambda f: f))(
        L.Kw(a, L.Neg(L.Prp(p)) if inner else L.Prp(p))),
        st.booleans(), st.sampled_from(AGENTS), st.sampled_from(vocab), st.booleans())
    parts = tuple(draw(st.lists(part, min_size=2, max_size=6)))
    kind = draw(st.sampled_from((L.Conj, L.Disj)))
    if draw(st.booleans()):
        f = parts[0]
        for g in parts[1:]:
            f = kind((f, g))
    else:
        f = kind(parts)
    if draw(st.booleans()):
        f = L.PubAnnounce(f, draw(st.sampled_from((L.Prp(1), f, L.Neg(f)))))
    job = draw(st.sampled_from((ValidQ, WhereQ, TrueQ)))
    return CheckInput(Structure(vocab, law, obs),
                      (TrueQ((1, 3), f) if job is TrueQ else job(f),))


def answers(backend, program):
    try:
        return backend.run(program)
    except Exception as err:  # noqa: BLE001 - the kind of failure must agree too
        return type(err).__name__


@settings(**SETTINGS)
@given(kw_lists())
def test_lists_of_knowing_whether_agree_with_explicit(program):
    assert answers(SymbolicBackend(), program) == answers(explicit(), program)


@settings(**SETTINGS)
@given(kw_lists())
def test_lists_agree_on_pure_python_bdds(program):
    assert answers(SymbolicBackend(bdd="autoref"), program) == answers(explicit(), program)


def test_one_walk_equals_one_quantification_per_variable():
    cudd = pytest.importorskip("dd.cudd")
    from smcdel_bridge.native.bdd_each import conjoin_quantified

    rng = random.Random(7)
    for _ in range(300):
        bdd = cudd.BDD()
        names = [f"v{i}" for i in range(rng.randint(1, 7))]
        bdd.declare(*names)
        u = bdd.false
        for _ in range(rng.randint(0, 10)):
            cube = bdd.true
            for x in names:
                r = rng.random()
                cube = cube & bdd.var(x) if r < 0.3 else cube & ~bdd.var(x) if r < 0.6 else cube
            u = u | cube
        u = ~u if rng.random() < 0.5 else u
        chosen = rng.sample(names, rng.randint(1, len(names)))
        for universal in (True, False):
            expected = bdd.true
            for x in chosen:
                expected = expected & (bdd.forall([x], u) if universal else bdd.exist([x], u))
            assert conjoin_quantified(bdd, chosen, u, universal) == expected


def muddy(n: int, vocab_extra: tuple = ()) -> Structure:
    agents = tuple((f"c{i}", tuple(j for j in range(1, n + 1) if j != i)) for i in range(1, n + 1))
    return Structure(tuple(range(1, n + 1)) + vocab_extra, L.TOP, agents)


def rounds(n: int, k: int, question: L.Form) -> L.Form:
    nobody = L.Conj(tuple(L.Neg(L.Kw(f"c{i}", L.Prp(i))) for i in range(1, n + 1)))
    f = question
    for _ in range(k):
        f = L.PubAnnounce(nobody, f)
    return L.PubAnnounce(L.Disj(tuple(L.Prp(i) for i in range(1, n + 1))), f)


def test_kept_structure_answers_as_a_fresh_one():
    n = 7
    someone = L.Disj(tuple(L.Kw(f"c{i}", L.Prp(i)) for i in range(1, n + 1)))
    everyone = L.Conj(tuple(L.Kw(f"c{i}", L.Prp(i)) for i in range(1, n + 1)))
    programs = [CheckInput(muddy(n, (n + 1,)), (ValidQ(rounds(n, 2, L.Prp(n + 1))),))]
    for k in range(4):
        for q in (someone, everyone):
            programs.append(CheckInput(muddy(n), (ValidQ(rounds(n, k, L.Impl(L.Conj(
                tuple(L.Prp(i) for i in range(1, 4))), q))),)))
    programs.append(CheckInput(muddy(n), (WhereQ(rounds(n, 1, someone)),)))
    kept = SymbolicBackend()
    assert [kept.run(p) for p in programs] == [SymbolicBackend().run(p) for p in programs]
    assert [kept.run(p) for p in programs[:3]] == [explicit().run(p) for p in programs[:3]]


def test_what_a_kept_structure_answers():
    kept = muddy(3, (4,))
    valid = CheckInput(muddy(3), (ValidQ(L.Kw("c1", L.Prp(1))),))
    assert answers_on(kept, valid)
    assert not answers_on(kept, CheckInput(muddy(3), (WhereQ(L.Prp(1)),)))  # states doubled
    assert not answers_on(muddy(3), CheckInput(kept, (ValidQ(L.Prp(1)),)))  # fewer atoms
    observed = Structure((1, 2, 3, 4), L.TOP, (("c1", (2, 3, 4)),) + muddy(3).obs[1:])
    assert not answers_on(observed, valid)  # the extra atom is observed
    assert not answers_on(Structure((1, 2, 3, 4), L.Prp(4), muddy(3).obs), valid)
