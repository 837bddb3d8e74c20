"""Checks per second of the embedded checker on MindGames problems and on the corpus.

Inputs: every row of the MindGames sample (its ``smcdel_problem`` and its ``pbcheck``,
two checks a row) and every accepted case of the SMCDEL conformance corpus (each job a
check).  Parsing is timed apart from checking, then both together (text to answer):

* ``parse``      — SMCDEL text to a program (``parse_input``);
* ``check/warm`` — answering already parsed programs, compiled structures cached (the
  normal case in a dataset run: many problems share ``VARS``/``LAW``/``OBS``);
* ``check/cold`` — the same with the structure cache emptied before every program;
* ``end-to-end`` — parse and check, text to answer.

Every figure is the best of ``--repeat`` passes over the inputs, on one core.

    python benchmarks/bench_native.py [--repeat 5] [--engine auto|explicit|symbolic]
                                      [--sample PATH] [--corpus PATH]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from smcdel_bridge.errors import SmcdelError  # noqa: E402
from smcdel_bridge.native import NativeBackend  # noqa: E402
from smcdel_bridge.native import explicit as explicit_engine  # noqa: E402
from smcdel_bridge.syntax.parser import parse_input  # noqa: E402

TARGET = 20_000  # MindGames checks per second the explicit engine must reach


def shared() -> Path:
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def mindgames_texts(path: Path) -> list[str]:
    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return [text for row in rows for text in (row["smcdel_problem"], row["pbcheck"])]


def corpus_texts(path: Path) -> list[str]:
    with open(path, encoding="utf-8") as fh:
        cases = [json.loads(line) for line in fh]
    return [c["input"] for c in cases if c["returncode"] == 0]


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def measure(name: str, texts: list[str], backend: NativeBackend, repeat: int) -> float:
    """Print the figures for one input set; return checks per second (warm, end to end)."""
    programs = [parse_input(t) for t in texts]
    checks = sum(len(p.jobs) for p in programs)
    failures = 0

    def parse_all():
        for t in texts:
            parse_input(t)

    def check_all():
        nonlocal failures
        failures = 0
        for p in programs:
            try:
                backend.run(p)
            except SmcdelError:
                failures += 1

    def check_cold():
        for p in programs:
            explicit_engine._compiled.clear()
            try:
                backend.run(p)
            except SmcdelError:
                pass

    def end_to_end():
        for t in texts:
            try:
                backend.run(parse_input(t))
            except SmcdelError:
                pass

    check_all()  # warm-up: imports, caches
    figures = {
        "parse": best_of(repeat, parse_all),
        "check/warm": best_of(repeat, check_all),
        "check/cold": best_of(repeat, check_cold),
        "end-to-end": best_of(repeat, end_to_end),
    }
    print(f"\n== {name}: {len(texts)} inputs, {checks} checks"
          + (f" ({failures} inputs end in an error, timed too)" if failures else "") + " ==")
    print(f"{'stage':<12} {'seconds':>9} {'us/check':>9} {'checks/s':>10}")
    for stage, seconds in figures.items():
        print(f"{stage:<12} {seconds:>9.4f} {1e6 * seconds / checks:>9.1f} "
              f"{checks / seconds:>10,.0f}")
    return checks / figures["check/warm"], checks / figures["end-to-end"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5, help="passes per figure (best is kept)")
    ap.add_argument("--engine", default="auto", choices=("auto", "explicit", "symbolic"))
    ap.add_argument("--sample", type=Path, default=shared() / "mindgames" / "sample.csv")
    ap.add_argument("--corpus", type=Path, default=REPO / "tests" / "data" / "smcdel-corpus.jsonl")
    args = ap.parse_args(argv)

    backend = NativeBackend(engine=args.engine)
    print(f"engine: {backend.version()}")
    rate = None
    if args.sample.exists():
        rate = measure("MindGames sample (smcdel_problem + pbcheck)",
                       mindgames_texts(args.sample), backend, args.repeat)
    else:
        print(f"\n(MindGames sample not found at {args.sample}; set MINDGAMES_SHARED)")
    if args.corpus.exists():
        measure("SMCDEL conformance corpus (accepted cases)",
                corpus_texts(args.corpus), backend, args.repeat)
    if rate is not None:
        warm, e2e = rate
        verdict = "meets" if warm >= TARGET else "MISSES"
        print(f"\nMindGames checks per second: {e2e:,.0f} end to end (SMCDEL text to answer, "
              f"parsing included); {warm:,.0f} warm (already parsed programs, compiled "
              f"structures cached; {verdict} the target of {TARGET:,})")
        return 0 if warm >= TARGET else 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
