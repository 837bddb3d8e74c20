"""The one dataset-row reader (:mod:`pyfront.datasets`) and the batch commands built on it."""

from __future__ import annotations

import csv
import io
import json

import pytest

from pyfront.cli import main
from pyfront.data.rows import RowError, iter_rows
from pyfront.errors import UserError


def _csv(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    return path


def test_csv_rows_carry_the_line_where_they_start(tmp_path):
    path = _csv(tmp_path / "d.csv", [{"a": "one"}, {"a": "two\nlines"}, {"a": "three"}])
    assert list(iter_rows(path)) == [(0, 2, {"a": "one"}), (1, 3, {"a": "two\nlines"}),
                                     (2, 5, {"a": "three"})]


def test_bad_json_lines_stand_in_their_row_and_reading_goes_on(tmp_path):
    path = tmp_path / "d.jsonl"
    path.write_text('{"a": 1}\n\n{oops\n[1]\n{"a": 2}\n', encoding="utf-8")
    rows = list(iter_rows(path))
    assert [(row, line) for row, line, _ in rows] == [(0, 1), (1, 3), (2, 4), (3, 5)]
    assert rows[0][2] == {"a": 1} and rows[3][2] == {"a": 2}
    assert isinstance(rows[1][2], RowError) and str(rows[1][2]).startswith("invalid JSON")
    assert rows[1][2].column == 2
    assert rows[2][2] == RowError("a JSON line must hold an object")


def test_a_csv_line_not_utf8_fails_alone_and_the_rows_around_it_are_read(tmp_path):
    path = tmp_path / "d.csv"
    path.write_bytes(b'a,b\n' + b'one,1\n' * 300 + b'"two\nlines",2\n'
                     + b'caf\xe9,3\n' + b'"four\nlin\xe9s",4\n' + b'five,5\n')
    rows = list(iter_rows(path))
    assert [(row, line) for row, line, _ in rows[:2]] == [(0, 2), (1, 3)]
    assert rows[299] == (299, 301, {"a": "one", "b": "1"})
    assert rows[300] == (300, 302, {"a": "two\nlines", "b": "2"})
    assert rows[301] == (301, 304, RowError("not UTF-8 text (invalid continuation byte)",
                                            column=4))
    assert rows[302] == (302, 305, RowError(
        "not UTF-8 text (invalid continuation byte) on line 306, column 4, "
        "in a quoted field opened on line 305"))
    assert rows[303] == (303, 307, {"a": "five", "b": "5"})
    assert len(rows) == 304


def test_a_csv_header_not_utf8_is_one_error(tmp_path):
    path = tmp_path / "d.csv"
    path.write_bytes(b'a,\xff\none,1\n')
    assert list(iter_rows(path)) == [(0, 1, RowError(
        "not UTF-8 text (invalid start byte) in the header; rows from here on are not read",
        column=3))]


def test_check_answers_every_csv_row_before_a_line_not_utf8(tmp_path, capsys):
    good = 'x,y,entailment,"VARS 1,2 LAW Top OBS a: 1 VALID? (1 | ~1)"\n'
    path = tmp_path / "d.csv"
    path.write_bytes(("premise,hypothesis,label,smcdel_problem\n" + good * 5).encode()
                     + b'caf\xe9,y,entailment,"VARS 1,2 LAW Top OBS a: 1 VALID? 1"\n'
                     + good.encode())
    assert main(["check", str(path), "-q"]) == 1
    records = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert [r["valid"] for r in records] == [True] * 5 + [None, True]
    assert records[5]["error"] == (f"{path}: row 5 (line 7): not UTF-8 text "
                                   "(invalid continuation byte)")


def test_a_json_list_and_standard_input(tmp_path, monkeypatch):
    path = tmp_path / "d.json"
    path.write_text(json.dumps([{"a": 1}, 2]), encoding="utf-8")
    assert list(iter_rows(path)) == [(0, None, {"a": 1}),
                                     (1, None, RowError("a JSON row must hold an object"))]
    monkeypatch.setattr("sys.stdin", io.StringIO('{"b": 2}\n'))
    assert list(iter_rows("-")) == [(0, 1, {"b": 2})]


def test_whole_file_problems_are_user_errors(tmp_path):
    with pytest.raises(UserError, match="unknown dataset format"):
        list(iter_rows(tmp_path / "d.txt"))
    broken = tmp_path / "b.json"
    broken.write_text("[{", encoding="utf-8")
    with pytest.raises(UserError, match="invalid JSON") as info:
        list(iter_rows(broken))
    assert info.value.line == 1
    flat = tmp_path / "f.json"
    flat.write_text("{}", encoding="utf-8")
    with pytest.raises(UserError, match="must hold a list"):
        list(iter_rows(flat))


@pytest.mark.parametrize("command", ["verbalize", "import"])
def test_batch_commands_report_unreadable_rows_and_go_on(command, tmp_path, capsys):
    path = tmp_path / "d.jsonl"
    path.write_text('{oops\n{"setup": "nope", "names": "[\'A\']", "smcdel_problem": "x"}\n',
                    encoding="utf-8")
    extra = ["-o", str(tmp_path / "out")] if command == "import" else []
    assert main([command, str(path), *extra]) == 1
    captured = capsys.readouterr()
    assert f"{path}: row 0 (line 1): invalid JSON" in captured.err
    assert f"{path}: row 1 (line 2): unknown setup 'nope'" in captured.err
    if command == "verbalize":
        records = [json.loads(x) for x in captured.out.splitlines()]
        assert [r["row"] for r in records] == [0, 1]
        assert all("error" in r for r in records)


ROW = {"smcdel_problem": "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? Agenta knows whether 2",
       "setup": "forehead", "names": "['Ann' 'Bob']"}


def test_import_and_check_reject_an_invalid_label_alike(tmp_path, capsys):
    data = _csv(tmp_path / "d.csv", [dict(ROW, label="entailment"), dict(ROW, label="maybe")])
    assert main(["import", str(data), "-o", str(tmp_path / "out")]) == 1
    err_import = capsys.readouterr().err
    assert main(["check", str(data)]) == 1
    out, _ = capsys.readouterr()
    reason = "label must be entailment or not_entailment, not 'maybe'"
    assert f"{data}: row 1 (line 3): {reason}" in err_import  # (the header is line 1)
    assert json.loads(out.splitlines()[1])["error"] == f"{data}: row 1: {reason}"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["row00000.del"]


@pytest.mark.parametrize("command", ["import", "check"])
def test_a_missing_dataset_is_worded_alike_and_creates_nothing(tmp_path, capsys, command):
    missing = tmp_path / "nope.csv"
    out = tmp_path / "d"
    extra = ["-o", str(out)] if command == "import" else []
    assert main([command, str(missing), *extra]) == 1
    assert capsys.readouterr().err == f"mindgames: {missing}: no such file or directory\n"
    assert not out.exists()


def test_import_with_no_row_imported_creates_no_folder(tmp_path, capsys):
    data = _csv(tmp_path / "d.csv", [dict(ROW, label="maybe")])
    out = tmp_path / "d"
    assert main(["import", str(data), "-o", str(out)]) == 1
    assert "wrote 0 DSL files; 1 row failed" in capsys.readouterr().err
    assert not out.exists()


#: a JSON-lines file, line by line (1-based lines): the broken rows and the line each is on
BROKEN_LINES = [
    (json.dumps(ROW).encode(), None),
    (b"", None),  # a blank line: no row, but a line
    (b'{"setup": "forehead", "names": "x\xff"}', "not UTF-8 text"),
    (b'{"setup": ', "invalid JSON"),
    (json.dumps({k: v for k, v in ROW.items() if k != "setup"}).encode(), "row has no 'setup'"),
    (json.dumps(dict(ROW, smcdel_problem=7)).encode(), "smcdel_problem is not text"),
    (json.dumps(dict(ROW, label=7)).encode(), "label must be entailment or not_entailment"),
    (json.dumps(ROW).encode(), None),
]


@pytest.mark.parametrize("command", ["verbalize", "import"])
def test_each_broken_row_is_named_by_its_line_and_the_others_are_done(command, tmp_path, capsys):
    path = tmp_path / "d.jsonl"
    path.write_bytes(b"\n".join(text for text, _ in BROKEN_LINES) + b"\n")
    out = tmp_path / ("out.jsonl" if command == "verbalize" else "out")
    assert main([command, str(path), "-o", str(out)]) == 1
    err = capsys.readouterr().err.splitlines()
    rows = [k for k, (text, _) in enumerate(BROKEN_LINES) if text]  # lines holding a row
    expected = [f"mindgames: {path}: row {rows.index(k)} (line {k + 1}): {words}"
                for k, (_, words) in enumerate(BROKEN_LINES) if words]
    assert len(err) == len(expected) + 1  # and the summary line
    for line, start in zip(err, expected):
        assert line.startswith(start), (line, start)
    good = [n for n, k in enumerate(rows) if BROKEN_LINES[k][1] is None]
    if command == "import":
        assert sorted(p.name for p in out.iterdir()) == [f"row{r:05d}.del" for r in good]
    else:
        records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
        assert [r["row"] for r in records if "premise" in r] == good
        assert [r["line"] for r in records if "error" in r] == \
            [k + 1 for k, (_, words) in enumerate(BROKEN_LINES) if words]


def test_verbalize_replaces_an_existing_output_only_with_force(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    out.write_text("kept\n", encoding="utf-8")
    assert main(["verbalize", str(data), "-o", str(out)]) == 1
    assert capsys.readouterr().err == \
        f"mindgames: {out}: the file exists: give --force to replace it\n"
    assert out.read_text(encoding="utf-8") == "kept\n"
    assert main(["verbalize", str(data), "-o", str(out), "--force"]) == 0
    assert json.loads(out.read_text(encoding="utf-8"))["row"] == 0


def test_verbalize_of_a_dataset_that_cannot_be_read_makes_no_output(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["verbalize", str(tmp_path / "nope.csv"), "-o", str(out)]) == 1
    assert "No such file" in capsys.readouterr().err
    assert not out.exists()


def test_import_with_an_empty_output_name_is_a_usage_error(tmp_path, monkeypatch, capsys):
    data = tmp_path / "d.jsonl"
    data.write_text(json.dumps(ROW) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as stop:
        main(["import", str(data), "-o", "", "--force"])
    assert stop.value.code == 2 and "the name is empty" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.jsonl"]
