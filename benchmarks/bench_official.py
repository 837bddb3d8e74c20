"""Batching the official binary: packed calls versus one process per problem.

The official ``smcdel`` costs ~65 ms per call before any work, so ``mindgames check
--backend smcdel`` packs many problems into one call and runs calls in parallel.  This
script measures the gain with the real binary (SMCDEL 1.3.0, found like the bridge finds it:
``--smcdel PATH``, ``$SMCDEL_BIN``, PATH) and, beside it, the embedded checker on the same
problems in the same run (``ratio``: the reference's time over ours).  Without a built
reference it falls back to the stand-in of the tests (``tests/fake_smcdel``, answering with
the embedded engine; ``--stand-in`` forces it).

1. one process per problem: ``--singles`` problems, one call each, one after another;
2. batched: ``--rows`` problems (the MindGames sample repeated), packed ``--pack-size`` to a
   call, with 1 and with 2 workers; every answer is compared with the embedded checker;
3. ``mindgames check DATASET`` on the embedded checker for a dataset the size of the
   published test split (3,725 rows, the sample repeated), as a user runs it.

    python benchmarks/bench_official.py [--smcdel PATH] [--rows 800] [--singles 40]
                                        [--pack-size 100] [--delay SECONDS]

``--delay`` adds a fixed start-up time to each stand-in call (e.g. 0.065 to model the
real binary's cost on top of the stand-in's own).
"""

from __future__ import annotations

import argparse
import csv
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))

TARGET_RATIO = 20.0
SPLIT_ROWS = 3725


def sample_rows(path: Path) -> list[dict]:
    with open(path, newline="", encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--smcdel", help="binary to time (default: $SMCDEL_BIN or smcdel on "
                        "PATH, else the stand-in)")
    parser.add_argument("--stand-in", action="store_true",
                        help="time the stand-in of the tests instead of the real binary")
    parser.add_argument("--sample", default=str(REPO.parent / "shared" / "mindgames" / "sample.csv"))
    parser.add_argument("--rows", type=int, default=800)
    parser.add_argument("--singles", type=int, default=40)
    parser.add_argument("--pack-size", type=int, default=100)
    parser.add_argument("--delay", type=float, default=0.0)
    args = parser.parse_args()

    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.official.binary import OfficialBackend
    from smcdel_bridge.syntax import parse_input

    from reference_timing import find_reference, ratio

    rows = sample_rows(Path(args.sample))
    scratch = Path(tempfile.mkdtemp(prefix="bench-official-"))
    real = None if args.stand_in else find_reference(args.smcdel)
    if real:
        binary, what = real, f"{real} (the reference)"
    else:
        import fake_smcdel

        # packed inputs have no recorded answer: the stand-in's embedded mode answers them
        binary, what = fake_smcdel.make(scratch, "embedded"), "stand-in (embedded answers)"
    if args.delay:
        os.environ["FAKE_SMCDEL_DELAY"] = str(args.delay)
    problems = [parse_input(rows[i % len(rows)]["smcdel_problem"]) for i in range(args.rows)]
    native = get_backend("native")
    start = time.perf_counter()
    expected = [native.run(p) for p in problems]
    ours = (time.perf_counter() - start) / len(problems)
    print(f"binary: {what}; {args.rows} MindGames problems ({len(rows)} distinct)")
    print(f"embedded checker, in this process: {ours * 1000:7.2f} ms a problem")

    single = OfficialBackend(binary, workers=1)
    start = time.perf_counter()
    for p, want in zip(problems[: args.singles], expected):
        assert single.run(p) == want
    per_single = (time.perf_counter() - start) / args.singles
    print(f"one process per problem: {per_single * 1000:7.1f} ms a problem "
          f"({args.singles} problems)")

    for workers in (1, 2):
        backend = OfficialBackend(binary, workers=workers, pack_size=args.pack_size)
        start = time.perf_counter()
        got = list(backend.run_many(problems))
        seconds = time.perf_counter() - start
        assert got == expected, "batched answers differ from the embedded checker's"
        per = seconds / len(problems)
        print(f"batched, {workers} worker(s), {args.pack_size} a call: {per * 1000:7.2f} ms a "
              f"problem, {seconds:.2f} s in all; {per_single / per:5.1f}x faster "
              f"(target {TARGET_RATIO:.0f}x with the real binary); ratio to the embedded "
              f"checker {ratio(ours, per)}")

    dataset = scratch / "split.csv"
    with open(dataset, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        for i in range(SPLIT_ROWS):
            writer.writerow(rows[i % len(rows)])
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pyfront", "check", str(dataset), "-q",
                           "-o", str(scratch / "out.jsonl")], cwd=REPO)
    seconds = time.perf_counter() - start
    print(f"mindgames check on {SPLIT_ROWS} rows (embedded checker): {seconds:.2f} s, "
          f"exit code {done.returncode}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
