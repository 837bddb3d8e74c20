"""A hypothesis that is a long flat ``or`` chain is answered by ``check``, as ``explain``
and ``render`` handle it: the quick path for published rows hands it on rather than
failing the item."""

from __future__ import annotations

import json

from pyfront.cli import main


def test_a_flat_or_of_50000_terms_is_answered(tmp_path, capsys):
    # muddy(Alice) holds in half of the forehead states: not entailed
    path = tmp_path / "long.del"
    path.write_text("problem big\n  agents Alice, Bob\n  setup forehead\n  hypothesis h: "
                    + " or ".join(["muddy(Alice)"] * 50000) + " expect false\n")
    out = tmp_path / "res.jsonl"
    assert main(["check", str(path), "-o", str(out)]) == 0
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["valid"] is False and "error" not in record
