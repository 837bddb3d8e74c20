"""Golden test of ``mindgames smcdel`` against every recorded run of the reference.

Standard output must equal the recorded one (colour codes included when asked for them,
and therefore also without them), standard error must be the recorded message without
the Haskell call-stack trailer (with the sanity report on one line, as every error of
ours is), and the exit code must match.
"""

from __future__ import annotations

import importlib
import io
import json

import pytest

importlib.import_module("smcdel_bridge.native.explicit")

from pyfront.commands.smcdel_cmd import check_text  # noqa: E402
from smcdel_bridge.syntax.output import strip_colour  # noqa: E402

TRAILER = "CallStack (from HasCallStack):"


def load_cases(path) -> list[dict]:
    with open(path, encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def expected_stderr(case: dict) -> str:
    """The recorded error without the trailer; the sanity report joined into one line."""
    err = case["stderr"]
    err = err[: err.index(TRAILER)] if TRAILER in err else err
    if err.startswith("smcdel: Sanity check failed:\n"):
        reasons = [ln.strip() for ln in err.splitlines()[1:] if ln.strip()]
        err = "smcdel: Sanity check failed: " + "; ".join(reasons) + "\n"
    return err


def disagreements(cases: list[dict], **options) -> dict[str, str]:
    bad = {}
    for case in cases:
        out, err = io.StringIO(), io.StringIO()
        code = check_text(case["input"], out, err, colour=True, **options)
        if out.getvalue() != case["stdout"]:
            same_text = strip_colour(out.getvalue()) == strip_colour(case["stdout"])
            bad[case["id"]] = "colour codes differ" if same_text else "stdout differs"
        elif err.getvalue() != expected_stderr(case):
            bad[case["id"]] = f"stderr {err.getvalue()!r} != {expected_stderr(case)!r}"
        elif code != case["returncode"]:
            bad[case["id"]] = f"exit code {code} != {case['returncode']}"
    return bad


def test_corpus_output_identical(corpus_path):
    cases = load_cases(corpus_path)
    bad = disagreements(cases)
    assert not bad, f"{len(bad)} of {len(cases)} differ, e.g. {dict(list(bad.items())[:5])}"


def test_smcdel_examples_output_identical(smcdel_examples):
    assert disagreements(load_cases(smcdel_examples)) == {}


@pytest.mark.slow
def test_corpus_output_identical_on_the_symbolic_engine(corpus_path):
    importlib.import_module("smcdel_bridge.native.symbolic")
    cases = load_cases(corpus_path)
    assert disagreements(cases, engine="symbolic") == {}
