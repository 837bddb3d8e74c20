#!/usr/bin/env python3
"""Stand-ins for the official ``smcdel`` binary, for tests on machines without it.

Usage: ``stand_in.py MODE [FILE|-]`` (the wrappers made by :func:`fake_smcdel.make` put
``MODE`` first; the rest is the binary's own command line).  Modes:

``replay``
    An input with a recorded answer gets the recorded standard output, standard error
    and exit code byte for byte.  Recorded answers are those of the conformance corpus
    (``$FAKE_SMCDEL_CORPUS``, default ``tests/data/smcdel-corpus.jsonl``; several files
    separated by ``os.pathsep``) and those of the published MindGames rows
    (``$FAKE_SMCDEL_PUBLISHED``, default ``mindgames/sample.csv`` of the shared data): the
    reference answered each row's ``smcdel_problem`` with its ``label`` and its
    ``pbcheck`` with False (contradictory premises were discarded).  Any other input
    (packed batches, for instance) fails loudly: status 97 and a message on stderr, so
    that no test of agreement with the reference can pass on answers it never gave.
    Like the binary it leaves an empty ``smcdelNNNN-0.tex`` in ``$TMPDIR``.
``embedded``
    Any input answered by the embedded engine, printed in the reference's format with
    the reference's error messages and call-stack trailer: for tests of the bridge's
    own mechanics (packing, bisection, time-outs, order), never of agreement.
``hang``
    starts a child process that sleeps, writes both pids to ``$FAKE_SMCDEL_PIDS`` and
    sleeps forever (tests check that the whole process group is killed).
``crash``
    prints the info line, then exits with status 3 and a message on stderr.
``killed``
    prints the info line and kills itself with SIGSEGV.
``garbage``
    prints text that is no SMCDEL output, exit status 0.
``truncated``
    like ``replay`` but the output stops before the last answer (exit status 0).
``liar``
    like ``replay`` with every ``True`` and ``False`` answer swapped (a checker that
    disagrees with the embedded one, for the ``--backend both`` report).

``truncated:embedded`` and ``liar:embedded`` start from the ``embedded`` answers instead.
An input without any job (the bridge's version probe) has nothing to answer: every
answering mode prints the info line and ``Doei!``.

Every mode honours ``$FAKE_SMCDEL_DELAY`` (seconds to sleep first, modelling the
binary's start-up cost), appends one JSON line per call to ``$FAKE_SMCDEL_LOG``
(``{"mode", "jobs", "replayed", "bytes"}``), and — in the answering modes — hangs when
the input contains ``$FAKE_SMCDEL_HANG_ON`` or crashes when it contains
``$FAKE_SMCDEL_CRASH_ON`` (to trace faults to one item of a batch).
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
DEFAULT_CORPUS = HERE.parent / "data" / "smcdel-corpus.jsonl"
INFO = "SMCDEL 1.3.0 -- https://github.com/jrclogic/SMCDEL\n\n"
TRAILER = "CallStack (from HasCallStack):\n  error, called at exec/smcdel.hs:{line}:{col} in main:Main\n"


def read_input(args: list[str]) -> str:
    if not args:
        sys.stderr.write(INFO.rstrip("\n") + "\nusage: smcdel <filename> {options}\n")
        sys.exit(1)
    if args[0] == "-":
        return sys.stdin.buffer.read().decode("utf-8")
    return Path(args[0]).read_text(encoding="utf-8")


def log(mode: str, text: str, jobs: int | None, replayed: bool) -> None:
    path = os.environ.get("FAKE_SMCDEL_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as fh:
            fh.write(json.dumps({"mode": mode, "jobs": jobs, "replayed": replayed,
                                 "bytes": len(text.encode())}) + "\n")


def leave_tex_file() -> None:
    tmp = os.environ.get("TMPDIR", "/tmp")
    try:
        Path(tmp, f"smcdel{os.getpid()}-0.tex").touch()
    except OSError:
        pass


def _shared() -> Path:
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else HERE.parents[2] / "shared"


def recorded(text: str) -> dict | None:
    """The recorded answer to exactly ``text``: a corpus case (``input``, ``stdout``,
    ``stderr``, ``returncode``) or one made from a published row's label."""
    corpora = os.environ.get("FAKE_SMCDEL_CORPUS", str(DEFAULT_CORPUS))
    for corpus in filter(None, corpora.split(os.pathsep)):
        case = _corpus_case(Path(corpus), text)
        if case is not None:
            return case
    published = os.environ.get("FAKE_SMCDEL_PUBLISHED",
                               str(_shared() / "mindgames" / "sample.csv"))
    if published and Path(published).is_file():
        return _published_case(Path(published), text)
    return None


def _corpus_case(corpus: Path, text: str) -> dict | None:
    """The case whose input is exactly ``text`` (the corpus is written by
    ``json.dumps(…, ensure_ascii=False)``, so the encoded input is searched as bytes)."""
    data = corpus.read_bytes()
    needle = ('"input": ' + json.dumps(text, ensure_ascii=False) + ",").encode()
    at = data.find(needle)
    while at >= 0:
        start = data.rfind(b"\n", 0, at) + 1
        end = data.find(b"\n", at)
        case = json.loads(data[start:end if end >= 0 else len(data)])
        if case["input"] == text:
            return case
        at = data.find(needle, at + 1)
    return None


def _published_case(path: Path, text: str) -> dict | None:
    """The reference's answer to a published row's ``smcdel_problem`` (its label) or
    ``pbcheck`` (False), printed as the reference prints it."""
    import csv

    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            if text == row.get("smcdel_problem"):
                value = row["label"] == "entailment"
            elif text == row.get("pbcheck"):
                value = False
            else:
                continue
            return {"stdout": _one_answer(text, value), "stderr": "", "returncode": 0}
    return None


def _one_answer(text: str, value: bool) -> str:
    """The reference's output for a one-job ``VALID?`` input answered ``value``.  The
    question line repeats the input's formula as written (the reference prints its own
    rendering of it there; readers of the output take only the answers from it), which
    keeps this path free of the toolkit's code."""
    formula = " ".join(text.split("VALID?", 1)[1].split())
    return INFO + f"Is {formula} valid on F?\n\x1b[97m{value}\n\n\x1b[m" + "\nDoei!\n"


#: exit status of ``replay`` for an input without a recorded answer
UNRECORDED = 97


def emit(stdout: str, stderr: str, code: int) -> None:
    sys.stdout.buffer.write(stdout.encode("utf-8"))
    sys.stdout.flush()
    sys.stderr.buffer.write(stderr.encode("utf-8"))
    sys.stderr.flush()
    sys.exit(code)


def compute(text: str) -> tuple[str, str, int, int | None]:
    """What the reference prints for ``text``, computed with the embedded engine."""
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.errors import LexError, NotBooleanError, ParseError, SanityError, SmcdelError
    from smcdel_bridge.syntax import parse_input, sanity_check
    from smcdel_bridge.syntax.output import FOOTER, HEADER, format_failed_job, format_job

    try:
        program = parse_input(text)
    except (LexError, ParseError) as err:
        return HEADER, f"smcdel: {err}\n" + TRAILER.format(line=34, col=23), 1, None
    try:
        sanity_check(program)
    except SanityError as err:
        msg = "Sanity check failed:\n  " + "\n  ".join(err.reasons)
        return HEADER, f"smcdel: {msg}\n" + TRAILER.format(line=36, col=21), 1, len(program.jobs)
    try:
        answers = get_backend("native").run(program)
    except SmcdelError as err:
        done = tuple(getattr(err, "partial", ()))
        out = HEADER + "".join(format_job(j, a) for j, a in zip(program.jobs, done))
        if len(done) < len(program.jobs):
            out += format_failed_job(program.jobs[len(done)])
        trailer = TRAILER.format(line=45, col=27) if isinstance(err, NotBooleanError) else ""
        return out, f"smcdel: {err}\n" + trailer, 1, len(program.jobs)
    out = HEADER + "".join(format_job(j, a) for j, a in zip(program.jobs, answers))
    return out + FOOTER, "", 0, len(program.jobs)


def jobless(text: str) -> bool:
    """An input without any job (the bridge's version probe): there is nothing to
    answer, the binary prints its info line and ``Doei!``."""
    return not any(kind in text for kind in ("VALID?", "TRUE?", "WHERE?"))


def main(argv: list[str]) -> None:
    mode, _, base = argv[0].partition(":")
    base = base or "replay"
    args = argv[1:]
    delay = float(os.environ.get("FAKE_SMCDEL_DELAY", "0") or 0)
    if delay:
        time.sleep(delay)
    text = read_input(args)
    if mode == "hang":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
        pids = os.environ.get("FAKE_SMCDEL_PIDS")
        if pids:
            Path(pids).write_text(f"{os.getpid()} {child.pid}\n")
        log(mode, text, None, False)
        time.sleep(600)
        sys.exit(0)
    if mode == "crash":
        log(mode, text, None, False)
        emit(INFO, "smcdel: internal error: the BDD manager ran out of nodes\n", 3)
    if mode == "killed":
        log(mode, text, None, False)
        sys.stdout.write(INFO)
        sys.stdout.flush()
        os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(5)
    if mode == "garbage":
        log(mode, text, None, False)
        emit("Segmentation fault? \x00\x01 lorem ipsum\nTrue\n", "", 0)
    if mode not in ("replay", "embedded", "truncated", "liar"):
        sys.stderr.write(f"stand_in.py: unknown mode {mode!r}\n")
        sys.exit(2)
    leave_tex_file()
    hang_on = os.environ.get("FAKE_SMCDEL_HANG_ON")
    if hang_on and hang_on in text:
        log(mode, text, None, False)
        time.sleep(600)
    crash_on = os.environ.get("FAKE_SMCDEL_CRASH_ON")
    if crash_on and crash_on in text:
        log(mode, text, None, False)
        os.kill(os.getpid(), signal.SIGSEGV)
    if jobless(text) and "Doei!" not in text:
        from smcdel_bridge.syntax.output import FOOTER, HEADER

        log(mode, text, 0, False)
        emit(HEADER + FOOTER, "", 0)
    if mode == "embedded" or base == "embedded":
        case = None
        stdout, stderr, code, jobs = compute(text)
    else:
        case = recorded(text)
        if case is None:
            log(mode, text, None, False)
            first = " ".join(text.split())[:80]
            emit("", f"stand_in.py: no recorded answer for this input ({first} …): a test "
                 "of the bridge's mechanics uses the 'embedded' mode\n", UNRECORDED)
        stdout, stderr, code, jobs = case["stdout"], case["stderr"], case["returncode"], None
    log(mode, text, jobs, case is not None)
    if mode == "truncated":
        cut = stdout.rfind("\x1b[97m")
        stdout, stderr, code = (stdout[:cut] if cut > 0 else stdout[: len(stdout) // 2]), "", 0
    if mode == "liar":
        import re

        stdout = re.sub(r"(?m)^(\x1b\[97m)?(True|False)$",
                        lambda m: (m[1] or "") + ("False" if m[2] == "True" else "True"), stdout)
    emit(stdout, stderr, code)


if __name__ == "__main__":
    main(sys.argv[1:])
