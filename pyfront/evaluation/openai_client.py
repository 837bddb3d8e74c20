"""A client for OpenAI-compatible endpoints (vLLM, llama.cpp's server, Ollama, hosted
APIs), on the standard library, in two ways of scoring:

* ``generate`` (:class:`OpenAIChat`): ``/chat/completions``, the model writes an answer
  and :mod:`.answers` reads it (chat models);
* ``loglikelihood`` (:class:`OpenAICompletions`): ``/completions`` with ``echo`` and
  ``logprobs``, each option's log-probability after the prompt, the likeliest is the
  answer (base models; what lm-eval's ``local-completions`` does).

Retries: 429, 408, 5xx and timeouts are retried with exponential backoff, waiting at
least what ``Retry-After`` asks; a refused connection is retried briefly (a server that
is restarting).  A refused key (401/403), any other 4xx, a redirect (never followed: the
key would go with it), a reply that is not JSON, has no message or is larger than
:data:`MAX_REPLY_BYTES`, a ``Retry-After`` past :data:`MAX_WAIT`, and a server that stays
unreachable are one-line :class:`UserError`s.  A reply's body must arrive within the
request's timeout as a whole: a server that trickles bytes is timed out like a silent one.
"""

from __future__ import annotations

import email.utils
import http.client
import json
import os
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from ..errors import UserError
from .items import EvalItem
from .model_api import Model, Reply, option_reply

DEFAULT_BASE_URL = "https://api.openai.com/v1"
#: longest wait between two attempts, whatever Retry-After says
MAX_WAIT = 60.0
#: attempts at a server that refuses connections
CONNECT_ATTEMPTS = 3
#: largest reply read (a reply of a few tokens, or a prompt's echoed log-probabilities, is
#: far smaller; a server that sends more is broken, and would fill the cache)
MAX_REPLY_BYTES = 16 * 1024 * 1024


def retry_after(value: str | None) -> float | None:
    """Seconds to wait from a ``Retry-After`` header (seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())


class _Retry(Exception):
    def __init__(self, reason: str, wait: float | None = None):
        self.reason, self.wait = reason, wait


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A redirect comes back as its HTTPError: following it would send the key (and the
    prompts) to wherever the server points."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


def checked_url(base_url: str) -> str:
    """``--base-url`` without its trailing slash, refused unless it is an http(s) address
    with a host (and a port that exists)."""
    base = base_url.rstrip("/")
    try:
        parts = urllib.parse.urlsplit(base)
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError as err:
        raise UserError(f"--base-url {base_url!r} is not an address ({err})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UserError(f"--base-url must start with http:// or https:// and name a host: "
                        f"{base_url!r}")
    return base


def read_body(resp, deadline: float, limit: int) -> bytes:
    """At most ``limit`` + 1 bytes of a reply's body, read a chunk at a time (one slow byte
    after another never times out a single read), TimeoutError past ``deadline``."""
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        if time.monotonic() > deadline:
            raise TimeoutError("the reply did not end in time")
        chunk = resp.read1(65536)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)[:limit + 1]


class OpenAIChat(Model):
    cached = True
    scoring = "generate"
    #: the endpoint below the base URL
    path = "/chat/completions"

    def __init__(self, name: str, *, base_url: str | None = None, api_key: str | None = None,
                 max_tokens: int = 16, temperature: float = 0.0, timeout: float = 60.0,
                 max_retries: int = 6, backoff: float = 0.5, concurrency: int = 4,
                 system: str | None = None):
        self.name = name
        self.spec = f"openai:{name}"
        self.base_url = checked_url(base_url or os.environ.get("OPENAI_BASE_URL") or DEFAULT_BASE_URL)
        self.url = self.base_url + self.path
        self.api_key = api_key if api_key is not None else os.environ.get("OPENAI_API_KEY")
        if self.api_key and not (self.api_key.isascii() and self.api_key.isprintable()
                                 and " " not in self.api_key):
            raise UserError("OPENAI_API_KEY holds a space, a line break or a character that is "
                            "not ASCII: a key is sent as it is, so remove it")
        self.max_tokens, self.temperature, self.timeout = max_tokens, temperature, timeout
        self.max_retries, self.backoff = max_retries, backoff
        self.concurrency = max(1, concurrency)
        self.system = system
        self._stop = threading.Event()
        self._opener = urllib.request.build_opener(_NoRedirect)

    def identity(self) -> dict[str, Any]:
        return {"model": self.spec, "base_url": self.base_url, "max_tokens": self.max_tokens,
                "temperature": self.temperature, "system": self.system, "scoring": self.scoring}

    def close(self) -> None:
        self._stop.set()

    def _body(self, item: EvalItem) -> bytes:
        messages = [{"role": "system", "content": self.system}] if self.system else []
        messages.append({"role": "user", "content": item.prompt})
        return json.dumps({"model": self.name, "messages": messages, "max_tokens": self.max_tokens,
                           "temperature": self.temperature}).encode("utf-8")

    def _sleep(self, seconds: float) -> None:
        if self._stop.wait(min(seconds, MAX_WAIT)):
            raise UserError("stopped")

    def respond(self, item: EvalItem) -> Reply:
        return _reply(self.url, self._post(self._body(item)))

    def _post(self, body: bytes) -> bytes:
        """The reply's bytes, with the retries the module docstring describes."""
        refused = 0
        attempt = 0
        while True:
            if self._stop.is_set():
                raise UserError("stopped")
            try:
                return self._once(body)
            except _Retry as retry:
                if retry.reason.startswith("cannot connect"):
                    refused += 1
                    if refused >= CONNECT_ATTEMPTS:
                        raise UserError(f"{self.url}: {retry.reason}") from None
                attempt += 1
                if attempt > self.max_retries:
                    raise UserError(f"{self.url}: {retry.reason}, still after "
                                    f"{self.max_retries} retries") from None
                wait = self.backoff * 2 ** (attempt - 1)
                if retry.wait is not None and retry.wait > MAX_WAIT:
                    raise UserError(f"{self.url}: {retry.reason} with Retry-After "
                                    f"{retry.wait:.0f} s (the longest wait is {MAX_WAIT:.0f} s): "
                                    "run again later") from None
                if retry.wait is not None:
                    wait = max(wait, retry.wait)
                self._sleep(wait)

    def _once(self, body: bytes) -> bytes:
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        req = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        deadline = time.monotonic() + self.timeout
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                raw = read_body(resp, deadline, MAX_REPLY_BYTES)
        except urllib.error.HTTPError as err:
            status = err.code
            try:
                detail = _error_text(read_body(err, deadline, 4096))
            except (OSError, http.client.HTTPException, AttributeError):  # (no body at all)
                detail = ""
            wait = retry_after(err.headers.get("Retry-After") if err.headers else None)
            if status == 429 or status == 408 or status >= 500:
                raise _Retry(f"HTTP {status}", wait) from None
            if 300 <= status < 400:
                where = err.headers.get("Location") if err.headers else None
                raise UserError(f"{self.url}: HTTP {status}: the server redirects to {where}, "
                                "not followed (give the address you mean as --base-url)") from None
            if status in (401, 403):
                raise UserError(f"{self.url}: HTTP {status}: the server refused the key "
                                f"(OPENAI_API_KEY){detail}") from None
            raise UserError(f"{self.url}: HTTP {status}{detail}") from None
        except urllib.error.URLError as err:
            reason = err.reason
            if isinstance(reason, (TimeoutError, socket.timeout)):
                raise _Retry("timed out") from None
            if isinstance(reason, ConnectionRefusedError):
                raise _Retry(f"cannot connect ({reason.strerror or reason})") from None
            raise UserError(f"{self.url}: cannot reach the server ({reason})") from None
        except (TimeoutError, socket.timeout):
            raise _Retry("timed out") from None
        except (ConnectionError, http.client.HTTPException) as err:
            raise _Retry(f"connection lost ({type(err).__name__})") from None
        if len(raw) > MAX_REPLY_BYTES:
            raise UserError(f"{self.url}: the reply is larger than "
                            f"{MAX_REPLY_BYTES // 2 ** 20} MB")
        return raw


def _error_text(raw: bytes) -> str:
    """``: message`` from an error body (OpenAI's ``{"error": {"message": …}}``), if any."""
    try:
        data = json.loads(raw)
        msg = data.get("error", {}).get("message") if isinstance(data.get("error"), dict) else data.get("error")
    except (ValueError, AttributeError):
        msg = raw.decode("utf-8", "replace").strip()
    msg = " ".join(str(msg or "").split())[:120]
    return f": {msg}" if msg else ""


def _reply(url: str, raw: bytes) -> Reply:
    data = _loads(url, raw)
    try:
        content = data["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise UserError(f"{url}: the reply has no choices[0].message.content") from None
    if content is None:
        content = ""
    if not isinstance(content, str):
        raise UserError(f"{url}: choices[0].message.content is not text")
    # JSON may escape a lone surrogate ("\ud800"), which no file can hold: the replacement
    # character stands for it, as for any undecodable text
    content = "".join("\ufffd" if "\ud800" <= c <= "\udfff" else c for c in content)
    usage = data.get("usage") if isinstance(data, dict) else None
    tally = None
    if isinstance(usage, dict):
        tally = {k: int(usage[k]) for k in ("prompt_tokens", "completion_tokens")
                 if isinstance(usage.get(k), int)}
    return Reply(content, tally)


class OpenAICompletions(OpenAIChat):
    """``--score loglikelihood``: the option whose continuation is likeliest after the
    prompt, from ``/completions``.  The continuation is a space and the option's letter
    for multiple choice (the prompt lists lettered options and ends with "Answer:"), a
    space and "True" or "False" for NLI.

    One request per item first: the prompt alone, one token generated, the top
    :data:`TOP_LOGPROBS` next tokens with their log-probabilities.  When an option's
    continuation is one of those tokens its log-probability is exact; an option not among
    them is less likely than all of them, so the answer is exact whenever one option is
    there.  Otherwise (long options, a model that expects something else) each option is
    scored as lm-eval's ``local-completions`` does it: prompt and continuation echoed with
    ``logprobs``, the continuation's token log-probabilities summed."""

    scoring = "loglikelihood"
    path = "/completions"

    def identity(self) -> dict[str, Any]:
        return {"model": self.spec, "base_url": self.base_url, "scoring": self.scoring}

    def _next_body(self, context: str) -> bytes:
        return json.dumps({"model": self.name, "prompt": context, "max_tokens": 1,
                           "temperature": 0.0, "logprobs": TOP_LOGPROBS}).encode("utf-8")

    def _option_body(self, context: str, continuation: str) -> bytes:
        # max_tokens 1: some servers read 0 as "no limit"; the generated token is not counted
        return json.dumps({"model": self.name, "prompt": context + continuation,
                           "max_tokens": 1, "temperature": 0.0, "echo": True,
                           "logprobs": 1}).encode("utf-8")

    def respond(self, item: EvalItem) -> Reply:
        conts = [" " + option_reply(item, i) for i in range(len(item.options))]
        top, usage = next_token_logprobs(self.url, self._post(self._next_body(item.prompt)))
        found = {i: top[c] for i, c in enumerate(conts) if c in top}
        if found:
            best = max(found, key=lambda i: (found[i], -i))
            return Reply(option_reply(item, best), usage)
        scores: list[float] = []
        tally = dict(usage)
        for c in conts:
            raw = self._post(self._option_body(item.prompt, c))
            score, used = continuation_logprob(self.url, raw, len(item.prompt),
                                               len(item.prompt) + len(c))
            scores.append(score)
            for k, v in used.items():
                tally[k] = tally.get(k, 0) + v
        best = max(range(len(scores)), key=lambda i: (scores[i], -i))
        return Reply(option_reply(item, best), tally)


#: next tokens asked for with their log-probabilities (vLLM's default limit)
TOP_LOGPROBS = 20


def _loads(url: str, raw: bytes):
    try:
        return json.loads(raw)
    except ValueError:
        head = " ".join(raw[:60].decode("utf-8", "replace").split())
        raise UserError(f"{url}: the reply is not JSON ({head!r})") from None


def _json(url: str, raw: bytes) -> dict:
    data = _loads(url, raw)
    if not isinstance(data, dict):
        raise UserError(f"{url}: the reply is not a JSON object")
    return data


def _usage(data: dict) -> dict[str, int]:
    usage = data.get("usage") if isinstance(data.get("usage"), dict) else {}
    return {k: int(usage[k]) for k in ("prompt_tokens", "completion_tokens")
            if isinstance(usage.get(k), int)}


def next_token_logprobs(url: str, raw: bytes) -> tuple[dict[str, float], dict[str, int]]:
    """The first generated token's top log-probabilities (token text -> value)."""
    data = _json(url, raw)
    try:
        top = data["choices"][0]["logprobs"]["top_logprobs"][0]
    except (KeyError, IndexError, TypeError):
        raise UserError(f"{url}: the reply has no choices[0].logprobs.top_logprobs (does the "
                        "server give log-probabilities? llama.cpp's Python server needs "
                        "--logits_all true)") from None
    if not isinstance(top, dict):
        raise UserError(f"{url}: choices[0].logprobs.top_logprobs[0] is not an object")
    return ({str(k): float(v) for k, v in top.items() if isinstance(v, (int, float))},
            _usage(data))


def continuation_logprob(url: str, raw: bytes, start: int, end: int) -> tuple[float, dict[str, int]]:
    """Sum of the log-probabilities of the echoed tokens that begin at characters
    ``start`` … ``end - 1`` of the prompt (the continuation), and the usage tally."""
    data = _json(url, raw)
    try:
        lp = data["choices"][0]["logprobs"]
        offsets, values = lp["text_offset"], lp["token_logprobs"]
    except (KeyError, IndexError, TypeError):
        raise UserError(f"{url}: the reply has no choices[0].logprobs with text_offset and "
                        "token_logprobs (does the server echo log-probabilities? llama.cpp's "
                        "Python server needs --logits_all true)") from None
    if not isinstance(offsets, list) or not isinstance(values, list) or \
            any(not isinstance(off, int) for off in offsets):
        raise UserError(f"{url}: the reply's log-probabilities are not lists of numbers")
    picked = [v for off, v in zip(offsets, values) if start <= off < end]
    if not picked or any(not isinstance(v, (int, float)) for v in picked):
        raise UserError(f"{url}: no log-probability for the option's tokens in the reply")
    return float(sum(picked)), _usage(data)
