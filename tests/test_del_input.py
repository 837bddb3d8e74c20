"""``mindgames del`` on input with no case exits 1 with one error; binary data is one
error, not one per line; a single bad line among good ones still leaves the others."""

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
    assert code == 1
    assert rows == [{"id": None, "error": f"{path}: no case to check"}]


def test_binary_data_is_one_error(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(bytes(range(256)) * 40 + b"\n" + bytes(range(256)) * 40)
    code, rows, err = _run(capsys, path)
    assert code == 1 and len(rows) == 1
    assert rows[0]["error"].startswith(f"{path}:1:1: binary data")


def test_a_first_line_that_is_not_utf8_is_one_error(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"\xe9\xe9\n" * 50)
    code, rows, err = _run(capsys, path)
    assert code == 1 and len(rows) == 1 and "not UTF-8 text" in rows[0]["error"]


def test_one_bad_line_among_others_hides_nothing(tmp_path, capsys):
    path = tmp_path / "cases.jsonl"
    path.write_bytes(b"{bad\n\xe9\n{also bad\n")
    code, rows, err = _run(capsys, path)
    assert code == 1 and len(rows) == 3
