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
run by run; the figure is the minimum over ``--runs`` (a run over 10 s of CPU is not
repeated).
The answers of all three are compared.

Each family is written four ways by the driver (``text STYLE``): its own text; with
comment lines; with the other spellings (``Not``, ``∧``/``|`` chains for the lists,
``knows that``, ``knows whether``, ``→``, ``[ ? ! … ]``); with every operand in
parentheses and line breaks; each is read back by SMCDEL's parser as the library's objects
(``&``/``|`` chains up to their grouping).  A last row runs a trivial program with many
agents (``--agents``) on the reference CLI and ours, for memory.  Times are CPU seconds
(user + system) of the whole process, memory its peak resident set (``os.wait4`` in a
small process between this script and the command: ``reference_timing.Measured``).  Our
packages' bytecode is written before the first run, as an installed package has it.

    python benchmarks/bench_smcdel_suite.py [--runs 3] [--dining 100,200] [--muddy 60,100]
                                            [--no-sap] [--agents 3000] [--cli-timeout 120]

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
from pathlib import Path
from reference_timing import Measured, compiled_bytecode, one_core  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
DRIVER = Path(__file__).resolve().parent / "smcdel_suite.hs"
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def smcdel_home() -> Path:
    return Path(os.environ.get("MINDGAMES_SMCDEL_HOME",
                               Path.home() / ".cache" / "mindgames-smcdel"))


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
    """Whole-process runs of one command: the least CPU time (user + system) over the runs,
    the peak resident memory, and the last output."""

    def __init__(self, cmd: list[str], timeout: float | None = None) -> None:
        self.cmd, self.timeout = cmd, timeout
        self.best: float | None = None
        self.peak_mb = 0.0
        self.out, self.note, self.done = "", "", False

    def run(self) -> None:
        if self.done:
            return
        with tempfile.TemporaryFile("w+", encoding="utf-8") as out, \
                tempfile.TemporaryFile("w+", encoding="utf-8") as err:
            status, seconds, peak_mb, stopped = Measured(
                [*one_core(), *self.cmd], stdout=out, stderr=err).wait(self.timeout)
            if stopped:
                self.note, self.done = f"> {self.timeout:g} s", True
                return
            out.seek(0)
            err.seek(0)
            stdout, stderr = out.read(), err.read()
        if status:
            self.note, self.done = "failed", True
            print(f"  {' '.join(self.cmd)}: {stderr.strip()[:300]}", file=sys.stderr)
            return
        self.best = seconds if self.best is None else min(self.best, seconds)
        self.peak_mb = max(self.peak_mb, peak_mb)
        self.out = stdout
        self.done = seconds > 10

    def cell(self) -> str:
        return self.note if self.best is None else f"{self.best:.3f}"

    def memory(self) -> str:
        return "-" if self.best is None else f"{self.peak_mb:.0f}"


#: ways of writing the same structure and jobs (the driver's Style)
RENDERINGS = ("Plain", "Comments", "Spelled", "Layout")


def measure(exe: Path, family: str, n: int | None, runs: int, cli_timeout: float,
            tmp: Path) -> list[tuple[str, ...]]:
    """One row per rendering: the library, the reference CLI (on the driver's own text)
    and ``mindgames smcdel`` on that rendering."""
    args = ["dc" if family == "dining" else family] + ([str(n)] if n is not None else [])
    library = Timer([str(exe), "run", *args])
    timers = []
    for style in RENDERINGS:
        text = subprocess.run([str(exe), "text", style, *args], capture_output=True,
                              check=True).stdout.decode("utf-8")
        path = tmp / f"{family}-{n or 0}-{style}.smcdel.txt"
        path.write_text(text, encoding="utf-8")
        reference = Timer([str(smcdel_home() / "prefix" / "bin" / "smcdel"), str(path)],
                          cli_timeout) if style == "Plain" else None
        ours = Timer([*mindgames(), "smcdel", str(path), "--color", "never"])
        jobs = sum(1 for line in text.splitlines()
                   if line.startswith(("TRUE?", "VALID?", "WHERE?")))
        timers.append((style, reference, ours, jobs))
    for _ in range(runs):  # interleaved, run by run
        library.run()
        for _, reference, ours, _ in timers:
            for timer in (reference, ours):
                if timer is not None:
                    timer.run()
    rows = []
    for style, reference, ours, jobs in timers:
        expected = library_answers(family, library.out, jobs)
        same = answers(ours.out) == expected and len(expected) == jobs
        ref_same = reference is None or reference.best is None or \
            answers(reference.out) == expected
        verdict = "same" if same and ref_same else ("OURS DIFFER" if not same else "CLI DIFFERS")
        quotient = f"{ours.best / library.best:.2f}" if ours.best and library.best else "-"
        rows.append((family, "-" if n is None else str(n), style.lower(), library.cell(),
                     library.memory(), reference.cell() if reference else "",
                     reference.memory() if reference else "", ours.cell(), ours.memory(),
                     quotient, verdict))
    return rows


def many_agents(n: int, runs: int, cli_timeout: float, tmp: Path) -> tuple[str, ...]:
    """A trivial program with ``n`` agents, each seeing one atom: is Top common knowledge
    among all of them?  The reference CLI beside ``mindgames smcdel`` (no library row)."""
    path = tmp / f"agents-{n}.smcdel.txt"
    agents = ",".join(f"a{i}" for i in range(1, n + 1))
    path.write_text(f"VARS {','.join(map(str, range(1, n + 1)))}\nLAW Top\nOBS "
                    + " ".join(f"a{i}:{i}" for i in range(1, n + 1))
                    + f"\nVALID? ({agents}) comknow that Top\n", encoding="utf-8")
    reference = Timer([str(smcdel_home() / "prefix" / "bin" / "smcdel"), str(path)],
                      cli_timeout)
    ours = Timer([*mindgames(), "smcdel", str(path), "--color", "never"])
    for _ in range(runs):
        reference.run()
        ours.run()
    same = answers(ours.out) == [True] and answers(reference.out) in ([True], [])
    memory = f"{ours.peak_mb / reference.peak_mb:.2f}" if reference.best and ours.best else "-"
    return ("agents", str(n), "plain", "-", "-", reference.cell(), reference.memory(),
            ours.cell(), ours.memory(), f"mem {memory}", "same" if same else "OURS DIFFER")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--dining", default="100,200")
    ap.add_argument("--muddy", default="60,100")
    ap.add_argument("--no-sap", action="store_true", help="leave out Sum and Product")
    ap.add_argument("--agents", default="3000",
                    help="sizes of the many-agents program ('' for none)")
    ap.add_argument("--cli-timeout", type=float, default=120.0,
                    help="seconds the reference CLI may take on one input")
    args = ap.parse_args(argv)
    compiled_bytecode()
    cases: list[tuple[str, int | None]] = [("dining", int(n)) for n in args.dining.split(",") if n]
    cases += [("muddy", int(n)) for n in args.muddy.split(",") if n]
    if not args.no_sap:
        cases.append(("sap", None))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; whole processes, "
          f"one core, least CPU time (user + system) of {args.runs}, peak RSS in MB; "
          f"ours: {' '.join(mindgames())} smcdel FILE")
    header = ("benchmark", "n", "rendering", "library", "MB", "smcdel CLI", "MB",
              "mindgames", "MB", "ours/lib", "answers")
    widths = (9, 4, 9, 8, 5, 10, 5, 9, 5, 9, 0)

    def show(row):
        print("  ".join(c.rjust(w) if w else c for c, w in zip(row, widths)), flush=True)

    show(header)
    failed = False
    summary = []
    with tempfile.TemporaryDirectory(prefix="bench-suite-") as tmp:
        exe = build_driver(Path(tmp))
        for family, n in cases:
            rows = measure(exe, family, n, args.runs, args.cli_timeout, Path(tmp))
            for row in rows:
                failed |= row[-1] != "same"
                show(row)
            ours = [float(r[7]) for r in rows if r[7][:1].isdigit()]
            ratios = [float(r[9]) for r in rows if r[9][:1].isdigit()]
            if ours and ratios:
                summary.append(f"{family} {n or ''}: slowest/fastest rendering "
                               f"{max(ours) / min(ours):.2f}, worst ours/lib {max(ratios):.2f}")
        for n in (int(k) for k in args.agents.split(",") if k):
            row = many_agents(n, min(args.runs, 2), args.cli_timeout, Path(tmp))
            failed |= row[-1] != "same"
            show(row)
    for line in summary:
        print(line)
    print("library: the driver compiled with ghc -O1 against SMCDEL 1.3.0 (CacBDD); smcdel CLI "
          "(on the driver's own text) and mindgames read SMCDEL text; renderings: the "
          "driver's own, with comments, with the other spellings, with extra parentheses "
          "and line breaks, each read back by SMCDEL's parser as the library's objects; "
          "agents: ours/CLI peak memory")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
