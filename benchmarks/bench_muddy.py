"""Muddy children, SMCDEL's own benchmark question, on the embedded engines.

For ``n`` children of whom ``m`` are muddy: how many "nobody knows" announcements does it
take until someone knows?  Each size is one checker input whose jobs ask, for
``k = 0 … m-1``, whether someone knows after the father's announcement and ``k`` rounds of
"nobody knows" (the first ``True`` must come at ``k = m - 1``).  Seconds per ``n`` are
printed for every engine, for ``m = n/2`` and ``m = n``; the explicit engine runs only as
far as it can (it refuses vocabularies too large for explicit states, and sizes after one
that took longer than ``--explicit-budget`` seconds are skipped).

Then the acceptance case: ``n = 60, m = 30`` written as SMCDEL text and run through
``mindgames smcdel FILE --engine symbolic`` (command-line start-up included).

Finally the reference side by side: for ``n`` in ``--reference-sizes`` (``m = n/2``, the
benchmark question of ``mindgames puzzle muddy N M``), ``mindgames smcdel FILE --engine
symbolic`` and the reference binary (found like the bridge finds it) on the same input,
whole process, one core, measured in this run; ``ratio`` is the reference's time over ours.

    python benchmarks/bench_muddy.py [--max-n 80] [--step 5] [--cli-runs 5]
                                     [--reference-sizes 60,100,150,200] [--smcdel PATH]
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from smcdel_bridge.backend import get_backend  # noqa: E402
from smcdel_bridge.errors import SmcdelError  # noqa: E402
from pyfront.puzzles.programs import (  # noqa: E402
    muddy_children_text,
    muddy_expected,
    rounds_until_someone_knows,
)


def rounds_needed(backend, n: int, m: int) -> tuple[int | None, float]:
    """(first k at which someone knows, seconds) for one size on one backend."""
    program = rounds_until_someone_knows(n, m)
    start = time.perf_counter()
    answers = backend.run(program)
    seconds = time.perf_counter() - start
    first = next((k for k, a in enumerate(answers) if a.value), None)
    return first, seconds


def engines() -> list[tuple[str, object]]:
    out = [("symbolic", get_backend("symbolic"))]
    try:
        out.append(("explicit", get_backend("explicit")))
    except (ImportError, AttributeError) as err:
        print(f"(explicit engine unavailable: {err})")
    return out


def curve(max_n: int, step: int, explicit_budget: float) -> bool:
    ok = True
    sizes = list(range(5, max_n + 1, step))
    for name, backend in engines():
        print(f"\n== {name} engine: seconds per n (answer = rounds until someone knows) ==")
        print(f"{'n':>4} {'m=n/2':>10} {'rounds':>6}   {'m=n':>10} {'rounds':>6}")
        stopped = False
        for n in sizes:
            cells = []
            for m in (max(1, n // 2), n):
                if stopped:
                    cells.append(f"{'skipped':>10} {'':>6}")
                    continue
                try:
                    first, seconds = rounds_needed(backend, n, m)
                except SmcdelError as err:  # e.g. too many states for explicit sets
                    cells.append(f"{'refused':>10} {'':>6}")
                    print(f"     ({name} stops at n={n}: {err})")
                    stopped = True
                    continue
                if first != m - 1:
                    ok = False
                cells.append(f"{seconds:10.3f} {first if first is not None else '-':>6}")
                if name == "explicit" and seconds > explicit_budget:
                    stopped = True
            print(f"{n:>4} " + "   ".join(cells))
    return ok


def cli_timing(n: int, m: int, runs: int, engine: str) -> bool:
    exe = shutil.which("mindgames")
    cmd = [exe] if exe else [sys.executable, "-m", "pyfront"]
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"muddy-{n}-{m}.smcdel.txt"
        path.write_text(muddy_children_text(n, m))
        times = []
        out = None
        for _ in range(runs):
            start = time.perf_counter()
            proc = subprocess.run(
                [*cmd, "smcdel", str(path), "--engine", engine],
                capture_output=True, text=True, env={**os.environ, "NO_COLOR": "1"},
            )
            times.append(time.perf_counter() - start)
            out = proc
        plain = re.sub(r"\x1b\[[0-9;]*m", "", out.stdout)
        answers = [line.strip() for line in plain.splitlines() if line.strip() in ("True", "False")]
    expected = [str(v) for v in muddy_expected(n, m)]
    good = out.returncode == 0 and answers == expected
    print(
        f"\n== mindgames smcdel (n={n}, m={m}, --engine {engine}), {runs} runs ==\n"
        f"min {min(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"answers {'correct' if good else 'WRONG: ' + repr(answers or out.stderr.strip())}"
    )
    return good


def side_by_side(sizes: list[int], runs: int, binary: str | None) -> bool:
    from reference_timing import cell, one_core, ratio, time_reference

    exe = shutil.which("mindgames")
    cmd = [*one_core(), *([exe] if exe else [sys.executable, "-m", "pyfront"])]
    print(f"\n== the reference side by side (m = n/2; whole process, one core; reference: "
          f"{binary or 'not built'}) ==")
    print(f"{'n':>4} {'ours':>8} {'reference':>10} {'ratio':>6}  answers")
    ok = True
    for n in sizes:
        m = max(1, n // 2)
        text = muddy_children_text(n, m)
        expected = muddy_expected(n, m)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "muddy.smcdel.txt"
            path.write_text(text)
            best, answers = float("inf"), None
            for _ in range(runs):
                start = time.perf_counter()
                proc = subprocess.run([*cmd, "smcdel", str(path), "--engine", "symbolic"],
                                      capture_output=True, text=True,
                                      env={**os.environ, "NO_COLOR": "1"})
                best = min(best, time.perf_counter() - start)
                answers = [ln.strip() == "True" for ln in proc.stdout.splitlines()
                           if ln.strip() in ("True", "False")]
        ref_seconds, ref_answers, note = time_reference(binary, text, runs)
        good = answers == expected and ref_answers in (None, expected)
        ok &= good
        print(f"{n:>4} {best:>8.2f} {cell(ref_seconds, note):>10} {ratio(best, ref_seconds):>6}"
              f"  {'ok' if good else 'WRONG'}")
    return ok


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--max-n", type=int, default=80)
    ap.add_argument("--step", type=int, default=5)
    ap.add_argument("--explicit-budget", type=float, default=10.0,
                    help="skip larger sizes once the explicit engine took this many seconds")
    ap.add_argument("--cli-runs", type=int, default=5)
    ap.add_argument("--cli-engine", default="symbolic")
    ap.add_argument("--reference-sizes", default="60,100,150,200")
    ap.add_argument("--reference-runs", type=int, default=1)
    ap.add_argument("--smcdel", help="the reference binary (default: $SMCDEL_BIN or PATH)")
    args = ap.parse_args()
    from reference_timing import find_reference

    ok = curve(args.max_n, args.step, args.explicit_budget)
    if args.cli_runs > 0:
        ok = cli_timing(60, 30, args.cli_runs, args.cli_engine) and ok
    sizes = [int(x) for x in args.reference_sizes.split(",") if x]
    if sizes:
        ok = side_by_side(sizes, args.reference_runs, find_reference(args.smcdel)) and ok
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
