"""``mindgames eval --score steps`` against the stand-in OpenAI-compatible server, which
returns planted traces: a correct one, one with a stale step, one with a wrong final value.
The expected labels and figures are worked out by hand below from the Sally-Anne story
(where the marble is, and where Sally and Anne think it is, after each sentence: the
classic false-belief test)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from openai_stand_in import KEY, StandIn
from pyfront.cli import main
from pyfront.data.loading import read_rows

STORY = """story sa
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
  Sally enters
  question where_sally: where does Sally think the marble is?
  question where_real: where is the marble?
  question where_anne_sally: where does Anne think Sally thinks the marble is?
"""

#: by hand: Sally saw the marble put in the basket and missed the move; entering, she does
#: not see into the box; Anne knows Sally missed the move. Sentence by sentence:
TRUTH = {"Where does Sally think the marble is?": ["basket"] * 4,
         "Where is the marble?": ["basket", "basket", "box", "box"],
         "Where does Anne think Sally believes the marble is?": ["basket"] * 4}
#: what the stand-in answers: right; a stale third step (the move not followed); right
#: steps but a wrong last one
PLANTED = {"Where does Sally think the marble is?": ["basket", "basket", "basket", "basket"],
           "Where is the marble?": ["basket", "basket", "basket", "box"],
           "Where does Anne think Sally believes the marble is?": ["basket", "basket", "basket", "box"]}


def numbered(prompt: str) -> list[str]:
    """The numbered sentences of a prompt, read from its text."""
    return re.findall(r"^\d+ (.+)$", prompt, flags=re.MULTILINE)


def question(prompt: str) -> str:
    return re.search(r"^Question: (.+)$", prompt, flags=re.MULTILINE).group(1)


def trace_text(sentences: list[str], values: list[str]) -> str:
    return "\n".join(f"## Step {n} ##\n\"{s}\" Thinking it over.\n[the {v}]"
                     for n, (s, v) in enumerate(zip(sentences, values), start=1))


def planted_key(prompts: list[str]) -> dict[str, tuple[str, str]]:
    key = {}
    for p in prompts:
        text = trace_text(numbered(p), PLANTED[question(p)])
        key[p] = (text, text)  # the stand-in answers some prompts "wrong": the same here
    return key


@pytest.fixture(autouse=True)
def api_key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


@pytest.fixture()
def story(tmp_path) -> Path:
    path = tmp_path / "sa.del"
    path.write_text(STORY, encoding="utf-8")
    return path


def prompts_of(story: Path) -> list[str]:
    from pyfront.evaluation.step_items import build_step_items
    from pyfront.data.loading import load_document

    return [it.prompt for it in build_step_items(stories=load_document(story)).items]


def run_steps(target: Path, out: Path, url: str, *extra: str) -> int:
    return main(["eval", str(target), "-m", "openai:stand-in", "-o", str(out), "--base-url", url,
                 "--score", "steps", "--max-retries", "1", "--backoff", "0.01", *extra])


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


def test_planted_traces_graded_as_planted(story, tmp_path, capsys):
    prompts = prompts_of(story)
    assert sorted(question(p) for p in prompts) == sorted(TRUTH)
    assert all(len(numbered(p)) == 4 for p in prompts)
    with StandIn(planted_key(prompts)) as server:
        assert run_steps(story, tmp_path / "run", server.base_url) == 0
    results = {question(r["prompt"]): r for r in lines(tmp_path / "run" / "results.jsonl")}
    right = results["Where does Sally think the marble is?"]
    stale = results["Where is the marble?"]
    final = results["Where does Anne think Sally believes the marble is?"]
    assert right["sentence_labels"] == [True] * 4 and right["first_error"] is None
    assert right["final_correct"] is True and right["gold"] == "basket"
    assert stale["sentence_labels"] == [True, True, False, True]
    assert [s["label"] for s in stale["steps"]] == [True, True, False, True]
    assert [s["prefix_label"] for s in stale["steps"]] == [True, True, False, False]
    assert [s["certified"] for s in stale["steps"]] == TRUTH["Where is the marble?"]
    assert stale["first_error"] == 3 and stale["final_correct"] is True
    assert final["sentence_labels"] == [True, True, True, False]
    assert final["first_error"] == 4 and final["final_correct"] is False
    assert final["final_answer"] == "the box" and final["gold"] == "basket"
    for r in results.values():
        assert r["missing"] == [] and r["unaligned"] == 0 and r["n_sentences"] == 4

    m = json.loads((tmp_path / "run" / "metrics.json").read_text())
    # 12 sentences, 4 + 3 + 3 = 10 right; first errors at 3 and 4; one trace with none; 2 of 3 finals
    assert (m["n"], m["steps"], m["steps_right"]) == (3, 12, 10)
    assert m["step_accuracy"] == pytest.approx(10 / 12)
    assert m["first_error"]["n"] == 2
    assert m["first_error"]["mean"] == 3.5 and m["first_error"]["median"] == 3.5
    # resampled means of {3, 4} lie in [3, 4], both ends drawn in 2,000 draws
    assert m["first_error"]["mean_ci95"] == [3.0, 4.0]
    assert m["first_error"]["no_error"] == pytest.approx(1 / 3)
    assert m["accuracy"] == pytest.approx(2 / 3) and m["correct"] == 2
    lo, hi = m["step_ci95"]
    assert 0.0 <= lo < 10 / 12 < hi <= 1.0
    lo, hi = m["ci95"]
    assert 0.0 <= lo < 2 / 3 < hi <= 1.0
    assert m["by"]["order"]["0"]["step_accuracy"] == 0.75  # the stale trace is order 0
    assert m["by"]["order"]["2"]["accuracy"] == 0.0
    report = (tmp_path / "run" / "report.md").read_text()
    assert "| step accuracy | 0.8333" in report and "| final-answer accuracy | 0.6667" in report
    err = capsys.readouterr().err
    assert "step accuracy 0.8333" in err and "final accuracy 0.6667" in err


def test_intervals_are_evals_own(story, tmp_path, capsys):
    """The shares' intervals are the bootstrap interval eval gives accuracy."""
    from pyfront.evaluation.metrics import bootstrap_ci

    with StandIn(planted_key(prompts_of(story))) as server:
        assert run_steps(story, tmp_path / "run", server.base_url, "--seed", "3") == 0
    m = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert m["step_ci95"] == bootstrap_ci(10, 12, 3)
    assert m["ci95"] == bootstrap_ci(2, 3, 3)
    assert m["first_error"]["no_error_ci95"] == bootstrap_ci(1, 3, 3)


def test_bad_json_keeps_what_was_scored_and_resumes(story, tmp_path, capsys):
    key = planted_key(prompts_of(story))
    with StandIn(key) as server:
        server.after, server.mode_after = 1, "garbage"
        assert run_steps(story, tmp_path / "run", server.base_url, "--concurrency", "1") == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "not JSON" in err[0] and "1 of 3" in err[0]
        kept = lines(tmp_path / "run" / "results.jsonl")
        assert len(kept) == 1 and "sentence_labels" in kept[0]
        assert not (tmp_path / "run" / "metrics.json").exists()
        server.after, server.mode = None, "ok"
        assert run_steps(story, tmp_path / "run", server.base_url, "--concurrency", "1") == 0
        assert sorted(server.answered.values()) == [1, 1, 1]  # nothing asked twice
    m = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert (m["n"], m["steps_right"], m["correct"]) == (3, 10, 2)


def test_timeouts_are_retried_then_reported(story, tmp_path, capsys):
    with StandIn(planted_key(prompts_of(story)), delay=1.0) as server:
        assert run_steps(story, tmp_path / "run", server.base_url, "--timeout", "0.2",
                         "--concurrency", "1") == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "timed out" in err[0] and "0 of 3" in err[0]


def test_story_dataset_traces_its_questions(tmp_path, capsys):
    """A story dataset: the qa form's questions asked after the first sentence become
    traces (memory questions, asked before it, are skipped and counted); the certified
    final value is the row's answer. The stand-in quotes only the last sentence, with the
    row's answer: every final is right and every other sentence counts as missing."""
    data = tmp_path / "stories"
    assert main(["generate", "--family", "stories", "--size", "6", "--seed", "3", "-o",
                 str(data), "--quiet"]) == 0
    rows = [r for _, r in read_rows(data / "qa" / "test.jsonl")]
    from pyfront.evaluation.step_items import build_step_items

    built = build_step_items(rows=list(read_rows(data / "qa" / "test.jsonl")))
    answer = {r["id"]: r["answer"] for r in rows}
    key = {}
    for it in built.items:
        last = numbered(it.prompt)[-1]
        text = f"## Step 1 ##\n\"{last}\" [{answer[it.id]}]"
        key[it.prompt] = (text, text)
    with StandIn(key) as server:
        assert run_steps(data, tmp_path / "run", server.base_url) == 0
    results = lines(tmp_path / "run" / "qa" / "results.jsonl")
    memory = sum(r["question_type"] == "memory" for r in rows)
    assert len(results) == len(rows) - memory > 0
    assert not (tmp_path / "run" / "nli").exists()
    m = json.loads((tmp_path / "run" / "qa" / "metrics.json").read_text())
    assert sum(m["skipped"].values()) == memory
    for r in results:
        assert r["gold"] == answer[r["id"]] and r["final_correct"]
        assert r["missing"] == list(range(1, r["n_sentences"]))
    assert m["accuracy"] == 1.0
    assert m["steps_right"] == len(results)
    assert m["first_error"]["no_error"] == 0.0  # every trace left its first sentence out
    capsys.readouterr()


def test_options_that_do_not_apply(story, tmp_path, capsys):
    assert main(["eval", str(story), "-m", "baseline:random", "-o", str(tmp_path / "r"),
                 "--score", "steps"]) == 1
    assert "openai:" in capsys.readouterr().err
    assert main(["eval", str(story), "-m", "openai:x", "-o", str(tmp_path / "r"),
                 "--score", "steps", "--format", "mcq", "--base-url", "http://127.0.0.1:9/v1"]) == 1
    assert "--format is not used" in capsys.readouterr().err
