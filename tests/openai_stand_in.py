"""A small OpenAI-compatible chat-completions server on 127.0.0.1, run in a thread by the
evaluation tests: it knows the right answer of every prompt, answers a known subset
wrong, can rate-limit first requests, go down, or answer garbage."""

from __future__ import annotations

import hashlib
import json
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KEY = "sk-stand-in"


def answers_wrong(prompt: str) -> bool:
    """The known subset answered wrong: a quarter of the prompts, by hash."""
    return hashlib.sha256(prompt.encode()).digest()[0] % 4 == 0


class StandIn:
    """``answers``: prompt -> (right reply, wrong reply)."""

    def __init__(self, answers: dict[str, tuple[str, str]], *, rate_limit_first: int = 0,
                 retry_after: str = "1", delay: float = 0.0):
        self.answers = answers
        self.rate_limit_first = rate_limit_first
        self.retry_after = retry_after
        self.delay = delay
        #: "ok", "down" (503), "garbage" (200, not JSON); switch with ``after``
        self.mode = "ok"
        #: switch to ``mode_after`` once this many prompts were answered
        self.after: int | None = None
        self.mode_after = "down"
        self.lock = threading.Lock()
        self.requests = 0
        self.answered: Counter = Counter()
        self.limited: dict[str, float] = {}
        self.retried_after: dict[str, float] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/v1"

    def __enter__(self) -> "StandIn":
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def _handler(self):
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def _send(self, status: int, body: bytes, headers: dict[str, str] | None = None):
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                if self.path != "/v1/chat/completions":
                    return self._send(404, b'{"error": {"message": "no such route"}}')
                if self.headers.get("Authorization") != f"Bearer {KEY}":
                    return self._send(401, b'{"error": {"message": "Incorrect API key provided"}}')
                prompt = body["messages"][-1]["content"]
                with stand_in.lock:
                    stand_in.requests += 1
                    if stand_in.after is not None and sum(stand_in.answered.values()) >= stand_in.after:
                        stand_in.mode = stand_in.mode_after
                    mode = stand_in.mode
                    limit = (mode == "ok" and prompt not in stand_in.limited
                             and len(stand_in.limited) < stand_in.rate_limit_first)
                    if limit:
                        stand_in.limited[prompt] = time.monotonic()
                    elif prompt in stand_in.limited and prompt not in stand_in.retried_after:
                        stand_in.retried_after[prompt] = time.monotonic()
                if mode == "down":
                    return self._send(503, b'{"error": {"message": "overloaded"}}')
                if mode == "garbage":
                    return self._send(200, b"<html>502 Bad Gateway</html>")
                if limit:
                    return self._send(429, b'{"error": {"message": "rate limited"}}',
                                      {"Retry-After": stand_in.retry_after})
                with stand_in.lock:
                    stand_in.in_flight += 1
                    stand_in.max_in_flight = max(stand_in.max_in_flight, stand_in.in_flight)
                if stand_in.delay:
                    time.sleep(stand_in.delay)
                right, wrong = stand_in.answers[prompt]
                text = wrong if answers_wrong(prompt) else right
                with stand_in.lock:
                    stand_in.answered[prompt] += 1
                    stand_in.in_flight -= 1
                reply = {
                    "id": "chatcmpl-1", "object": "chat.completion", "created": 0,
                    "model": body["model"],
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant", "content": text}}],
                    "usage": {"prompt_tokens": len(prompt.split()), "completion_tokens": 1,
                              "total_tokens": len(prompt.split()) + 1},
                }
                self._send(200, json.dumps(reply).encode())

        return Handler
