"""Number puzzles: whole-process times of ``mindgames`` beside SMCDEL's own examples.

For Cheryl's birthday, Sum and Product (x + y <= 100), What Sum (1…50) and Russian cards
(all safe announcements), this script times one whole ``mindgames`` process (start-up,
parsing, engine, output) and, in the same run, a small Haskell program calling the
reference library's ``SMCDEL.Examples.Cheryl``, ``SumAndProduct``, ``WhatSum`` and
``RussianCards`` (compiled here with ``ghc -O1`` against the SMCDEL package that
``../shared/smcdel-src/build.sh`` builds).  Each answer is checked against the facts
SMCDEL's test suite asserts.  Without ghc or the package the reference column is skipped
with a note.  Then: how ``puzzle sum-product --max N`` grows with N.

    python benchmarks/bench_puzzles.py [--repeat 3] [--max 50,100,150,200]

Targets: each puzzle at most 1.5× the reference's time; Sum and Product under 1 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PUZZLES = REPO / "examples" / "puzzles"
TARGET_RATIO = 1.5
SUM_PRODUCT_LIMIT = 1.0

HASKELL = """\
import System.Environment (getArgs)
import qualified SMCDEL.Examples.Cheryl as Cheryl
import qualified SMCDEL.Examples.SumAndProduct as SP
import qualified SMCDEL.Examples.WhatSum as WS
import qualified SMCDEL.Examples.RussianCards as RC

main :: IO ()
main = do
  args <- getArgs
  case args of
    ["cheryl"] -> putStrLn Cheryl.cherylsBirthday
    ["sum-product"] -> print (map SP.sapExplainState SP.sapSolutions)
    ["what-sum"] -> print (length WS.wsSolutions)
    ["russian-cards"] -> print (length RC.safeHandLists)
    _ -> error "usage: puzzles cheryl|sum-product|what-sum|russian-cards"
"""

#: (name, our command, what our output must contain, what the reference's must contain)
CASES = [
    ("cheryl", ["check", str(PUZZLES / "cheryls_birthday.del"), "-q", "--json"],
     '"answer": [{"month": "July", "day": 16}]', "July 16"),
    ("sum-product", ["check", str(PUZZLES / "sum_and_product.del"), "-q", "--json"],
     '"answer": [{"x": 4, "y": 13}]', "x = 4, y = 13"),
    ("what-sum", ["check", str(PUZZLES / "what_sum.del"), "-q", "--json"],
     '"count": 330', "330"),
    ("russian-cards", ["puzzle", "russian-cards", "--safe"],
     "# 102 safe announcements", "102"),
]


def smcdel_home() -> Path:
    return Path(os.environ.get("MINDGAMES_SMCDEL_HOME", "/root/.cache/mindgames-smcdel"))


def build_reference(workdir: Path) -> tuple[Path | None, str]:
    """The compiled reference program, or None and why not."""
    ghc = shutil.which("ghc")
    pkgdb = smcdel_home() / "pkgdb"
    if ghc is None:
        return None, "ghc is not on PATH"
    if not pkgdb.is_dir():
        return None, f"no SMCDEL package database at {pkgdb} (run ../shared/smcdel-src/build.sh)"
    source = workdir / "Puzzles.hs"
    source.write_text(HASKELL, encoding="utf-8")
    exe = workdir / "puzzles"
    proc = subprocess.run([ghc, "-O1", "-package-db", str(pkgdb), "-package", "smcdel",
                           "-package", "containers", "-outputdir", str(workdir),
                           str(source), "-o", str(exe)], capture_output=True, text=True)
    if proc.returncode != 0:
        return None, "ghc failed: " + (proc.stderr.strip().splitlines() or ["?"])[-1]
    return exe, ""


def timed(cmd: list[str], repeat: int) -> tuple[float, float, str]:
    """(best wall seconds, CPU seconds of that run, output) of a whole process."""
    best = (float("inf"), 0.0, "")
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if proc.returncode not in (0,):
            raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr.strip()}")
        if wall < best[0]:
            best = (wall, cpu, proc.stdout)
    return best


def mindgames() -> list[str]:
    """The ``mindgames`` script of the interpreter running this file (another one on PATH
    may be another install), else the one on PATH, else ``python -m pyfront``."""
    own = Path(sys.executable).parent / "mindgames"
    exe = str(own) if own.is_file() else shutil.which("mindgames")
    return [exe] if exe else [sys.executable, "-m", "pyfront"]


def growth(maxima: list[int], repeat: int) -> list[tuple[int, int, int, float, float]]:
    """(max, states, solutions, seconds, CPU seconds) of ``check`` on ``puzzle sum-product
    --max N``."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in maxima:
            path = Path(tmp) / f"sp{n}.del"
            subprocess.run(mindgames() + ["puzzle", "sum-product", "--max", str(n), "-o", str(path)],
                           check=True)
            wall, cpu, out = timed(mindgames() + ["check", str(path), "-q", "--json"], repeat)
            answer = json.loads(out.strip().splitlines()[-1])
            states = sum(1 for x in range(2, n + 1) for y in range(x + 1, n + 1) if x + y <= n)
            rows.append((n, states, answer["count"], wall, cpu))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per command (best is kept)")
    parser.add_argument("--max", default="50,100,150,200,300", help="sizes for the growth table")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        exe, why = build_reference(Path(tmp))
        print("Number puzzles, whole process (best of %d; CPU = user + system)" % args.repeat)
        print(f"{'puzzle':<14} {'mindgames':>10} {'cpu':>6}   {'reference':>10} {'cpu':>6}   "
              f"{'ratio':>5} {'cpu':>5}  target (on whole-process time)")
        failures = 0
        for name, ours, must, ref_must in CASES:
            wall, cpu, out = timed(mindgames() + ours, args.repeat)
            if name == "russian-cards":
                summary = out.strip().splitlines()[-1]
            if must not in out:
                print(f"{name}: our answer is wrong: {must!r} not in the output")
                failures += 1
            if exe is None:
                print(f"{name:<14} {wall:>9.3f}s {cpu:>5.2f}s   {'—':>10} {'':>6}   {'':>5}  "
                      f"(reference skipped: {why})")
                continue
            rwall, rcpu, rout = timed([str(exe), name], args.repeat)
            if ref_must not in rout.replace("th", "").replace('"', ""):
                print(f"{name}: the reference's answer is unexpected: {rout.strip()!r}")
                failures += 1
            ratio = wall / rwall
            ok = ratio <= TARGET_RATIO
            extra = ""
            if name == "sum-product":
                ok = ok and wall < SUM_PRODUCT_LIMIT
                extra = f", under {SUM_PRODUCT_LIMIT:.0f} s"
            cpu_ratio = cpu / rcpu if rcpu else float("inf")
            print(f"{name:<14} {wall:>9.3f}s {cpu:>5.2f}s   {rwall:>9.3f}s {rcpu:>5.2f}s   "
                  f"{ratio:>5.2f} {cpu_ratio:>5.2f}  {'met' if ok else 'MISSED'} "
                  f"(≤ {TARGET_RATIO}×{extra})")
    sys.path.insert(0, str(REPO))
    from pyfront.puzzles.russian_cards import _candidates

    print(f"\nRussian cards: {len(_candidates(7, (3, 3, 1), (5, 6, 7)))} candidate lists hold "
          f"Anne's hand; {summary.lstrip('# ')}")
    print()
    print("Sum and Product: `mindgames check` on `puzzle sum-product --max N`")
    print(f"{'max':>5} {'states':>7} {'solutions':>9} {'seconds':>8} {'cpu':>6}")
    for n, states, solutions, wall, cpu in growth([int(x) for x in args.max.split(",")],
                                                  args.repeat):
        print(f"{n:>5} {states:>7} {solutions:>9} {wall:>8.3f} {cpu:>6.2f}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
