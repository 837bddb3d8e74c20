"""``mindgames eval -m openai:…`` against a stand-in OpenAI-compatible server on loopback:
every item scored once, exact accuracy, rate limits honoured, interrupted runs resumed
to the same results, bad input reported in one line with the scored results kept."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from openai_stand_in import KEY, StandIn, answers_wrong
from pyfront.cli import main
from pyfront.evaluation.items import build_items, settings
from pyfront.evaluation.prompts import LETTERS
from pyfront.data.loading import read_rows

REPO = Path(__file__).resolve().parents[1]
FAST = ["--max-retries", "1", "--backoff", "0.01"]


@pytest.fixture(scope="module")
def dataset(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("eval-openai") / "data"
    assert main(["generate", "--size", "10", "--seed", "4", "-o", str(out), "--quiet"]) == 0
    return out


def answer_key(dataset: Path) -> dict[str, tuple[str, str]]:
    """prompt -> (right reply, wrong reply), in several spellings the parser must read.
    NLI prompts are written here from the rows themselves; multiple-choice ones come
    from the item builder (their options are checked by test_eval_mcq)."""
    rows = list(read_rows(dataset / "test.jsonl"))
    key: dict[str, tuple[str, str]] = {}
    for i, (_, r) in enumerate(rows):
        prompt = f"{r['premise']}\nQuestion: {r['hypothesis']} True or False?\nAnswer:"
        yes, no = ("True.", " false") if i % 2 else ("Answer: TRUE", "No")
        key[prompt] = (yes, no) if r["label"] == "entailment" else (no, yes)
    for item in build_items(rows, settings(["mcq"], ["retrospective"], ["hard"], ["none"])).items:
        right = LETTERS[item.gold]
        wrong = LETTERS[(item.gold + 1) % len(item.options)]
        key[item.prompt] = (f"({right})", f"{wrong}. {item.options[(item.gold + 1) % len(item.options)]}")
    return key


def run_eval(dataset: Path, out: Path, url: str, *extra: str) -> int:
    return main(["eval", str(dataset), "-m", "openai:stand-in", "-o", str(out), "--base-url", url,
                 "--format", "nli,mcq", *extra])


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(autouse=True)
def api_key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


def reference(dataset: Path, tmp_path: Path, capsys) -> bytes:
    with StandIn(answer_key(dataset)) as server:
        assert run_eval(dataset, tmp_path / "reference", server.base_url) == 0
    capsys.readouterr()
    return (tmp_path / "reference" / "results.jsonl").read_bytes()


def test_every_item_scored_once_through_rate_limits(dataset, tmp_path, capsys):
    key = answer_key(dataset)
    with StandIn(key, rate_limit_first=3, retry_after="1", delay=0.05) as server:
        assert run_eval(dataset, tmp_path / "run", server.base_url, "--concurrency", "4") == 0
    assert 1 < server.max_in_flight <= 4  # concurrent, and bounded
    results = lines(tmp_path / "run" / "results.jsonl")
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    n = len(key)
    assert len(results) == n == metrics["n"]
    assert len({r["id"] for r in results}) == n
    assert {r["prompt"] for r in results} == set(key)
    # every prompt answered exactly once: the three 429s were retried, nothing twice
    assert sorted(server.answered.values()) == [1] * n
    assert len(server.limited) == 3 and server.requests == n + 3
    for prompt, when in server.limited.items():  # Retry-After: 1 was honoured
        assert server.retried_after[prompt] - when >= 0.95
    wrong = sum(1 for p in key if answers_wrong(p))
    assert 0 < wrong < n
    assert metrics["correct"] == n - wrong and metrics["unparsed"] == 0
    assert metrics["accuracy"] == (n - wrong) / n  # full precision, rounded in the report only
    assert all(r["correct"] == (not answers_wrong(r["prompt"])) for r in results)
    assert metrics["usage"]["prompt_tokens"] == sum(len(p.split()) for p in key)
    assert metrics["usage"]["completion_tokens"] == n
    assert "eval:" in capsys.readouterr().err


def test_server_going_down_then_resumed_gives_the_same_results(dataset, tmp_path, capsys):
    expected = reference(dataset, tmp_path, capsys)
    key = answer_key(dataset)
    run = tmp_path / "run"
    with StandIn(key) as server:
        server.after = 5
        assert run_eval(dataset, run, server.base_url, *FAST, "--concurrency", "2") == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "HTTP 503" in err[0] and "run again to resume" in err[0]
        kept = lines(run / "results.jsonl")
        assert len(kept) == sum(server.answered.values()) >= 5  # scored results are kept
        assert not (run / "metrics.json").exists()
        server.after, server.mode = None, "ok"
        assert run_eval(dataset, run, server.base_url, *FAST, "--concurrency", "2") == 0
        assert sorted(server.answered.values()) == [1] * len(key)  # nothing paid twice
    assert (run / "results.jsonl").read_bytes() == expected
    assert "from the cache" in capsys.readouterr().err


def test_killed_run_resumes_to_the_same_results(dataset, tmp_path, capsys):
    expected = reference(dataset, tmp_path, capsys)
    key = answer_key(dataset)
    run = tmp_path / "run"
    with StandIn(key, delay=0.05) as server:
        env = {**os.environ, "OPENAI_API_KEY": KEY,
               "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
        proc = subprocess.Popen(
            [sys.executable, "-m", "pyfront", "eval", str(dataset), "-m", "openai:stand-in",
             "-o", str(run), "--base-url", server.base_url, "--format", "nli,mcq",
             "--concurrency", "1"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while sum(server.answered.values()) < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        before = sum(server.answered.values())
        assert 4 <= before < len(key)
        assert run_eval(dataset, run, server.base_url) == 0
        # at most the one request in flight at the kill is asked again
        assert len(key) <= sum(server.answered.values()) <= len(key) + 1
    assert (run / "results.jsonl").read_bytes() == expected


def one_line_failure(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mindgames: ") and "Traceback" not in err[0]
    return err[0]


def test_unreachable_server(dataset, tmp_path, capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert run_eval(dataset, tmp_path / "run", f"http://127.0.0.1:{port}/v1", *FAST) == 1
    assert "cannot connect" in one_line_failure(capsys)


def test_wrong_key(dataset, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "sk-wrong")
    with StandIn(answer_key(dataset)) as server:
        assert run_eval(dataset, tmp_path / "run", server.base_url) == 1
    line = one_line_failure(capsys)
    assert "HTTP 401" in line and "Incorrect API key" in line


def test_non_json_replies_keep_what_was_scored(dataset, tmp_path, capsys):
    with StandIn(answer_key(dataset)) as server:
        server.after, server.mode_after = 3, "garbage"
        assert run_eval(dataset, tmp_path / "run", server.base_url, "--concurrency", "1") == 1
    line = one_line_failure(capsys)
    assert "not JSON" in line and "3 of" in line
    assert len(lines(tmp_path / "run" / "results.jsonl")) == 3


def test_empty_dataset(tmp_path, capsys):
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert main(["eval", str(empty), "-m", "openai:x", "-o", str(tmp_path / "run"),
                 "--base-url", "http://127.0.0.1:9/v1"]) == 1
    assert "no item to evaluate" in one_line_failure(capsys)


def test_retry_after_header():
    from email.utils import formatdate

    from pyfront.evaluation.openai_client import retry_after

    assert retry_after("3") == 3.0 and retry_after(" 0.5 ") == 0.5
    assert retry_after(None) is None and retry_after("soon") is None
    assert 8 < retry_after(formatdate(time.time() + 10, usegmt=True)) <= 10
    assert retry_after(formatdate(time.time() - 100, usegmt=True)) == 0.0
