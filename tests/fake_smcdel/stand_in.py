#!/usr/bin/env python3
"""Stand-ins for the official ``smcdel`` binary, for tests on machines without it.

Usage: ``stand_in.py MODE [FILE|-]`` (the wrappers made by :func:`fake_smcdel.make` put
``MODE`` first; the rest is the binary's own command line).  Modes:

``replay``
    An input recorded in the conformance corpus (``$FAKE_SMCDEL_CORPUS``, default
    ``tests/data/smcdel-corpus.jsonl``) gets the recorded standard output, standard
    error and exit code byte for byte.  Any other input (packed batches, for instance)
    is answered by the embedded engine and printed in the reference's format, with the
    reference's error messages and call-stack trailer.  Like the binary it leaves an
    empty ``smcdelNNNN-0.tex`` in ``$TMPDIR``.
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

Every mode honours ``$FAKE_SMCDEL_DELAY`` (seconds to sleep first, modelling the
binary's start-up cost), appends one JSON line per call to ``$FAKE_SMCDEL_LOG``
(``{"mode", "jobs", "replayed", "bytes"}``), and — in ``replay`` mode — hangs when the
input contains ``$FAKE_SMCDEL_HANG_ON`` or crashes when it contains
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


def recorded(text: str) -> dict | None:
    """The corpus case whose input is exactly ``text`` (the corpus is written by
    ``json.dumps(…, ensure_ascii=False)``, so the encoded input is searched as bytes)."""
    corpus = Path(os.environ.get("FAKE_SMCDEL_CORPUS", DEFAULT_CORPUS))
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


def main(argv: list[str]) -> None:
    mode, args = argv[0], argv[1:]
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
    if mode not in ("replay", "truncated", "liar"):
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
    case = recorded(text)
    if case is not None:
        stdout, stderr, code, jobs = case["stdout"], case["stderr"], case["returncode"], None
    else:
        stdout, stderr, code, jobs = compute(text)
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
