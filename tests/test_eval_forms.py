"""``eval`` and ``export lm-eval`` on the folder ``generate --family stories`` writes
(``qa/`` and ``nli/``): every form is evaluated or exported, none refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from pyfront.cli import main


@pytest.fixture(scope="module")
def stories(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("forms") / "stories"
    assert main(["generate", "--family", "stories", "--size", "20", "--seed", "5", "-o", str(out),
                 "--quiet"]) == 0
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == ["nli", "qa"]
    return out


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def test_eval_runs_every_form(stories, tmp_path, capsys):
    run = tmp_path / "run"
    assert main(["eval", str(stories), "-m", "baseline:majority", "-o", str(run)]) == 0
    for form in ("nli", "qa"):
        metrics = json.loads((run / form / "metrics.json").read_text())
        assert metrics["n"] == len(_rows(stories / form / "test.jsonl"))
        formats = {r["format"] for r in _rows(run / form / "results.jsonl")}
        assert formats == ({"mcq"} if form == "qa" else {"nli"})


def test_export_writes_the_tasks_of_every_form(stories, tmp_path, capsys):
    out = tmp_path / "tasks"
    assert main(["export", "lm-eval", str(stories), "-o", str(out)]) == 0
    names = {p.stem for p in out.glob("*.yaml")}
    assert {"mindgames_stories_nli_mc", "mindgames_stories_qa_mc"} <= names
    qa = yaml.safe_load((out / "mindgames_stories_qa_mc.yaml").read_text())
    assert qa["dataset_kwargs"]["data_files"]["test"].endswith("qa/test.jsonl")
