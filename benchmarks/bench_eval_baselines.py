"""The baselines of ``mindgames eval`` on a generated dataset: the figures of docs/evaluate.md.

1. ``mindgames generate --size 1000 --seed 0`` (4,000 rows; 800 in the test split).
2. ``baseline:random``, ``baseline:majority`` and ``baseline:hypothesis-only`` in the NLI
   format, through the command line: accuracy, 95 % interval, macro-F1, wall time.
3. With ``--mcq``: random and hypothesis-only over every setting (NLI and multiple choice,
   retrospective and prospective, hard and easy distractors, with and without "None of
   the above"): accuracy and items per setting.
4. The dataset card's hypothesis-only figure (it must equal the run's), and the train
   rows by the outer verb of their hypothesis ("can now know whether" / "that") and label.

With ``--balance hypothesis`` the dataset is generated in that selection mode.

    python benchmarks/bench_eval_baselines.py [--size 1000] [--seed 0] [--mcq]
                                              [--balance none|hypothesis]
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def mindgames(*args: str) -> None:
    subprocess.run([sys.executable, "-m", "pyfront", *args], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mcq", action="store_true", help="also every multiple-choice setting (slower)")
    ap.add_argument("--balance", choices=("none", "hypothesis"), default="none",
                    help="the generator's selection mode (default none)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        mindgames("generate", "--size", str(args.size), "--seed", str(args.seed),
                  "--balance", args.balance, "--allow-leaks", "-o", str(data), "--quiet")
        rows = sum(1 for f in data.glob("*.jsonl") for _ in f.open())
        print(f"dataset: mindgames generate --size {args.size} --seed {args.seed} "
              f"--balance {args.balance}: {rows} rows, "
              f"{sum(1 for _ in (data / 'test.jsonl').open())} in test")
        print()
        print("| model | accuracy | 95 % CI | macro-F1 | unparsed | seconds |")
        print("|---|---:|---|---:|---:|---:|")
        ho = None
        for b in ("random", "majority", "hypothesis-only"):
            run = Path(tmp) / b
            t0 = time.perf_counter()
            mindgames("eval", str(data), "-m", f"baseline:{b}", "-o", str(run))
            dt = time.perf_counter() - t0
            m = json.loads((run / "metrics.json").read_text())
            if b == "hypothesis-only":
                ho = m["accuracy"]
            print(f"| baseline:{b} | {m['accuracy']:.4f} | {m['ci95'][0]:.4f}–{m['ci95'][1]:.4f} | "
                  f"{m['macro_f1']:.4f} | {m['unparsed']} | {dt:.1f} |")
        # what the hypothesis-only baseline picks up: the outer verb of the hypothesis
        table: dict[tuple[str, str], int] = {}
        for line in (data / "train.jsonl").open():
            row = json.loads(line)
            verb = "whether" if re.match(r"\S+ can now know whether", row["hypothesis"]) else "that"
            table[verb, row["label"]] = table.get((verb, row["label"]), 0) + 1
        print()
        print("| train rows, outer verb | entailment | not_entailment |")
        print("|---|---:|---:|")
        for verb in ("whether", "that"):
            print(f"| can now know {verb} | {table.get((verb, 'entailment'), 0)} | "
                  f"{table.get((verb, 'not_entailment'), 0)} |")
        card = (data / "README.md").read_text()
        found = re.search(r"labels ([\d.]+) % of the (\d+) test rows", card)
        flagged = "**Flagged: far above chance.**" in card
        print()
        print(f"dataset card: hypothesis-only {found.group(1) if found else '?'} % of "
              f"{found.group(2) if found else '?'} test rows, flagged: {flagged}; "
              f"agrees with the run: {found is not None and abs(float(found.group(1)) - 100 * ho) < 0.06}")
        if args.mcq:
            opts = ["--format", "nli,mcq", "--kind", "retrospective,prospective",
                    "--distractors", "hard,easy", "--probe", "none,nota"]
            per: dict[str, dict[str, tuple[float, int]]] = {}
            for b in ("random", "hypothesis-only"):
                run = Path(tmp) / f"all-{b}"
                t0 = time.perf_counter()
                mindgames("eval", str(data), "-m", f"baseline:{b}", "-o", str(run), *opts)
                print(f"\nbaseline:{b}, every setting: {time.perf_counter() - t0:.1f} s")
                m = json.loads((run / "metrics.json").read_text())
                per[b] = {k: (v["accuracy"], v["n"]) for k, v in m["by"]["setting"].items()}
            print()
            print("| setting | items | random | hypothesis-only |")
            print("|---|---:|---:|---:|")
            for k, (acc, n) in per["random"].items():
                print(f"| {k} | {n} | {acc:.4f} | {per['hypothesis-only'][k][0]:.4f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
