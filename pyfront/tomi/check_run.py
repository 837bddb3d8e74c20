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

    def check_reference(path, mode, reference, skip):
        from ..checking.tomi_reference import check_file as check_by_reference

        return check_by_reference(path, mode, reference, skip=skip)

    return run_with(args, check_file, TomiSummary(), "tomi", check_reference)


def run_with(args, check_file, summary, fmt: str, check_reference=None) -> int:
    """The check loop of a benchmark format (ToMi's, Hi-ToM's): ``check_file(path,
    skip=…)`` yields one record per question, ``summary`` adds and renders them;
    ``check_reference(path, mode, reference, skip)`` does the same through the reference
    library, for ``--backend smcdel|both`` (never the embedded engine in its place)."""
    from pathlib import Path

    from ..errors import UserError

    mode = getattr(args, "backend", "native")
    reference = tally = None
    if mode != "native":
        if check_reference is None:
            raise UserError(f"--format {fmt} is checked by the event-model engine: --backend "
                            f"{mode} does not apply")
        from ..checking.tomi_reference import ReferenceTally
        from ..data.del_cases import reference_backend

        reference = reference_backend(getattr(args, "smcdel_home", None), args.timeout)
        tally = ReferenceTally()
    for p in args.paths:
        if not Path(p).is_file():
            raise UserError("no such file" if not Path(p).exists() else "not a file", file=p)
    from ..checking.results import ResultLog, check_output

    to_stdout = check_output(args, args.paths)
    log = None
    if args.output:
        log = ResultLog(args.output, lambda r: (r.get("source"), r.get("row")),
                        resume=getattr(args, "resume", False))
        for record in log.previous:
            summary.add(record)
    from ..checking.progress import terminal_bar

    bar = terminal_bar(args.quiet, to_stdout)
    try:
        for path in args.paths:
            skip = (lambda row: log.done((path, row))) if log is not None else None
            if reference is not None:
                records = check_reference(path, mode, reference, skip)
            else:
                records = check_file(path, skip=skip)
            for record in records:
                if bar is not None:
                    bar.advance(record)
                if tally is not None:
                    tally.add(record)
                if record.get("error"):
                    print(f"mindgames: {record['error']}", file=sys.stderr)
                if log is not None:
                    log.write(record)
                if to_stdout:
                    sys.stdout.write(json.dumps(record, ensure_ascii=False) + "\n")
                    sys.stdout.flush()
                if not record.get("refused"):  # refused by the reference: counted apart
                    summary.add(record)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        if log is not None:
            log.close()
        if reference is not None:
            reference.close()
    stream = sys.stderr if to_stdout else sys.stdout
    if not args.quiet:
        from rich.console import Console

        summary.render(Console(file=stream, width=None if stream.isatty() else 160))
    if tally is not None:
        print("\n".join(tally.lines()), file=stream)
        if tally.failed or (mode == "both" and tally.differ):
            return 1
    return summary.exit_code
