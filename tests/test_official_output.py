"""The reader of the official binary's output, on every recorded transcript of the corpus."""

from __future__ import annotations

import importlib
import json
import re

import pytest

from smcdel_bridge.errors import (
    BackendError, LexError, NotBooleanError, ParseError, SanityError,
)
from smcdel_bridge.official.output import (
    answers_for, read_error, read_transcript, strip_colour,
)
from smcdel_bridge.program import BoolAnswer, StatesAnswer


@pytest.fixture(scope="module")
def corpus(request):
    from conftest import TEST_DATA

    with open(TEST_DATA / "smcdel-corpus.jsonl", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _recorded_answers(stdout: str) -> list:
    """The answers of a transcript, read independently: header lines and coloured lines."""
    text = strip_colour(stdout)
    out = []
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.endswith(" valid on F?") or re.search(r" true at \[[0-9,]*\]\?$", line):
            if line.startswith("Is "):
                out.append(("bool", lines[i + 1] == "True"))
        elif line.startswith("At which states is ") and line.endswith(" true?"):
            states = []
            for nxt in lines[i + 1:]:
                if not nxt.startswith("["):
                    break
                states.append(tuple(int(x) for x in nxt[1:-1].split(",") if x))
            out.append(("states", tuple(states)))
    return out


def test_every_answer_of_the_corpus_is_recovered(corpus):
    jobs = 0
    for case in corpus:
        if case["returncode"] != 0:
            continue
        t = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        assert t.error is None and t.finished, case["id"]
        assert t.version == "1.3.0"
        got = [("bool", a.value) if isinstance(a, BoolAnswer) else ("states", a.states)
               for a in t.answers]
        assert got == _recorded_answers(case["stdout"]), case["id"]
        jobs += len(got)
    assert jobs > 4000


def test_job_count_matches_the_parsed_input(corpus):
    syntax = importlib.import_module("smcdel_bridge.syntax.parser")
    for case in corpus:
        if case["returncode"] != 0:
            continue
        program = syntax.parse_input(case["input"])
        t = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        kinds = [job.kind for job in program.jobs]
        assert [j.kind for j in t.jobs] == kinds, case["id"]
        assert len(answers_for(t, kinds)) == len(kinds)


def test_every_error_of_the_corpus_is_recovered(corpus):
    seen = set()
    for case in corpus:
        if case["returncode"] == 0:
            continue
        t = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        err = t.error
        first = case["stderr"].splitlines()[0].removeprefix("smcdel: ")
        if isinstance(err, (ParseError, LexError)):
            assert str(err) == first
            line, col = map(int, re.findall(r"\d+", first))
            assert (err.line, err.column) == (line, col)
        elif isinstance(err, SanityError):
            reasons = case["stderr"].split("CallStack")[0].splitlines()[1:]
            assert err.reasons == tuple(r.strip() for r in reasons)
            assert all(r.endswith("!") for r in err.reasons)
        else:
            assert isinstance(err, NotBooleanError), case["id"]
            assert str(err) == first
        assert "CallStack" not in str(err)
        seen.add(type(err))
    assert seen == {ParseError, LexError, SanityError, NotBooleanError}


def test_answers_before_a_late_error_are_kept():
    stdout = ("SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
              "Is 1 valid on F?\n\x1b[97mTrue\n\n\x1b[mIs 2 valid on F?\n\x1b[97m")
    stderr = "smcdel: boolBddOf failed: Not a boolean formula.\nCallStack (from HasCallStack):\n  x\n"
    t = read_transcript(stdout, stderr, 1)
    assert t.answers == [BoolAnswer("VALID?", True)]
    assert isinstance(t.error, NotBooleanError)
    assert t.pending == "Is 2 valid on F?"


def test_uncoloured_output_reads_the_same(corpus):
    for case in corpus[:300]:
        coloured = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        plain = read_transcript(strip_colour(case["stdout"]), case["stderr"], case["returncode"])
        assert plain.answers == coloured.answers
        assert str(plain.error) == str(coloured.error)


def test_every_cut_of_a_transcript_keeps_a_prefix_and_says_it_ended_early(corpus):
    cases = [c for c in corpus if c["returncode"] == 0 and c["stdout"].count("\x1b[97m") >= 3][:25]
    assert cases
    for case in cases:
        full = read_transcript(case["stdout"]).answers
        for cut in range(0, len(case["stdout"]) - 1, 7):
            t = read_transcript(case["stdout"][:cut], "", 0)
            assert t.answers == full[: len(t.answers)]
            assert isinstance(t.error, BackendError)
            assert "ended early" in str(t.error)


def test_where_answers_keep_the_reference_order():
    stdout = ("SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
              "At which states is 1 true?\n\x1b[97m[1]\n\x1b[m\x1b[97m[1,2]\n\x1b[m\n"
              "At which states is F true?\n\n\nDoei!\n")
    t = read_transcript(stdout)
    assert t.error is None
    assert t.answers == [StatesAnswer(((1,), (1, 2))), StatesAnswer(())]


@pytest.mark.parametrize("stdout", [
    "Segmentation fault\n",
    "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\nIs 1 valid on F?\nMaybe\n\n\nDoei!\n",
    "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\nHello there\n\nDoei!\n",
    "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n\nDoei!\nmore\n",
])
def test_garbage_is_an_error(stdout):
    t = read_transcript(stdout, "", 0)
    assert isinstance(t.error, BackendError)
    assert "unexpected output" in str(t.error)


def test_exit_statuses_and_signals():
    info = "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
    killed = read_transcript(info, "", -11)
    assert "SIGSEGV" in str(killed.error)
    failed = read_transcript(info, "smcdel: internal error: out of nodes\n", 3)
    assert str(failed.error) == "smcdel exited with status 3: internal error: out of nodes"
    silent = read_transcript(info, "", 2)
    assert "status 2" in str(silent.error)


def test_read_error_ignores_the_trailer_and_other_program_names():
    err = read_error("smcdel-1.3.0: Parse error in line 4, column 2\nCallStack (from HasCallStack):\n"
                     "  error, called at exec/smcdel.hs:34:23 in main:Main\n")
    assert isinstance(err, ParseError) and (err.line, err.column) == (4, 2)
    assert read_error("") is None
    multi = read_error("smcdel: Sanity check failed:\n  OBS contains atoms not in VARS!\n"
                       "  LAW uses atoms not in VARS!\nCallStack (from HasCallStack):\n  x\n")
    assert multi.reasons == ("OBS contains atoms not in VARS!", "LAW uses atoms not in VARS!")


def test_answers_for_checks_kinds_and_count():
    stdout = ("SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
              "Is 1 valid on F?\n\x1b[97mTrue\n\n\x1b[m\nDoei!\n")
    t = read_transcript(stdout)
    assert answers_for(t, ["VALID?"]) == [BoolAnswer("VALID?", True)]
    with pytest.raises(BackendError, match="1 answer"):
        answers_for(t, ["VALID?", "VALID?"])
    with pytest.raises(BackendError, match="TRUE"):
        answers_for(t, ["TRUE?"])


def test_the_example_transcripts_are_recovered(smcdel_examples):
    with open(smcdel_examples, encoding="utf-8") as fh:
        cases = [json.loads(line) for line in fh]
    assert cases
    for case in cases:
        t = read_transcript(case["stdout"], case["stderr"], case["returncode"])
        assert t.error is None and t.finished, case["id"]
        got = [("bool", a.value) if isinstance(a, BoolAnswer) else ("states", a.states)
               for a in t.answers]
        assert got == _recorded_answers(case["stdout"]) and got, case["id"]
