"""``mindgames del`` on input with no case, or none readable, exits 1 with one line and
writes nothing; a single bad line among good ones still leaves the others."""

from __future__ import annotations

import json

import pytest

from pyfront.cli import main


def _run(capsys, path):
    code = main(["del", str(path)])
    out, err = capsys.readouterr()
    return code, [json.loads(line) for line in out.splitlines()], err


@pytest.mark.parametrize("content", [b"", b"\n\n  \n"])
def test_a_file_without_cases_exits_1(tmp_path, capsys, content):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(content)
    code, rows, err = _run(capsys, path)
    assert code == 1 and rows == []
    assert err == f"mindgames: {path}: no case in this file\n"


def test_binary_data_is_one_line(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(bytes(range(256)) * 40 + b"\n" + bytes(range(256)) * 40)
    code, rows, err = _run(capsys, path)
    assert code == 1 and rows == [] and err.count("\n") == 1
    assert err.startswith(f"mindgames: {path}:1:1: binary data")
    assert "no case in the file could be read" in err


def test_a_first_line_that_is_not_utf8_is_one_line(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"\xe9\xe9\n" * 50)
    code, rows, err = _run(capsys, path)
    assert code == 1 and rows == [] and err.count("\n") == 1 and "not UTF-8 text" in err


def test_a_file_without_cases_writes_no_output(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"{bad\n")
    out = tmp_path / "out.jsonl"
    assert main(["del", str(path), "-o", str(out)]) == 1
    assert not out.exists()
    assert "no case in the file could be read" in capsys.readouterr().err


def test_one_bad_line_among_others_hides_nothing(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    good = (b'{"id": "c", "model": {"agents": ["a"], "atoms": [1], "worlds": {"w0": [1]}, '
            b'"relations": {"a": {"w0": ["w0"]}}, "actual": "w0", "kind": "S5"}, '
            b'"actions": [], "queries": [{"formula": ["p", 1], "at_actual": true, '
            b'"valid": true}]}\n')
    path.write_bytes(b"{bad\n\xe9\n" + good + b"{also bad\n")
    code, rows, err = _run(capsys, path)
    assert code == 1 and len(rows) == 4
    assert [r.get("agrees") for r in rows] == [None, None, True, None]
