"""Golden test of the syntax half against the reference's recorded behaviour.

For every case of the conformance corpus (and SMCDEL's own examples): the same
accept/reject decision, the same lexical/parse error with the same line and column, the
same sanity complaints, and — for every accepted case — the reference's question lines
(which show its pretty-printing of the parsed formulas) reproduced exactly.
"""

from __future__ import annotations

import json
import re

from smcdel_bridge.errors import LexError, ParseError, SanityError
from smcdel_bridge.syntax import parse_formula, parse_input, sanity_check, to_input
from smcdel_bridge.syntax.output import HEADER, format_job_header, strip_colour

_QUESTION = re.compile(r"^(Is .* (valid on F|true at \[[-0-9,]*\])\?|At which states is .* true\?)$")


def load_cases(path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def reference_error(case: dict) -> str | None:
    """The reference's error message without its program name and call-stack trailer."""
    if not case["stderr"]:
        return None
    return case["stderr"].split("\nCallStack (from HasCallStack)")[0].removeprefix("smcdel: ")


def syntax_outcome(text: str):
    """``("ok", program)``, or the error class name and message."""
    try:
        return "ok", parse_input(text)
    except (LexError, ParseError) as err:
        return type(err).__name__, str(err)


def check_case(case: dict) -> list[str]:
    """Every way our syntax half disagrees with the recorded case (empty: agrees)."""
    problems = []
    expected = reference_error(case) or ""
    kind, got = syntax_outcome(case["input"])
    if expected.startswith(("Parse error", "lexical error")):
        if kind == "ok" or got != expected:
            problems.append(f"expected {expected!r}, got {got if kind != 'ok' else 'accepted'}")
        return problems
    if kind != "ok":
        return [f"expected acceptance, got {got!r}"]
    program = got
    try:
        sanity_check(program)
        sane = None
    except SanityError as err:
        sane = "Sanity check failed:\n  " + "\n  ".join(err.reasons)
    if expected.startswith("Sanity check failed"):
        if sane != expected:
            problems.append(f"expected {expected!r}, got {sane!r}")
        return problems
    if sane is not None:
        return [f"unexpected sanity failure {sane!r}"]
    stdout = strip_colour(case["stdout"])
    if not stdout.startswith(HEADER):
        problems.append("recorded stdout lacks the info line")
    questions = [ln for ln in stdout.splitlines() if _QUESTION.match(ln)]
    ours = [format_job_header(job).rstrip("\n") for job in program.jobs]
    complete = case["returncode"] == 0
    if (ours if complete else ours[: len(questions)]) != questions:
        problems.append(f"question lines differ:\n  ours {ours}\n  ref  {questions}")
    return problems


def run_corpus(cases: list[dict]) -> dict[str, list[str]]:
    failures = {}
    for case in cases:
        problems = check_case(case)
        if problems:
            failures[case["id"]] = problems
    return failures


def test_corpus_syntax_agrees_on_every_case(corpus_path):
    cases = load_cases(corpus_path)
    assert len(cases) >= 2000
    failures = run_corpus(cases)
    assert not failures, f"{len(failures)} of {len(cases)} cases differ: " + json.dumps(
        dict(list(failures.items())[:5]), indent=1)


def test_smcdel_examples_syntax(smcdel_examples):
    cases = load_cases(smcdel_examples)
    assert cases
    assert run_corpus(cases) == {}


def test_corpus_covers_every_outcome(corpus_path):
    """The golden test above is meaningful: the corpus holds each kind of outcome."""
    kinds = {syntax_outcome(c["input"])[0] for c in load_cases(corpus_path)}
    assert kinds == {"ok", "LexError", "ParseError"}


def test_corpus_formulas_round_trip_through_input_text(corpus_path):
    for case in load_cases(corpus_path):
        kind, program = syntax_outcome(case["input"])
        if kind != "ok":
            continue
        for form in [program.structure.law] + [job.form for job in program.jobs]:
            assert parse_formula(to_input(form)) == form, case["id"]
