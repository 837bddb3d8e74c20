"""Robustness: garbage and mutated inputs give a result or one SMCDEL error, nothing else.

Inputs are random byte strings, random sequences of the language's own tokens (which get
much deeper into the parser than random bytes do), and corpus inputs with one token
deleted, doubled or swapped or a stray character added — through the parser alone and
through the whole ``mindgames smcdel`` path.
"""

from __future__ import annotations

import importlib
import io
import json
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.errors import LexError, ParseError, SmcdelError
from smcdel_bridge.program import CheckInput
from smcdel_bridge.syntax import parse_input
from smcdel_bridge.syntax.lexer import tokens_list

CORPUS = Path(__file__).parent / "data" / "smcdel-corpus.jsonl"

TOKEN_TEXTS = (
    "VARS", "LAW", "OBS", "TRUE?", "VALID?", "WHERE?", ":", ",", "Top", "Bot", "(", ")",
    "[", "]", "{", "}", "<", ">", "!", "?", "&", "|", "~", "->", "AND", "OR", "XOR",
    "ONEOF", "iff", "K", "Kw", "knows that", "knows whether", "comknow that",
    "comknow whether", "distknow that", "distknow whether", "Forall", "Exists",
    "alice", "bob", "0", "1", "2", "3", "¬", "∧", "∨", "→", "--", "\n", "-", "$", "é",
)

FUZZ = settings(max_examples=150, deadline=None,
                suppress_health_check=[HealthCheck.too_slow])


@lru_cache(maxsize=1)
def corpus_inputs() -> tuple[str, ...]:
    with open(CORPUS, encoding="utf-8") as fh:
        return tuple(json.loads(line)["input"] for line in fh if line.strip())


def parse_outcome(text: str) -> str:
    try:
        assert isinstance(parse_input(text), CheckInput)
        return "ok"
    except (LexError, ParseError) as err:
        assert str(err).count("\n") == 0
        return type(err).__name__


def command_outcome(data) -> int:
    from pyfront.commands.smcdel_cmd import check_text

    out, err = io.StringIO(), io.StringIO()
    code = check_text(data, out, err)
    assert code in (0, 1)
    if code:
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("smcdel: ")
    else:
        assert err.getvalue() == "" and out.getvalue().endswith("Doei!\n")
    return code


token_soup = st.lists(st.sampled_from(TOKEN_TEXTS), max_size=40).map(" ".join)


@st.composite
def mutated_corpus_inputs(draw) -> str:
    """A corpus input with one token deleted, doubled or swapped, or a stray character."""
    text = draw(st.sampled_from(corpus_inputs()))
    try:
        spans = []
        lines = text.split("\n")
        for tok in tokens_list(text):
            line = lines[tok.line - 1]
            start = sum(len(x) + 1 for x in lines[: tok.line - 1]) + min(tok.column - 1, len(line))
            spans.append(start)
    except LexError:
        spans = []
    how = draw(st.sampled_from(("delete", "double", "swap", "stray")))
    if how == "stray" or len(spans) < 2:
        pos = draw(st.integers(0, len(text)))
        return text[:pos] + draw(st.sampled_from("$;#é-~()[]{}<>!?,:&|0a")) + text[pos:]
    i = draw(st.integers(0, len(spans) - 2))
    a, b = spans[i], spans[i + 1]
    if how == "delete":
        return text[:a] + text[b:]
    if how == "double":
        return text[:b] + text[a:b] + text[b:]
    c = spans[i + 2] if i + 2 < len(spans) else len(text)
    return text[:a] + text[b:c] + " " + text[a:b] + text[c:]


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_through_the_parser(data):
    parse_outcome(data.decode("utf-8", errors="replace"))


@FUZZ
@given(token_soup)
def test_token_soup_through_the_parser(text):
    parse_outcome(text)


@FUZZ
@given(mutated_corpus_inputs())
def test_mutated_corpus_inputs_through_the_parser(text):
    parse_outcome(text)


@FUZZ
@given(st.binary(max_size=200))
def test_random_bytes_through_the_command(data):
    importlib.import_module("smcdel_bridge.native.explicit")
    command_outcome(data)


@FUZZ
@given(st.one_of(token_soup.map(lambda t: "VARS 1,2 LAW Top OBS alice: 1 " + t),
                 mutated_corpus_inputs()))
def test_mutated_inputs_through_the_command(text):
    importlib.import_module("smcdel_bridge.native.explicit")
    command_outcome(text)


def test_mutations_reach_every_outcome():
    """The mutation strategy is worth running: it yields accepted and rejected inputs."""
    outcomes = set()

    @settings(max_examples=200, deadline=None, database=None)
    @given(mutated_corpus_inputs())
    def collect(text):
        outcomes.add(parse_outcome(text))

    collect()
    assert {"ok", "ParseError"} <= outcomes


def test_errors_are_smcdel_errors():
    for bad in ("VARS", "VARS 1 LAW $", "\x00"):
        with pytest.raises(SmcdelError):
            parse_input(bad)
