"""The web API under requests a page never sends, through Flask's test client: JSON nested
past Python's recursion limit, ``true`` where a number goes, an actual state the problem
does not have, and answers too large to keep many of.  Each gets one line of JSON (a 4xx
for a request the API cannot read), and the server keeps within its memory."""

from __future__ import annotations

import json
import logging
import pickle

import pytest

from pyfront.web.app import Settings, create_app
from pyfront.web.runner import Runner

FOREHEAD = "problem p\n  agents A, B\n  setup forehead\n  announce someone\n"


@pytest.fixture(scope="module")
def runner():
    runner = Runner(workers=1, time_limit=60)
    yield runner
    runner.close()


@pytest.fixture(scope="module")
def client(runner):
    return create_app(Settings(runner=runner)).test_client()


def _one_line_failure(response, status: int) -> dict:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert body["ok"] is False and "\n" not in body["error"]["text"]
    return body["error"]


@pytest.mark.parametrize("nesting", ["[" * 50_000 + "]" * 50_000,
                                     '{"a":' * 20_000 + "1" + "}" * 20_000],
                         ids=["arrays", "objects"])
def test_json_nested_past_the_recursion_limit_is_a_400_and_logs_no_traceback(
        client, caplog, nesting):
    data = '{"source": "problem p", "x": ' + nesting + "}"
    assert len(data) < 140_000  # under the body limit: the JSON reader does see it
    with caplog.at_level(logging.ERROR):
        response = client.post("/api/explain", data=data, content_type="application/json")
    error = _one_line_failure(response, 400)
    assert error["message"] == "the JSON body is nested too deeply"
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert client.get("/api/health").get_json() == {"ok": True}


@pytest.mark.parametrize("route, body", [
    ("/api/ask", {"problem": True, "step": 0, "formula": "muddy(A)"}),
    ("/api/ask", {"problem": 0, "step": True, "formula": "muddy(A)"}),
    ("/api/moves", {"problem": True}),
    ("/api/plan", {"problem": 0, "goal": "A knows whether muddy(A)", "within": True}),
])
def test_true_is_not_a_number_of_the_api(client, route, body):
    response = client.post(route, json={"source": FOREHEAD, **body})
    error = _one_line_failure(response, 400)
    assert "whole number" in error["message"] or '"within": N' in error["message"]


def test_moves_at_an_actual_state_the_problem_lacks_say_why(client):
    response = client.post("/api/moves", json={"source": FOREHEAD, "problem": 0,
                                               "actual": "zzz"})
    error = _one_line_failure(response, 200)
    # the two propositions of the forehead setup, as the DSL reference names them
    assert error["message"].startswith("unknown proposition 'zzz' in state 'zzz'")
    assert "muddy(A), muddy(B)" in error["message"]
    assert "internal error" not in error["message"]


def _muddy_ten(k: int) -> str:
    """Ten children, ``k`` rounds: 1,024 worlds a step, a picture of each (``k`` = 5 to 7:
    from three quarters of a megabyte to one megabyte, pickled)."""
    agents = ", ".join(f"C{i}" for i in range(10))
    return (f"problem big{k}\n  agents {agents}\n  setup forehead\n"
            + "  announce someone\n" * k)


def test_the_answers_kept_stay_within_their_byte_budget():
    payloads = [{"task": "explain", "source": _muddy_ten(k), "use_dot": False}
                for k in (5, 6, 7)]
    budget = 2_000_000
    runner = Runner(workers=1, time_limit=120, cache_bytes=budget)
    try:
        answers = [runner.run(i, p) for i, p in enumerate(payloads)]
        sizes = [len(pickle.dumps(a, protocol=pickle.HIGHEST_PROTOCOL)) for a in answers]
        assert all(a["ok"] for a in answers)
        # the last two fit in the budget, the three do not: the oldest answer was let go
        assert sizes[0] + sizes[1] + sizes[2] > budget >= sizes[1] + sizes[2]
        assert runner.cached_bytes() == sizes[1] + sizes[2]
        assert runner.run(2, payloads[2]) is answers[2]  # kept: the same object again
        again = runner.run(0, payloads[0])  # computed again, and equal
        assert again is not answers[0]
        assert json.dumps(again) == json.dumps(answers[0])
        assert runner.cached_bytes() == sizes[2] + sizes[0] <= budget
    finally:
        runner.close()


@pytest.mark.parametrize("limit", ["inf", "1e300", "86401"])
def test_serve_refuses_a_time_limit_past_a_day_before_it_starts(limit, capsys):
    from pyfront.cli import main

    assert main(["serve", "--port", "0", "--time-limit", limit]) == 1
    err = capsys.readouterr().err
    assert err.startswith("mindgames: --time-limit must be at most 86400 seconds (a day)")
    assert err.count("\n") == 1
