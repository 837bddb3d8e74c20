"""Batching the official binary, and the embedded checker on the same work.

The official ``smcdel`` costs ~65 ms per call before any work, so ``mindgames check
--backend smcdel`` packs many problems into one call and runs calls in parallel.  This
script measures the gain with the real binary (SMCDEL 1.3.0, found like the bridge finds it:
``--smcdel PATH``, ``$SMCDEL_BIN``, PATH).  Without a built reference it falls back to the
stand-in of the tests (``tests/fake_smcdel``, answering with the embedded engine;
``--stand-in`` forces it).

Every ratio (the reference's time over ours) compares the same work: the same SMCDEL text,
the same jobs, a whole process on both sides (start-up and parsing included), ``smcdel -``
against ``mindgames smcdel -`` pinned to the same core:

1. one process per problem: ``--singles`` problems, one call each, one after another;
2. packed: ``--rows`` problems (the MindGames sample repeated), packed ``--pack-size`` to a
   text as the bridge packs them; the bridge's own batched runs (1 and 2 workers) beside,
   every answer compared with the embedded checker;
3. ``mindgames check DATASET`` for a dataset the size of the published test split (3,725
   rows, the sample repeated), with ``--backend native`` and ``--backend smcdel``: the
   same rows and jobs (each row's problem and its premise check), as a user runs them.

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

    from smcdel_bridge.official.packing import pack
    from smcdel_bridge.syntax import render_input

    from reference_timing import find_reference, ratio, time_ours, time_reference

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
    texts = [rows[i % len(rows)]["smcdel_problem"] for i in range(args.rows)]
    problems = [parse_input(t) for t in texts]
    native = get_backend("native")
    expected = [native.run(p) for p in problems]
    print(f"binary: {what}; {args.rows} MindGames problems ({len(rows)} distinct); "
          "ratio: the reference's whole process over ours on the same text")

    # 1. one process per problem, both sides
    theirs = mine = 0.0
    for text, want in zip(texts[: args.singles], expected):
        ref, ref_answers, note = time_reference(binary, text)
        own, own_answers, own_note = time_ours(text)
        if ref is None or own is None:
            raise SystemExit(f"a single problem failed: {note or own_note}")
        assert ref_answers == own_answers == [a.value for a in want]
        theirs, mine = theirs + ref, mine + own
    per_single = theirs / args.singles
    print(f"one process per problem ({args.singles}): reference {per_single * 1000:6.1f} ms, "
          f"ours {mine / args.singles * 1000:6.1f} ms a problem; ratio {ratio(mine, theirs)}")

    # 2. the packed texts the bridge sends, both sides
    packs = [pack(problems[k:k + args.pack_size])
             for k in range(0, len(problems), args.pack_size)]
    theirs = mine = 0.0
    for packed in packs:
        text = render_input(packed.program)
        ref, ref_answers, note = time_reference(binary, text)
        own, own_answers, own_note = time_ours(text)
        if ref is None or own is None:
            raise SystemExit(f"a packed input failed: {note or own_note}")
        assert ref_answers == own_answers
        theirs, mine = theirs + ref, mine + own
    print(f"packed, {args.pack_size} a text ({len(packs)} texts): reference "
          f"{theirs / len(problems) * 1000:6.2f} ms, ours {mine / len(problems) * 1000:6.2f} ms "
          f"a problem; ratio {ratio(mine, theirs)}")

    for workers in (1, 2):
        backend = OfficialBackend(binary, workers=workers, pack_size=args.pack_size)
        start = time.perf_counter()
        got = list(backend.run_many(problems))
        seconds = time.perf_counter() - start
        assert got == expected, "batched answers differ from the embedded checker's"
        per = seconds / len(problems)
        print(f"the bridge, {workers} worker(s), {args.pack_size} a call: {per * 1000:7.2f} ms "
              f"a problem, {seconds:.2f} s in all; {per_single / per:5.1f}x faster than one "
              f"process per problem (target {TARGET_RATIO:.0f}x with the real binary)")

    # 3. mindgames check on a split-sized dataset, each backend
    dataset = scratch / "split.csv"
    with open(dataset, "w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        for i in range(SPLIT_ROWS):
            writer.writerow(rows[i % len(rows)])
    times = {}
    for backend_name in ("native", "smcdel"):
        start = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pyfront", "check", str(dataset), "-q",
                               "--backend", backend_name, "--smcdel", binary, "--force",
                               "-o", str(scratch / f"out-{backend_name}.jsonl")], cwd=REPO)
        times[backend_name] = time.perf_counter() - start
        if done.returncode:
            raise SystemExit(f"mindgames check --backend {backend_name} failed "
                             f"(exit {done.returncode})")
    print(f"mindgames check on {SPLIT_ROWS} rows, whole process: --backend native "
          f"{times['native']:.2f} s, --backend smcdel {times['smcdel']:.2f} s; "
          f"ratio {ratio(times['native'], times['smcdel'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
