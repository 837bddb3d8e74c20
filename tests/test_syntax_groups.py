"""The text driver that reads each repeated bracketed group once (syntax/lr_groups.py):
the same trees and the same errors as the token-stream driver, groups met again taken as
they were read the first time, and rules that go on past a group's ``)`` not cut short."""

from __future__ import annotations

import random

import pytest

from smcdel_bridge.errors import LexError, ParseError
from smcdel_bridge.language import Ck, Ckw, Conj, Disj, K, Neg, Prp
from smcdel_bridge.syntax import lr, lr_groups


def _outcome(parse, text, start):
    try:
        return ("ok", parse(text, start))
    except (ParseError, LexError) as err:
        return (type(err).__name__, err.line, err.column)


def test_a_repeated_group_is_one_object_equal_to_the_hand_built_tree():
    text = "AND(K a (1 & ~2), OR(3, 4), K a (1 & ~2), OR(3, 4), (1 & ~2))"
    f = lr_groups.parse_text_by_groups(text, "Form")
    inner = Conj((Prp(1), Neg(Prp(2))))
    assert f == Conj((K("a", inner), Disj((Prp(3), Prp(4))), K("a", inner),
                      Disj((Prp(3), Prp(4))), inner))
    assert f.fs[0] is f.fs[2] and f.fs[1] is f.fs[3] and f.fs[4] is f.fs[0].f


def test_a_group_that_a_rule_continues_past_is_not_reused_as_a_formula():
    # "(d)" is a group list before "comknow …": the rule ends after the ")"
    text = "AND((d) comknow whether Top, (d) comknow that Bot, (d) comknow that Bot)"
    f = lr_groups.parse_text_by_groups(text, "Form")
    assert f.fs[0] == Ckw(("d",), lr.parse_text("Top", "Form"))
    assert f.fs[1] == f.fs[2] == Ck(("d",), lr.parse_text("Bot", "Form"))


def test_a_group_read_once_is_stepped_over_in_other_surroundings(monkeypatch):
    # the same group as the first operand of ``&``, after ``&``, after ``|`` and after
    # ``~``: read once, then stepped over wherever the state its ``(`` leads to is the same
    group = "(" + " & ".join(f"(K a {i} | {i + 1})" for i in range(40)) + ")"
    text = f"{group} & 7 & {group} | {group} & ~{group}"
    read = []
    pattern = lr_groups._NEXT

    class Counting:
        def match(self, text, pos):
            read.append(pos)
            return pattern.match(text, pos)

    monkeypatch.setattr(lr_groups, "_NEXT", Counting())
    assert lr_groups.parse_text_by_groups(group, "Form") == lr.parse_text(group, "Form")
    once = len(read)
    read.clear()
    assert lr_groups.parse_text_by_groups(text, "Form") == lr.parse_text(text, "Form")
    assert once < len(read) < once + 20


@pytest.mark.parametrize("text,start", [
    ("AND(1, 2) & (3 | AND(1, 2)) -> (3 | AND(1, 2))", "Form"),
    ("(1 & 2) (1 & 2)", "Form"),                      # a parse error after a known group
    ("AND(1, 2), AND(1, 2) AND(1, 2)", "FormList"),
    ("((1)) & ((1) & (1)) & (((1)))", "Form"),
    ("AND(1, (2) , (2)) | OR (1,(2))", "Form"),
    ("K a (1 & 2) & K a (1 & 2 &) ", "Form"),           # the error inside a repeat
    ("(1 & 2", "Form"), ("1 & 2)", "Form"), (")(", "Form"), ("", "Form"),
    ("VARS 1,2 LAW AND(1, ~2) OBS a: 1 b: 2 VALID? K a AND(1, ~2) "
     "WHERE? ~ K b AND(1, ~2) TRUE? {1} (a, b) comknow that AND(1, ~2)", "CheckInput"),
    ("VARS 1 LAW Top -- a comment (\nOBS a: 1 VALID? (1)", "CheckInput"),
    ("VARS 1 LAW Top -- a comment\nOBS a: 1 VALID? (1) -- (", "CheckInput"),
    ("(1 &\n  2) & -- (\n ( 1&2 ) & ((1 & 2) & (1\t&2 )) &", "Form"),
    ("(a knows that 1) & (a knows  that 1) & (a knows\nthat 1)", "Form"),
    ("(¬ 1 ∧ 2) & (~1 & 2) & (Not 1 ∧ 2) & (not 1 & 2 -> 3) & (~1&2 → 3)", "Form"),
    ("VARS 1 LAW (1) @ OBS", "CheckInput"),
    ("(a knows thatx 1) & (a knows whether (1)) & (Forall2 knows that 1)", "Form"),
    ("(xknows that 1)", "Form"),
    ("(Not1 & not 2) & (Not (1)) & (aNot) & ( Forall 1 , 2 ( 1 ) )", "Form"),
    ("((a , b) comknow that (1)) & ((a) distknow whether 1) & (a comknow that 1)", "Form"),
    ("[ ? ! ( 1 ) ] ( 2 ) & < ! (1) > (2) & [ a ! ( 1 ) ] 2", "Form"),
    ("VARS 1 LAW Top OBS a:1 TRUE ? (1)", "CheckInput"),
    ("VARS 1 LAW Top OBS a:1 TRUE? { 1 } ( 1 ) WHERE? ( 1 )", "CheckInput"),
])
def test_the_same_outcome_as_the_token_driver(text, start):
    assert _outcome(lr_groups.parse_text_by_groups, text, start) == _outcome(lr.parse_text, text, start)


def test_long_repetitive_texts_take_the_group_driver_the_others_the_token_driver(monkeypatch):
    seen = []
    monkeypatch.setattr(lr_groups, "_run", lambda text, *rest: seen.append(text))
    short, long = "(1 & 2)", " & ".join(["(1 & 2)"] * 1000)
    distinct = " & ".join(f"({i} & {i + 1})" for i in range(1000))
    # the same group written with ever more blanks: alike only in the canonical spelling
    unlike = " & ".join(f"(1{' ' * i}∧ 2)" for i in range(1, 301))
    for text in (short, long, distinct, unlike):
        lr_groups.parse_text(text, "Form")
    # a text that repeats its groups as written is read as it is; the other canonically
    assert seen == [long, "&".join(["(1&2)"] * 300)]
    # blanks aside, 5 of every 6 characters lie in a group seen before (all but the first)
    assert 0.82 < lr_groups.repeated_share(long) < 0.84 and lr_groups.repeated_share(distinct) == 0


def _random_formula(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.2:
        return rng.choice(["1", "2", "3", "Top", "(1)", "~2"])
    pick = rng.randrange(7)
    sub = [_random_formula(rng, depth - 1) for _ in range(rng.randrange(1, 4))]
    if pick == 0:
        return f"AND({', '.join(sub)})"
    if pick == 1:
        return f"OR({', '.join(sub)})"
    if pick == 2:
        return f"({sub[0]} & {sub[-1]})"
    if pick == 3:
        return f"K {rng.choice('ab')} ({sub[0]})"
    if pick == 4:
        return f"(a, b) comknow that ({sub[0]})"
    if pick == 5:
        return f"[! {sub[0]}] ({sub[-1]} -> {sub[0]})"
    return f"~({sub[0]}) | {sub[-1]}"


def test_random_formulas_with_repeats_and_damage_agree():
    rng = random.Random(30)
    pieces = [_random_formula(rng, 4) for _ in range(12)]
    for _ in range(300):
        text = " & ".join(rng.choice(pieces) for _ in range(rng.randrange(1, 6)))
        if rng.random() < 0.3:  # drop or double one character: errors must agree too
            at = rng.randrange(len(text))
            text = text[:at] + (text[at] * 2 if rng.random() < 0.5 else "") + text[at + 1:]
        assert _outcome(lr_groups.parse_text_by_groups, text, "Form") == \
            _outcome(lr.parse_text, text, "Form") == \
            _outcome(_as_written, text, "Form"), text


def _as_written(text, start):
    """The group driver over the text as written (groups keyed by their very text)."""
    regular = lr_groups.regular_text(text)
    return lr_groups._groups_or_tokens(text, regular, start, regular)


@pytest.mark.parametrize("text", [
    "(a knows thatx 1) & (a knows whether (1)) & (Forall2 knows that 1) & (¬ 1 ∧ 2)",
    "(Not1 & not 2) & (Not (1)) & (Not (1)) & ( Forall 1 , 2 ( 1 ) ) & (1 & 2 → 3)",
])
def test_the_text_as_written_gives_the_token_drivers_tree(text):
    assert _outcome(_as_written, text, "Form") == _outcome(lr.parse_text, text, "Form")
