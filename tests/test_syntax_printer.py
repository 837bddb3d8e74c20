"""The reference's pretty-printing, and input text that parses back to the same tree."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall, K,
    Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)
from smcdel_bridge.program import CheckInput, Structure, ValidQ
from smcdel_bridge.syntax import parse_formula, parse_input, pp_form, render_input, to_input
from smcdel_bridge.syntax.printer import hs_show_string
from strategies import check_inputs, formulas

P1, P2 = Prp(1), Prp(2)


@pytest.mark.parametrize("form, shown", [
    (TOP, "T"),
    (BOT, "F"),
    (Neg(P1), "~1"),
    (Conj((P1, P2, TOP)), "(1 & 2 & T)"),
    (Conj(()), "()"),
    (Disj((P1,)), "(1)"),
    (Xor((P1, Ck(("a",), P2))), 'XOR{"1","Ck \\"a\\" 2"}'),
    (Equi(Equi(P1, P2), TOP), "1=2=T"),
    (Forall((1, 2), P1), "Forall {P 1,P 2}: 1"),
    (Exists((3,), P1), "Exists {P 3}: 1"),
    (Forall((-5,), P1), "Forall {P (-5)}: 1"),
    (K("alice", P1), "K alice 1"),
    (Kw("alice", P1), "Kw alice 1"),
    (Ck(("a", "b"), P1), 'Ck "a","b" 1'),
    (Ckw(("a",), P1), 'Ckw "a" 1'),
    (Dk(("a",), P1), 'Dk "a" 1'),
    (Dkw(("a", "b"), P1), 'Dkw "a","b" 1'),
    (PubAnnounce(P1, P2), "[! 1] 2"),
    (PubAnnounceW(P1, P2), "[?! 1] 2"),
    (Neg(PubAnnounce(P1, Neg(P2))), "~[! 1] ~2"),
    (Announce(("a", "b"), P1, P2), "[a, b ! 1]2"),
    (AnnounceW(("a",), P1, P2), "[a ?! 1]2"),
])
def test_pp_form(form, shown):
    assert pp_form(form) == shown
    assert str(form) == shown


@pytest.mark.parametrize("text, shown", [
    ("a\\b", '"a\\\\b"'),
    ("é1", '"\\233\\&1"'),
    ("\x0eH", '"\\SO\\&H"'),
    ("\n", '"\\n"'),
    # (as GHC's show writes them: a quote and a backslash escaped, nothing else)
    ('a"b', '"a\\"b"'),
    ('XOR{"1","2"} \\ 3', '"XOR{\\"1\\",\\"2\\"} \\\\ 3"'),
])
def test_haskell_show_string(text, shown):
    assert hs_show_string(text) == shown


@settings(max_examples=200, deadline=None)
@given(formulas())
def test_to_input_round_trips(form):
    assert parse_formula(to_input(form)) == form


@settings(max_examples=100, deadline=None)
@given(check_inputs())
def test_render_input_round_trips(program):
    assert parse_input(render_input(program)) == program


def test_oneof_is_written_back_as_oneof():
    f = parse_formula("ONEOF(1, Bot, 1)")
    assert to_input(f) == "ONEOF(1, Bot, 1)"
    assert parse_formula(to_input(Neg(f))) == Neg(f)


def test_empty_lists_become_their_neutral_constants():
    assert to_input(Conj(())) == "Top"
    assert to_input(Disj(())) == "Bot"
    assert to_input(Xor(())) == "Bot"


@pytest.mark.parametrize("form", [
    K("Top", P1), K("two words", P1), K("", P1), Ck((), P1), Forall((), P1), Prp(-1),
])
def test_unwritable_trees_are_refused(form):
    with pytest.raises(ValueError):
        to_input(form)


def test_render_input_layout():
    program = CheckInput(Structure((1, 2), TOP, (("a", (1,)), ("b", (2,)))), (ValidQ(P1),))
    assert render_input(program) == (
        "VARS 1,2\nLAW  Top\nOBS a: 1\n    b: 2\nVALID? 1\n"
    )
