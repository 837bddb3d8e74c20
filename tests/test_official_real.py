"""Against the real ``smcdel`` binary — run when it is on PATH, skipped otherwise."""

from __future__ import annotations

import importlib
import csv
import json
import shutil

import pytest

from smcdel_bridge.official.binary import OfficialBackend, call_binary

pytestmark = pytest.mark.skipif(
    shutil.which("smcdel") is None,
    reason="the official smcdel binary is not on PATH (see docs/smcdel-binary.md)",
)


def test_real_binary_reproduces_the_recorded_transcripts():
    from conftest import TEST_DATA

    binary = shutil.which("smcdel")
    with open(TEST_DATA / "smcdel-corpus.jsonl", encoding="utf-8") as fh:
        cases = [json.loads(line) for line in fh][::25]
    for case in cases:
        result = call_binary(binary, case["input"], timeout=60)
        assert result.returncode == case["returncode"], case["id"]
        assert result.stdout == case["stdout"], case["id"]


def test_real_binary_agrees_with_every_sample_label(sample_csv):
    importlib.import_module("smcdel_bridge.syntax.parser")
    from smcdel_bridge.syntax import parse_input

    with open(sample_csv, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    backend = OfficialBackend()
    assert backend.version_number() == "1.3.0"
    answers = list(backend.run_many(parse_input(r["smcdel_problem"]) for r in rows))
    for row, answer in zip(rows, answers):
        assert answer[0].value == (row["label"] == "entailment")


def test_real_binary_through_the_check_command(sample_csv, capsys):
    from pyfront.cli import main

    assert main(["check", str(sample_csv), "--backend", "both"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(records) == 80 and all(r["backends_agree"] and r["agrees"] for r in records)
