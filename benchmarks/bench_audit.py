"""``mindgames audit`` on the published sample rows and on our own datasets: the audit
figures of docs/evaluate.md and docs/generate.md.

1. ``../shared/mindgames/sample.csv`` (80 published test rows; skipped when absent).
2. ``mindgames generate --family stories --size 1000 --seed 0``: its QA form (multiple
   choice as given, with and without "None of the above") and its NLI form, with the
   heuristic trackers' tables.
2b. The story trackers before and after: ``--family stories --size 300 --seed 5 --order
   0-3`` with ``--balance none --allow-leaks`` (the stories alone) and by default
   (``--balance trackers``), each tracker overall and per order, with the time each
   ``generate`` took (the cost of the balance).
3. ``mindgames generate --size 1000 --seed 0 --balance hypothesis`` in every setting of
   ``mindgames eval``: NLI and multiple choice, retrospective and prospective, hard and easy
   distractors, with and without "None of the above".
4. ``mindgames generate --size 1000 --seed 0 --balance none --allow-leaks`` (the
   published-calibrated selection), NLI.

Each audit prints its Markdown table; the exit code of each ``audit`` (0 passed, 1 a
leak) and the wall time are printed under it.

    python benchmarks/bench_audit.py [--size 1000] [--seed 0] [--skip-mcq] [--trackers-only]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: the published rows, read in place (MINDGAMES_SHARED names the shared folder, as in tests)
SAMPLE = Path(os.environ.get("MINDGAMES_SHARED", REPO.parent / "shared")) / "mindgames" / "sample.csv"


def run(*args: str) -> tuple[int, float]:
    t0 = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "pyfront", *args], stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    return done.returncode, time.perf_counter() - t0


def show(title: str, out: Path, code: int, seconds: float) -> None:
    sys.path.insert(0, str(REPO))
    from pyfront.audit.table import markdown, shortcut_lines, tracker_markdown

    result = json.loads((out / "audit.json").read_text())
    print(f"### {title}\n")
    print(markdown(result))
    trackers = tracker_markdown(result)
    if trackers:
        print(trackers)
    for line in shortcut_lines(result):
        print(line + ".")
    print(f"\naudit exit code {code} ({'passed' if code == 0 else 'a leak'}), {seconds:.1f} s\n")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--skip-mcq", action="store_true", help="NLI only on the MindGames data")
    ap.add_argument("--sample-only", action="store_true", help="only the published sample rows")
    ap.add_argument("--trackers-only", action="store_true",
                    help="only the story trackers before and after (2b)")
    args = ap.parse_args()
    if args.trackers_only:
        return trackers_before_after()
    size, seed = str(args.size), str(args.seed)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        if SAMPLE.is_file():
            code, s = run("audit", str(SAMPLE), "-o", str(tmp / "a0"))
            show("published sample rows (sample.csv)", tmp / "a0", code, s)
            import csv

            with open(SAMPLE, newline="", encoding="utf-8") as fh:
                published = list(csv.DictReader(fh))
            right = sum(int(r["deberta_pred"]) == (r["label"] == "entailment") for r in published)
            print(f"the rows' own deberta_pred: {right} of {len(published)} right "
                  f"({right / len(published):.3f})\n")
        else:
            print(f"(published sample rows not found at {SAMPLE}: skipped)\n")
        if args.sample_only:
            return 0
        trackers_before_after()
        run("generate", "--family", "stories", "--size", size, "--seed", seed, "-o",
            str(tmp / "st"), "--quiet")
        code, s = run("audit", str(tmp / "st"), "-o", str(tmp / "a1"))
        show(f"generate --family stories --size {size} --seed {seed}", tmp / "a1", code, s)
        run("generate", "--size", size, "--seed", seed, "--balance", "hypothesis", "-o",
            str(tmp / "mg"), "--quiet")
        every = [] if args.skip_mcq else ["--format", "nli,mcq", "--kind",
                                          "retrospective,prospective", "--distractors",
                                          "hard,easy", "--probe", "none,nota"]
        code, s = run("audit", str(tmp / "mg"), "-o", str(tmp / "a2"), *every)
        show(f"generate --size {size} --seed {seed} --balance hypothesis"
             + ("" if args.skip_mcq else ", every eval setting"), tmp / "a2", code, s)
        run("generate", "--size", size, "--seed", seed, "--balance", "none", "--allow-leaks",
            "-o", str(tmp / "mgn"), "--quiet")
        code, s = run("audit", str(tmp / "mgn"), "-o", str(tmp / "a3"))
        show(f"generate --size {size} --seed {seed} --balance none --allow-leaks", tmp / "a3",
             code, s)
    return 0


def trackers_before_after(size: str = "300", seed: str = "5", order: str = "0-3") -> int:
    """2b: the heuristic trackers on the stories alone and on the default selection."""
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, extra in (("stories alone (--balance none)", ["--balance", "none", "--allow-leaks"]),
                            ("default (--balance trackers)", [])):
            out = tmp / name.split()[0]
            gen_code, gen_s = run("generate", "--family", "stories", "--size", size, "--seed",
                                  seed, "--order", order, "-o", str(out), "--quiet", *extra)
            code, s = run("audit", str(out), "-o", str(tmp / f"a-{out.name}"))
            show(f"generate --family stories --size {size} --seed {seed} --order {order}: "
                 f"{name}", tmp / f"a-{out.name}", code, s)
            print(f"generate exit code {gen_code}, {gen_s:.1f} s\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
