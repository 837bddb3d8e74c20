"""The symbolic engine answers every case of the conformance corpus as the reference did."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from smcdel_bridge.errors import NotBooleanError, SanityError, SmcdelError
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import BoolAnswer, StatesAnswer

from smcdel_bridge.syntax import parse_input

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def recorded_answers(stdout: str) -> list[object]:
    """The reference's answers, in job order: ``True``/``False`` or a list of states."""
    answers: list[object] = []
    current: list | None = None
    for line in _ANSI.sub("", stdout).splitlines():
        if line.startswith("Is "):
            current = None
            answers.append(None)
        elif line.startswith("At which states is "):
            current = []
            answers.append(current)
        elif line in ("True", "False") and answers and answers[-1] is None and current is None:
            answers[-1] = line == "True"
        elif line.startswith("[") and current is not None:
            current.append(tuple(json.loads(line)))
    return answers


def plain(answer) -> object:
    if isinstance(answer, BoolAnswer):
        return answer.value
    assert isinstance(answer, StatesAnswer)
    return list(answer.states)


def load(path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def check_case(case: dict, backend: SymbolicBackend) -> str:
    """Checks one case; returns how it ended (``parse error``, ``answered``, ``not
    Boolean``, ``sanity``), so that tests can count what they compared."""
    try:
        program = parse_input(case["input"])
    except SmcdelError:
        assert case["returncode"] == 1, case["id"]
        return "parse error"
    expected = recorded_answers(case["stdout"])
    if case["returncode"] == 0:
        got = [plain(a) for a in backend.run(program)]
        assert got == expected, case["id"]
        return "answered"
    if "boolBddOf failed" in case["stderr"]:
        with pytest.raises(NotBooleanError) as info:
            backend.run(program)
        partial = [plain(a) for a in info.value.partial]
        # the reference printed the question that failed, without its answer
        assert partial == expected[:-1], case["id"]
        return "not Boolean"
    assert "Sanity check failed" in case["stderr"], case["id"]
    with pytest.raises(SanityError):
        backend.run(program)
    return "sanity"


#: how the cases of tests/data/smcdel-corpus.jsonl end (a change means cases went unchecked)
CORPUS_COUNTS = {"answered": 2056, "parse error": 363, "sanity": 8, "not Boolean": 1}


def test_corpus(corpus_path):
    backend = SymbolicBackend()
    cases = load(corpus_path)
    assert len(cases) == 2428
    counts = Counter(check_case(case, backend) for case in cases)
    assert counts == CORPUS_COUNTS


def test_smcdel_examples(smcdel_examples):
    backend = SymbolicBackend()
    counts = Counter(check_case(case, backend) for case in load(smcdel_examples))
    assert counts == {"answered": 4}


@pytest.mark.slow
def test_corpus_pure_python_bdds(corpus_path):
    """``dd.autoref`` (the fallback without CUDD) gives the same answers."""
    backend = SymbolicBackend(bdd="autoref")
    counts = Counter(check_case(case, backend) for case in load(corpus_path))
    assert counts == CORPUS_COUNTS

