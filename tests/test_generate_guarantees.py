"""What ``mindgames generate`` promises, for the seeds that once broke it, and the checks
it makes before any work (options, output folder)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.generate.pipeline import GenerateConfig, generate, render_group, unique_premise_texts

SPLITS = ("train", "validation", "test")


def audit(directory: Path) -> dict:
    premise_split: dict[str, str] = {}
    leaked, pairs, ids = set(), set(), set()
    repeated_pairs = repeated_ids = rows = 0
    for split in SPLITS:
        for line in (directory / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            rows += 1
            if premise_split.setdefault(r["premise"], split) != split:
                leaked.add(r["premise"])
            repeated_pairs += (r["premise"], r["hypothesis"]) in pairs
            pairs.add((r["premise"], r["hypothesis"]))
            repeated_ids += r["id"] in ids
            ids.add(r["id"])
    return {"rows": rows, "leaked": len(leaked), "pairs": repeated_pairs, "ids": repeated_ids}


def test_seed_2_size_500_keeps_premise_texts_in_one_split(tmp_path, capsys):
    # this run once wrote a premise text into both validation and test, and exited 1
    out = tmp_path / "g"
    assert main(["generate", "--size", "500", "--seed", "2", "-o", str(out), "--quiet"]) == 0
    assert capsys.readouterr().err == ""
    assert audit(out) == {"rows": 2000, "leaked": 0, "pairs": 0, "ids": 0}


@pytest.mark.slow
@pytest.mark.parametrize("seed,size", [(s, 2000) for s in range(1, 9)] + [(1, 5000)])
def test_sweep_keeps_every_guarantee(tmp_path, seed, size):
    out = tmp_path / "g"
    assert main(["generate", "--size", str(size), "--seed", str(seed), "-o", str(out),
                 "--quiet"]) == 0
    assert audit(out) == {"rows": 4 * size, "leaked": 0, "pairs": 0, "ids": 0}


def _named_group(result):
    """A premise group whose English names one of its agents (other names change it)."""
    groups = [g for p in result.progress.values() for g in p.groups.values()]
    for g in groups:
        rows = render_group(g, result.config.seed, "mindgames")
        if any(name in rows[0]["premise"] for name in rows[0]["names"]):
            return g, rows
    raise AssertionError("no premise names an agent")


def test_a_premise_text_met_twice_gets_other_names():
    result = generate(GenerateConfig(size=20, seed=5))
    group, rows = _named_group(result)
    kept, rendered, renamed, dropped = unique_premise_texts(
        [group, group], [rows, [dict(r) for r in rows]], 5, "mindgames")
    assert kept == [group, group] and renamed == [group] and dropped == []
    assert rendered[0] == rows
    assert rendered[1][0]["premise"] != rows[0]["premise"]
    assert len(rendered[1]) == len(rows)
    assert {r["id"] for r in rendered[0]}.isdisjoint(r["id"] for r in rendered[1])
    # deterministic: the same inputs give the same names again
    again = unique_premise_texts([group, group], [rows, rows], 5, "mindgames")[1]
    assert again == rendered


def test_a_premise_text_no_names_can_change_is_dropped(monkeypatch):
    from pyfront.generate import rendering

    result = generate(GenerateConfig(size=20, seed=5))
    group, rows = _named_group(result)
    # a premise whose English names nobody: every name draw reads the same
    unnamed = [dict(r, premise="There are two persons.") for r in rows]
    monkeypatch.setattr(rendering, "render_group", lambda *a, **k: [dict(r) for r in unnamed])
    kept, rendered, renamed, dropped = rendering.unique_premise_texts(
        [group, group], [unnamed, unnamed], 5, "mindgames")
    assert kept == [group] and rendered == [unnamed] and dropped == [group] and renamed == []


def test_existing_dataset_is_not_replaced_without_force(tmp_path, capsys):
    out = tmp_path / "g"
    assert main(["generate", "--size", "10", "--seed", "1", "-o", str(out), "--quiet"]) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    assert main(["generate", "--size", "10", "--seed", "2", "-o", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "already holds a dataset" in err and "--force" in err
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert main(["generate", "--size", "10", "--seed", "2", "-o", str(out), "--quiet",
                 "--force"]) == 0
    assert (out / "train.jsonl").read_bytes() != before["train.jsonl"]


def test_an_empty_existing_folder_is_fine(tmp_path):
    assert main(["generate", "--size", "10", "-o", str(tmp_path), "--quiet"]) == 0


def test_unwritable_output_is_found_before_any_work(tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    t0 = time.perf_counter()
    assert main(["generate", "--size", "20000", "-o", str(blocker / "sub"), "--quiet"]) == 1
    assert time.perf_counter() - t0 < 5  # 20000 rows per setup would take far longer
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write here" in err and str(blocker / "sub") in err


@pytest.mark.parametrize("order", ["50", "0-3", "2-11"])
def test_order_out_of_bounds_is_refused_up_front(tmp_path, capsys, order):
    out = tmp_path / "g"
    assert main(["generate", "--size", "10", "--order", order, "-o", str(out), "--quiet"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--order must lie within 1-10" in err
    assert not out.exists()


def test_options_that_give_no_row_write_nothing(tmp_path, capsys):
    out = tmp_path / "g"
    code = main(["generate", "--size", "10", "--announcements", "12", "--setups", "internal",
                 "-o", str(out), "--quiet"])
    assert code == 1
    err = capsys.readouterr().err
    assert "no row could be made" in err and not out.exists()
