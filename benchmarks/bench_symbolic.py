"""The symbolic engine on SMCDEL's two benchmark families, whole process, one core.

* muddy children: ``n`` children, ``m = n/2`` muddy (``mindgames puzzle muddy N M --to
  smcdel``: after the father and ``m - 1`` rounds of "nobody knows", does someone know, does
  everyone know; one round earlier, does someone know);
* dining cryptographers: ``n`` at the table (``mindgames puzzle dining N --to smcdel``:
  after everyone announces their XOR, is the payer safe and the NSA's payment common
  knowledge).

* muddy children as a DSL file (``--dsl-muddy``: ``mindgames puzzle muddy N M --to dsl``,
  ``mindgames check FILE --json``: reading, the SMCDEL inputs of its four hypotheses and
  their checks; the figure is the best wall time, with the CPU time of the process and its
  checker children beside it).

For each size the input is written to a file and ``mindgames smcdel FILE --engine
symbolic`` runs on it (pinned to one core with ``taskset`` when there is one); the figure is
the best wall time of ``--runs`` runs, start-up included, and the answers are checked.  Then
the same program runs in this process once more to read the BDD manager's peak node count.
The reference (SMCDEL 1.3.0 with CacBDD: the ``smcdel`` binary, found like the bridge finds
it) runs on the same input in the same run, whole process, one core; ``ratio`` is its time
over ours (above 1: we are faster).  Acceptance limits are printed beside.

    python benchmarks/bench_symbolic.py [--runs 3] [--muddy 10,20,40,60,100,150,200]
                                        [--dining 3,6,8,10,12,14,20,30] [--smcdel PATH]
                                        [--reference-timeout 600] [--dsl-muddy 300]
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

from reference_timing import cell, compiled_bytecode, find_reference, ratio, time_reference  # noqa: E402

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


def dsl_check(n: int, runs: int) -> tuple[float, float, bool]:
    """Best wall and CPU seconds of ``mindgames check`` on muddy children ``n``/``n/2``
    written as a DSL file, and whether every hypothesis agrees with its expectation."""
    import json
    import resource

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "muddy.del"
        made = subprocess.run([*cli(), "puzzle", "muddy", str(n), str(max(1, n // 2)), "--to",
                               "dsl"], capture_output=True, text=True, check=True)
        path.write_text(made.stdout, encoding="utf-8")
        best, best_cpu, agree = float("inf"), float("inf"), False
        for _ in range(runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run([*cli(), "check", str(path), "--json", "-q",
                                   "--timeout", "600"], capture_output=True, text=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best, best_cpu = min(best, wall), min(best_cpu, cpu)
            records = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
            agree = bool(records) and all(r.get("agrees") for r in records)
    return best, best_cpu, agree


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


def row(family: str, n: int, seconds: float, nodes: int, ok: bool,
        reference: tuple[float | None, list[bool] | None, str], expected: list[bool]) -> bool:
    """Print one line; whether the reference's answers (when it ran) are the known ones."""
    key = (family, n)
    limit = LIMITS.get(key)
    verdict = ""
    if limit is not None:
        verdict = f"limit {limit:g} s: " + ("meets" if seconds < limit else "MISSES")
    ref_seconds, ref_answers, note = reference
    ref_ok = ref_answers is None or ref_answers == expected
    print(f"{family:<7} {n:>4} {seconds:>9.2f} {nodes:>12,} {cell(ref_seconds, note):>10} "
          f"{ratio(seconds, ref_seconds):>6}  {'ok' if ok else 'WRONG ANSWERS'}"
          f"{'' if ref_ok else ' (REFERENCE ANSWERS DIFFER)'}  {verdict}")
    return ref_ok


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3, help="runs per size (best is kept)")
    ap.add_argument("--muddy", default="10,20,40,60,100,150,200", help="children (m = n/2)")
    ap.add_argument("--dining", default="3,6,8,10,12,14,20,30", help="cryptographers")
    ap.add_argument("--dsl-muddy", default="300",
                    help="children of muddy children checked as a DSL file (m = n/2)")
    ap.add_argument("--smcdel", help="the reference binary (default: $SMCDEL_BIN or PATH)")
    ap.add_argument("--reference-timeout", type=float, default=600.0,
                    help="seconds the reference may take on one input")
    args = ap.parse_args(argv)
    compiled_bytecode()
    binary = find_reference(args.smcdel)

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"command: {' '.join(cli())} smcdel FILE --engine symbolic; "
          f"reference: {binary or 'not built'} (same input, whole process, one core)")
    print(f"{'family':<7} {'n':>4} {'seconds':>9} {'peak nodes':>12} {'reference':>10} "
          f"{'ratio':>6}  answers")
    failed = False
    cases = [("muddy", n, muddy_children_text(n, max(1, n // 2)),
              muddy_children(n, max(1, n // 2)), muddy_expected(n, max(1, n // 2)))
             for n in (int(x) for x in args.muddy.split(",") if x)]
    cases += [("dining", n, dining_cryptographers_text(n), dining_cryptographers(n), [True])
              for n in (int(x) for x in args.dining.split(",") if x)]
    for family, n, text, program, expected in cases:
        seconds, answers = whole_process(text, args.runs)
        ok = answers == expected
        limit = LIMITS.get((family, n))
        failed |= not ok or (limit is not None and seconds >= limit)
        reference = time_reference(binary, text, args.runs, args.reference_timeout)
        failed |= not row(family, n, seconds, peak_nodes(program), ok, reference, expected)
    for n in (int(x) for x in args.dsl_muddy.split(",") if x):
        seconds, cpu, agree = dsl_check(n, args.runs)
        failed |= not agree
        print(f"{'dsl':<7} {n:>4} {seconds:>9.2f} {f'cpu {cpu:.2f} s':>12} {'':>10} {'':>6}  "
              f"{'ok' if agree else 'WRONG ANSWERS'}  (mindgames check of the DSL file)")
    print("reference: SMCDEL 1.3.0 (CacBDD) measured in this run on the same inputs; "
          "ratio: reference seconds / ours")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
