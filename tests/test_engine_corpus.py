"""The explicit engine against recorded answers of the reference SMCDEL 1.3.0 binary:
the conformance corpus, SMCDEL's example files and the published MindGames rows."""

from __future__ import annotations

import importlib
import csv
import json
import re

import pytest

from smcdel_bridge.errors import NotBooleanError, SanityError, SmcdelError
from smcdel_bridge.native import NativeBackend
from smcdel_bridge.native.explicit import ExplicitBackend
from smcdel_bridge.program import BoolAnswer

parser = importlib.import_module("smcdel_bridge.syntax.parser")

VIVID = "\x1b[97m"
RESET = "\x1b[m"
QUESTION = re.compile(r"^(Is .* (valid on F|true at \[[0-9,]*\])\?|At which states is .* true\?)$")


def recorded_answers(stdout: str) -> list[list[str]]:
    """Per job, the answer lines the reference wrapped in colour codes."""
    jobs: list[list[str]] = []
    for line in stdout.split("\n"):
        line = line.replace(RESET, "")
        if QUESTION.match(line):
            jobs.append([])
        elif line.startswith(VIVID) and line[len(VIVID):]:
            jobs[-1].append(line[len(VIVID):])
    return jobs


def shown(answer) -> list[str]:
    if isinstance(answer, BoolAnswer):
        return [str(answer.value)]
    return ["[" + ",".join(map(str, s)) + "]" for s in answer.states]


def disagreements(path, backend) -> tuple[int, list[str]]:
    """Number of cases checked, and a description of each case answered differently."""
    checked, wrong = 0, []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            case = json.loads(line)
            stderr = case["stderr"]
            if case["returncode"] != 0 and "Sanity check" not in stderr and "boolBddOf" not in stderr:
                continue  # lexical and parse errors belong to the parser's tests
            program = parser.parse_input(case["input"])
            checked += 1
            expected = recorded_answers(case["stdout"])
            try:
                got, error = [shown(a) for a in backend.run(program)], None
            except SmcdelError as err:
                got, error = [shown(a) for a in err.partial], err
            if "Sanity check" in stderr:
                reasons = [r.strip() for r in stderr.split("\n")[1:] if r.startswith("  ") and "!" in r]
                ok = isinstance(error, SanityError) and list(error.reasons) == reasons and not got
            elif "boolBddOf" in stderr:
                # the failing job printed its question, then nothing
                ok = isinstance(error, NotBooleanError) and got == expected[:-1] and expected[-1] == []
            else:
                ok = error is None and got == expected
            if not ok:
                wrong.append(f"{case['id']}: expected {expected} got {got} {error!r}")
    return checked, wrong


def test_conformance_corpus(corpus_path):
    checked, wrong = disagreements(corpus_path, ExplicitBackend())
    assert checked > 2000
    assert wrong == [], "\n".join(wrong[:10])


def test_smcdel_examples(smcdel_examples):
    checked, wrong = disagreements(smcdel_examples, NativeBackend())
    assert checked == 4
    assert wrong == [], "\n".join(wrong)


def test_mindgames_sample(sample_csv):
    backend = ExplicitBackend()
    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert len(rows) == 80
    for i, row in enumerate(rows):
        [valid] = backend.run(parser.parse_input(row["smcdel_problem"]))
        assert valid.value == (row["label"] == "entailment"), f"row {i}"
        [contradictory] = backend.run(parser.parse_input(row["pbcheck"]))
        assert contradictory.value is False, f"row {i}: premise is contradictory"
