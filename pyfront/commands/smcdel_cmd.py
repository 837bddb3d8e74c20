"""``mindgames smcdel FILE|-``: a drop-in for the reference ``smcdel`` command.

Same input language, same answers, same output text (the info line, one question and
answer block per job, ``Doei!``); errors go to stderr worded and prefixed as the
reference words them (``smcdel: Parse error in line 3, column 7``), with exit code 1, after
whatever the reference would already have printed on stdout.  One difference, on
purpose: every error is one line, so the reference's sanity report (a header and one
indented line per reason) becomes ``smcdel: Sanity check failed: reason; reason``.
``--json`` prints the answers as ``{"results": [...]}`` instead.
"""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = "check an SMCDEL input like the smcdel command (same language, answers and output)"

#: prefix of error lines, as the reference prints them (its program name)
ERROR_PREFIX = "smcdel: "


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="SMCDEL input file, or - for stdin")
    parser.add_argument("--json", action="store_true",
                        help='print {"results": [...]} instead of the reference\'s text')
    parser.add_argument("--backend", default="native", metavar="NAME",
                        help="native (default: the embedded checker), explicit, symbolic, "
                             "or smcdel (the official binary)")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="engine of the native backend (default: auto, by size)")
    parser.add_argument("--smcdel", metavar="PATH",
                        help="the official binary for --backend smcdel "
                             "(default: $SMCDEL_BIN, then smcdel on PATH)")
    from .options import add_limit_arguments

    add_limit_arguments(parser, what="the check")
    parser.add_argument("--color", "--colour", dest="color", default="auto",
                        choices=("auto", "always", "never"),
                        help="wrap answers in the reference's colour codes: always, never, "
                             "or auto (when stdout is a terminal; the default)")


def _read(path: str) -> tuple[str, str]:
    """The input text and the name the reference would give it in messages."""
    import sys

    name = "<stdin>" if path == "-" else path
    if path == "-":
        data = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as fh:
            data = fh.read()
    return data, name


def _open_error(path: str, err: OSError) -> str:
    reason = {2: "does not exist", 13: "permission denied", 21: "inappropriate type"}.get(
        err.errno, "failed")
    return f"{path}: openFile: {reason} ({err.strerror})"


def _use_colour(choice: str, stream) -> bool:
    import os

    if choice == "always":
        return True
    if choice == "never":
        return False
    return stream.isatty() and not os.environ.get("NO_COLOR")


def _json_error(err) -> dict:
    out = {"kind": err.kind, "message": str(err)}
    for key in ("line", "column"):
        if getattr(err, key, None) is not None:
            out[key] = getattr(err, key)
    if getattr(err, "reasons", None):
        out["reasons"] = list(err.reasons)
    return out


def _answers(backend, program, text: str | None = None):
    """Answers one job at a time (every backend streams, or gives the answers it had
    before a failure), so output can follow each.  The official binary reads the user's
    own ``text``, so that what it prints is its answer to exactly that input."""
    from smcdel_bridge.errors import SmcdelError

    run_text = getattr(backend, "run_text", None)
    if text is None or run_text is None:
        yield from backend.iter_answers(program)
        return
    try:
        answers = run_text(text)
    except SmcdelError as err:
        yield from getattr(err, "partial", ())
        raise
    yield from answers


def run(args: argparse.Namespace) -> int:
    import sys

    from .options import limits_of, within_limits

    limits_of(args)  # a bad --timeout or --max-memory: one line before reading
    try:
        data, name = _read(args.file)
    except OSError as exc:
        print(ERROR_PREFIX + _open_error(args.file, exc), file=sys.stderr)
        return 1
    # (the input is read here already: named, not read again)
    return within_limits(args, lambda: check_text(
        data, sys.stdout, sys.stderr, name=name, backend=args.backend, engine=args.engine,
        colour=not args.json and _use_colour(args.color, sys.stdout), as_json=args.json,
        smcdel=args.smcdel,
    ), light=args.backend == "smcdel" or (args.backend == "native" and args.engine != "symbolic"
                                          and _light(data)), file=name)


def _light(data: bytes) -> bool:
    """Whether the input is a small program (a short text about a few atoms, on the
    explicit engine: well under a millisecond of Python), checked in this process (the
    limits still hold) rather than in a child process, which would add some 10 ms to
    every call.  (The official binary, ``--backend smcdel``, is also waited for here: it
    computes in its own process group, which this process ends at a limit or a signal.)"""
    import re

    from smcdel_bridge.engines import LIGHT_ATOMS, LIGHT_TEXT

    if len(data) > LIGHT_TEXT:
        return False
    head = re.match(rb"\s*VARS\s+(\d+(?:\s*,\s*\d+)*)", data)
    return head is not None and len(set(re.findall(rb"\d+", head.group(1)))) <= LIGHT_ATOMS


def check_text(data: bytes | str, out, err_out, *, name: str = "<stdin>",
               backend: str = "native", engine: str = "auto", colour: bool = False,
               as_json: bool = False, smcdel: str | None = None) -> int:
    """Do what the reference does with input ``data``: write its standard output to
    ``out`` and its error line to ``err_out``; return the exit code."""
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.errors import LexError, ParseError, SanityError, SmcdelError
    from smcdel_bridge.syntax.output import FOOTER, HEADER, format_failed_job, format_job

    def fail(message: str) -> int:
        out.flush()
        print(ERROR_PREFIX + message, file=err_out)
        return 1

    # a backend that cannot run is this program's failure, not the input's: say so
    # before any of the reference's output
    options: dict = {}
    if backend == "native":
        options["engine"] = engine
    elif backend == "smcdel" and smcdel:
        options["binary"] = smcdel
    try:
        checker = get_backend(backend, **options)
        if backend == "smcdel":
            checker.binary  # raises when there is no usable binary
    except (ValueError, SmcdelError) as exc:
        return fail(str(exc))

    if not as_json:
        out.write(HEADER)

    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            return fail(f"{name}: hGetContents: invalid argument (invalid byte sequence)")

    from smcdel_bridge.syntax.parser import parse_input

    results: list = []
    jobs: tuple = ()
    try:
        # Every backend runs the reference's sanity checks before its first answer.
        program = parse_input(data)
        jobs = program.jobs
        for job, answer in zip(jobs, _answers(checker, program, data if backend == "smcdel" else None)):
            results.append(answer)
            if not as_json:
                out.write(format_job(job, answer, colour))
    except SmcdelError as exc:
        if as_json:
            _dump_json(out, results, exc)
        elif len(results) < len(jobs) and not isinstance(exc, (LexError, ParseError,
                                                                 SanityError)):
            out.write(format_failed_job(jobs[len(results)], colour))
        return fail(str(exc))
    if as_json:
        _dump_json(out, results, None)
    else:
        out.write(FOOTER)
    return 0


def _dump_json(out, results, error) -> None:
    import json

    doc: dict = {"results": [a.to_json() for a in results]}
    if error is not None:
        doc["error"] = _json_error(error)
    out.write(json.dumps(doc) + "\n")
