"""Hi-ToM certification: the time for the shared questions and the figures
``docs/hitom.md`` quotes.

1. ``mindgames check hitom_shared.jsonl --format hitom -o OUT`` as a user runs it (start-up
   included; target: under 60 s for the 300 questions).
2. From its records: agreement by question order × deception, the disagreements by class,
   and one worked example per class.

    python benchmarks/bench_hitom.py [--hitom PATH]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = 60.0


def _shared() -> Path:
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hitom", default=str(_shared() / "hitom" / "hitom_shared.jsonl"))
    args = parser.parse_args()
    if not Path(args.hitom).is_file():
        print(f"no Hi-ToM file at {args.hitom}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "hitom.jsonl"
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pyfront", "check", args.hitom, "--format",
                        "hitom", "-o", str(out), "-q"], cwd=REPO, check=False)
        took = time.perf_counter() - t
        records = [json.loads(x) for x in out.read_text(encoding="utf-8").splitlines()]
    print(f"mindgames check --format hitom: {len(records)} questions in {took:.1f} s "
          f"(target {TARGET:.0f} s){'' if took <= TARGET else ' SLOWER THAN THE TARGET'}")
    failed = sum(1 for r in records if r.get("error"))
    print(f"answered: {len(records) - failed}, failed: {failed}")
    cells = Counter()
    for r in records:
        if not r.get("error"):
            cells[r["question_order"], r["deception"], bool(r["agrees"])] += 1
    print("\n| order | no deception | deception | all |\n|---|---|---|---|")
    orders = sorted({k[0] for k in cells})
    for o in orders + ["total"]:
        row = []
        for dec in (False, True, None):
            keys = [k for k in cells if (o == "total" or k[0] == o) and (dec is None or k[1] == dec)]
            agree = sum(cells[k] for k in keys if k[2])
            n = sum(cells[k] for k in keys)
            row.append(f"{agree}/{n} ({100 * agree / n:.1f} %)" if n else "-")
        print(f"| {o} | " + " | ".join(row) + " |")
    classes = Counter((r["class"], r["deception"]) for r in records if r.get("agrees") is False)
    print("\n| class | no deception | deception | all |\n|---|---|---|---|")
    for c in sorted({k[0] for k in classes}, key=lambda c: -sum(v for k, v in classes.items() if k[0] == c)):
        a, b = classes[c, False], classes[c, True]
        print(f"| `{c}` | {a} | {b} | {a + b} |")
    print("\nexamples:")
    shown = set()
    for r in records:
        if r.get("agrees") is False and r["class"] not in shown:
            shown.add(r["class"])
            print(f"- [{r['class']}] row {r['row']}: {r['question']}\n  {r['explanation']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
