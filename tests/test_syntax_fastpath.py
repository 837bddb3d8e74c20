"""The fast path for the published one-line form builds exactly the full parser's tree, or
declines (and the full parser decides, errors included)."""

from __future__ import annotations

import csv
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfront.problem.to_smcdel import announcement_form, hypothesis_form, pub_form
from smcdel_bridge.errors import SmcdelError
from smcdel_bridge.syntax import fastpath
from smcdel_bridge.syntax.fastpath import parse_published
from smcdel_bridge.syntax.parser import parse_input, parse_text
from conftest import TEST_DATA, shared_file
from strategies import formulas

SETTINGS = dict(deadline=None, max_examples=200, suppress_health_check=[HealthCheck.too_slow])


def same_as_full_parser(text: str) -> bool:
    """Whether the fast path took ``text`` (asserting that it then agrees)."""
    fastpath._formulas.clear()
    fastpath._structures.clear()
    fast = parse_published(text)
    try:
        full = parse_text(text)
    except SmcdelError:
        assert fast is None, text
        return False
    if fast is None:
        return False
    assert fast == full, text
    assert parse_published(text) == full  # from the caches too
    return True


def test_published_sample_rows_take_the_fast_path(sample_csv):
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 80
    for row in rows:
        for column in ("smcdel_problem", "pbcheck"):
            assert same_as_full_parser(row[column]), (column, row[column])


@pytest.mark.parametrize("path", [
    TEST_DATA / "smcdel-corpus.jsonl", TEST_DATA / "smcdel-nonboolean.jsonl",
])
def test_corpus_inputs_fast_or_declined(path):
    with open(path, encoding="utf-8") as fh:
        cases = [json.loads(line) for line in fh]
    taken = sum(same_as_full_parser(c["input"]) for c in cases)
    assert len(cases) >= 300 and taken <= len(cases)


def test_smcdel_examples_fast_or_declined():
    path = shared_file("smcdel-conformance", "smcdel-examples.jsonl")
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            same_as_full_parser(json.loads(line)["input"])


def test_generated_rows_take_the_fast_path(tmp_path):
    from pyfront.cli import main

    assert main(["generate", "--size", "40", "--seed", "3", "-o", str(tmp_path / "d"),
                 "--quiet"]) == 0
    rows = [json.loads(line) for line in open(tmp_path / "d" / "train.jsonl", encoding="utf-8")]
    assert len(rows) > 50
    for row in rows:
        assert same_as_full_parser(row["smcdel_problem"]), row["smcdel_problem"]
        assert same_as_full_parser(row["pbcheck"]), row["pbcheck"]


def _program(law: str, anns: list[str], hypothesis: str, agents=("Agenta", "Agentb", "x1")) -> str:
    obs = " ".join(f"{a}:{k + 1}" for k, a in enumerate(agents))
    return f"VARS 0,1,2,3,7 LAW {law} OBS {obs} VALID? " + "".join(a + " " for a in anns) + hypothesis


AGENTS = ("Agenta", "Agentb", "x1")
FORMS = formulas(agents=AGENTS, max_leaves=8)


@settings(**SETTINGS)
@given(st.lists(FORMS, max_size=3), FORMS, st.sampled_from(["Top", "Bot", "(1|2)", "~(3)"]))
def test_published_printing_of_random_formulas(anns, hyp, law):
    """Formulas of every construct, printed as the published form prints them (constructs
    it has no words for fall back to the full input syntax)."""
    text = _program(law, [announcement_form(a) for a in anns], hypothesis_form(hyp))
    same_as_full_parser(text)
    same_as_full_parser(_program(law, [announcement_form(a) for a in anns], pub_form(hyp)))


def published_formulas(max_leaves: int = 10):
    """Formulas of the constructs the published form writes (and the fast path reads)."""
    from smcdel_bridge.language import BOT, TOP, Conj, Disj, Impl, K, Kw, Neg, Prp, Xor

    agent = st.sampled_from(AGENTS)
    leaves = st.one_of(st.just(TOP), st.just(BOT), st.sampled_from((0, 1, 2, 3, 7)).map(Prp))

    def extend(sub):
        some = st.lists(sub, min_size=1, max_size=4).map(tuple)
        return st.one_of(sub.map(Neg), some.map(Conj), some.map(Disj), some.map(Xor),
                         st.builds(Impl, sub, sub), st.builds(K, agent, sub),
                         st.builds(Kw, agent, sub))

    return st.recursive(leaves, extend, max_leaves=max_leaves)


@settings(**SETTINGS)
@given(st.lists(published_formulas(), max_size=4), published_formulas(),
       st.sampled_from(["Top", "(1|2)", "(~(3) -> (1&2))"]))
def test_published_constructs_always_take_the_fast_path(anns, hyp, law):
    text = _program(law, [announcement_form(a) for a in anns], hypothesis_form(hyp))
    assert same_as_full_parser(text), text


@settings(**SETTINGS)
@given(st.lists(FORMS, max_size=2), FORMS)
def test_input_printing_of_random_formulas(anns, hyp):
    from smcdel_bridge.syntax import to_input

    same_as_full_parser(_program("Top", [f"[ ! {to_input(a)} ]" for a in anns], to_input(hyp)))


_PIECES = ["1", "2", "7", "(", ")", "~", "&", "|", "->", " ", "  ", "Agenta", "x1",
           " knows that ", " knows whether ", "knows  that", "XOR(", ",", "Top", "Bot",
           "[ ! ", " ] ", "[", "]", "!", "iff", "K", "-", "--", "\n", "01", "¬",
           "K ", "Kw ", "AND(", "OR(", "not ", "Not", "∧", "∨", "→", "Kwx"]


@settings(**SETTINGS)
@given(st.lists(st.sampled_from(_PIECES), max_size=14), st.lists(st.sampled_from(_PIECES), max_size=10))
def test_token_soup(body, law):
    """Arbitrary token sequences, most of them errors: the fast path never accepts what the
    full parser rejects, and agrees whenever it accepts."""
    same_as_full_parser(_program("".join(law) or "Top", [], "".join(body)))
    same_as_full_parser("VARS 1,2 LAW Top OBS Agenta:1 Agentb:2 VALID? " + "".join(body))


def test_fast_path_answers_and_declines():
    text = ("VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] "
            "[ ! ~(Agentb knows whether 2) ] Agentb knows whether (Agenta knows whether (1|2))")
    assert parse_published(text) is not None
    assert parse_input(text) == parse_text(text)
    # a comment and other blanks: the same tokens in the published spacing
    for written in (text + " -- a comment", text.replace(" OBS ", "\n  OBS\t")):
        assert parse_published(written) == parse_text(written)
    # every spelling the lexer accepts for the same operators
    for spelled in (
        text.replace("Agentb knows whether (Agenta", "Kw Agentb (Agenta"),
        text.replace("~(Agentb knows whether 2)", "not (K Agentb 2 & 1 -> Bot)"),
        text.replace("(1|2)", "OR(1, ¬2 ∧ 1 → Not 1, AND(1))"),
        text.replace("(1|2)", "(1 ∨ 2)"),
    ):
        assert parse_published(spelled) == parse_text(spelled), spelled
    for declined in (
        text.replace("VALID?", "TRUE? {1}"),            # another job
        text.replace("[ ! (1|2) ]", "[!(1|2)]"),         # another spacing
        text + " & 1",                                   # the last formula is not one operand
    ):
        assert parse_published(declined) is None, declined


def test_very_deep_nesting_goes_to_the_full_parser():
    text = "VARS 1 LAW Top OBS a:1 VALID? " + "~" * 20000 + "1"
    assert parse_published(text) is None
    assert parse_input(text).jobs[0].kind == "VALID?"


def test_errors_come_from_the_full_parser():
    with pytest.raises(SmcdelError) as info:
        parse_input("VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] (1 &")
    assert "line 1, column 1" in str(info.value)  # the reference's end-of-input quirk


def test_check_output_is_the_same_without_the_fast_path(tmp_path, capsys, monkeypatch, sample_csv):
    from pyfront.checking import evaluate
    from pyfront.cli import main
    from smcdel_bridge.syntax import parser

    def run() -> str:
        evaluate._ANSWERS.clear()
        fastpath._formulas.clear()
        fastpath._structures.clear()
        main(["check", "--json", str(sample_csv)])
        return capsys.readouterr().out

    fast = run()
    monkeypatch.setattr(parser, "parse_published", lambda text: None)
    slow = run()
    assert fast == slow and fast.count('"row"') == 80


_RESPELL = {"~": ("not ", "Not ", "¬"), "&": ("∧",), "|": ("∨",), "->": ("→",)}


@settings(**SETTINGS)
@given(st.lists(published_formulas(), max_size=3), published_formulas(), st.randoms())
def test_other_spellings_take_the_fast_path_too(anns, hyp, rng):
    """The published texts with each operator in a spelling picked at random: still read
    by the fast path, into the full parser's tree."""
    import re

    text = _program("Top", [announcement_form(a) for a in anns], hypothesis_form(hyp))
    head, _, job = text.partition("VALID? ")
    job = re.sub(r"->|[~&|]", lambda m: rng.choice(_RESPELL[m.group()]), job)
    assert same_as_full_parser(head + "VALID? " + job), job
