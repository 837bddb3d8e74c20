"""The one check pipeline: a *source* yields the items of the input, the *runner* answers
each within the run's limits, every answer is a result record (:mod:`.records`), the
*writer* (:mod:`.results`) puts the records where ``-o``/``--json`` say and a report
counts them.

A source is all an input kind adds: how its paths become items, how one item is
answered (in a child process, :mod:`.limits`: ``--timeout`` and ``--max-memory`` hold for
every item, whatever it is doing), the record of an item stopped at a limit, and its
report.  An item may answer with several records (a story: one per hypothesis and
question).  Everything the answers depend on (the engine, the limits) is passed in
:class:`Options`; nothing is kept in the process between runs.

Usage::

    >>> from pyfront.checking.pipeline import Options, Source, answers
    >>> source = Source(items=lambda: [1, -2], answer=lambda n: {"n": abs(n)},
    ...                 on_limit=lambda n, why: {"n": n, "error": why})
    >>> [record for _, record in answers(source, source.items(), Options(timeout=5))]
    [{'n': 1}, {'n': 2}]
"""

from __future__ import annotations

import sys
from collections import deque
from typing import Any, Callable, Iterable, Iterator

from smcdel_bridge.values import value


@value(frozen=True, kw_only=True)
class Options:
    """The choices of one run, handed to every answer."""

    #: the engine name (``--engine``)
    engine: str = "auto"
    #: seconds and bytes one item may take (None: no bound)
    timeout: float | None = None
    memory: int | None = None
    #: child processes answering items
    workers: int = 1


@value(kw_only=True)
class Source:
    """One input kind of ``mindgames check``."""

    #: every item of the input, in order
    items: Callable[[], Iterable[Any]]
    #: the record (or records) of one item; runs in a child process within the limits
    answer: Callable[[Any], dict | list[dict]] | None = None
    #: the record of an item stopped at its time or memory limit (the one-line reason)
    on_limit: Callable[[Any, str], dict | list[dict]] | None = None
    #: a runner of its own, ``(items, done) -> (item, record(s))`` (the official binary,
    #: the reference library), in place of ``answer`` in child processes; ``done`` as
    #: for ``skip``
    run: Callable[[Iterable[Any], Callable[[tuple], bool]], Iterator[tuple[Any, Any]]] | None \
        = None
    #: ``add(record, item)`` for every record, ``finish(quiet, to_stdout) -> exit code``
    report: Any = None
    #: whether an item of the previous run (``--resume``) is done: ``skip(item, done)``
    #: with ``done((source, row))``; default: the item's own source and row
    skip: Callable[[Any, Callable[[tuple], bool]], bool] | None = None
    #: how many items there are, when that is cheap to know (the progress bar's total;
    #: asked only when a bar is shown)
    total: Callable[[], int | None] | None = None
    #: each failed record's error also goes to standard error as it comes
    echo_errors: bool = False
    #: called with every record before it is written (another file beside the results)
    after: Callable[[dict], None] | None = None
    close: Callable[[], None] | None = None
    #: items are answered in forked children (the progress bar then has no thread)
    forks: bool = True


def answers(source: Source, items: Iterable[Any], options: Options,
            done: Callable[[tuple], bool] = lambda key: False
            ) -> Iterator[tuple[Any, dict | list[dict]]]:
    """(item, record or records) for every item, in order: by the source's own runner,
    or by ``source.answer`` in ``options.workers`` child processes within the limits."""
    if source.run is not None:
        return source.run(items, done)
    return _limited(source, items, options)


def _limited(source: Source, items: Iterable[Any], options: Options):
    from .limits import Limits, limited_map

    sent: deque = deque()  # the items in flight: answers come back in their order

    def issued():
        for item in items:
            sent.append(item)
            yield item

    limits = Limits(timeout=options.timeout, memory=options.memory)
    for answer in limited_map(source.answer, issued(), limits=limits,
                              on_limit=source.on_limit, workers=options.workers):
        yield sent.popleft(), answer


def _item_done(item, done: Callable[[tuple], bool]) -> bool:
    return done((getattr(item, "source", None), getattr(item, "row", None)))


def run_source(args, source: Source, options: Options) -> int:
    """Answer every item of ``source``, write and report the records; the exit code."""
    from .progress import terminal_bar
    from .results import Writer

    writer = Writer(args)
    report = source.report
    for previous in writer.previous:
        report.add(previous, None)
    items = iter(source.items())
    if writer.previous:
        skip = source.skip or _item_done
        items = (item for item in items if not skip(item, writer.done))
    bar = terminal_bar(args.quiet, writer.to_stdout, source.total, forks=source.forks)
    results = answers(source, items, options, writer.done)
    try:
        for item, answer in results:
            for one in answer if isinstance(answer, list) else (answer,):
                if writer.previous and writer.done_before(one):
                    continue  # a story's record the previous run wrote
                if bar is not None:
                    bar.advance(one)
                if source.echo_errors and one.get("error"):
                    print(f"mindgames: {one['error']}", file=sys.stderr)
                if source.after is not None:
                    source.after(one)
                writer.write(one)
                report.add(one, item)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        close = getattr(results, "close", None)
        if close is not None:
            close()
        writer.close()
        if source.close is not None:
            source.close()
    return report.finish(args.quiet, writer.to_stdout)
