"""Planning with public announcements: ``mindgames plan`` beside SMCDEL's own ``offlineSearch``.

Both sides answer every case of ``../shared/planning-conformance/cases.jsonl`` (or the
file given) as one whole process, started from the shell:

* ours: ``mindgames plan CASES --engine E`` for the explicit and the symbolic engine (each
  case in a child process held to the command's limits, as the command always runs);
* the reference: the driver ``smcdel_bridge/official/haskell/PlanDriver.hs`` compiled
  against the SMCDEL 1.3.0 library (CacBDD), reading every case on its standard input and
  calling ``SMCDEL.Other.Planning.offlineSearch`` on the symbolic S5 scene of each.

Each side runs ``--runs`` times, pinned to one core when ``taskset`` exists, interleaved;
the figures are the minimum wall time and the minimum CPU time (user and system, children
included: on a busy machine the CPU time is the steadier of the two).  Every side's plans are compared with the recorded
ones.  ``ours / reference`` below 1 means ``mindgames plan`` took less time.

    python benchmarks/bench_planning_s5.py [--runs 5] [--cases FILE]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from smcdel_bridge.official.planning_reference import request_line  # noqa: E402
from smcdel_bridge.official.reference_driver import build_driver  # noqa: E402
from reference_timing import compiled_bytecode, one_core  # noqa: E402


def mindgames() -> list[str]:
    return [sys.executable, "-m", "pyfront.cli"]


def timed(cmd: list[str], stdin: str | None = None) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (user and system, the process and the children it
    waited for) and the standard output of one whole process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, input=stdin, capture_output=True, text=True, cwd=REPO)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"bench_planning_s5: {' '.join(cmd[:4])} … failed:\n{done.stderr}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, done.stdout


def reference_plans(stdout: str, cases: list[dict]) -> list[list[list[str]]]:
    out = []
    for line, case in zip(stdout.splitlines(), cases):
        tokens = line.split()
        assert tokens[0] == "OK", line
        out.append([[] if p == "-" else [case["actions"][int(i)] for i in p.split(",")]
                    for p in tokens[1:]])
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cases", default=str(REPO.parent / "shared" / "planning-conformance"
                                               / "cases.jsonl"))
    args = parser.parse_args(argv)
    compiled_bytecode()
    home = os.environ.get("MINDGAMES_SMCDEL_HOME",
                          str(Path.home() / ".cache" / "mindgames-smcdel"))
    driver = build_driver(home, "PlanDriver")
    cases = [json.loads(line) for line in Path(args.cases).read_text().splitlines() if line]
    recorded = [c.get("plans") for c in cases]
    requests = "\n".join(request_line(c) for c in cases) + "\n"
    sides = {
        "reference (offlineSearch, compiled)": (one_core() + [str(driver)], requests),
        "mindgames plan --engine explicit": (
            one_core() + mindgames() + ["plan", args.cases, "--engine", "explicit"], None),
        "mindgames plan --engine symbolic": (
            one_core() + mindgames() + ["plan", args.cases, "--engine", "symbolic"], None),
    }
    best = {name: float("inf") for name in sides}
    cpu = dict(best)
    for _ in range(args.runs):
        for name, (cmd, stdin) in sides.items():
            wall, used, stdout = timed(cmd, stdin)
            best[name] = min(best[name], wall)
            cpu[name] = min(cpu[name], used)
            plans = (reference_plans(stdout, cases) if stdin is not None
                     else [json.loads(line)["plans"] for line in stdout.splitlines()])
            same = sum(p == r for p, r in zip(plans, recorded))
            if same != len(cases):
                raise SystemExit(f"bench_planning_s5: {name}: {len(cases) - same} cases differ "
                                 "from the recorded plans")
    print(f"{len(cases)} cases ({args.cases}), every side's plans equal to the recorded ones; "
          f"minimum of {args.runs} runs, whole processes (wall; CPU: user + system)")
    first = "reference (offlineSearch, compiled)"
    print(f"  {'':38} {'wall':>8} {'CPU':>8}   ours / reference (wall, CPU)")
    for name in sides:
        ratio = ("" if name == first else f"   {best[name] / best[first]:.2f}, "
                 f"{cpu[name] / cpu[first]:.2f}")
        print(f"  {name:38} {best[name]:6.3f} s {cpu[name]:6.3f} s{ratio}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
