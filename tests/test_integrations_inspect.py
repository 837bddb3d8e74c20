"""``inspect eval mindgames/<task>``: every task runs offline with our baseline providers, its
log holds scored samples with their metadata and the scores the baseline's answers deserve
(worked out here from each prompt), and a deterministic model (the stand-in server on
loopback) gets the same accuracy through Inspect as through ``mindgames eval``."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from requirements import require_extra

require_extra("inspect_ai", "inspect")
require_extra("openai", "inspect")

from inspect_ai.log import read_eval_log  # noqa: E402

from conftest import shared_file  # noqa: E402
from integrations_support import inspect_eval  # noqa: E402
from openai_stand_in import KEY, StandIn, answers_wrong  # noqa: E402

SHARED_TOMI = ("tomi", "fb_all_val.txt")
SHARED_HITOM = ("hitom", "hitom_shared.jsonl")


def _majority_deserves(sample) -> bool:
    """What `mindgames/majority` earns, from the prompt alone: True on NLI, A on multiple
    choice, on an open question the container the story names most often (first on a
    tie) — right when the target says so."""
    text = sample.input if isinstance(sample.input, str) else sample.input[-1].text
    if sample.choices:
        return sample.target == "A"
    if text.endswith("True or False?\nAnswer:"):
        return sample.target == "True"
    story = text.rsplit("\nQuestion:", 1)[0]
    named = re.findall(r"\b(?:in|to|into) the ([A-Za-z_]+)", story)
    counts = Counter(named)
    best = max(dict.fromkeys(named), key=lambda c: counts[c])
    targets = [sample.target] if isinstance(sample.target, str) else sample.target
    return best.replace("_", " ").lower() in {t.replace("_", " ").lower() for t in targets}


def _check_log(path: Path, n: int) -> list:
    log = read_eval_log(str(path))
    assert log.status == "success"
    samples = log.samples or []
    assert len(samples) == n
    for s in samples:
        assert s.scores, f"sample {s.id} not scored"
        for key in ("order", "deception", "setting", "shortcut"):
            assert key in s.metadata, f"sample {s.id} has no {key}"
        (score,) = s.scores.values()
        assert (score.value == "C") == _majority_deserves(s), s.id
    return samples


@pytest.mark.parametrize("task", ["nli", "stories"])
def test_generated_tasks_score_the_majority_baseline(tmp_path, task):
    log = inspect_eval(tmp_path, f"mindgames/{task}", "mindgames/majority", "--limit", "20")
    samples = _check_log(log, 20)
    if task == "stories":
        assert all(s.metadata["order"] == 1 for s in samples)
        assert all(len(s.choices) >= 2 for s in samples)


@pytest.mark.slow
@pytest.mark.parametrize("args", [
    ("mindgames/mcq",), ("mindgames/mcq", "-T", "setting=prospective", "-T", "probe=nota"),
    ("mindgames/stories", "-T", "order=3", "-T", "deception=false", "-T", "form=nli"),
    ("mindgames/mcq", "-T", "solver=inspect"),
])
def test_more_settings_score_the_majority_baseline(tmp_path, args):
    log = inspect_eval(tmp_path, args[0], "mindgames/majority", "--limit", "20", *args[1:])
    samples = _check_log(log, 20)
    if "deception=false" in args:
        assert {s.metadata["order"] for s in samples} == {3}
        assert not any(s.metadata["deception"] for s in samples)


@pytest.mark.slow
@pytest.mark.parametrize("fmt,source", [("tomi", SHARED_TOMI), ("hitom", SHARED_HITOM)])
def test_certified_splits_as_tasks(tmp_path, fmt, source):
    from pyfront.cli import main

    src = shared_file(*source)
    out = tmp_path / f"{fmt}-certified"
    assert main(["certify", str(src), "--format", fmt, "-o", str(out)]) == 0
    rows = [json.loads(x) for x in (out / "test.jsonl").read_text().splitlines()]
    for labels in ("certified", "original"):
        log = inspect_eval(tmp_path, f"mindgames/{fmt}", "mindgames/majority", "--limit", "20",
                           "-T", f"path={out}", "-T", f"labels={labels}")
        samples = _check_log(log, 20)
        by_row = {f"{fmt}-{r['row']}": r for r in rows}
        for s in samples:
            r = by_row[s.id]
            want = r["certified_answer"] if labels == "certified" else [r["answer"]]
            assert list(s.target) == want


# --- the same accuracy through Inspect as through `mindgames eval` ---------------------------

def _story_file(tmp_path: Path, **knobs) -> tuple[Path, list]:
    from pyfront.integrations.inspect_samples import story_rows

    qa, _ = story_rows(**knobs)
    path = tmp_path / "qa.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for _, r in qa))
    return path, qa


def test_same_accuracy_as_mindgames_eval(tmp_path, monkeypatch):
    """The stand-in answers a known quarter of the prompts wrong (by a hash of the prompt):
    both runs must send the same prompts, read the same replies and score them alike."""
    from pyfront.cli import main
    from pyfront.evaluation.items import Setting, build_items
    from pyfront.evaluation.prompts import LETTERS

    knobs = dict(size=12, seed=5, order=2, deception=True, agents=(2, 4))
    path, qa = _story_file(tmp_path, **knobs)
    items = build_items(qa, [Setting("mcq")], seed=5).items
    key = {it.prompt: (f"({LETTERS[it.gold]})", LETTERS[(it.gold + 1) % len(it.options)])
           for it in items}
    expected = sum(not answers_wrong(p) for p in key) / len(key)
    monkeypatch.setenv("OPENAI_API_KEY", KEY)
    with StandIn(key) as server:
        assert main(["eval", str(path), "-m", "openai:stand-in", "-o", str(tmp_path / "run"),
                     "--base-url", server.base_url, "--format", "mcq", "--seed", "5"]) == 0
        env = {"STANDIN_BASE_URL": server.base_url, "STANDIN_API_KEY": KEY}
        log = inspect_eval(tmp_path, "mindgames/stories", "openai-api/standin/stand-in",
                           "-T", "size=12", "-T", "seed=5", "-T", "order=2", env=env)
    ours = json.loads((tmp_path / "run" / "metrics.json").read_text())
    inspect_log = read_eval_log(str(log))
    acc = inspect_log.results.scores[0].metrics["accuracy"].value
    assert ours["n"] == len(items) == len(inspect_log.samples)
    assert ours["accuracy"] == pytest.approx(expected)
    assert acc == pytest.approx(expected)


# --- the real model: llama.cpp's server and Gemma 3 270M (the llm extra) ----------------------

from test_eval_loglikelihood import gemma_server  # noqa: E402


@pytest.mark.slow
def test_gemma_through_inspect_as_through_mindgames_eval(tmp_path, monkeypatch):
    """100 story items, greedy replies of at most 16 tokens, one request at a time and in
    the same order, each run on a fresh server (it reuses the previous prompt's state, so a
    reply depends on the request before it): every sample scored, the same reply to the
    same prompt, and Inspect's accuracy is `mindgames eval`'s."""
    from pyfront.cli import main

    path, qa = _story_file(tmp_path, size=100, seed=11, order=1, deception=True, agents=(2, 4))
    monkeypatch.setenv("OPENAI_API_KEY", "sk-local")
    with gemma_server() as base:
        assert main(["eval", str(path), "-m", "openai:gemma", "-o", str(tmp_path / "run"),
                     "--base-url", base, "--format", "mcq", "--seed", "11",
                     "--concurrency", "1", "--max-tokens", "16", "--temperature", "0"]) == 0
    with gemma_server() as base:
        log = inspect_eval(tmp_path, "mindgames/stories", "openai-api/llama/gemma",
                           "-T", "size=100", "-T", "seed=11", "-T", "order=1",
                           "--limit", "100", "--max-connections", "1", "--max-samples", "1",
                           "--max-tokens", "16", "--temperature", "0",
                           env={"LLAMA_BASE_URL": base, "LLAMA_API_KEY": "sk-local"},
                           timeout=1800)
    ours = json.loads((tmp_path / "run" / "metrics.json").read_text())
    results = [json.loads(x) for x in (tmp_path / "run" / "results.jsonl").read_text().splitlines()]
    theirs = read_eval_log(str(log))
    samples = theirs.samples
    assert ours["n"] == len(samples) == 100
    assert all(s.scores for s in samples)
    by_id = {r["id"]: r for r in results}
    for s in samples:  # the same prompt, the same reply, the same verdict
        r = by_id[s.id]
        assert s.output.completion.strip() == r["response"].strip(), s.id
        (score,) = s.scores.values()
        assert (score.value == "C") == r["correct"], s.id
    acc = theirs.results.scores[0].metrics["accuracy"].value
    print(f"gemma on {len(samples)} story items: mindgames eval {ours['accuracy']:.4f}, "
          f"inspect eval {acc:.4f}")
    assert acc == pytest.approx(ours["accuracy"])


def test_hypothesis_only_provider_answers_as_the_eval_baseline(tmp_path):
    """Fitted on the same train split, the provider gives every item the verdict
    `mindgames eval -m baseline:hypothesis-only` gives it."""
    from pyfront.cli import main

    data = tmp_path / "data"
    assert main(["generate", "--size", "20", "--seed", "3", "-o", str(data), "--quiet"]) == 0
    run = tmp_path / "run"
    assert main(["eval", str(data / "test.jsonl"), "-m", "baseline:hypothesis-only",
                 "--train", str(data / "train.jsonl"), "-o", str(run)]) == 0
    ours = {r["id"]: r for r in map(json.loads, (run / "results.jsonl").read_text().splitlines())}
    log = inspect_eval(tmp_path, "mindgames/nli", "mindgames/hypothesis-only",
                       "-T", f"path={data / 'test.jsonl'}", "-M", f"train={data / 'train.jsonl'}")
    samples = read_eval_log(str(log)).samples
    assert len(samples) == len(ours) > 0
    for s in samples:
        (score,) = s.scores.values()
        assert (score.value == "C") == ours[s.id]["correct"], s.id
        assert s.output.completion == ours[s.id]["response"], s.id


def test_hypothesis_only_reads_multiple_choice_prompts_as_the_eval_baseline(tmp_path):
    from pyfront.evaluation.items import Setting, build_items
    from pyfront.evaluation.models import HypothesisOnlyBaseline
    from pyfront.integrations.inspect_models import PremiseBlind, baseline_reply

    from pyfront.data.loading import read_rows

    (tmp_path / "train").mkdir()
    (tmp_path / "test").mkdir()
    train, _ = _story_file(tmp_path / "train", size=30, seed=1, order=1, deception=True,
                           agents=(2, 4))
    _, test_rows = _story_file(tmp_path / "test", size=10, seed=2, order=1, deception=True,
                               agents=(2, 4))
    reference = HypothesisOnlyBaseline()
    reference.fit(build_items(list(read_rows(train)), [Setting("mcq")], seed=0).items)
    blind = PremiseBlind(str(train))
    items = build_items(test_rows, [Setting("mcq")], seed=0).items
    assert items
    for it in items:
        assert baseline_reply("hypothesis-only", it.prompt, blind=blind) == reference.respond(it).text
