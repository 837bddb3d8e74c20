"""``mindgames certify``: ToMi and Hi-ToM with the certified answer beside the original label,
loadable by ``datasets.load_dataset`` without a warning, the card's counts those of
``mindgames check``'s records, every original field kept."""

from __future__ import annotations

import json
import re
import warnings
from collections import Counter

import pytest

from conftest import shared_file
from pyfront.cli import main


def _card_counts(card: str) -> Counter:
    table = card.split("## Counts by class", 1)[1].split("##", 1)[0]
    return Counter({m[1]: int(m[2]) for m in re.finditer(r"^\| (\w+) \| (\d+) \|$", table, re.M)})


def _certify_and_compare(tmp_path, fmt: str, src):
    out = tmp_path / f"{fmt}-certified"
    assert main(["certify", str(src), "--format", fmt, "-o", str(out)]) == 0
    checked = tmp_path / "check.jsonl"
    main(["check", str(src), "--format", fmt, "-q", "-o", str(checked)])
    records = [json.loads(x) for x in checked.read_text().splitlines()]
    # the report's classes: agreement, the disagreement's kind, or an error
    want = Counter("unmodelled" if r.get("error") else "agrees" if r["agrees"]
                   else (r.get("class") or r.get("disagreement")) for r in records)
    card = (out / "README.md").read_text()
    assert _card_counts(card) == want
    datasets = pytest.importorskip("datasets", reason="datasets is not installed ([test] extra)")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loaded = datasets.load_dataset(str(out), cache_dir=str(tmp_path / "hf-cache"))
    rows = list(loaded["test"])
    assert len(rows) == len(records)
    return rows, records, card


def test_hitom_certified_split(tmp_path):
    src = shared_file("hitom", "hitom_shared.jsonl")
    rows, records, card = _certify_and_compare(tmp_path, "hitom", src)
    originals = [json.loads(x) for x in src.read_text().splitlines() if x.strip()]
    assert "license: apache-2.0" in card and "Hi-ToM" in card and "@inproceedings" in card
    for row, orig, rec in zip(rows, originals, records):
        assert {k: row[k] for k in orig} == orig  # every original field, unchanged
        assert row["agrees"] == (row["certified_answer"] == [orig["answer"]])
        if orig["question_order"] == 0:
            # where the object really is: the last sentence that puts it somewhere
            obj = re.search(r"Where is the (\w+) really", orig["question"])[1]
            places = re.findall(rf"(?:The {obj} is in the|moved the {obj} to the) (\w+)\.",
                                orig["story"])
            assert row["certified_answer"] == [places[-1]]
        if not row["agrees"]:
            assert row["explanation"] and row["class"] not in ("agrees", "unmodelled")


@pytest.mark.slow
def test_tomi_certified_split(tmp_path):
    src = shared_file("tomi", "fb_all_val.txt")
    rows, records, card = _certify_and_compare(tmp_path, "tomi", src)
    assert len(rows) == 5994
    assert "ToMi" in card and "Le, Matthew" in card
    for row, rec in zip(rows, records):
        assert row["answer"] == rec["expected"] and row["question"] == rec["question"]
        assert row["story"].split("\n")[0].startswith("1 ")


def test_missing_file_is_one_line(tmp_path, capsys):
    assert main(["certify", str(tmp_path / "nope.jsonl"), "--format", "hitom",
                 "-o", str(tmp_path / "o")]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mindgames: ") and "no such file" in err[0]


def test_a_folder_with_files_needs_force(tmp_path, capsys):
    src = shared_file("hitom", "hitom_shared.jsonl")
    out = tmp_path / "o"
    out.mkdir()
    (out / "notes.txt").write_text("mine\n")
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out)]) != 0
    assert "--force" in capsys.readouterr().err
    assert main(["certify", str(src), "--format", "hitom", "-o", str(out), "--force"]) == 0
    assert (out / "notes.txt").read_text() == "mine\n"
    assert len((out / "test.jsonl").read_text().splitlines()) == 300


def test_reasoning_core_rows(tmp_path):
    """Rows generated with the library (seeded), certified: every key of each row kept, the
    certified answer beside the library's, the card's counts those of `check`'s records."""
    from requirements import require_extra

    require_extra("reasoning_core", "peers")
    from pyfront.rcore.rows import generate_rows

    src = tmp_path / "rows.jsonl"
    generated = list(generate_rows(per_level=2, seed=3))
    src.write_text("".join(json.dumps(r) + "\n" for r in generated))
    rows, records, card = _certify_and_compare(tmp_path, "reasoning-core", src)
    assert len(rows) == len(generated) == 12
    for original, row, record in zip(generated, rows, records):
        assert row["answer"] == original["answer"] and row["prompt"] == original["prompt"]
        assert row["agrees"] == record["agrees"]
        assert row["certified_answer"] == ([record["answer"]] if isinstance(record["answer"], str)
                                           else record["answer"])
    assert "reasoning-core" in card
