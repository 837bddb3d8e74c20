"""``mindgames check FILE.txt --format tomi``: every ToMi question answered by the model.

One JSON line per question (``source``, ``row``, ``line``, ``question``, ``question_type``,
``story_type``, ``expected``, ``answer``, ``agrees``, ``explanation``; ``error`` for a
question that could not be read or modelled), then the agreement tables.  Results are
written as they come, so an interrupted run keeps what it checked.
"""

from __future__ import annotations

import json
import sys


def run(args) -> int:
    from .certify import check_file
    from .report import TomiSummary

    return run_with(args, check_file, TomiSummary(), "tomi")


def run_with(args, check_file, summary, fmt: str) -> int:
    """The check loop of a benchmark format (ToMi's, Hi-ToM's): ``check_file(path,
    skip=…)`` yields one record per question, ``summary`` adds and renders them."""
    from pathlib import Path

    from ..errors import UserError

    if getattr(args, "backend", "native") != "native":
        raise UserError(f"--format {fmt} is checked by the event-model engine: --backend "
                        f"{args.backend} does not apply")
    for p in args.paths:
        if not Path(p).is_file():
            raise UserError("no such file" if not Path(p).exists() else "not a file", file=p)
    if args.output and any(_same(args.output, p) for p in args.paths):
        raise UserError("-o names a file to check: it would be overwritten", file=args.output)
    import os

    if (args.output and not getattr(args, "resume", False) and not getattr(args, "force", False)
            and os.path.isfile(args.output) and os.path.getsize(args.output) > 0):
        raise UserError("already exists: give --resume to go on with it, or --force to "
                        "replace it", file=args.output)
    # JSON lines: to -o; to standard output with --json or into a pipe
    to_stdout = getattr(args, "json", False) or (not args.output and not sys.stdout.isatty())
    log = None
    if args.output:
        from smcdel_bridge.official.batch import ResultLog

        log = ResultLog(args.output, lambda r: (r.get("source"), r.get("row")),
                        resume=getattr(args, "resume", False))
        for record in log.previous:
            summary.add(record)
    from ..checking.progress import terminal_bar

    bar = terminal_bar(args.quiet, to_stdout)
    try:
        for path in args.paths:
            skip = (lambda row: log.done((path, row))) if log is not None else None
            for record in check_file(path, skip=skip):
                if bar is not None:
                    bar.advance(record)
                if record.get("error"):
                    print(f"mindgames: {record['error']}", file=sys.stderr)
                if log is not None:
                    log.write(record)
                if to_stdout:
                    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
                    sys.stdout.flush()
                summary.add(record)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        if log is not None:
            log.close()
    if not args.quiet:
        from rich.console import Console

        stream = sys.stderr if to_stdout else sys.stdout
        summary.render(Console(file=stream, width=None if stream.isatty() else 160))
    return summary.exit_code


def _same(output: str, path: str) -> bool:
    import os

    return os.path.isfile(output) and os.path.isfile(path) and os.path.samefile(output, path)
