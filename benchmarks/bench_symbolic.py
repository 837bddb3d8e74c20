"""The symbolic engine on SMCDEL's two benchmark families, whole process, one core.

* muddy children: ``n`` children, ``m = n/2`` muddy (``mindgames puzzle muddy N M --to
  smcdel``: after the father and ``m - 1`` rounds of "nobody knows", does someone know, does
  everyone know; one round earlier, does someone know);
* dining cryptographers: ``n`` at the table (``mindgames puzzle dining N --to smcdel``:
  after everyone announces their XOR, is the payer safe and the NSA's payment common
  knowledge).

For each size the input is written to a file and ``mindgames smcdel FILE --engine
symbolic`` runs on it (pinned to one core with ``taskset`` when there is one); the figure is
the best wall time of ``--runs`` runs, start-up included, and the answers are checked.  Then
the same program runs in this process once more to read the BDD manager's peak node count.
The reference checker's times (SMCDEL 1.3.0 with CacBDD, same inputs, measured on these
machines) are printed beside, with the acceptance limits.

    python benchmarks/bench_symbolic.py [--runs 3] [--muddy 10,20,40,60,100,150,200]
                                        [--dining 3,6,8,10,12,14,20,30]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.puzzles.programs import (  # noqa: E402
    dining_cryptographers,
    dining_cryptographers_text,
    muddy_children,
    muddy_children_text,
    muddy_expected,
)

#: seconds of the reference binary, and of this engine before its fast paths (same inputs,
#: whole process, measured on these machines)
REFERENCE = {
    ("muddy", 60): 0.41, ("muddy", 100): 1.84, ("muddy", 200): 10.2,
    ("dining", 10): 2.1, ("dining", 12): 17.2, ("dining", 14): 156.0,
}
BEFORE = {
    ("muddy", 60): 0.27, ("muddy", 100): 1.36, ("muddy", 200): 7.5,
    ("dining", 10): 1.9, ("dining", 12): 22.0, ("dining", 14): "> 300",
}
#: acceptance: whole process, one core
LIMITS = {("muddy", 200): 5.0, ("dining", 12): 12.0, ("dining", 14): 120.0}


def cli() -> list[str]:
    exe = shutil.which("mindgames")
    base = [exe] if exe else [sys.executable, "-m", "pyfront.cli"]
    taskset = shutil.which("taskset")
    return ([taskset, "-c", "0"] if taskset else []) + base


def whole_process(text: str, runs: int) -> tuple[float, list[bool]]:
    """Best wall seconds of ``mindgames smcdel FILE --engine symbolic``, and its answers."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.smcdel.txt"
        path.write_text(text, encoding="utf-8")
        best, answers = float("inf"), []
        for _ in range(runs):
            start = time.perf_counter()
            done = subprocess.run([*cli(), "smcdel", str(path), "--engine", "symbolic"],
                                  capture_output=True, text=True)
            best = min(best, time.perf_counter() - start)
            if done.returncode:
                raise SystemExit(f"mindgames smcdel failed: {done.stderr.strip()}")
            answers = [line.strip() == "True" for line in done.stdout.splitlines()
                       if line.strip() in ("True", "False")]
    return best, answers


def peak_nodes(program) -> int:
    """Peak BDD nodes of the manager while answering ``program`` (in this process)."""
    from smcdel_bridge.native.symbolic import SymbolicBackend, _answer

    kns = SymbolicBackend().structure(program)
    for job in program.jobs:
        _answer(kns, job)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        stats = kns.manager.bdd.statistics() if kns.manager.impl == "cudd" else {}
    return int(stats.get("peak_nodes", 0))


def row(family: str, n: int, seconds: float, nodes: int, ok: bool) -> None:
    key = (family, n)
    ref = REFERENCE.get(key)
    before = BEFORE.get(key)
    limit = LIMITS.get(key)
    verdict = ""
    if limit is not None:
        verdict = f"limit {limit:g} s: " + ("meets" if seconds < limit else "MISSES")
    fmt = lambda v: "" if v is None else (v if isinstance(v, str) else f"{v:.2f}")  # noqa: E731
    print(f"{family:<7} {n:>4} {seconds:>9.2f} {nodes:>12,} {fmt(ref):>10} {fmt(before):>10}  "
          f"{'ok' if ok else 'WRONG ANSWERS'}  {verdict}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per size (best is kept)")
    ap.add_argument("--muddy", default="10,20,40,60,100,150,200", help="children (m = n/2)")
    ap.add_argument("--dining", default="3,6,8,10,12,14,20,30", help="cryptographers")
    args = ap.parse_args(argv)

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"command: {' '.join(cli())} smcdel FILE --engine symbolic")
    print(f"{'family':<7} {'n':>4} {'seconds':>9} {'peak nodes':>12} {'reference':>10} "
          f"{'before':>10}  answers")
    failed = False
    for n in (int(x) for x in args.muddy.split(",") if x):
        m = max(1, n // 2)
        seconds, answers = whole_process(muddy_children_text(n, m), args.runs)
        ok = answers == muddy_expected(n, m)
        limit = LIMITS.get(("muddy", n))
        failed |= not ok or (limit is not None and seconds >= limit)
        row("muddy", n, seconds, peak_nodes(muddy_children(n, m)), ok)
    for n in (int(x) for x in args.dining.split(",") if x):
        seconds, answers = whole_process(dining_cryptographers_text(n), args.runs)
        ok = answers == [True]
        limit = LIMITS.get(("dining", n))
        failed |= not ok or (limit is not None and seconds >= limit)
        row("dining", n, seconds, peak_nodes(dining_cryptographers(n)), ok)
    print("reference: SMCDEL 1.3.0 (CacBDD) on the same inputs; before: this engine before "
          "its fast paths (whole process, same inputs, measured on these machines)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
