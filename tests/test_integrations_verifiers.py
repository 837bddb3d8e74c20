"""The verifiers taskset ``mindgames-verifiers``: it loads as verifiers loads environments,
and scores a stand-in model's rollouts, offline: the stand-in server of
``openai_stand_in.py`` on 127.0.0.1 answers a quarter of the prompts (by hash) with a wrong
answer and a planted wrong step, the rest with every step right.

A verifiers rollout runs the model inside a harness program that verifiers launches with
``uv`` (and its dependencies fetched), which cannot run offline; so the model is asked
through verifiers' own client (``EvalClient`` with the chat dialect, pointed at the
stand-in), its reply put on a verifiers ``Trace``, and the task's own ``score`` run on it.

verifiers 0.4 requires openai<3 and Inspect's provider openai>=3.4, so verifiers may live in
a venv of its own (``.ci/run`` makes one): without verifiers here, the one test below runs
this file in ``$MINDGAMES_VERIFIERS_PYTHON`` (default ``~/.cache/mindgames-verifiers``)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from openai_stand_in import KEY, StandIn, answers_wrong
from open_support import step_reply
from requirements import missing

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = os.environ.get("MINDGAMES_VERIFIERS_PYTHON") or os.path.expanduser(
    "~/.cache/mindgames-verifiers/bin/python")

try:
    import verifiers.v1 as vf
except ImportError:
    vf = None


if vf is None:
    def test_in_the_verifiers_environment():
        if not os.access(VENV_PYTHON, os.X_OK):
            missing("the [verifiers] extra is not installed (pip install -e '.[verifiers]' in "
                    "an environment of its own: verifiers needs openai<3; .ci/run makes "
                    f"one at {VENV_PYTHON})")
        done = subprocess.run(
            [VENV_PYTHON, "-c", "import verifiers.v1"], capture_output=True, text=True)
        if done.returncode != 0:
            missing(f"{VENV_PYTHON} cannot import verifiers.v1: {done.stderr[-300:]}")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(ROOT), str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
        done = subprocess.run([VENV_PYTHON, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               __file__], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
        assert " passed" in done.stdout and "skipped" not in done.stdout, done.stdout[-1000:]
else:
    from mindgames_verifiers import MindgamesTaskset, load_environment
    from verifiers.v1.utils.loaders import taskset_class

    def _trace(task, reply: str):
        return vf.Trace(task=vf.TraceTask(type=type(task).__name__, data=task.data),
                        agent=vf.AgentInfo(config=vf.AgentConfig()), root_reply=reply)

    def _score(task, reply: str) -> dict[str, float]:
        trace = _trace(task, reply)
        asyncio.run(task.score(trace))
        return {k: r.score for k, r in trace.rewards.items()} | {"total": trace.reward}

    def test_verifiers_finds_the_taskset_by_its_id():
        assert taskset_class("mindgames-verifiers") is MindgamesTaskset
        env = load_environment(kind="who", size=3, seed=1)
        assert isinstance(env, vf.SingleAgentEnv)
        tasks = list(env.taskset)
        assert len(tasks) == 3 and all("Who thinks that" in t.data.prompt for t in tasks)

    def test_same_knobs_same_tasks():
        one = [t.data.model_dump_json() for t in load_environment(size=4, seed=3, order=2).taskset]
        two = [t.data.model_dump_json() for t in load_environment(size=4, seed=3, order=2).taskset]
        assert one == two
        assert one != [t.data.model_dump_json()
                       for t in load_environment(size=4, seed=4, order=2).taskset]

    def _wrong_reply(task) -> tuple[str, int]:
        """A wrong answer and one wrong step, planted at the middle step."""
        item = {"metadata": task.data.item, "answer": task.data.answer}
        n = len(task.data.item["trace"])
        at = n // 2 + 1
        other = next(c for c in task.data.item["choices"] if c != task.data.answer)
        return step_reply(item, wrong_at=at, answer=other), at

    async def _ask(base_url: str, prompt: str) -> str:
        from verifiers.v1.clients.eval import EvalClient
        from verifiers.v1.configs.client import EvalClientConfig
        from verifiers.v1.dialects import ChatDialect
        from verifiers.v1.types import SamplingConfig

        client = EvalClient(EvalClientConfig(base_url=base_url, api_key_var="STAND_IN_KEY"))
        try:
            body = {"model": "stand-in", "messages": [{"role": "user", "content": prompt}]}
            response = await client.get_response(ChatDialect(), body, SamplingConfig())
        finally:
            await client.close()
        return response.message.content

    @pytest.mark.parametrize("labels", ["step", "prefix"])
    def test_stand_in_rollouts_scored(monkeypatch, labels):
        monkeypatch.setenv("STAND_IN_KEY", KEY)
        env = load_environment(kind="where", size=16, seed=2, order=2, step_weight=0.5,
                               step_labels=labels)
        tasks = list(env.taskset)
        planted = {}
        answers = {}
        for task in tasks:
            right = step_reply({"metadata": task.data.item, "answer": task.data.answer})
            wrong, at = _wrong_reply(task)
            answers[task.data.prompt] = (right, wrong)
            planted[task.data.prompt] = (at, len(task.data.item["trace"]))
        with StandIn(answers) as server:
            replies = [asyncio.run(_ask(server.base_url, t.data.prompt)) for t in tasks]
        wrong_count = 0
        for task, reply in zip(tasks, replies):
            got = _score(task, reply)
            at, n = planted[task.data.prompt]
            if answers_wrong(task.data.prompt):
                wrong_count += 1
                expected = ((n - 1) / n) if labels == "step" else (at - 1) / n
                assert got["answer"] == 0.0
                assert got["steps"] == pytest.approx(expected)
                assert got["total"] == pytest.approx(0.5 * expected)
            else:
                assert got == pytest.approx({"answer": 1.0, "steps": 1.0, "total": 1.5})
        assert 0 < wrong_count < len(tasks)  # both kinds of reply were scored

    @pytest.mark.parametrize("kind", ["who", "knows"])
    def test_sets_and_numbers_scored_without_steps(kind):
        env = load_environment(kind=kind, size=6, seed=0)
        for task in env.taskset:
            agents = task.data.item["agents"]
            said = " and ".join(reversed(agents)) if agents else "nobody"
            assert _score(task, f"Let me think.\nAnswer: {said}")["answer"] == 1.0
            assert _score(task, f"Answer: {said}, Zed")["answer"] == 0.0
            assert _score(task, f"Answer: {said}")["steps"] == 0.0
        for task in load_environment(kind="value", size=4, seed=0).taskset:
            muddy = task.data.item["muddy"]
            assert _score(task, f"Answer: {muddy}")["total"] == 1.0
            assert _score(task, f"Answer: {muddy + 1}")["total"] == 0.0
