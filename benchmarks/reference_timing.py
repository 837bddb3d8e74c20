"""Timing the reference SMCDEL in the same run as our engines (no figure typed in).

The binary is found as the bridge finds it (``--smcdel PATH``, ``$SMCDEL_BIN``, PATH); the
library (for event models) in ``$MINDGAMES_SMCDEL_HOME``.  When the reference is not built
the scripts print "not built" in its column.  Whole-process times are pinned to one core
with ``taskset`` when there is one, like ours.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

_ANSWER = re.compile(r"^(?:\x1b\[[0-9;]*m)*(True|False)\s*$")


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
