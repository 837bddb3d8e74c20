"""The states of a value structure: the search that solves equations and tests conjuncts
early gives exactly the valuations, in exactly the order, that trying every valuation
gives (random small laws over small ranges), and it does solve the equations it can.

The valuations expected are found here, by a small interpreter of the formulas over every
valuation in product order (:func:`_expected`), not by the module's own code."""

from __future__ import annotations

import itertools
import operator

from hypothesis import given, settings
from hypothesis import strategies as st

from smcdel_bridge.language import Conj, Disj, Equi, Impl, Neg, Prp, Top, Xor
from smcdel_bridge.native.value_states import _Search, _branches, brute_force, satisfying
from smcdel_bridge.native.values import ValueStructure
from smcdel_bridge.terms import Arith, Cmp, Const, Var

NUMBERS = ["x", "y", "z"]
MONTHS = ("May", "June", "July", "August")  # a named domain, not in sorted order

terms = st.recursive(
    st.one_of(st.sampled_from([Var(n) for n in NUMBERS]), st.integers(-3, 8).map(Const)),
    lambda inner: st.builds(Arith, st.sampled_from("+-*"), inner, inner),
    max_leaves=4,
)
comparisons = st.builds(Cmp, st.sampled_from(["=", "=", "=", "!=", "<", "<=", ">", ">="]),
                        terms, terms)
named = st.builds(Cmp, st.sampled_from(["=", "!="]), st.just(Var("m")),
                  st.one_of(st.sampled_from(MONTHS).map(Const), st.just(Var("m"))))
leaves = st.one_of(comparisons, comparisons, named, st.just(Prp(0)), st.just(Top()))
laws = st.recursive(
    leaves,
    lambda inner: st.one_of(
        st.lists(inner, min_size=1, max_size=3).map(lambda fs: Conj(tuple(fs))),
        st.lists(inner, min_size=1, max_size=3).map(lambda fs: Disj(tuple(fs))),
        inner.map(Neg),
        st.builds(Impl, inner, inner),
        st.builds(Equi, inner, inner),
        st.lists(inner, min_size=2, max_size=2).map(lambda fs: Xor(tuple(fs))),
    ),
    max_leaves=6,
)
ranges = st.tuples(st.integers(-2, 3), st.integers(0, 6)).map(lambda t: tuple(range(t[0], t[0] + t[1])))


_CMP = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
        ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}


def _expected(names, domains, law, atoms) -> list[tuple]:
    """Every valuation in product order where ``law`` holds (SMCDEL's reading: an empty
    conjunction is true, an empty disjunction false, a ``Xor`` true when an odd number of
    its parts are)."""
    def term(t, env):
        if isinstance(t, Var):
            return env[t.name]
        if isinstance(t, Const):
            return t.value
        return _ARITH[t.op](term(t.a, env), term(t.b, env))

    def holds(f, env) -> bool:
        if isinstance(f, Top):
            return True
        if isinstance(f, Prp):
            return bool(env[atoms[f.n]])
        if isinstance(f, Cmp):
            return _CMP[f.op](term(f.a, env), term(f.b, env))
        if isinstance(f, Neg):
            return not holds(f.f, env)
        if isinstance(f, Conj):
            return all(holds(g, env) for g in f.fs)
        if isinstance(f, Disj):
            return any(holds(g, env) for g in f.fs)
        if isinstance(f, Impl):
            return not holds(f.a, env) or holds(f.b, env)
        if isinstance(f, Equi):
            return holds(f.a, env) == holds(f.b, env)
        if isinstance(f, Xor):
            return sum(holds(g, env) for g in f.fs) % 2 == 1
        raise TypeError(type(f).__name__)

    return [s for s in itertools.product(*domains) if holds(law, dict(zip(names, s)))]


def _problem(ranges_):
    names = NUMBERS + ["m", "#0"]
    domains = list(ranges_) + [MONTHS, (False, True)]
    return names, domains, {0: "#0"}


@settings(max_examples=300, deadline=None)
@given(laws, st.tuples(ranges, ranges, ranges))
def test_search_gives_the_states_of_trying_every_valuation(law, ranges_):
    names, domains, atoms = _problem(ranges_)
    expected = _expected(names, domains, law, atoms)
    assert satisfying(names, domains, law, atoms, small=0) == expected
    assert brute_force(names, domains, law, atoms) == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.one_of(comparisons, named, st.builds(Cmp, st.just("="), terms, terms)),
                         min_size=1, max_size=3), min_size=1, max_size=4),
       st.tuples(ranges, ranges, ranges))
def test_disjunctions_of_conjunctions_of_equations(branches, ranges_):
    names, domains, atoms = _problem(ranges_)
    law = Disj(tuple(Conj(tuple(b)) for b in branches))
    expected = _expected(names, domains, law, atoms)
    assert satisfying(names, domains, law, atoms, small=0) == expected
    assert brute_force(names, domains, law, atoms) == expected


def _what_sum(n):
    a, b, c = Var("a"), Var("b"), Var("c")
    law = Disj((Cmp("=", Arith("+", a, b), c), Cmp("=", Arith("+", a, c), b),
                Cmp("=", Arith("+", b, c), a)))
    return ["a", "b", "c"], [tuple(range(1, n + 1))] * 3, law


def test_what_sum_solves_one_number_from_the_other_two():
    names, domains, law = _what_sum(50)
    search = _Search(names, domains, law, {}, 50 ** 3)
    plans = [search._plan(b) for b in _branches(law)]
    assert [p[2] for p in plans] == [50 * 50] * 3  # two loops per branch, not three
    assert all(len(p[1]) == 1 for p in plans)  # one number solved from the other two
    states = satisfying(names, domains, law, {})
    assert len(states) == 3675 and states == _expected(names, domains, law, {})


def test_value_structure_states_are_unchanged():
    names, domains, law = _what_sum(20)
    vs = ValueStructure(dict(zip(names, domains)), law)
    assert vs.states == _expected(names, domains, law, {})


def test_repeated_values_are_tried_one_by_one():
    # a domain listing a value twice gives two states, as the product does
    names, domains = ["x", "y"], [(1, 2, 2, 3), tuple(range(60))]
    law = Cmp("=", Var("y"), Arith("+", Var("x"), Const(1)))
    assert satisfying(names, domains, law, {}, small=0) == \
        _expected(names, domains, law, {}) == [(1, 2), (2, 3), (2, 3), (3, 4)]


def test_many_variables_are_tried_in_turn():
    # more variables than Python nests loops: the states still come out, by trying them
    names = [f"v{i}" for i in range(24)] + ["x", "y"]
    domains = [(0,)] * 24 + [tuple(range(40)), tuple(range(40))]
    law = Cmp("=", Var("y"), Arith("+", Var("x"), Var("v3")))
    assert satisfying(names, domains, law, {}, small=0) == _expected(names, domains, law, {})
