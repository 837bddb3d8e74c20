"""The parser builds the reference's trees and fails where the reference fails."""

from __future__ import annotations

import pytest

from smcdel_bridge.errors import LexError, ParseError
from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall, Impl,
    K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ, WhereQ
from smcdel_bridge.syntax import parse_formula, parse_input, pp_form
from smcdel_bridge.syntax.parser import parse_formula_list

P1, P2, P3 = Prp(1), Prp(2), Prp(3)


@pytest.mark.parametrize("text, shown", [
    # &, | share one level and associate to the left
    ("1 | 2 & 3", "((1 | 2) & 3)"),
    ("1 & 1 & 1", "((1 & 1) & 1)"),
    # -> and iff associate to the left and bind weaker than &, |
    ("1 -> 2 -> 3", "((1->2)->3)"),
    ("1 iff 2 -> 3", "(1=2->3)"),
    ("1 & 2 iff 3", "(1 & 2)=3"),
    # infix knowledge binds tighter than &, |
    ("a knows that 1 & 2", "(K a 1 & 2)"),
    ("(a,b) comknow that 1 | 2", '(Ck "a","b" 1 | 2)'),
    ("~ a knows that 1", "~K a 1"),
    # prefix K, Kw and the quantifiers take everything to their right
    ("K a 1 & K a 2", "K a (1 & K a 2)"),
    ("Kw a 1 -> 2", "Kw a (1->2)"),
    ("Forall 1,2 1 & 2", "Forall {P 1,P 2}: (1 & 2)"),
    # announcements and negation bind tightest
    ("[ ! 1 ] 2 & 3", "([! 1] 2 & 3)"),
    ("~ 1 & 2", "(~1 & 2)"),
    ("< ! 1 > [ ! 2 ] 3 & 4", "(~[! 1] ~[! 2] 3 & 4)"),
    # knows whether with a list is a conjunction; one parenthesised formula is not a list
    ("a knows whether (1, 2) & 2", "((Kw a 1 & Kw a 2) & 2)"),
    ("a knows whether (1) & 2", "(Kw a 1 & 2)"),
])
def test_precedence_and_associativity(text, shown):
    assert pp_form(parse_formula(text)) == shown


def test_every_construct_builds_its_node():
    cases = {
        "Top": TOP,
        "Bot": BOT,
        "not 1": Neg(P1),
        "AND(1, 2, 3)": Conj((P1, P2, P3)),
        "OR(1)": Disj((P1,)),
        "XOR(1, 2)": Xor((P1, P2)),
        "1 → 2": Impl(P1, P2),
        "1 iff 2": Equi(P1, P2),
        "K a 1": K("a", P1),
        "a knows whether 1": Kw("a", P1),
        "a, b comknow whether 1": Ckw(("a", "b"), P1),
        "(a) comknow that 1": Ck(("a",), P1),
        "a distknow that 1": Dk(("a",), P1),
        "(a, b) distknow whether 1": Dkw(("a", "b"), P1),
        "[ ? ! 1 ] 2": PubAnnounceW(P1, P2),
        "< ! 1 > 2": Neg(PubAnnounce(P1, Neg(P2))),
        "< ? ! 1 > 2": Neg(PubAnnounceW(P1, Neg(P2))),
        "[ a, b ! 1 ] 2": Announce(("a", "b"), P1, P2),
        "[ a ? ! 1 ] 2": AnnounceW(("a",), P1, P2),
        "< a ! 1 > 2": Neg(Announce(("a",), P1, Neg(P2))),
        "< a ? ! 1 > 2": Neg(AnnounceW(("a",), P1, Neg(P2))),
        "ForAll 1 2": Forall((1,), P2),
        "Exists 1, 3 2": Exists((1, 3), P2),
    }
    for text, tree in cases.items():
        assert parse_formula(text) == tree, text


def test_oneof_expands_like_the_reference():
    f = parse_formula("ONEOF(1, 2, 1)")
    # Haskell list difference removes the first occurrence: [1,2,1] \\ [1] is [2,1]
    pairs = [(P1, P2), (P1, P1), (P2, P1), (P2, P1), (P1, P2), (P1, P1)]
    assert f == Conj((Disj((P1, P2, P1)), Conj(tuple(Neg(Conj(p)) for p in pairs))))
    assert pp_form(parse_formula("ONEOF(Bot)")) == "((F) & ())"


def test_whole_input():
    program = parse_input(
        "-- a comment\nVARS 1,2\nLAW Top\nOBS alice: 1\n bob: 1, 2\n"
        "TRUE? {} 1\nTRUE? {2,1,2} 2\nVALID? 1\nWHERE? 2\n"
    )
    assert program == CheckInput(
        Structure((1, 2), TOP, (("alice", (1,)), ("bob", (1, 2)))),
        (TrueQ((), P1), TrueQ((2, 1, 2), P2), ValidQ(P1), WhereQ(P2)),
    )
    assert parse_input("VARS 1 LAW Top OBS a: 1").jobs == ()


def test_formula_list_entry_point():
    assert parse_formula_list("1, Top") == (P1, TOP)


def error_of(text: str):
    with pytest.raises((LexError, ParseError)) as info:
        parse_input(text)
    return type(info.value).__name__, info.value.line, info.value.column


BASE = "VARS 1,2 LAW Top OBS alice: 1 "


@pytest.mark.parametrize("text, expected", [
    ("", ("ParseError", 1, 1)),                        # the end of input: line 1, column 1
    ("VARS 1 LAW Top", ("ParseError", 1, 1)),
    (BASE + "VALID? (1 & 2", ("ParseError", 1, 1)),
    (BASE + "VALID? 1 & & 2", ("ParseError", 1, 42)),
    (BASE + "FOO? 1", ("ParseError", 1, 34)),
    ("VARS 1,2 LAW Top OBS alice 1 VALID? 1", ("ParseError", 1, 28)),
    ("VARS 1,,2 LAW Top OBS alice: 1 VALID? 1", ("ParseError", 1, 8)),
    ("VARS 1 LAW Top OBS alice: VALID? 1", ("ParseError", 1, 27)),  # OBS needs an atom
    (BASE + "\nVALID?\n  (1 |\n   2))", ("ParseError", 4, 6)),
    ("VARS 1 LAW (Not1 & 1) OBS a: 1", ("ParseError", 1, 18)),
    (BASE + "VALID? 1 $ 2", ("LexError", 1, 40)),
    # the parse error comes first: the reference never lexes past it
    (BASE + "VALID? ) $", ("ParseError", 1, 38)),
    # every token before the bad character was accepted: the lexical error is reported
    (BASE + "VALID? ( $", ("LexError", 1, 40)),
])
def test_errors_and_positions(text, expected):
    assert error_of(text) == expected


def test_error_messages_are_worded_like_the_reference():
    with pytest.raises(ParseError, match=r"^Parse error in line 1, column 1$"):
        parse_input("VARS")
    with pytest.raises(LexError, match=r"^lexical error at line 1, column 3$"):
        parse_formula("1 $")


def test_deep_nesting_does_not_hit_the_recursion_limit():
    depth = 5000
    f = parse_formula("~" * depth + "1")
    assert pp_form(f) == "~" * depth + "1"
    g = parse_formula("(" * depth + "1" + ")" * depth)
    assert g == P1


def test_token_stream_entry_point_matches_text_parsing():
    from smcdel_bridge.syntax.lexer import tokenize
    from smcdel_bridge.syntax.parser import parse_tokens

    text = BASE + "VALID? a knows that 1 & 2"
    assert parse_tokens(tokenize(text)) == parse_input(text)
    for bad in (BASE + "VALID? ) $", BASE + "VALID? ( $", BASE + "VALID? (1 &"):
        assert_same_error(lambda: parse_tokens(tokenize(bad)), lambda: parse_input(bad))


def assert_same_error(first, second):
    errors = []
    for call in (first, second):
        with pytest.raises((LexError, ParseError)) as info:
            call()
        errors.append((type(info.value), str(info.value)))
    assert errors[0] == errors[1]
