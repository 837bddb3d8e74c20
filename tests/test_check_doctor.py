"""``mindgames doctor``: every backend reported, the official one found or explained."""

from __future__ import annotations

import json

import pytest

import fake_smcdel
from pyfront.cli import main


def _report(capsys, *args) -> tuple[int, dict]:
    code = main(["doctor", "--json", *map(str, args)])
    return code, json.loads(capsys.readouterr().out)


def test_doctor_reports_each_backend(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("SMCDEL_BIN", raising=False)
    code, report = _report(capsys)
    assert code == 0
    entries = {e["name"]: e for e in report["backends"]}
    assert set(entries) == {"native", "explicit", "symbolic", "smcdel", "smcdel-library"}
    assert entries["native"]["available"] and entries["native"]["self_test"] == "ok"
    assert entries["explicit"]["self_test"] == "ok"
    assert not entries["smcdel"]["available"]
    assert "not found on PATH" in entries["smcdel"]["remark"]


def test_doctor_finds_and_tests_the_binary(capsys, tmp_path, monkeypatch):
    # the self-test's answers are known facts, checked by the doctor itself: the stand-in
    # answers it with the embedded engine
    replay = fake_smcdel.make(tmp_path, "embedded")
    code, report = _report(capsys, "--smcdel", replay)
    smcdel = next(e for e in report["backends"] if e["name"] == "smcdel")
    assert code == 0 and smcdel["available"]
    assert smcdel["version"] == f"SMCDEL 1.3.0 ({replay})"
    assert smcdel["self_test"] == "ok"
    monkeypatch.setenv("SMCDEL_BIN", str(replay))
    code, report = _report(capsys)
    assert next(e for e in report["backends"] if e["name"] == "smcdel")["available"]


def test_a_broken_binary_fails_the_self_test(capsys, tmp_path):
    liar = fake_smcdel.make(tmp_path, "liar", base="embedded")
    code, report = _report(capsys, "--smcdel", liar)
    smcdel = next(e for e in report["backends"] if e["name"] == "smcdel")
    assert code == 1 and smcdel["self_test"].startswith("failed: answered [False, True]")


def test_doctor_table(capsys, tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))  # no smcdel (CI puts the real one on PATH)
    monkeypatch.delenv("SMCDEL_BIN", raising=False)
    assert main(["doctor"]) == 0  # without a binary named, smcdel is optional
    out = capsys.readouterr().out
    for name in ("native", "explicit", "symbolic", "smcdel", "docs/smcdel-binary.md"):
        assert name in out
