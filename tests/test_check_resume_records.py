"""``check --resume`` keeps only records with the shape of a finished item's: a forged or
cut-down line must not stand for an item never checked.
``examples/forehead.del`` has 8 hypotheses, all with the expected label they get."""

from __future__ import annotations

import json

from pyfront.cli import main

FILE = "examples/forehead.del"


def _rows(path) -> list:
    return [json.loads(line)["row"] for line in path.read_text().splitlines()]


def test_answerless_and_impossible_rows_are_dropped_and_checked_again(tmp_path, capsys):
    out = tmp_path / "res.jsonl"
    out.write_text(f'{{"source": "{FILE}", "row": 99999999999999999999999}}\n'
                   f'{{"source": "{FILE}", "row": -1, "valid": true}}\n'
                   f'{{"source": "{FILE}", "row": 0, "name": 5}}\n')
    assert main(["check", FILE, "-o", str(out), "--resume"]) == 0
    said = capsys.readouterr()
    assert "line 1 is not the record of a finished item: dropped it and the 2 line(s)" \
        in said.err
    assert "all 8 items checked, 8 agree" in said.out
    assert _rows(out) == list(range(8))

