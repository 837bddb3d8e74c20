"""Long generated inputs: lists read in order, equal subformulas as one object, the quick
scanner, and the symbolic engine's many-part XOR and long quantifications."""

from __future__ import annotations

import itertools

import pytest

from smcdel_bridge.errors import LexError, ParseError
from smcdel_bridge.language import Kw, Neg, Prp
from smcdel_bridge.syntax import parse_formula, parse_input
from smcdel_bridge.syntax.lexer import scan, scan_quick
from smcdel_bridge.syntax.parser import parse_formula_list


def test_long_lists_keep_their_order():
    n = 5000
    text = f"VARS {', '.join(map(str, range(n)))} LAW OR({', '.join(map(str, range(n)))}) " \
           f"OBS a: {', '.join(map(str, range(0, n, 2)))} VALID? 1 TRUE? {{3, 1, 2}} 2"
    program = parse_input(text)
    assert program.structure.vocab == tuple(range(n))
    assert program.structure.law.fs == tuple(Prp(i) for i in range(n))
    assert program.structure.obs == (("a", tuple(range(0, n, 2))),)
    assert program.jobs[1].state == (3, 1, 2)
    assert parse_formula_list("3, 1, 2") == (Prp(3), Prp(1), Prp(2))
    assert type(parse_formula_list("7")) is tuple


def test_equal_subformulas_are_one_object():
    f = parse_formula("AND(~(Kw a 1), ~(Kw a 1), [! ~(Kw a 1)] ~(Kw a 1))")
    first, second, announced = f.fs
    assert first is second is announced.ann is announced.f
    assert first == Neg(Kw("a", Prp(1)))
    g = parse_formula("AND(K a 1, K b 1, a knows that 1)")
    assert g.fs[0] is g.fs[2] and g.fs[0] is not g.fs[1]


@pytest.mark.parametrize("text", [
    "VARS 1,2 LAW Top OBS a: 1 VALID? a knows that 1",
    "VARS 1 LAW Top -- a comment\nOBS a: 1",
    "VARS 1 LAW 1 & @ OBS", "TRUE? {1} 99999999999999999999", "knows  that",
    "a knows that1", "¬ 1 → 2 ∧ 3 ∨ 4", "1\xa02", "a - b", "a -> b", "", " \t\n\f\v\r ",
    "WHERE? x comknow whether 2", "TRUE TRUE?",
])
def test_quick_scan_finds_what_the_scanner_finds(text):
    kinds, values, _, error = scan(text)
    quick = scan_quick(text)
    if quick is not None:
        assert error is None and quick == (kinds, values)
    else:  # a comment or a character no rule accepts
        assert error is not None or "--" in text


def test_errors_after_the_quick_scan_keep_their_positions():
    with pytest.raises(ParseError) as err:
        parse_input("VARS 1, 2\nLAW Top\nOBS a: 1\nVALID? (1 &)")
    assert (err.value.line, err.value.column) == (4, 12)
    with pytest.raises(LexError):
        parse_input("VARS 1 LAW Top OBS a: 1 VALID? 1 $")


def test_xor_of_many_parts_and_long_quantifications():
    pytest.importorskip("dd")
    from smcdel_bridge.native.bdd_manager import QUANTIFY_SUPPORT_FROM, BddManager

    m = BddManager()
    atoms = list(range(QUANTIFY_SUPPORT_FROM + 100))
    m.declare(atoms)
    parts = [m.var(a) for a in range(9)]
    parity = m.xor_all(parts)
    for bits in itertools.product((False, True), repeat=9):
        true = [a for a, b in zip(range(9), bits) if b]
        assert m.evaluate(parity, true) == (sum(bits) % 2 == 1)
    assert m.xor_all([]) == m.false
    law = m.var(0) & (m.var(1) | m.var(700 % len(atoms)))
    hidden = tuple(atoms[1:])  # far more than QUANTIFY_SUPPORT_FROM atoms
    # forall hidden (law -> 0) is true; forall hidden (law -> 1) is false
    assert m.forall_implies(hidden, law, m.var(0)) == m.true
    assert m.forall_implies(hidden, law, m.var(1)) == ~m.var(0)
    assert m.exists(hidden, law) == m.var(0)
    assert m.forall(hidden, law) == m.false


def test_long_quantified_lists_past_the_kept_budget_give_the_same_bdds(monkeypatch):
    pytest.importorskip("dd")
    from smcdel_bridge.native import bdd_manager
    from smcdel_bridge.native.bdd_manager import QUANTIFY_SUPPORT_FROM, BddManager

    atoms = list(range(QUANTIFY_SUPPORT_FROM * 3))
    lists = [tuple(a for a in atoms if a != k) for k in range(6)]  # each blind to one atom

    def answers():
        m = BddManager()
        m.declare(atoms)
        f = (m.var(0) | m.var(3)) & ~m.var(5)
        # f fails when 5 is true, so forall over every atom but one is false; exists is
        # true unless 5 is the atom left out (then it is ~5)
        return [m.forall_implies(hidden, m.true, f) == (m.false) for hidden in lists], \
            [m.exists(hidden, f) == m.true for hidden in lists], len(m._long_sets)

    kept = answers()
    monkeypatch.setattr(bdd_manager, "LONG_LISTS_KEPT", len(atoms) * 2)
    bounded = answers()
    assert kept[:2] == bounded[:2] == ([True] * 6, [True] * 5 + [False])
    assert kept[2] == 6 and bounded[2] == 2  # past the budget, sets are not kept
