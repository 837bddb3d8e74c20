"""Timing the reference SMCDEL in the same run as our engines (no figure typed in).

The binary is found as the bridge finds it (``--smcdel PATH``, ``$SMCDEL_BIN``, PATH); the
library (for event models) in ``$MINDGAMES_SMCDEL_HOME``.  When the reference is not built
the scripts print "not built" in its column.  Whole-process times are pinned to one core
with ``taskset`` when there is one, like ours.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

_ANSWER = re.compile(r"^(?:\x1b\[[0-9;]*m)*(True|False)\s*$")


#: the process between a benchmark and the command it measures.  Linux carries a
#: process's peak resident memory (``ru_maxrss``) across fork and exec, so a command
#: started by the benchmark itself counts at least the benchmark's own memory (a
#: benchmark that had read muddy children 100 showed 89 MB for every later command; one
#: holding 300 MB shows 313 MB for ``/bin/true``).  This small process (``python -S``,
#: about 9 MB: the floor of every figure) forks the command in a process group of its
#: own, waits for it and writes the wait status, user and system seconds and peak memory
#: (KiB) of the command alone, its waited-for children included, to the file named first.
#: Sent SIGTERM, it stops the command's group and reports what it had used.
_LAUNCHER = """\
import os, signal, sys
pid = os.fork()
if not pid:
    try:
        os.setpgid(0, 0)
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
try:
    os.setpgid(pid, pid)  # (also here: a stop may come before the child has done it)
except OSError:
    pass
signal.signal(signal.SIGTERM, lambda *_: os.killpg(pid, signal.SIGKILL))
while True:
    try:
        _, status, u = os.wait4(pid, 0)
        break
    except InterruptedError:
        pass
with open(sys.argv[1], "w") as out:
    out.write(f"{status} {u.ru_utime} {u.ru_stime} {u.ru_maxrss}")
"""


class Measured:
    """A command started through :data:`_LAUNCHER`; :meth:`wait` gives its exit code,
    CPU seconds (user + system), peak memory in MB and whether it was stopped."""

    def __init__(self, cmd: list[str], **popen) -> None:
        handle, self.report = tempfile.mkstemp(prefix="bench-usage-")
        os.close(handle)
        self.proc = subprocess.Popen([sys.executable, "-S", "-c", _LAUNCHER, self.report, *cmd],
                                     **popen)

    def wait(self, timeout: float | None = None) -> tuple[int, float, float, bool]:
        """(exit code, CPU seconds, peak MB, stopped): stopped at ``timeout`` seconds (wall)
        with everything it started, its figures those at the stop."""
        start, stopped = time.monotonic(), False
        try:
            while self.proc.poll() is None:
                if not stopped and timeout is not None and time.monotonic() - start > timeout:
                    self.proc.terminate()
                    stopped = True
                time.sleep(0.005)
            with open(self.report) as f:
                fields = f.read().split()
            if len(fields) != 4:  # the launcher itself was stopped: nothing measured
                return self.proc.returncode, 0.0, 0.0, True
            status, user, system, peak = fields
            return (os.waitstatus_to_exitcode(int(status)), float(user) + float(system),
                    int(peak) / 1024, stopped)
        finally:
            os.unlink(self.report)


def compiled_bytecode() -> None:
    """Write our packages' bytecode before anything is timed, as an installed package has
    it (pip compiles at install).  A checkout has none, and where PYTHONDONTWRITEBYTECODE
    is set (as in many containers) every ``mindgames`` process would compile each module
    it imports at its start, about 60 ms of every whole-process time."""
    import compileall

    for package in ("pyfront", "smcdel_bridge"):
        compileall.compile_dir(str(REPO / package), quiet=2)


def one_core() -> list[str]:
    taskset = shutil.which("taskset")
    return [taskset, "-c", "0"] if taskset else []


def find_reference(explicit: str | None = None) -> str | None:
    from smcdel_bridge.official.binary import LaunchError, find_smcdel

    try:
        return find_smcdel(explicit)
    except LaunchError:
        return None


def time_reference(binary: str | None, text: str, runs: int = 1, timeout: float = 600.0
                   ) -> tuple[float | None, list[bool] | None, str]:
    """Best whole-process seconds of ``smcdel -`` on ``text``, its True/False answers, and a
    note ("" when measured; "not built", "> N s" otherwise).  A run over 10 s is not
    repeated."""
    if binary is None:
        return None, None, "not built"
    best, answers = float("inf"), None
    with tempfile.TemporaryDirectory(prefix="bench-smcdel-") as tmp:
        for _ in range(max(1, runs)):
            start = time.perf_counter()
            try:
                done = subprocess.run([*one_core(), binary, "-"], input=text, text=True,
                                      capture_output=True, timeout=timeout, cwd=tmp,
                                      env={"TMPDIR": tmp, "LC_ALL": "C.UTF-8",
                                           "PATH": "/usr/bin:/bin"})
            except subprocess.TimeoutExpired:
                return None, None, f"> {timeout:g} s"
            seconds = time.perf_counter() - start
            if done.returncode:
                return None, None, f"failed: {done.stderr.strip().splitlines()[:1]}"
            best = min(best, seconds)
            answers = [m[1] == "True" for line in done.stdout.splitlines()
                       if (m := _ANSWER.match(line))]
            if seconds > 10:
                break
    return best, answers, ""


def time_ours(text: str, runs: int = 1, timeout: float = 600.0
              ) -> tuple[float | None, list[bool] | None, str]:
    """The same as :func:`time_reference` for ``mindgames smcdel -``: our whole process on
    the same text (start-up, parsing and every job), pinned to the same core."""
    best, answers = float("inf"), None
    with tempfile.TemporaryDirectory(prefix="bench-ours-") as tmp:
        for _ in range(max(1, runs)):
            start = time.perf_counter()
            try:
                done = subprocess.run([*one_core(), sys.executable, "-m", "pyfront.cli",
                                       "smcdel", "-"], input=text, text=True,
                                      capture_output=True, timeout=timeout, cwd=REPO)
            except subprocess.TimeoutExpired:
                return None, None, f"> {timeout:g} s"
            seconds = time.perf_counter() - start
            if done.returncode:
                return None, None, f"failed: {done.stderr.strip().splitlines()[:1]}"
            best = min(best, seconds)
            answers = [m[1] == "True" for line in done.stdout.splitlines()
                       if (m := _ANSWER.match(line))]
            if seconds > 10:
                break
    return best, answers, ""


def ratio(ours: float | None, reference: float | None) -> str:
    """How many times faster we are (reference / ours), as printed in every table."""
    if not ours or reference is None:
        return "-"
    return f"{reference / ours:.2f}"


def cell(seconds: float | None, note: str = "") -> str:
    return note if seconds is None else f"{seconds:.2f}"


def event_reference():
    """The reference backend for event models, or (None, why not)."""
    from smcdel_bridge.errors import BackendError
    from smcdel_bridge.official.kripke_reference import KripkeReference

    backend = KripkeReference()
    try:
        backend.process
    except BackendError as err:
        return None, str(err).split(";", 1)[0]
    return backend, ""
