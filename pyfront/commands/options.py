"""Options shared by the commands, so one option says the same everywhere (a value
argparse cannot read at all is a usage error, exit 2; a number out of range is bad input,
exit 1, like every other): ``--workers``, ``--size``, and the limits every command that
can compute for long takes (``--timeout``, ``--max-memory``: :func:`add_limit_arguments`,
kept by :func:`within_limits`)."""

from __future__ import annotations

import os
import sys

from pyfront.errors import STDIN, UserError

#: most rows (or stories) ``generate --size`` may ask for: every row is kept in memory
#: until the splits are written
MAX_SIZE = 1_000_000


def check_workers(workers: int | None, *, quiet: bool = True) -> int | None:
    """``--workers N``: absent (None: the command's default) or at least 1; more than
    :func:`worker_ceiling` is brought down to it (saying so unless ``quiet``).  The
    processes are started as items come, never more than the items waiting."""
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1: got {workers}")
    ceiling = worker_ceiling()
    if workers is not None and workers > ceiling:
        if not quiet:
            print(f"mindgames: note: --workers {workers}: {ceiling} used, one per core "
                  "(the most that helps)", file=sys.stderr)
        return ceiling
    return workers


def worker_ceiling() -> int:
    """The most worker processes a command starts: one per core this process may run on
    (a checking or generating worker keeps a core busy; more would only share them)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (not Linux)
        return max(1, os.cpu_count() or 1)


def output_path(text: str) -> str:
    """``-o PATH`` (an argparse type): an empty name, as an unset shell variable gives, is a
    usage error, not the working directory."""
    if not text.strip():
        import argparse

        raise argparse.ArgumentTypeError("the name is empty")
    return text


def check_size(size: int, *, even: bool) -> None:
    """``generate --size N``: the range first, so a huge odd number is told it is huge."""
    least = 2 if even else 1
    if size < least:
        raise UserError(f"--size must be at least {least}: got {size}")
    if size > MAX_SIZE:
        raise UserError(f"--size must be at most {MAX_SIZE:,}: got {size:,} (every row is "
                        "kept in memory until the splits are written)")
    if even and size % 2:
        raise UserError(f"--size must be an even number (each premise gives one entailed and "
                        f"one non-entailed row): got {size}")


#: ``--timeout``'s default, every command alike (seconds)
TIMEOUT = 60.0


def same_file(output: str | None, path: str | None) -> bool:
    """Whether ``-o`` (or another output option) names the file ``path`` (an input, or
    another output), so that writing it would destroy what the run reads or writes."""
    if not output or not path or STDIN in (output, path):
        return False
    if os.path.exists(output) and os.path.exists(path):
        return os.path.samefile(output, path)
    return os.path.realpath(output) == os.path.realpath(path)


def add_limit_arguments(parser, *, what: str = "the command") -> None:
    """``--timeout S`` and ``--max-memory SIZE``, with the defaults of ``check``."""
    parser.add_argument("--timeout", type=float, default=TIMEOUT, metavar="S",
                        help=f"seconds {what} may compute, whatever it is doing (default "
                             f"{TIMEOUT:g}); past it, it stops with one line")
    parser.add_argument("--max-memory", default="auto", metavar="SIZE",
                        help=f"memory {what} may take, e.g. 500M or 4G, 0 for no bound "
                             "(default: half the machine's memory); past it, it stops with "
                             "one line")


def limits_of(args, workers: int = 1):
    """The :class:`~pyfront.checking.limits.Limits` of ``--timeout`` (positive) and
    ``--max-memory`` (``auto``: half the machine's memory, shared among ``workers``)."""
    from pyfront.checking.limits import Limits, default_memory, parse_memory

    if not args.timeout > 0:  # also refuses nan
        raise UserError("--timeout must be positive")
    memory = default_memory(workers) if args.max_memory == "auto" else \
        parse_memory(args.max_memory)
    return Limits(timeout=args.timeout, memory=memory)


def within_limits(args, work, *, light: bool = False, file: str | None = None,
                  document: bool = False) -> int:
    """``work()`` (a command's computation, writing its own output) in a child process
    held to ``--timeout`` and ``--max-memory`` (:func:`pyfront.checking.limits.call_within`):
    its exit code; past a limit, one line naming the file (``file``, default the
    command's FILE argument), and the story of that file the work was in and how far it
    got, when the work marked it (:func:`pyfront.data.story_stops.marking`).  ``light``: the
    work is provably small Python code, done in this process within the same limits.
    ``document``: the work reads its input whole (a DSL document), so standard input is
    read here first and kept, to name the story after a stop (work that streams standard
    input, ``del``'s cases, must not wait for its end)."""
    from contextlib import suppress

    from pyfront.checking import marks
    from pyfront.checking.limits import LimitExceeded, call_within
    from pyfront.data.loading import stdin_bytes
    from pyfront.data.story_stops import where_stopped
    from pyfront.errors import shown

    limits = limits_of(args)
    file = getattr(args, "file", None) if file is None else file
    marks.clear()
    if document and file == "-":
        # read here, once, and kept: the child forked for the work reads the same bytes,
        # and so does the report of a stop (closed or unreadable: the work says so)
        with suppress(AttributeError, OSError, ValueError):
            stdin_bytes()
    try:
        return call_within(work, limits, light=light)
    except LimitExceeded as err:
        got = where_stopped(file)
        if got is None:
            raise LimitExceeded(err.message, file=None if file == "-" else file) from None
        line, before, after = got
        raise LimitExceeded(before + err.message + after, file=shown(file), line=line) from None
