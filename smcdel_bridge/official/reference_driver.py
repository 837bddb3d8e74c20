"""The Haskell driver of the reference backend: compiled once, then one long-lived process.

``haskell/KDriver.hs`` (shipped with this package) reads Kripke models, action models and
queries one request a line and answers with ``SMCDEL.Explicit.K``'s own product update and
evaluation.  It is compiled with ``ghc`` against the reference's package database
(:mod:`.reference_home`) and cached as ``HOME/mindgames-driver/<hash>/kdriver``, the hash
covering the source, the compiler and the package database, so a changed source or a
rebuilt library compiles afresh and an unchanged one never does.

:class:`DriverProcess` keeps one process answering request after request over pipes.  A
request that runs out of time kills the process (its whole group); a crash or garbage is
reported as a :class:`DriverError` on that request; either way the next request starts a
fresh process, so one bad case never stops a batch.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import selectors
import subprocess
import tempfile
import time
from importlib import resources
from pathlib import Path

from smcdel_bridge.errors import BackendError
from smcdel_bridge.official.reference_home import find_ghc, find_home, package_db

#: seconds one request may take unless the caller says otherwise
DEFAULT_TIMEOUT = 60.0
#: seconds compiling the driver may take
COMPILE_TIMEOUT = 600.0
_PACKAGES = ("smcdel", "containers", "deepseq")


class DriverError(BackendError):
    """The driver could not be compiled, crashed, timed out or answered nonsense."""


class DriverTimeout(DriverError):
    """A request ran out of time; the driver's process group was killed."""


def driver_source(name: str = "KDriver") -> str:
    """The source of the driver ``haskell/<name>.hs`` (``KDriver``: event models;
    ``PlanDriver``: ``offlineSearch``, :mod:`.planning_reference`)."""
    return resources.files("smcdel_bridge.official").joinpath(
        "haskell", f"{name}.hs").read_text(encoding="utf-8")


def _fingerprint(ghc: str, home: Path, source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8"))
    digest.update(os.path.realpath(ghc).encode())
    cache = package_db(home) / "package.cache"
    digest.update(str(cache.stat().st_mtime_ns).encode())
    return digest.hexdigest()[:16]


def driver_path(home: str | os.PathLike | None = None, name: str = "KDriver") -> Path:
    """Where the driver for this source and this library lives (compiled or not)."""
    root = find_home(home)
    fingerprint = _fingerprint(find_ghc(), root, driver_source(name))
    return root / "mindgames-driver" / fingerprint / name.lower()


def build_driver(home: str | os.PathLike | None = None, name: str = "KDriver") -> Path:
    """The compiled driver ``haskell/<name>.hs``, compiling it first when it is not cached
    (DriverError when ``ghc`` fails: its first error line)."""
    root = find_home(home)
    ghc = find_ghc()
    source = driver_source(name)
    target = root / "mindgames-driver" / _fingerprint(ghc, root, source)
    exe = target / name.lower()
    if exe.is_file() and os.access(exe, os.X_OK):
        return exe
    target.parent.mkdir(parents=True, exist_ok=True)
    with open(target.parent / ".lock", "w") as lock:  # parallel runs compile once
        fcntl.flock(lock, fcntl.LOCK_EX)
        if exe.is_file():
            return exe
        work = Path(tempfile.mkdtemp(prefix="build-", dir=target.parent))
        (work / f"{name}.hs").write_text(source, encoding="utf-8")
        cmd = [ghc, "-O1", "-package-db", str(package_db(root))]
        for p in _PACKAGES:
            cmd += ["-package", p]
        cmd += ["-outputdir", str(work / "o"), f"{name}.hs", "-o", name.lower()]
        try:
            done = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                                  timeout=COMPILE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise DriverError(f"compiling the reference driver took over "
                              f"{COMPILE_TIMEOUT:g} s") from None
        if done.returncode != 0:
            lines = [ln.strip() for ln in (done.stderr or done.stdout).splitlines()
                     if ln.strip()]
            first = next((ln for ln in lines if "error" in ln.lower()), lines[0] if lines
                         else f"ghc exited with status {done.returncode}")
            raise DriverError(f"compiling the reference driver failed: {first}")
        target.mkdir(parents=True, exist_ok=True)
        (work / f"{name}.hs").replace(target / f"{name}.hs")
        (work / name.lower()).replace(exe)
        subprocess.run(["rm", "-rf", str(work)], check=False)
    return exe


class DriverProcess:
    """One driver process answering requests in turn (restarted after any failure)."""

    def __init__(self, exe: str | os.PathLike, timeout: float | None = DEFAULT_TIMEOUT):
        self.exe = str(exe)
        self.timeout = timeout
        self._proc: subprocess.Popen | None = None
        #: requests answered, and seconds spent waiting for answers
        self.requests = 0
        self.seconds = 0.0

    def _start(self) -> subprocess.Popen:
        if self._proc is None or self._proc.poll() is not None:
            try:
                self._proc = subprocess.Popen(
                    [self.exe], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE, start_new_session=True)
            except OSError as err:
                raise DriverError(f"cannot run the reference driver {self.exe}: "
                                  f"{err.strerror or err}") from None
        return self._proc

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self._kill(proc)
        for stream in (proc.stdout, proc.stderr):
            stream.close()

    @staticmethod
    def _kill(proc: subprocess.Popen) -> None:
        try:
            os.killpg(proc.pid, 9)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass

    def _fail(self, proc: subprocess.Popen, message: str) -> DriverError:
        self._kill(proc)
        err = proc.stderr.read().decode("utf-8", "replace").strip() if proc.stderr else ""
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass
        self._proc = None
        last = err.splitlines()[-1] if err else ""
        return DriverError(message + (f": {last}" if last else ""))

    def ask(self, line: str, timeout: float | None = None) -> list[str]:
        """Send one request line; the answer's tokens."""
        limit = self.timeout if timeout is None else timeout
        proc = self._start()
        start = time.monotonic()
        try:
            proc.stdin.write(line.encode("utf-8") + b"\n")
            proc.stdin.flush()
        except OSError:
            raise self._fail(proc, "the reference driver stopped reading its input") from None
        answer = self._read_line(proc, limit)
        self.seconds += time.monotonic() - start
        self.requests += 1
        return answer.split()

    def _read_line(self, proc: subprocess.Popen, limit: float | None) -> str:
        fd = proc.stdout.fileno()
        chunks: list[bytes] = []
        deadline = None if limit is None else time.monotonic() + limit
        with selectors.DefaultSelector() as sel:
            sel.register(fd, selectors.EVENT_READ)
            while True:
                left = None if deadline is None else max(0.0, deadline - time.monotonic())
                if not sel.select(left):
                    self._fail(proc, "")
                    raise DriverTimeout(f"the reference did not answer within {limit:g} s "
                                        "(its process was killed)")
                data = os.read(fd, 1 << 16)
                if not data:
                    status = proc.wait()
                    raise self._fail(proc, f"the reference driver crashed (exit status "
                                           f"{status})")
                chunks.append(data)
                if data.endswith(b"\n"):
                    text = b"".join(chunks).decode("utf-8", "replace")
                    if text.count("\n") > 1:
                        raise self._fail(proc, "the reference driver answered more than "
                                               "one line")
                    return text.rstrip("\n")
