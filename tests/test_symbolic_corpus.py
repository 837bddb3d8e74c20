"""The symbolic engine answers every case of the conformance corpus as the reference did."""

from __future__ import annotations

import json
import re

import pytest

from smcdel_bridge.errors import NotBooleanError, SanityError, SmcdelError
from smcdel_bridge.native.symbolic import SymbolicBackend
from smcdel_bridge.program import BoolAnswer, StatesAnswer

syntax = pytest.importorskip("smcdel_bridge.syntax", reason="SMCDEL parser not available")
parse_input = getattr(syntax, "parse_input", None)
if parse_input is None:  # the package may not re-export it yet
    parse_input = pytest.importorskip("smcdel_bridge.syntax.parser").parse_input

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


def check_case(case: dict, backend: SymbolicBackend) -> None:
    try:
        program = parse_input(case["input"])
    except SmcdelError:
        assert case["returncode"] == 1, case["id"]
        return
    expected = recorded_answers(case["stdout"])
    if case["returncode"] == 0:
        got = [plain(a) for a in backend.run(program)]
        assert got == expected, case["id"]
    elif "boolBddOf failed" in case["stderr"]:
        with pytest.raises(NotBooleanError) as info:
            backend.run(program)
        partial = [plain(a) for a in info.value.partial]
        # the reference printed the question that failed, without its answer
        assert partial == expected[:-1], case["id"]
    else:
        assert "Sanity check failed" in case["stderr"], case["id"]
        with pytest.raises(SanityError):
            backend.run(program)


def test_corpus(corpus_path):
    backend = SymbolicBackend()
    cases = load(corpus_path)
    assert len(cases) > 2000
    for case in cases:
        check_case(case, backend)


def test_smcdel_examples(smcdel_examples):
    backend = SymbolicBackend()
    for case in load(smcdel_examples):
        check_case(case, backend)


@pytest.mark.slow
def test_corpus_pure_python_bdds(corpus_path):
    """``dd.autoref`` (the fallback without CUDD) gives the same answers."""
    backend = SymbolicBackend(bdd="autoref")
    for case in load(corpus_path):
        check_case(case, backend)

