"""Messages count in the right number ("1 item", not "1 items"), and a CSV without the
column every row needs is one error, not one per row."""

from __future__ import annotations

import json

from pyfront.cli import main
from pyfront.words import count


def test_count_words():
    assert count(1, "item") == "1 item"
    assert count(0, "item") == "0 items"
    assert count(2, "story file") == "2 story files"


def _csv(tmp_path, rows: int):
    path = tmp_path / "nocol.csv"
    path.write_text("a,b\n" + "".join(f"{i},{i}\n" for i in range(rows)), encoding="utf-8")
    return path


def test_check_of_a_csv_without_smcdel_problem_is_one_failure(tmp_path, capsys):
    path = _csv(tmp_path, 5)
    assert main(["check", "--json", str(path)]) == 1
    captured = capsys.readouterr()
    records = [json.loads(line) for line in captured.out.splitlines()]
    assert len(records) == 1
    assert records[0]["error"] == f"{path}:1: the CSV header has no smcdel_problem column (its columns: a, b)"
    # no file could be read: the one line for the file, no summary (README, `check`)
    assert captured.err == f"{path}:1: the CSV header has no smcdel_problem column (its columns: a, b)\n"


def test_verbalize_and_import_of_a_csv_without_the_columns_stop_once(tmp_path, capsys):
    path = _csv(tmp_path, 4)
    assert main(["verbalize", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:1: the CSV header has no smcdel_problem, setup and names columns" in err
    out = tmp_path / "out"
    assert main(["import", str(path), "-o", str(out)]) == 1
    assert capsys.readouterr().err.count("\n") == 1 and not out.exists()


def test_a_single_row_is_counted_as_one(tmp_path, capsys):
    path = tmp_path / "one.csv"
    path.write_text("smcdel_problem,label\n"
                    '"VARS 1 LAW Top OBS Agenta:1 VALID? 1",entailment\n', encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "1 item: 1 differ" in err
