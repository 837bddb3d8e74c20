"""Start ``mindgames serve`` on a free loopback port for the web tests, and stop it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@contextmanager
def running_server(*options: str, startup: float = 30.0):
    """Yield the base URL of a fresh server (``--port 0``: the server picks a free port and
    prints it); the server is stopped afterwards, whatever happened."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "pyfront.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         *options],
        cwd=REPO, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True, env=env,
    )
    try:
        deadline = time.monotonic() + startup
        url = None
        while time.monotonic() < deadline:
            line = proc.stderr.readline()
            if not line:
                break
            match = re.search(r"serving on (http://127\.0\.0\.1:\d+/)", line)
            if match:
                url = match.group(1)
                break
        if url is None:
            proc.kill()
            raise RuntimeError(f"the server did not start: {proc.stderr.read()[-500:]}")
        yield url
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(5)
        proc.stderr.close()


def get_json(url: str, timeout: float = 30.0) -> tuple[int, dict]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def post_json(url: str, body: dict | bytes, timeout: float = 30.0) -> tuple[int, dict]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())
