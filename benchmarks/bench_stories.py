"""ToMi certification and story generation: times, and the figures ``docs/tomi.md`` quotes.

1. Certify ToMi's validation split (``fb_all_val.txt`` of the shared data): every question
   translated into the story model and answered by the event-model checker, in-process, one
   core (target: under 10 s).  Prints the agreement tables by question type and by story
   type and the kinds of disagreement.
2. ``mindgames check FILE --format tomi -o OUT`` as a user runs it (start-up included).
3. Generate 1,000 stories with questions of order 0 to 4 (default agents 2-4), in-process,
   one core (target: under 30 s), with the default ``--balance trackers`` and with
   ``--balance none`` (the stories alone); then 200 stories with 5 agents (``--five N``).
4. With ``--recheck``: ``mindgames check`` on the generated files (every answer re-derived).

    python benchmarks/bench_stories.py [--tomi PATH] [--stories 1000] [--five 200] [--seed 0]
                                       [--recheck]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from pyfront.generate.stories.pipeline import StoriesConfig, generate  # noqa: E402
from pyfront.tomi.certify import check_file  # noqa: E402

TOMI_TARGET = 10.0
STORIES_TARGET = 30.0


def _shared() -> Path:
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def _table(title: str, rows: dict[str, Counter]) -> None:
    print(f"\n{title}")
    print(f"| {'':<27} | items | agree | disagree | agree % |")
    print(f"|{'-' * 29}|------:|------:|---------:|--------:|")
    total = Counter()
    for name in sorted(rows):
        c = rows[name]
        total.update(c)
        print(f"| {name:<27} | {c['items']:>5} | {c['agree']:>5} | {c['disagree']:>8} | "
              f"{100 * c['agree'] / c['items']:>7.2f} |")
    print(f"| {'total':<27} | {total['items']:>5} | {total['agree']:>5} | "
          f"{total['disagree']:>8} | {100 * total['agree'] / total['items']:>7.2f} |")


def bench_tomi(path: Path) -> None:
    t0, c0 = time.perf_counter(), time.process_time()
    records = list(check_file(str(path)))
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    failed = sum(1 for r in records if r.get("error"))
    print(f"ToMi certification of {path.name}: {len(records)} questions, {failed} failed, "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU (target < {TOMI_TARGET:g} s)")
    by_q: dict[str, Counter] = {}
    by_s: dict[str, Counter] = {}
    kinds: Counter = Counter()
    for r in records:
        if r.get("error"):
            continue
        for table, key in ((by_q, r["question_type"]), (by_s, r["story_type"])):
            c = table.setdefault(key, Counter())
            c["items"] += 1
            c["agree" if r["agrees"] else "disagree"] += 1
        if not r["agrees"]:
            kinds[(r["question_type"], r["story_type"], r["disagreement"])] += 1
    _table("agreement by question type", by_q)
    _table("agreement by story type", by_s)
    print("\nkinds of disagreement (question type, story type, kind): count")
    for key, n in sorted(kinds.items()):
        print(f"  {key[0]:<24} {key[1]:<27} {key[2]:<38} {n:>4}")
    total = Counter(k[2] for k in kinds.elements())
    for kind, n in sorted(total.items()):
        print(f"  total {kind}: {n}")


def bench_tomi_cli(path: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "pyfront", "check", str(path), "--format",
                               "tomi", "-o", str(Path(tmp) / "out.jsonl"), "-q"],
                              capture_output=True, text=True, cwd=REPO)
        wall = time.perf_counter() - t0
    print(f"\nmindgames check {path.name} --format tomi -o OUT: {wall:.2f} s "
          f"(exit {done.returncode}: 1 = some answers differ from ToMi's)")


def bench_generate(n: int, seed: int, agents: tuple[int, int], recheck: bool,
                   balance: str = "trackers") -> None:
    cfg = StoriesConfig(size=n, seed=seed, orders=(0, 4), agents=agents, balance=balance)
    t0, c0 = time.perf_counter(), time.process_time()
    result = generate(cfg)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    qa = sum(len(v) for v in result.qa.values())
    nli = sum(len(v) for v in result.nli.values())
    print(f"\ngenerate {n} stories, orders 0-4, agents {agents[0]}-{agents[1]}, --balance {balance}: "
          f"{wall:.2f} s wall, {cpu:.2f} s CPU (target < {STORIES_TARGET:g} s); {result.draws} "
          f"draws, {qa} QA rows, {nli} NLI rows")
    if recheck:
        from pyfront.generate.stories.card import write

        with tempfile.TemporaryDirectory() as tmp:
            write(result, tmp)
            files = [str(Path(tmp) / f / f"{s}.jsonl") for f in ("qa", "nli")
                     for s in ("train", "validation", "test")]
            t0 = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "pyfront", "check", *files, "-o",
                                   str(Path(tmp) / "re.jsonl"), "-q"],
                                  capture_output=True, text=True, cwd=REPO)
            print(f"  mindgames check on the {qa + nli} rows: {time.perf_counter() - t0:.2f} s, "
                  f"exit {done.returncode} ({'0 errors' if done.returncode == 0 else done.stderr.strip()[:200]})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tomi", type=Path, default=_shared() / "tomi" / "fb_all_val.txt")
    ap.add_argument("--stories", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--recheck", action="store_true")
    ap.add_argument("--five", type=int, default=200, metavar="N",
                    help="stories of the 5-agent run (0: skip it)")
    args = ap.parse_args()
    if args.tomi.exists():
        bench_tomi(args.tomi)
        bench_tomi_cli(args.tomi)
    else:
        print(f"no ToMi file at {args.tomi}: certification skipped")
    bench_generate(args.stories, args.seed, (2, 4), args.recheck)
    bench_generate(args.stories, args.seed, (2, 4), False, balance="none")
    if args.five:
        # stories of more than 4 agents get no decoy (pipeline.DECOY_AGENTS): the stories alone
        bench_generate(args.five, args.seed, (5, 5), args.recheck, balance="none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
