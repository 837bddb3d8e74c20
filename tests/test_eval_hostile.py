"""``mindgames eval -m openai:…`` against a hostile stand-in server on loopback and a
hostile user: garbage, endless, huge and redirected replies, interruptions, a damaged
cache, forged metrics and bad options.  Each ends in one line and the right exit code,
with every reply received kept and never asked for again."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from openai_stand_in import KEY, StandIn, answers_wrong
from pyfront.cli import main
from test_eval_openai import FAST, answer_key, dataset  # noqa: F401  (a fixture)

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def api_key(monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", KEY)


def run_eval(dataset: Path, out: Path, url: str, *extra: str) -> int:
    return main(["eval", str(dataset), "-m", "openai:stand-in", "-o", str(out), "--base-url", url,
                 *extra])


def one_line(capsys) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("mindgames: ") and "Traceback" not in err[0], err
    return err[0]


def lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("mode, says", [
    ("garbage", "not JSON"), ("empty", "not JSON"), ("shape", "no choices[0].message.content"),
    ("error500", "HTTP 500"), ("limit", "HTTP 429"), ("reset", "connection lost")])
def test_garbage_replies_stop_with_one_line_and_keep_what_was_scored(dataset, tmp_path, capsys,
                                                                      mode, says):
    with StandIn(answer_key(dataset)) as server:
        server.after, server.mode_after = 2, mode
        assert run_eval(dataset, tmp_path / "run", server.base_url, *FAST,
                        "--concurrency", "1") == 1
    line = one_line(capsys)
    assert says in line and "2 of 8 items scored" in line
    assert len(lines(tmp_path / "run" / "results.jsonl")) == 2
    assert not (tmp_path / "run" / "metrics.json").exists()


def test_a_reply_with_a_lone_surrogate_is_kept(dataset, tmp_path, capsys):
    key = {p: (right + " \ud800", wrong + " \udfff")
           for p, (right, wrong) in answer_key(dataset).items()}
    with StandIn(key) as server:  # JSON escapes them: "\ud800", valid JSON, no valid text
        assert run_eval(dataset, tmp_path / "run", server.base_url) == 0
    results = lines(tmp_path / "run" / "results.jsonl")
    assert len(results) == 8 and all(r["response"].endswith(" \ufffd") for r in results)
    metrics = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert metrics["correct"] == sum(1 for r in results if not answers_wrong(r["prompt"]))
    assert metrics["unparsed"] == 0


def test_a_redirect_is_not_followed_and_the_key_stays_here(dataset, tmp_path, capsys):
    key = answer_key(dataset)
    with StandIn(key) as server, StandIn(key) as elsewhere:
        server.mode = "redirect"
        server.redirect_to = elsewhere.base_url.replace("127.0.0.1", "localhost") + "/chat/completions"
        assert run_eval(dataset, tmp_path / "run", server.base_url, *FAST) == 1
    line = one_line(capsys)
    assert "HTTP 302" in line and server.redirect_to in line
    assert elsewhere.authorizations == []  # neither the key nor anything else went there


def test_a_reply_that_never_ends_times_out(dataset, tmp_path, capsys):
    with StandIn(answer_key(dataset)) as server:
        server.mode = "endless"
        start = time.monotonic()
        assert run_eval(dataset, tmp_path / "run", server.base_url, *FAST, "--timeout", "1",
                        "--limit", "1", "--concurrency", "1") == 1
        took = time.monotonic() - start
    # two attempts of at most --timeout each (and one last read), not the server's 30 s
    assert took < 8
    assert "timed out, still after 1 retries" in one_line(capsys)


def test_a_huge_reply_is_refused(dataset, tmp_path, capsys):
    with StandIn(answer_key(dataset)) as server:
        server.mode = "huge"
        assert run_eval(dataset, tmp_path / "run", server.base_url, *FAST, "--limit", "1") == 1
    assert "the reply is larger than" in one_line(capsys)
    assert (tmp_path / "run" / "results.jsonl").read_text() == ""
    assert (tmp_path / "run" / "cache.jsonl").stat().st_size == 0


def test_a_long_retry_after_stops_the_run_rather_than_retry_sooner(dataset, tmp_path, capsys):
    with StandIn(answer_key(dataset), rate_limit_first=1, retry_after="3600") as server:
        start = time.monotonic()
        assert run_eval(dataset, tmp_path / "run", server.base_url, "--concurrency", "1") == 1
        assert time.monotonic() - start < 20
        assert server.requests == 1  # never asked again before the hour the server named
    line = one_line(capsys)
    assert "HTTP 429" in line and "3600" in line and "run again" in line


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_run_keeps_the_replies_under_way(dataset, tmp_path, signum):
    key = answer_key(dataset)
    run = tmp_path / "run"
    env = {**os.environ, "OPENAI_API_KEY": KEY,
           "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    with StandIn(key, delay=1.0) as server:
        args = [sys.executable, "-m", "pyfront", "eval", str(dataset), "-m", "openai:stand-in",
                "-o", str(run), "--base-url", server.base_url, "--format", "nli,mcq",
                "--concurrency", "4"]
        proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                text=True)
        deadline = time.monotonic() + 30
        while server.in_flight < 4 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.in_flight == 4
        proc.send_signal(signum)
        err = proc.communicate(timeout=30)[1]
        code, says = {signal.SIGINT: (130, "interrupted"), signal.SIGTERM: (143, "terminated")}[signum]
        assert proc.returncode == code and err.strip().splitlines() == [f"mindgames: {says}"]
        assert sum(server.answered.values()) == 4  # the four under way, answered after the signal
        assert len((run / "cache.jsonl").read_text().splitlines()) == 4
        server.delay = 0
        done = subprocess.run(args, env=env, capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    assert sorted(server.answered.values()) == [1] * len(key)  # none asked twice
    results = lines(run / "results.jsonl")
    assert len(results) == len(key) == len({(r["id"], r["setting"]) for r in results})


def test_a_damaged_cache_and_results_resume_without_asking_again(dataset, tmp_path, capsys):
    key = answer_key(dataset)
    run = tmp_path / "run"
    with StandIn(key) as server:
        assert run_eval(dataset, tmp_path / "reference", server.base_url) == 0
        assert run_eval(dataset, run, server.base_url) == 0
        capsys.readouterr()
        expected = (tmp_path / "reference" / "results.jsonl").read_bytes()
        cache = (run / "cache.jsonl").read_text().splitlines()
        assert len(cache) == 8
        forged = json.loads(cache[1])
        forged["usage"] = {"prompt_tokens": "many"}  # a forged tally: its line is dropped
        other = {"key": "0" * 64, "response": "True", "usage": None}  # another run's line
        damaged = [cache[0], json.dumps(forged), cache[2][:30], "[1, 2]", json.dumps(other),
                   cache[3], cache[3], *cache[4:7], cache[7][:25]]  # cut mid-line, at the end
        (run / "cache.jsonl").write_text("\n".join(damaged), encoding="utf-8")
        results = (run / "results.jsonl").read_text().splitlines()
        (run / "results.jsonl").write_text("\n".join([results[0], results[0], results[1][:9]]))
        before = sum(server.answered.values())
        assert run_eval(dataset, run, server.base_url) == 0
        assert sum(server.answered.values()) - before == 3  # the forged and the two cut lines
    err = capsys.readouterr().err
    assert "cache.jsonl: lines 2, 3, 4, 11 are not cache entries, ignored" in err
    assert (run / "results.jsonl").read_bytes() == expected


@pytest.mark.parametrize("options, env, says", [
    (["--timeout", "0"], {}, "--timeout must be a positive number of seconds"),
    (["--timeout", "-1"], {}, "--timeout must be a positive number of seconds"),
    (["--timeout", "nan"], {}, "--timeout must be a positive number of seconds"),
    (["--timeout", "inf"], {}, "--timeout must be a positive number of seconds"),
    (["--backoff", "nan"], {}, "--backoff must be a number of seconds, 0 or more"),
    (["--backoff", "-1"], {}, "--backoff must be a number of seconds, 0 or more"),
    (["--max-retries", "-1"], {}, "--max-retries must be 0 or more"),
    (["--temperature", "nan"], {}, "--temperature must be a number, 0 or more"),
    (["--temperature", "-0.5"], {}, "--temperature must be a number, 0 or more"),
    (["--concurrency", "0"], {}, "--concurrency must be at least 1"),
    (["--concurrency", "100000000"], {}, "--concurrency must be at most 256"),
    (["--limit", "-5"], {}, "--limit must be at least 1"),
    (["--base-url", "http://[::1/v1"], {}, "--base-url"),
    (["--base-url", "http://127.0.0.1:99999/v1"], {}, "--base-url"),
    (["-m", "openai: "], {}, "write openai:NAME"),
    (["--cache", "{data}/test.jsonl"], {}, "--cache is the dataset"),
    ([], {"OPENAI_API_KEY": KEY + "\n"}, "OPENAI_API_KEY"),
])
def test_bad_options_are_refused_before_any_request(dataset, tmp_path, capsys, monkeypatch,
                                                    options, env, says):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    data = tmp_path / "data"
    shutil.copytree(dataset, data)
    before = (data / "test.jsonl").read_bytes()
    with StandIn(answer_key(dataset)) as server:
        argv = ["eval", str(data), "-m", "openai:stand-in", "-o", str(tmp_path / "run"),
                "--base-url", server.base_url]
        argv += [o.replace("{data}", str(data)) for o in options]
        assert main(argv) == 1
    assert says in one_line(capsys)
    assert server.requests == 0 and not (tmp_path / "run").exists()
    assert (data / "test.jsonl").read_bytes() == before


@pytest.mark.parametrize("logprobs", [
    {"text_offset": 5, "token_logprobs": 3},
    {"text_offset": ["a"], "token_logprobs": [-1.0]},
    {"text_offset": [1, 2], "token_logprobs": "-1"},
])
def test_log_probabilities_of_another_shape_are_one_line(logprobs):
    from pyfront.errors import UserError
    from pyfront.evaluation.openai_client import continuation_logprob

    raw = json.dumps({"choices": [{"logprobs": logprobs}]}).encode()
    with pytest.raises(UserError, match="log-probabilit"):
        continuation_logprob("http://127.0.0.1:9/v1/completions", raw, 1, 3)


def test_a_model_that_breaks_keeps_the_items_answered_around_it(tmp_path):
    from pyfront.evaluation.items import build_items, settings
    from pyfront.evaluation.model_api import Model, Reply
    from pyfront.evaluation.runner import run_items

    rows = [(i + 1, {"premise": f"P{i}.", "hypothesis": f"H{i}.", "label": "entailment"})
            for i in range(4)]
    items = build_items(rows, settings(["nli"], ["retrospective"], ["hard"], ["none"])).items
    assert len(items) == 4

    class Breaks(Model):
        spec, concurrency = "test:breaks", 4

        def respond(self, item):
            if item is items[0]:
                time.sleep(0.5)  # the others are answered first
                raise RuntimeError("a bug")
            return Reply("True")

    with pytest.raises(RuntimeError):
        run_items(items, Breaks(), tmp_path)
    kept = lines(tmp_path / "results.jsonl")
    assert [r["prompt"] for r in kept] == [it.prompt for it in items[1:]]


@pytest.mark.parametrize("metrics", [
    {"accuracy": "0.5", "n": 1},
    {"accuracy": 0.5, "n": 1, "by": {"setting": 5}},
    {"accuracy": 0.5, "n": 1, "by": [1]},
    {"accuracy": 0.5, "n": 1, "macro_f1": "high"},
    {"accuracy": 0.5, "n": 1, "by": {"setting": {"nli": {"accuracy": None, "n": 1}}}},
])
def test_compare_refuses_a_forged_metrics_file_in_one_line(tmp_path, capsys, metrics):
    good, forged = tmp_path / "good", tmp_path / "forged"
    for run, m in ((good, {"accuracy": 0.5, "n": 2}), (forged, metrics)):
        run.mkdir()
        (run / "metrics.json").write_text(json.dumps(m))
    assert main(["eval", "compare", str(good), str(forged)]) == 1
    line = one_line(capsys)
    assert line.startswith(f"mindgames: {forged / 'metrics.json'}: ") and "internal error" not in line
