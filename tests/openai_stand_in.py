"""A small OpenAI-compatible chat-completions server on 127.0.0.1, run in a thread by the
evaluation tests: it knows the right answer of every prompt, answers a known subset
wrong, can rate-limit first requests, go down, or answer garbage (see :data:`MODES`)."""

from __future__ import annotations

import hashlib
import json
import socket
import struct
import sys
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

KEY = "sk-stand-in"

#: what the server does instead of answering: ``down`` a 503, ``error500`` a 500,
#: ``garbage`` a 200 that is not JSON, ``empty`` a 200 with no body, ``shape`` JSON of
#: another shape, ``limit`` a 429 without Retry-After, ``huge`` a well-formed 50 MB reply,
#: ``endless`` a body that trickles in and never ends, ``reset`` a connection reset
#: mid-body, ``redirect`` a 302 to ``redirect_to``
MODES = ("ok", "down", "error500", "garbage", "empty", "shape", "limit", "huge", "endless",
         "reset", "redirect")
HUGE = 50 * 1024 * 1024


def answers_wrong(prompt: str) -> bool:
    """The known subset answered wrong: a quarter of the prompts, by hash."""
    return hashlib.sha256(prompt.encode()).digest()[0] % 4 == 0


class _QuietServer(ThreadingHTTPServer):
    """Says nothing when a client hangs up mid-reply (the client under test may, rightly)."""

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], OSError):
            super().handle_error(request, client_address)


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
        #: where ``redirect`` sends the client
        self.redirect_to = ""
        #: the Authorization header of every request, in order
        self.authorizations: list[str | None] = []
        self.lock = threading.Lock()
        self.requests = 0
        self.answered: Counter = Counter()
        self.limited: dict[str, float] = {}
        self.retried_after: dict[str, float] = {}
        self.in_flight = 0
        self.max_in_flight = 0
        self.server = _QuietServer(("127.0.0.1", 0), self._handler())
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

            def _hostile(self, mode: str) -> None:
                if mode == "huge":
                    text = "x" * HUGE
                    self._send(200, json.dumps({"choices": [{"message": {"content": text}}]}).encode())
                elif mode == "endless":  # no length: the body would end when the server closes
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.end_headers()
                    self.wfile.write(b'{"choices": [{"message": {"content": "')
                    deadline = time.monotonic() + 30
                    while time.monotonic() < deadline:
                        try:
                            self.wfile.write(b"x")
                            self.wfile.flush()
                        except OSError:
                            return
                        time.sleep(0.05)
                elif mode == "reset":
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", "1000")
                    self.end_headers()
                    self.wfile.write(b'{"choices": [{"message": ')
                    self.wfile.flush()
                    self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER,
                                               struct.pack("ii", 1, 0))
                    self.connection.close()
                elif mode == "redirect":
                    self._send(302, b"", {"Location": stand_in.redirect_to})
                elif mode == "limit":
                    self._send(429, b'{"error": {"message": "rate limited"}}')
                elif mode == "error500":
                    self._send(500, b'{"error": {"message": "internal"}}')
                elif mode == "empty":
                    self._send(200, b"")
                elif mode == "shape":
                    self._send(200, b'{"choices": {"message": "True"}}')
                else:
                    self._send(200, b"<html>502 Bad Gateway</html>")

            def do_GET(self):  # what a client that follows a 302 sends
                with stand_in.lock:
                    stand_in.authorizations.append(self.headers.get("Authorization"))
                self._send(405, b'{"error": {"message": "use POST"}}')

            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = json.loads(self.rfile.read(length))
                with stand_in.lock:
                    stand_in.authorizations.append(self.headers.get("Authorization"))
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
                if mode not in ("ok", "down"):
                    return self._hostile(mode)
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
