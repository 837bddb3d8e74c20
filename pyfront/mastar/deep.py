"""Run the C++ epistemic planner deep on an mA* file: its breadth-first shortest plan,
or whether a given plan reaches the goal (``-e --execute_actions``).  The tests and
``benchmarks/bench_planning_mastar.py`` use it to check our plans against deep's.

deep writes an ``out/`` folder into its working directory, so each run gets a fresh
temporary one.

Usage::

    from pyfront.mastar.deep import run_deep
    # run_deep("/path/to/deep", "Coin_in_the_Box__pl_3.txt", timeout=60)
    # -> DeepRun(found=True, plan=('signal_a_b', 'open_a', 'peek_b'), seconds=0.09, ...)
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from smcdel_bridge.values import value


@value(frozen=True)
class DeepRun:
    """One deep process: ``found`` ("Goal found :)"), the plan it printed (``None``
    when none), wall-clock ``seconds`` and ``timed_out``."""

    found: bool
    plan: tuple[str, ...] | None
    seconds: float
    timed_out: bool


def run_deep(binary: str, path: str | Path, *, plan=None, timeout: float = 60.0) -> DeepRun:
    """deep's breadth-first search on ``path`` or, with ``plan``, the execution of the
    given action names."""
    argv = [binary, str(Path(path).resolve())]
    if plan is not None:
        argv += ["-e", "--execute_actions", *plan]
    with tempfile.TemporaryDirectory() as work:
        began = time.perf_counter()
        try:
            done = subprocess.run(argv, cwd=work, capture_output=True, text=True,
                                  timeout=timeout)
        except subprocess.TimeoutExpired:
            return DeepRun(False, None, time.perf_counter() - began, True)
        seconds = time.perf_counter() - began
    found = "Goal found :)" in done.stdout
    actions = None
    for line in done.stdout.splitlines():
        text = line.strip()
        if found and text.startswith("Action executed:"):
            names = text.removeprefix("Action executed:").strip()
            actions = tuple(a.strip() for a in names.split(",") if a.strip())
    if found and actions is None:
        actions = ()
    return DeepRun(found, actions, seconds, False)
