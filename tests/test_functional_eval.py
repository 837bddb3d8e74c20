"""Functional rows through ``mindgames eval`` and the Inspect task ``mindgames/functional``:
a deterministic model (the stand-in server on loopback, which answers a known quarter of
the prompts wrong) gets the accuracy worked out here from its answer key, through both."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from requirements import require_extra

from pyfront.evaluation.items import Setting, build_items
from pyfront.evaluation.prompts import LETTERS


def _rows_file(tmp_path: Path) -> tuple[Path, list]:
    from pyfront.generate.functional.pipeline import FunctionalConfig, generate

    result = generate(FunctionalConfig(size=8, seed=4))
    rows = [r for n in ("train", "validation", "test") for r in result.splits[n]]
    path = tmp_path / "functional.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path, list(enumerate(rows))


def test_easy_and_hard_distractors_are_the_rows_own(tmp_path):
    _, rows = _rows_file(tmp_path)
    built = build_items(rows, [Setting("mcq", distractors=d) for d in ("hard", "easy")], seed=1)
    assert not built.skipped
    by_row = {r["id"]: r for _, r in rows}
    for it in built.items:
        row = by_row[it.id.split("/")[0]]
        want = row["choices"] if it.setting.distractors == "hard" else row["easy_choices"]
        assert sorted(it.options) == sorted(want)
        assert it.options[it.gold] == row["answer"]
        assert it.meta["distractors"] == it.setting.distractors
        assert it.meta["framing"] == row["framing"]
        assert row["story"] in it.prompt and row["question"] in it.prompt


def test_stand_in_through_eval_and_inspect(tmp_path, monkeypatch):
    require_extra("inspect_ai", "inspect")
    require_extra("openai", "inspect")
    from inspect_ai.log import read_eval_log

    from integrations_support import inspect_eval
    from openai_stand_in import KEY, StandIn, answers_wrong
    from pyfront.cli import main

    path, rows = _rows_file(tmp_path)
    items = build_items(rows, [Setting("mcq")], seed=4).items
    assert len(items) == 16
    key = {it.prompt: (f"({LETTERS[it.gold]})", LETTERS[(it.gold + 1) % len(it.options)])
           for it in items}
    expected = sum(not answers_wrong(p) for p in key) / len(key)
    assert 0 < expected < 1
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with StandIn(key) as server:
        assert main(["eval", str(path), "-m", "openai:stand-in", "-o", str(tmp_path / "run"),
                     "--base-url", server.base_url, "--format", "mcq", "--seed", "4"]) == 0
        env = {"STANDIN_BASE_URL": server.base_url, "STANDIN_API_KEY": KEY}
        log = inspect_eval(tmp_path, "mindgames/functional", "openai-api/standin/stand-in",
                           "-T", f"path={path}", "-T", "seed=4", env=env)
    ours = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert ours["n"] == 16 and ours["accuracy"] == pytest.approx(expected)
    inspect_log = read_eval_log(str(log))
    assert len(inspect_log.samples) == 16
    assert inspect_log.results.scores[0].metrics["accuracy"].value == pytest.approx(expected)
    assert {s.metadata["framing"] for s in inspect_log.samples} == {"context", "state"}
    # eval's breakdown by framing: eight items each, right as the key says
    by_framing = ours["by"]["framing"]
    assert set(by_framing) == {"context", "state"}
    for framing, cell in by_framing.items():
        mine = [p for p, it in zip(key, items) if it.meta["framing"] == framing]
        assert cell["n"] == len(mine) == 8
        assert cell["correct"] == sum(not answers_wrong(p) for p in mine)
