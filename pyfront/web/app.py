"""The Flask application: the page, its static assets, the gallery and the check API.

Routes: ``/`` (the page), ``/static/…`` (shipped assets), ``GET /api/examples``,
``GET /api/examples/NAME``, ``POST /api/explain`` (``{"source": TEXT, "actual": STATE, "engine": auto|explicit|symbolic}``)
and ``GET /api/health``.  Every answer is JSON; a failure is ``{"ok": false, "error":
{"message", "line", "column", "text"}}`` with one line of text.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask, jsonify, render_template, request

from .examples import Gallery
from .runner import Runner, failure

#: longest problem text accepted, in bytes
MAX_SOURCE_BYTES = 20_000
#: longest actual-state text accepted
MAX_ACTUAL_CHARS = 400


@dataclass
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
            return error(f"no example called {name[:80]!r}", 404)
        return jsonify({"ok": True, "name": name, "source": text})

    @app.post("/api/explain")
    def explain():
        body = request.get_json(silent=True)
        if not isinstance(body, dict) or not isinstance(body.get("source"), str):
            return error('send JSON {"source": "problem text"}', 400)
        source = body["source"]
        actual = body.get("actual") or None
        if actual is not None and (not isinstance(actual, str) or len(actual) > MAX_ACTUAL_CHARS):
            return error("the actual state must be a short text (a row of 0/1)", 400)
        engine = body.get("engine") or "auto"
        if engine not in ("auto", "explicit", "symbolic"):
            return error("engine must be auto, explicit or symbolic", 400)
        size = len(source.encode("utf-8", "surrogatepass"))
        if size > settings.max_source:
            return error(f"the problem text is too long: {size} bytes, at most "
                         f"{settings.max_source}", 413)
        key = hashlib.sha256(f"{actual}\0{engine}\0{source}".encode(
            "utf-8", "surrogatepass")).hexdigest()
        result = runner.run(key, {"source": source, "actual": actual,
                                  "use_dot": settings.use_dot, "engine": engine})
        return jsonify(result)

    return app
