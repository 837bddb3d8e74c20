"""The tokenizer's longest-match rules and the reference's way of counting positions."""

from __future__ import annotations

import pytest

from smcdel_bridge.errors import LexError
from smcdel_bridge.syntax.lexer import haskell_int, tokenize, tokens_list


def kinds(text: str) -> list[str]:
    return [t.kind for t in tokens_list(text)]


def lex_error(text: str) -> tuple[int, int]:
    with pytest.raises(LexError) as info:
        tokens_list(text)
    return info.value.line, info.value.column


@pytest.mark.parametrize("text, expected", [
    ("Top Bot", ["TOP", "BOT"]),
    ("Topx", ["STR"]),                      # longest match: a name, not the constant
    ("Not1", ["STR"]),                      # one name, not ``Not`` then ``1``
    ("not 1", ["NEG", "INT"]),
    ("¬1 ∧ 2 ∨ 3 → 4", ["NEG", "INT", "AND", "INT", "OR", "INT", "IMPL", "INT"]),
    ("a knows that 1", ["STR", "KNOWSTHAT", "INT"]),
    ("a knows  that 1", ["STR", "STR", "STR", "INT"]),   # exactly one space inside
    ("a knows thatx", ["STR", "KNOWSTHAT", "STR"]),
    ("a,b comknow whether 1", ["STR", "COMMA", "STR", "CKNOWWHETHER", "INT"]),
    ("a distknow that 1", ["STR", "DKNOWTHAT", "INT"]),
    ("TRUE? VALID? WHERE? TRUE ?", ["TRUEQ", "VALIDQ", "WHEREQ", "STR", "QUESTM"]),
    ("K Kw Kx", ["PK", "PKW", "STR"]),
    ("ForAll Forall Exists", ["FORALL", "FORALL", "EXISTS"]),
    ("AND OR XOR ONEOF iff", ["CON", "DIS", "XOR", "ONEOF", "IFF"]),
    ("12ab", ["INT", "STR"]),
    ("1 -- comment -> 2\n3", ["INT", "INT"]),
    ("1 --> 2", ["INT"]),
    ("1 ->-- x", ["INT", "IMPL"]),
    ("[<{(:,!?)}>]", ["LBRACK", "LANGLE", "LBRACE", "LPAREN", "COLON", "COMMA", "EXCLAM",
                      "QUESTM", "RPAREN", "RBRACE", "RANGLE", "RBRACK"]),
])
def test_token_kinds(text, expected):
    assert kinds(text) == expected


def test_positions_count_lines_columns_and_tab_stops():
    toks = tokens_list("VARS 1\n\tLAW\n  x\t y")
    assert [(t.line, t.column) for t in toks] == [(1, 1), (1, 6), (2, 9), (3, 3), (3, 10)]


def test_values():
    toks = tokens_list("alice 42 Top")
    assert [t.value for t in toks] == ["alice", 42, "Top"]


@pytest.mark.parametrize("text, position", [
    ("1 $ 2", (1, 3)),
    ("1\n  é", (2, 3)),
    ("1 - 2", (1, 4)),        # a dangling ``-`` is reported one column further on
    ("bob-: 1", (1, 5)),
    ("2-", (1, 3)),
    ("1 ∀ 2", (1, 4)),        # starts like ``∧``/``∨``/``→``: also one column further on
    ("\u00a0", (1, 2)),       # starts like ``¬``
    ("\t;", (1, 9)),
])
def test_lexical_error_positions(text, position):
    assert lex_error(text) == position


def test_lexical_errors_are_reported_lazily():
    gen = tokenize("1 2 $")
    assert next(gen).value == 1 and next(gen).value == 2
    with pytest.raises(LexError):
        next(gen)


@pytest.mark.parametrize("digits, value", [
    ("0", 0),
    ("9223372036854775807", 2**63 - 1),
    ("9223372036854775808", -(2**63)),
    ("18446744073709551617", 1),
])
def test_integers_wrap_like_a_haskell_int(digits, value):
    assert haskell_int(digits) == value


@pytest.mark.parametrize("text, expected", [
    # spellings, blanks beside symbols, two-word keywords as one character
    ("AND(\n    1 ,\n    Not  2 ) ∧ (3)", "AND(1,~2)&(3)"),
    ("not 1 ∨ ¬ 2 → Forall 3 4", "~1|~2->ForAll 3 4"),
    ("a knows that 1 & b knows whether ( 2 )", "a\x021&b\x01(2)"),
    # names stay names: Not1, aNot, Forall2, xknows; a phrase ends whatever follows
    ("Not1 aNot Forall2 xknows that knows thatx", "Not1 aNot Forall2 xknows that\x02x"),
    ("(a,b) comknow whether 1 distknow that 2", "(a,b)\x031\x062"),
    # ``?`` keeps its blanks: TRUE ? is two tokens
    ("TRUE ? ( 1 )", "TRUE ?(1)"),
    # knows and that on two lines are two names, which one space would join
    ("a knows\nthat 1", None),
])
def test_canonical_text(text, expected):
    from smcdel_bridge.syntax.lexer import canonical_text

    assert canonical_text(text) == expected
