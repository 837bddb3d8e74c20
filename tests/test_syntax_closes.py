"""Closing parentheses found on demand (syntax/closes.py) and long texts read without a
pass over every character: the answers of a plain stack over the whole text, and the
errors the token driver gives."""

from __future__ import annotations

import random

import pytest

from smcdel_bridge.errors import LexError, ParseError
from smcdel_bridge.syntax import lr, lr_groups
from smcdel_bridge.syntax.closes import Closes


def _true_closes(text: str) -> dict[int, int]:
    """Every ``(`` that is closed, to its ``)``: one stack over the whole text."""
    out, opened = {}, []
    for at, char in enumerate(text):
        if char == "(":
            opened.append(at)
        elif char == ")" and opened:
            out[opened.pop()] = at
    return out


def _group(rng: random.Random, depth: int) -> str:
    if depth == 0 or rng.random() < 0.15:
        return rng.choice(["1", "(2)", "~(3 & 4)", "Top"])
    parts = [_group(rng, depth - 1) for _ in range(rng.randrange(1, 5))]
    pick = rng.randrange(4)
    if pick == 0:
        return "(" + " & ".join(parts) + ")"
    if pick == 3:
        return "K a (" + parts[0] + ")"
    return ("AND(", "OR(")[pick - 1] + ", ".join(parts) + ")"


@pytest.mark.parametrize("seed", range(6))
def test_every_answer_is_the_closing_parenthesis_and_long_groups_are_always_answered(seed):
    rng = random.Random(seed)
    pieces = [_group(rng, 6) for _ in range(8)]
    text = " & ".join(rng.choice(pieces) for _ in range(60))
    if seed % 2:  # an unclosed group somewhere: what is after it is still answered right
        at = rng.randrange(len(text))
        text = text[:at] + "(" + text[at:]
    truth = _true_closes(text)
    closes = Closes(text)
    opens = [at for at, char in enumerate(text) if char == "("]
    i = 0
    while i < len(opens):  # as the driver asks: every "(" it reads, at rising offsets
        at = opens[i]
        close = closes.get(at)
        assert close is None or close == truth.get(at), (at, close, truth.get(at))
        if close is None and at in truth:
            # only a short group goes unanswered (its ")" within a few hundred characters)
            assert truth[at] - at < 250
        i += 1
        if close is not None and rng.random() < 0.5:  # known: the driver steps over it
            while i < len(opens) and opens[i] < close:
                i += 1
        elif close is not None and rng.random() < 0.7:  # read and recorded as one group
            closes.remember(at, close)
    assert closes.heads, "no group was long enough to be remembered: the test checks too little"


def _outcome(parse, text, start="Form"):
    try:
        return ("ok", parse(text, start))
    except (ParseError, LexError) as err:
        return (type(err).__name__, err.line, err.column)


def _long_text(rng: random.Random) -> str:
    pieces = [_group(rng, 5) for _ in range(4)]
    lines, size = [], 0
    while size < 6000:
        line = " & ".join(rng.choice(pieces) for _ in range(rng.randrange(1, 4)))
        lines.append(line)
        size += len(line) + 4
    return " &\n".join(lines)


@pytest.mark.parametrize("bad", ["#", "-", "\x01", "\x04", "é", "- >"])
def test_a_character_no_rule_accepts_fails_as_the_token_driver_says(bad, monkeypatch):
    rng = random.Random(7)
    ran = []
    group_run = lr_groups._run
    monkeypatch.setattr(lr_groups, "_run", lambda *a: ran.append(1) or group_run(*a))
    for _ in range(12):
        text = _long_text(rng)
        assert lr_groups.repeated_share(text, squeeze=False) >= lr_groups.REPEATED_FROM
        at = rng.choice([rng.randrange(len(text)), len(text) - 1, len(text) // 2])
        damaged = text[:at] + bad + text[at:]
        expected = _outcome(lr.parse_text, damaged)
        assert expected[0] != "ok"
        assert _outcome(lr_groups.parse_text, damaged) == expected
        outcome = _outcome(lr_groups.parse_text, text)
        assert outcome[0] == "ok" and outcome == _outcome(lr.parse_text, text)
    assert ran, "the group driver never ran: the texts are not repetitive enough"


def test_long_texts_with_any_one_character_dropped_or_doubled_agree():
    rng = random.Random(11)
    for _ in range(40):
        text = _long_text(rng)
        at = rng.randrange(len(text))
        text = text[:at] + (text[at] * 2 if rng.random() < 0.5 else "") + text[at + 1:]
        assert _outcome(lr_groups.parse_text, text) == _outcome(lr.parse_text, text), at


def test_a_phrase_character_of_the_canonical_spelling_is_no_token_in_a_text():
    # "\x01" stands for "knows that" inside the canonical spelling only: written in a text,
    # it is a character no rule accepts, even where "knows that" would be read
    text = " & ".join(["(a knows that (1 & 2))"] * 300) + " & (a \x01 (1 & 2))"
    expected = _outcome(lr.parse_text, text)
    assert expected[0] == "LexError"
    assert _outcome(lr_groups.parse_text, text) == expected


def test_long_texts_spelled_with_the_other_symbols_give_the_token_drivers_trees(monkeypatch):
    rng = random.Random(5)
    ran = []
    group_run = lr_groups._run
    monkeypatch.setattr(lr_groups, "_run", lambda *a: ran.append(a[0]) or group_run(*a))
    for _ in range(6):
        text = _long_text(rng).replace(" & ", " ∧ ").replace("~", "¬ ")
        text = text.replace("Top", "(1 ∨ 2 → 3)")
        outcome = _outcome(lr_groups.parse_text, text)
        assert outcome[0] == "ok" and outcome == _outcome(lr.parse_text, text)
    assert ran and all(read.isascii() for read in ran)
