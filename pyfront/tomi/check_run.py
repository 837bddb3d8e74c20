"""``mindgames check FILE.txt --format tomi``: every ToMi question answered by the model.

One JSON line per question (``source``, ``row``, ``line``, ``question``, ``question_type``,
``story_type``, ``expected``, ``answer``, ``agrees``, ``explanation``; ``error`` for a
question that could not be read or modelled), then the agreement tables.  Results are
written as they come, so an interrupted run keeps what it checked.
"""

from __future__ import annotations

import sys
from typing import Callable


def source(args, options):
    """The check source of ToMi files (:func:`benchmark_source`)."""
    from .certify import base_record, check_question
    from .reader import iter_questions
    from .report import TomiSummary

    def check_reference(path, mode, reference, skip):
        from ..checking.tomi_reference import check_file as check_by_reference

        return check_by_reference(path, mode, reference, skip=skip)

    return benchmark_source(args, options, iter_questions, check_question, base_record,
                            TomiSummary(), "tomi", check_reference)


def benchmark_source(args, options, questions: Callable, check_one: Callable,
                     base_record: Callable, summary, fmt: str, check_reference=None):
    """The check source of a benchmark format (ToMi's, Hi-ToM's, reasoning-core's):
    ``questions(path)`` yields its questions, ``check_one(question, cache, engine)``
    answers one (in a child process, within the limits; ``cache`` holds what the
    questions of one story share), ``base_record(question)`` is the record of a question
    stopped at a limit, ``summary`` adds and renders the records.
    ``check_reference(path, mode, reference, skip)`` yields the records through the
    reference library, for ``--backend smcdel|both`` (never the embedded engine in its
    place; the reference process has its own time limit)."""
    from pathlib import Path

    from ..checking.pipeline import Source
    from ..data.guard import benchmark_items
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
    # every file has a readable question, or the run fails now, before any record
    streams = [benchmark_items(p, fmt, questions) for p in args.paths]
    report = BenchmarkReport(summary, tally, mode)
    if reference is not None:
        def run(paths, done):
            for path in paths:
                skip = (lambda row, path=path: done((path, row)))
                for record in check_reference(path, mode, reference, skip):
                    yield path, record

        return Source(items=lambda: args.paths, run=run, report=report,
                      skip=lambda path, done: False, echo_errors=True,
                      close=reference.close, forks=False)
    cache: dict = {}  # each child process fills its own copy

    def answer(question):
        record = check_one(question, cache, options.engine)
        if len(cache) > 64:
            cache.clear()
        return record

    def on_limit(question, why: str) -> dict:
        record = base_record(question)
        record["error"] = f"{question.source}:{question.line}: {why}"
        return record

    return Source(items=lambda: (q for stream in streams for q in stream), answer=answer,
                  on_limit=on_limit, report=report, echo_errors=True)


class BenchmarkReport:
    """A benchmark format's tables, and the reference's line when it answered."""

    def __init__(self, summary, tally, mode: str):
        self.summary, self.tally, self.mode = summary, tally, mode

    def add(self, record: dict, item=None) -> None:
        if item is None:  # a record of the previous run (--resume)
            self.summary.add(record)
            return
        if self.tally is not None:
            self.tally.add(record)
        if not record.get("refused"):  # refused by the reference: counted apart
            self.summary.add(record)

    def finish(self, quiet: bool, to_stdout: bool) -> int:
        stream = sys.stderr if to_stdout else sys.stdout
        if not quiet:
            from rich.console import Console

            self.summary.render(Console(file=stream, width=None if stream.isatty() else 160))
        if self.tally is not None:
            print("\n".join(self.tally.lines()), file=stream)
            if self.tally.failed or (self.mode == "both" and self.tally.differ):
                return 1
        return self.summary.exit_code
