"""SMCDEL's own benchmark families, the compiled library beside both command lines.

SMCDEL ships three benchmark programs (``bench/diningcrypto.hs``, ``bench/muddychildren.hs``,
``bench/sumandproduct.hs``).  This script compiles a small driver of ours,
``benchmarks/smcdel_suite.hs``, against the library that ``../shared/smcdel-src/build.sh``
builds (CacBDD); the driver calls the same library functions as those programs:

* dining cryptographers ``n`` (``genDcKnsInit n``, a coin for every pair): is the bench's
  formula valid ("after the parity of all announcements, if 1 did not pay, 1 knows nobody
  paid, or that one of the others paid but not who")?
* muddy children ``n``, all muddy (the ``findNumberCacBDD`` loop): after the father, how many
  rounds of "nobody knows" are true, asked one formula per round until one is false;
* Sum and Product (``sapSolutions``): where is the protocol true?

The driver also writes the same structure and queries as SMCDEL text, and checks with the
library's own parser that the text reads back as the library's objects (vocabulary, law BDD,
observations, formulas).  That text goes to the reference CLI (``smcdel FILE``) and to
``mindgames smcdel FILE``.  All three run as whole processes, pinned to one core, interleaved
run by run; the figure is the minimum over ``--runs`` (a run over 10 s is not repeated).
The answers of all three are compared.

    python benchmarks/bench_smcdel_suite.py [--runs 3] [--dining 50,100,200,300]
                                            [--muddy 20,40,60,100] [--no-sap]
                                            [--cli-timeout 120]

``ours / library`` below 1 means ``mindgames smcdel`` is faster than the compiled library.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).resolve().parent / "smcdel_suite.hs"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def smcdel_home() -> Path:
    return Path(os.environ.get("MINDGAMES_SMCDEL_HOME",
                               Path.home() / ".cache" / "mindgames-smcdel"))


def one_core() -> list[str]:
    taskset = shutil.which("taskset")
    return [taskset, "-c", "0"] if taskset else []


def mindgames() -> list[str]:
    own = Path(sys.executable).parent / "mindgames"
    exe = str(own) if own.is_file() else shutil.which("mindgames")
    return [exe] if exe else [sys.executable, "-m", "pyfront.cli"]


def build_driver(workdir: Path) -> Path:
    ghc = shutil.which("ghc")
    pkgdb = smcdel_home() / "pkgdb"
    if ghc is None or not pkgdb.is_dir():
        raise SystemExit("bench_smcdel_suite: needs ghc and the SMCDEL package database "
                         f"at {pkgdb} (run ../shared/smcdel-src/build.sh)")
    exe = workdir / "suite"
    done = subprocess.run([ghc, "-O1", "-package-db", str(pkgdb), "-package", "smcdel",
                           "-outputdir", str(workdir), str(DRIVER), "-o", str(exe)],
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit("bench_smcdel_suite: ghc failed:\n" + done.stderr)
    return exe


def answers(stdout: str) -> list:
    """True/False answers and WHERE? states, in order, from a CLI's text output."""
    found = []
    for line in _ANSI.sub("", stdout).splitlines():
        line = line.strip()
        if line in ("True", "False"):
            found.append(line == "True")
        elif line.startswith("[") and line.endswith("]"):
            found.append(tuple(int(x) for x in line[1:-1].split(",") if x))
    return found


def library_answers(family: str, stdout: str, jobs: int) -> list:
    """The library's output as the CLIs would answer the same jobs."""
    lines = stdout.split()
    if family == "dining":
        return [lines[0] == "True"]
    if family == "muddy":
        rounds = int(lines[0])
        return [k < rounds for k in range(jobs)]
    return [tuple(int(x) for x in line[1:-1].split(",") if x) for line in lines]


class Timer:
    """Whole-process runs of one command; keeps the best time and the last output."""

    def __init__(self, cmd: list[str], timeout: float | None = None) -> None:
        self.cmd, self.timeout = cmd, timeout
        self.best: float | None = None
        self.out, self.note, self.done = "", "", False

    def run(self) -> None:
        if self.done:
            return
        start = time.perf_counter()
        try:
            proc = subprocess.run([*one_core(), *self.cmd], capture_output=True, text=True,
                                  timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.note, self.done = f"> {self.timeout:g} s", True
            return
        seconds = time.perf_counter() - start
        if proc.returncode:
            self.note, self.done = "failed", True
            print(f"  {' '.join(self.cmd)}: {proc.stderr.strip()[:300]}", file=sys.stderr)
            return
        self.best = seconds if self.best is None else min(self.best, seconds)
        self.out = proc.stdout
        self.done = seconds > 10

    def cell(self) -> str:
        return self.note if self.best is None else f"{self.best:.3f}"


def measure(exe: Path, family: str, n: int | None, runs: int, cli_timeout: float,
            tmp: Path) -> tuple[str, ...]:
    args = ["dc" if family == "dining" else family] + ([str(n)] if n is not None else [])
    text = subprocess.run([str(exe), "text", *args], capture_output=True, text=True,
                          check=True).stdout
    path = tmp / f"{family}-{n or 0}.smcdel.txt"
    path.write_text(text, encoding="utf-8")
    jobs = sum(1 for line in text.splitlines() if line.startswith(("TRUE?", "VALID?", "WHERE?")))
    library = Timer([str(exe), "run", *args])
    reference = Timer([str(smcdel_home() / "prefix" / "bin" / "smcdel"), str(path)],
                      cli_timeout)
    ours = Timer([*mindgames(), "smcdel", str(path), "--color", "never"])
    for _ in range(runs):
        for timer in (library, reference, ours):
            timer.run()
    expected = library_answers(family, library.out, jobs)
    same = answers(ours.out) == expected and len(expected) == jobs
    ref_same = reference.best is None or answers(reference.out) == expected
    verdict = "same" if same and ref_same else ("OURS DIFFER" if not same else "CLI DIFFERS")
    quotient = (f"{ours.best / library.best:.2f}" if ours.best and library.best else "-")
    return (family, "-" if n is None else str(n), library.cell(), reference.cell(),
            ours.cell(), quotient, verdict)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dining", default="50,100,200,300")
    ap.add_argument("--muddy", default="20,40,60,100")
    ap.add_argument("--no-sap", action="store_true", help="leave out Sum and Product")
    ap.add_argument("--cli-timeout", type=float, default=120.0,
                    help="seconds the reference CLI may take on one input")
    args = ap.parse_args(argv)
    cases: list[tuple[str, int | None]] = [("dining", int(n)) for n in args.dining.split(",") if n]
    cases += [("muddy", int(n)) for n in args.muddy.split(",") if n]
    if not args.no_sap:
        cases.append(("sap", None))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; whole processes, "
          f"one core, best of {args.runs}; ours: {' '.join(mindgames())} smcdel FILE")
    header = ("benchmark", "n", "library", "smcdel CLI", "mindgames", "ours/lib", "answers")
    widths = (9, 4, 9, 11, 10, 9, 0)
    print("  ".join(h.rjust(w) if w else h for h, w in zip(header, widths)))
    failed = False
    with tempfile.TemporaryDirectory(prefix="bench-suite-") as tmp:
        exe = build_driver(Path(tmp))
        for family, n in cases:
            row = measure(exe, family, n, args.runs, args.cli_timeout, Path(tmp))
            failed |= row[-1] != "same"
            print("  ".join(c.rjust(w) if w else c for c, w in zip(row, widths)), flush=True)
    print("library: the driver compiled with ghc -O1 against SMCDEL 1.3.0 (CacBDD); "
          "smcdel CLI and mindgames read the same SMCDEL text; seconds")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
