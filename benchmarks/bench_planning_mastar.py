"""mA* planning: our shortest plans beside the C++ planner deep's, whole processes.

For every instance of ``../shared/planning-mastar/`` (or ``--only`` a family), this runs
``python -m pyfront plan FILE --format mastar --json`` (what ``mindgames plan FILE
--format mastar`` runs) and ``deep FILE`` (breadth first, its default), each with a
``--timeout`` (60 s) as a whole process, wall clock; then executes our plan with
``deep FILE -e --execute_actions ...``, which must say "Goal found".  It prints per
instance the two plan lengths, the two times and the ratio ours / deep, per family the
instances each solves, and the median ratio over the instances where deep needs at least
half a second (below that both are start-up; where deep times out its time counts as the
limit, so the ratio there is an upper bound).

    python benchmarks/bench_planning_mastar.py [--timeout 60] [--only Grapevine]

Targets: every instance deep solves in time solved by us in time; every plan of ours
accepted by deep and as short as deep's; the median ratio at most 1.0.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.mastar.deep import run_deep  # noqa: E402
from reference_timing import compiled_bytecode  # noqa: E402


def _deep_binary() -> str:
    import shutil

    found = shutil.which("deep")
    home = os.environ.get("MINDGAMES_DEEP_HOME") or os.path.expanduser("~/.cache/mindgames-deep")
    place = os.path.join(home, "deep", "cmake-build-release", "bin", "deep")
    if found is None and not os.access(place, os.X_OK):
        raise SystemExit("deep is not built (../shared/deep-src/build.sh)")
    return found or place


def _ours(path: Path, timeout: float) -> tuple[list | None, float]:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    began = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, "-m", "pyfront", "plan", str(path), "--format",
                               "mastar", "--json", "--timeout", str(timeout)],
                              capture_output=True, text=True, env=env, timeout=timeout + 10)
    except subprocess.TimeoutExpired:
        return None, time.perf_counter() - began
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        return None, seconds
    return json.loads(done.stdout.splitlines()[-1])["plan"], seconds


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=60.0)
    parser.add_argument("--only", help="one family folder (CoinBox, Grapevine, SC, Assemble)")
    parser.add_argument("--shared", default=os.environ.get("MINDGAMES_SHARED",
                                                           str(REPO.parent / "shared")))
    args = parser.parse_args(argv)
    compiled_bytecode()
    folder = Path(args.shared) / "planning-mastar"
    deep = _deep_binary()
    files = sorted(folder.rglob("*.txt"))
    if args.only:
        files = [f for f in files if f.relative_to(folder).parts[0] == args.only]
    print(f"{'instance':34} {'deep len':>8} {'ours len':>8} {'deep s':>7} {'ours s':>7} "
          f"{'ratio':>6}  deep accepts ours")
    ratios, families, problems = [], {}, []
    for path in files:
        family = path.relative_to(folder).parts[0]
        ref = run_deep(deep, path, timeout=args.timeout)
        plan, ours_s = _ours(path, args.timeout)
        solved_ours = plan is not None and ours_s <= args.timeout
        accepted = solved_ours and run_deep(deep, path, plan=plan, timeout=args.timeout).found
        deep_s = min(ref.seconds, args.timeout)
        ratio = ours_s / deep_s
        stats = families.setdefault(family, [0, 0, 0])
        stats[0] += 1
        stats[1] += ref.found
        stats[2] += solved_ours
        if ref.found and not solved_ours:
            problems.append(f"{path.name}: deep solves it, we do not")
        if solved_ours and not accepted:
            problems.append(f"{path.name}: deep rejects our plan")
        if ref.found and solved_ours and len(plan) != len(ref.plan):
            problems.append(f"{path.name}: lengths differ")
        if ref.seconds >= 0.5 and solved_ours:
            ratios.append(ratio)
        deep_len = str(len(ref.plan)) if ref.found else "-"
        ours_len = str(len(plan)) if solved_ours else "-"
        deep_time = f"{deep_s:7.2f}" if ref.found else f">{args.timeout:6.0f}"
        print(f"{path.name:34} {deep_len:>8} {ours_len:>8} {deep_time} {ours_s:7.2f} "
              f"{ratio:6.2f}  {'yes' if accepted else '-'}", flush=True)
    print()
    for family, (total, by_deep, by_ours) in families.items():
        print(f"{family:10} instances {total:3}   solved by deep {by_deep:3}   by ours {by_ours:3}")
    if ratios:
        print(f"median ratio ours / deep where deep needs >= 0.5 s: "
              f"{statistics.median(ratios):.2f} over {len(ratios)} instances")
    for line in problems:
        print("PROBLEM:", line)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
