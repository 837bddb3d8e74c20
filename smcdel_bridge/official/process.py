"""Running the ``smcdel`` binary once: one process group, a scratch ``TMPDIR``, a time limit.

Every call runs in its own process group with ``TMPDIR`` pointing at a scratch directory
that is removed afterwards (the binary leaves an empty ``smcdelNNNN-0.tex`` file behind on
each call), and with a UTF-8 locale so that inputs using ``¬ ∧ ∨ →`` are read correctly.
A call that runs out of time is killed together with everything it started; :data:`LIVE`
lists the calls running, so an interrupted batch can end them.
"""

from __future__ import annotations

import os
import signal
import subprocess
import tempfile
import threading
import time

from smcdel_bridge.errors import BackendError
from smcdel_bridge.values import value


class LaunchError(BackendError):
    """The binary could not be started at all (missing, not executable).

    Every call would fail the same way, so batches do not split on it.
    """


class CallTimeout(BackendError):
    """A call ran out of time; its process group was killed."""


@value(frozen=True, slots=True)
class CallResult:
    """Raw result of one process: what it printed and how it ended."""

    stdout: str
    stderr: str
    returncode: int | None  # None: killed by us after the time limit
    seconds: float
    timed_out: bool = False


class _LiveProcesses:
    """Process groups started and not yet reaped, so an interrupted batch can end them."""

    def __init__(self):
        self._lock = threading.Lock()
        self._procs: set[subprocess.Popen] = set()

    def add(self, proc):
        with self._lock:
            self._procs.add(proc)

    def discard(self, proc):
        with self._lock:
            self._procs.discard(proc)

    def kill_all(self):
        with self._lock:
            procs = list(self._procs)
        for proc in procs:
            kill_group(proc)


LIVE = _LiveProcesses()


def kill_group(proc: subprocess.Popen) -> None:
    """Kill the process group led by ``proc`` (it was started in its own session)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except OSError:
        pass


def _utf8_env(tmpdir: str) -> dict[str, str]:
    env = dict(os.environ)
    env["TMPDIR"] = tmpdir
    locale = env.get("LC_ALL") or env.get("LC_CTYPE") or env.get("LANG") or ""
    if "utf-8" not in locale.lower() and "utf8" not in locale.lower():
        env["LC_ALL"] = "C.UTF-8"
    return env


def call_binary(binary: str, text: str, timeout: float | None) -> CallResult:
    """Run ``binary -`` on ``text``; kill its whole process group after ``timeout`` s."""
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mindgames-smcdel-") as tmp:
        try:
            proc = subprocess.Popen(
                [binary, "-"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=_utf8_env(tmp),
                cwd=tmp,
                start_new_session=True,
            )
        except OSError as err:
            raise LaunchError(f"cannot run smcdel binary {binary}: {err.strerror or err}") from None
        LIVE.add(proc)
        timed_out = False
        try:
            try:
                out, err = proc.communicate(text.encode("utf-8"), timeout=timeout)
            except subprocess.TimeoutExpired:
                timed_out = True
                kill_group(proc)
                try:
                    out, err = proc.communicate(timeout=5)
                except subprocess.TimeoutExpired:  # a descendant escaped the group
                    out, err = b"", b""
        except BaseException:
            kill_group(proc)
            proc.wait()
            raise
        finally:
            LIVE.discard(proc)
        returncode = None if timed_out else proc.returncode
    return CallResult(
        stdout=out.decode("utf-8", errors="replace"),
        stderr=err.decode("utf-8", errors="replace"),
        returncode=returncode,
        seconds=time.monotonic() - start,
        timed_out=timed_out,
    )


