"""The generator's guarantees over many seeds and sizes, checked on the written files.

For every (seed, size) it runs ``mindgames generate`` into a scratch folder and reads the
files back: exit status, rows, no premise text in two splits, no (premise, hypothesis)
text pair twice, unique ids, the card agreeing with the files, and the wall time.

    python benchmarks/sweep_generate.py                      # seeds 1-8 x sizes 500, 2000; seed 1 at 20000
    python benchmarks/sweep_generate.py --seeds 1-3 --sizes 500 --no-large

Exit status 1 when any run breaks a guarantee.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path

SPLITS = ("train", "validation", "test")


def audit(directory: Path) -> dict:
    """The guarantees, measured on the files of one generated dataset."""
    from pyfront.data.card import verify_dataset

    premise_split: dict[str, str] = {}
    leaked: set[str] = set()
    pairs: set[tuple[str, str]] = set()
    ids: set[str] = set()
    rows = repeated_pairs = repeated_ids = 0
    for split in SPLITS:
        for line in (directory / f"{split}.jsonl").read_text(encoding="utf-8").splitlines():
            r = json.loads(line)
            rows += 1
            if premise_split.setdefault(r["premise"], split) != split:
                leaked.add(r["premise"])
            pair = (r["premise"], r["hypothesis"])
            repeated_pairs += pair in pairs
            pairs.add(pair)
            repeated_ids += r["id"] in ids
            ids.add(r["id"])
    return {"rows": rows, "premises_in_two_splits": len(leaked), "repeated_pairs": repeated_pairs,
            "repeated_ids": repeated_ids, "card_problems": len(verify_dataset(directory))}


def run_one(seed: int, size: int) -> dict:
    from pyfront.cli import main

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "ds"
        err = io.StringIO()
        t0 = time.perf_counter()
        with contextlib.redirect_stderr(err):
            status = main(["generate", "--size", str(size), "--seed", str(seed), "-o", str(out),
                           "--quiet"])
        seconds = time.perf_counter() - t0
        result = {"seed": seed, "size": size, "exit": status, "seconds": round(seconds, 2)}
        result.update(audit(out) if out.exists() else {"rows": 0})
        if err.getvalue().strip():
            result["stderr"] = err.getvalue().strip().splitlines()[0]
    return result


def _range(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", default="1-8")
    parser.add_argument("--sizes", default="500,2000")
    parser.add_argument("--no-large", action="store_true", help="skip seed 1 at size 20000")
    args = parser.parse_args(argv)
    runs = [(seed, int(size)) for size in args.sizes.split(",") for seed in _range(args.seeds)]
    if not args.no_large:
        runs.append((1, 20000))
    bad = 0
    print(f"{'seed':>4} {'size':>6} {'exit':>4} {'rows':>7} {'leaked':>6} {'pairs2':>6} "
          f"{'ids2':>5} {'card':>4} {'seconds':>8}")
    for seed, size in runs:
        r = run_one(seed, size)
        broken = (r["exit"] != 0 or r.get("premises_in_two_splits") or r.get("repeated_pairs")
                  or r.get("repeated_ids") or r.get("card_problems") or r["rows"] != 4 * size)
        bad += bool(broken)
        print(f"{seed:>4} {size:>6} {r['exit']:>4} {r['rows']:>7} "
              f"{r.get('premises_in_two_splits', '-'):>6} {r.get('repeated_pairs', '-'):>6} "
              f"{r.get('repeated_ids', '-'):>5} {r.get('card_problems', '-'):>4} "
              f"{r['seconds']:>8.2f}" + (f"  {r['stderr']}" if "stderr" in r else ""), flush=True)
    print(f"{len(runs) - bad} of {len(runs)} runs keep every guarantee")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
