"""The Flask application: the page, its static assets, the gallery and the check API.

Routes: ``/`` (the page), ``/static/…`` (shipped assets), ``GET /api/examples``,
``GET /api/examples/NAME``, ``POST /api/explain`` (``{"source": TEXT, "actual": STATE,
"engine": auto|explicit|symbolic}``), ``POST /api/ask`` (``{"source", "problem": INDEX,
"step", "formula", "syntax": dsl|smcdel, "actual"}``: a formula answered at a step),
``POST /api/moves`` (``{"source", "problem", "actual"}``: the moves that can be played
next), ``POST /api/plan`` (``{"source", "problem", "goal", "keep": [F], "may": [MOVE],
"within": N, "plan": [MOVE], "actually"}``: the shortest plan, a given plan checked step by
step, the text with the plan played) and ``GET /api/health``.  Every answer is JSON; a failure is ``{"ok": false, "error":
{"message", "line", "column", "text"}}`` with one line of text.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from flask import Flask, jsonify, render_template, request

from smcdel_bridge.values import field, value

from .examples import Gallery
from smcdel_bridge.engines import ENGINE_NAMES as ENGINES
from .runner import Runner, failure

#: longest problem text accepted, in bytes
MAX_SOURCE_BYTES = 20_000
#: longest actual-state text accepted
MAX_ACTUAL_CHARS = 400


@value
class Settings:
    time_limit: float = 10.0
    max_source: int = MAX_SOURCE_BYTES
    workers: int = 2
    examples: Path | None = None
    use_dot: bool = True
    queue_limit: float = 60.0
    runner: Runner | None = field(default=None, repr=False)


def _csp(response):
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'")
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


def _whole(x) -> bool:
    """A JSON whole number (``true`` is no number, though Python's bool is an int)."""
    return isinstance(x, int) and not isinstance(x, bool)


def create_app(settings: Settings | None = None) -> Flask:
    settings = settings or Settings()
    runner = settings.runner or Runner(workers=settings.workers, time_limit=settings.time_limit,
                                       queue_limit=settings.queue_limit)
    gallery = Gallery(settings.examples)
    app = Flask(__name__, static_folder="static", template_folder="templates")
    # a body past this is refused before it is read (413), with room for JSON escapes
    app.config["MAX_CONTENT_LENGTH"] = settings.max_source * 7 + 4096
    app.json.sort_keys = False
    app.after_request(_csp)
    app.extensions["mindgames_runner"] = runner

    def error(message: str, status: int):
        response = jsonify(failure(message))
        response.status_code = status
        return response

    @app.errorhandler(413)
    def too_large(_err):
        return error(f"the problem text is too long (at most {settings.max_source} bytes)", 413)

    @app.errorhandler(404)
    def not_found(_err):
        return error("no such page", 404)

    @app.errorhandler(405)
    def not_allowed(_err):
        return error("method not allowed", 405)

    @app.errorhandler(500)
    def internal(_err):
        return error("internal error", 500)

    @app.get("/")
    def page():
        return render_template("index.html", max_source=settings.max_source,
                               time_limit=settings.time_limit)

    @app.get("/api/health")
    def health():
        return jsonify({"ok": True})

    @app.get("/api/examples")
    def examples():
        return jsonify({"ok": True, "examples": gallery.listing()})

    @app.get("/api/examples/<name>")
    def example(name: str):
        text = gallery.text(name)
        if text is None:
            return error(f"no such example: {name[:80]!r} (choose one from the Example list)", 404)
        return jsonify({"ok": True, "name": name, "source": text})

    def body_of():
        """(the request's JSON object, None) or (None, an error response)."""
        try:
            body = request.get_json(silent=True)
        except RecursionError:  # (silent covers only ValueError) arrays in arrays in …
            return None, error("the JSON body is nested too deeply", 400)
        if not isinstance(body, dict) or not isinstance(body.get("source"), str):
            return None, error('send JSON {"source": "problem text"}', 400)
        size = len(body["source"].encode("utf-8", "surrogatepass"))
        if size > settings.max_source:
            return None, error(f"the problem text is too long: {size} bytes, at most "
                               f"{settings.max_source}", 413)
        actual = body.get("actual") or None
        if actual is not None and (not isinstance(actual, str) or len(actual) > MAX_ACTUAL_CHARS):
            return None, error("the actual state must be a short text (a row of 0/1)", 400)
        return body, None

    def answer(task: str, payload: dict):
        key = hashlib.sha256(json.dumps([task, payload], sort_keys=True).encode(
            "utf-8", "surrogatepass")).hexdigest()
        return jsonify(runner.run(key, {"task": task, **payload}))

    def problem_index(body) -> int | None:
        index = body.get("problem", 0)
        return index if _whole(index) and 0 <= index < 1000 else None

    @app.post("/api/explain")
    def explain():
        body, failed = body_of()
        if failed is not None:
            return failed
        engine = body.get("engine") or "auto"
        if engine not in ENGINES:
            return error("engine must be auto, explicit or symbolic", 400)
        return answer("explain", {"source": body["source"], "actual": body.get("actual") or None,
                                  "use_dot": settings.use_dot, "engine": engine})

    @app.post("/api/ask")
    def ask():
        body, failed = body_of()
        if failed is not None:
            return failed
        index, step = problem_index(body), body.get("step")
        formula, syntax = body.get("formula"), body.get("syntax") or "dsl"
        if index is None or not (step is None or _whole(step) and 0 <= step < 10_000):
            return error("problem and step must be small whole numbers", 400)
        if not isinstance(formula, str) or syntax not in ("dsl", "smcdel"):
            return error('send {"formula": TEXT, "syntax": "dsl" or "smcdel"}', 400)
        return answer("ask", {"source": body["source"], "index": index, "step": step,
                              "formula": formula, "syntax": syntax,
                              "actual": body.get("actual") or None, "use_dot": settings.use_dot})

    @app.post("/api/moves")
    def moves():
        body, failed = body_of()
        if failed is not None:
            return failed
        index = problem_index(body)
        if index is None:
            return error("problem must be a small whole number", 400)
        return answer("moves", {"source": body["source"], "index": index,
                                "actual": body.get("actual") or None})

    @app.post("/api/plan")
    def plan():
        body, failed = body_of()
        if failed is not None:
            return failed
        index, within = problem_index(body), body.get("within", 3)
        texts = {k: body.get(k) or ("" if k in ("goal", "actually") else [])
                 for k in ("goal", "actually", "keep", "may", "plan")}
        fine = (isinstance(texts["goal"], str) and isinstance(texts["actually"], str)
                and all(isinstance(texts[k], list) and all(isinstance(x, str) for x in texts[k])
                        for k in ("keep", "may", "plan")))
        if index is None or not _whole(within) or not fine:
            return error('send {"goal": TEXT, "keep": [TEXT], "may": [TEXT], "plan": [TEXT], '
                         '"within": N, "problem": INDEX}', 400)
        return answer("plan", {"source": body["source"], "index": index,
                               "goal": texts["goal"], "keep": texts["keep"],
                               "candidates": texts["may"], "within": within,
                               "given": texts["plan"], "actually": texts["actually"]})

    return app
