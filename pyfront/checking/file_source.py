"""The source of DSL files, SMCDEL input files, directories and MindGames datasets: their
items (:mod:`.sources`), answered by the embedded checker, the official binary or both
(:mod:`.evaluate`), counted in the summary table (:mod:`.report`)."""

from __future__ import annotations

import sys

from pyfront.data.items import StoryItem

from .pipeline import Options, Source


def file_source(args, options: Options) -> Source:
    """The source of ``args.paths`` (one line, exit 1, for a bad option or path; the
    command has checked ``--workers`` and ``--timeout``)."""
    from ..errors import UserError
    from .progress import Groups, count_items
    from .report import Summary
    from .sources import check_paths, iter_items

    if args.pack_size < 1:
        raise UserError("--pack-size must be at least 1")
    check_paths(args.paths)
    official = None
    if args.backend != "native":
        from smcdel_bridge.official.binary import OfficialBackend

        official = OfficialBackend(args.smcdel, timeout=args.timeout, workers=args.workers,
                                   pack_size=args.pack_size)
        official.binary  # a missing or unusable binary: one line now, not one per item
    report = CheckReport(Summary(both=args.backend == "both"), Groups(args.paths))
    return Source(items=lambda: iter_items(args.paths),
                  run=lambda items, done: _answers(args, items, official, options),
                  report=report, skip=_skipper(), total=lambda: count_items(args.paths),
                  forks=args.backend != "smcdel")


def _skipper():
    """``skip(item, done)`` for ``--resume``: an item done in the previous run.  A story
    is answered again (as many records as it gives fix the rows after it, see
    :func:`renumbered`), and so are the items after it in its file: the pipeline then
    drops the records the previous run wrote."""
    stories: set[str] = set()

    def skip(item, done) -> bool:
        if isinstance(item, StoryItem):
            stories.add(item.source)
            return False
        return item.source not in stories and done((item.source, item.row))

    return skip


def _answers(args, entries, official, options: Options):
    from . import evaluate

    limits = dict(engine=options.engine, workers=options.workers, timeout=options.timeout,
                  max_memory=options.memory)
    if args.backend == "native":
        return renumbered(evaluate.evaluate_native(entries, **limits))
    # story items: the reference for event models, never the embedded engine in its place
    from .story_reference import StoryReference

    stories = StoryReference(args.backend, getattr(args, "smcdel_home", None), args.timeout,
                             options.engine)
    entries = stories.route(entries)
    if args.backend == "smcdel":
        results = evaluate.evaluate_official(entries, official)
    else:
        results = evaluate.evaluate_both(entries, official, **limits)
    return _closing(results, stories)


def renumbered(results):
    """The results with the rows of a DSL file counting its records: a story planned
    a row per hypothesis and question, and may give fewer (stopped at its limit) or one
    more (an event that cannot happen); the items after it move with it."""
    shift: dict[str, int] = {}
    for item, answer in results:
        if isinstance(item, StoryItem):
            moved = shift.get(item.source, 0)
            for record in answer:
                record["row"] += moved
            shift[item.source] = moved + len(answer) - item.count
        elif shift.get(item.source) and answer.get("row") is not None:
            answer["row"] += shift[item.source]
        yield item, answer


def _closing(results, stories):
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        stories.close()


class CheckReport:
    """The summary table of a check of files (one row per path given)."""

    def __init__(self, summary, group):
        self.summary, self.group = summary, group

    def add(self, record: dict, item=None) -> None:
        self.summary.add(record, item, group=self.group(record["source"]))

    def finish(self, quiet: bool, to_stdout: bool) -> int:
        if self.summary.only_unreadable_files:
            # nothing was checked: the report is each file's one-line error, as for any
            # command given bad input (the JSON lines keep them too)
            for error in self.summary.failures:
                print(error, file=sys.stderr)
            return 1
        if not quiet:
            # after JSON lines on standard output, the summary goes to standard error
            stream = sys.stderr if to_stdout else sys.stdout
            text = None
            if not stream.isatty():  # plain text there: written without loading rich
                from .report_text import summary_text

                text = summary_text(self.summary, 160)
            if text is not None:
                stream.write(text)
            else:
                from rich.console import Console

                # a terminal has its own width; into a file or pipe, do not fold file names
                console = Console(file=stream, width=None if stream.isatty() else 160)
                if stream.isatty():
                    self.summary.render_hypotheses(console)
                self.summary.render(console)
        return self.summary.exit_code
