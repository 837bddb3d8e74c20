"""``mindgames check``: check DSL files, SMCDEL inputs and datasets; compare checkers."""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = ("Check DSL files, SMCDEL input files, directories or datasets (.csv/.jsonl with an "
        "smcdel_problem column): one JSON line per item (to -o, --json or a pipe), then a summary.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help=".del file, .smcdel.txt file, directory of .del files, "
                             "or .csv/.jsonl dataset")
    parser.add_argument("--backend", choices=("native", "smcdel", "both"), default="native",
                        help="embedded checker (default), the official smcdel binary, or both "
                             "compared item by item")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="engine of the embedded checker (default: auto, by size)")
    parser.add_argument("-o", "--output", metavar="OUT.jsonl",
                        help="write the JSON lines here (flushed line by line) and the "
                             "summary to standard output")
    parser.add_argument("--resume", action="store_true",
                        help="keep the items already in OUT.jsonl and check only the others")
    parser.add_argument("--workers", type=int, metavar="N",
                        help="parallel smcdel processes (default: up to 4), or worker "
                             "processes for the embedded checker (default: 1)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds an smcdel call may take before it is killed, and each item "
                             "on the embedded engines (default 60)")
    parser.add_argument("--smcdel", metavar="PATH",
                        help="the smcdel binary (default: $SMCDEL_BIN, or smcdel on PATH)")
    parser.add_argument("--smcdel-home", metavar="DIR",
                        help="the reference's build folder, for stories (default: "
                             "$MINDGAMES_SMCDEL_HOME)")
    parser.add_argument("--pack-size", type=int, default=100, metavar="N",
                        help="problems packed into one smcdel call (default 100)")
    parser.add_argument("-q", "--quiet", action="store_true",
                        help="no summary table and no progress bar")
    parser.add_argument("--json", action="store_true",
                        help="JSON lines on standard output even on a terminal (they go there "
                             "anyway into a pipe; on a terminal the default is a progress bar "
                             "and the summary)")
    parser.add_argument("--force", action="store_true",
                        help="replace an existing -o file (default: refuse, or --resume it)")
    parser.add_argument("--format", choices=("auto", "tomi", "hitom", "reasoning-core"),
                        default="auto",
                        help="auto (by file name; story datasets are recognised by their "
                             "columns), tomi: ToMi story files (.txt, with .trace beside), "
                             "hitom: Hi-ToM questions (.jsonl) or reasoning-core: its "
                             "belief-tracking rows (.jsonl)")
    parser.add_argument("--certified", metavar="OUT.jsonl",
                        help="with --format reasoning-core: also write every row with the "
                             "model's certified answer beside the library's")


def _key(record: dict):
    return (record.get("source"), record.get("row"))


def run(args: argparse.Namespace) -> int:
    import os

    from pyfront.errors import UserError

    if args.resume and not args.output:
        raise UserError("--resume needs -o OUT.jsonl (the results to resume)")
    if args.output and _is_one_of(args.output, args.paths):
        raise UserError("-o names a file to check: it would be overwritten", file=args.output)
    if (args.output and not args.resume and not args.force and os.path.isfile(args.output)
            and os.path.getsize(args.output) > 0):
        raise UserError("already exists: give --resume to go on with it, or --force to "
                        "replace it", file=args.output)
    from ..checking.deadline import item_timeout, set_item_timeout
    from ..story.engines import chosen_engine, set_answer_engine

    # the choices hold for this run only (a caller in the same process keeps its own)
    before = chosen_engine(), item_timeout()
    set_answer_engine(args.engine)
    if args.backend == "native" and args.timeout > 0:  # the embedded engines' items too
        set_item_timeout(args.timeout)
    try:
        return _dispatch(args)
    finally:
        set_answer_engine(before[0])
        set_item_timeout(before[1])


def _dispatch(args: argparse.Namespace) -> int:
    import sys

    from ..checking.progress import Groups, JsonLines, Progress, count_items
    from ..checking.report import Summary
    from ..checking.sources import check_paths, iter_items
    from ..errors import UserError

    if args.format == "tomi":
        from ..tomi.check_run import run as run_tomi

        return run_tomi(args)
    if args.format == "hitom":
        from ..hitom.check_run import run as run_hitom

        return run_hitom(args)
    if args.format == "reasoning-core":
        from ..rcore.check_run import run as run_rcore

        return run_rcore(args)
    if getattr(args, "certified", None):
        raise UserError("--certified is for --format reasoning-core")
    from ..generate.stories.recheck import is_story_dataset

    stories = [is_story_dataset(p) for p in args.paths]
    if any(stories):
        if not all(stories):
            other = args.paths[stories.index(False)]
            raise UserError("check story datasets apart from other files", file=other)
        if args.resume:
            raise UserError("--resume is not available for story datasets")
        from ..generate.stories.recheck import run as run_stories

        return run_stories(args)
    from .options import check_workers

    check_workers(args.workers)
    if not args.timeout > 0:  # also refuses nan
        raise UserError("--timeout must be positive")
    if args.pack_size < 1:
        raise UserError("--pack-size must be at least 1")
    check_paths(args.paths)
    official = None
    if args.backend != "native":
        official = _official(args)
        official.binary  # a missing or unusable binary: one line now, not one per item

    summary = Summary(both=args.backend == "both")
    group = Groups(args.paths)
    entries = iter_items(args.paths)
    log = None
    if args.output:
        from smcdel_bridge.official.result_log import ResultLog

        log = ResultLog(args.output, _key, resume=args.resume)
        if log.dropped_lines:
            print(f"mindgames: {args.output}: line {log.dropped_from} is not a JSON record: "
                  f"dropped it and the {log.dropped_lines - 1} line(s) after it; their items "
                  "are checked again", file=sys.stderr)
        for record in log.previous:
            summary.add(record, group=group(record["source"]))
        if log.previous:
            entries = (e for e in entries if not log.done((e.source, e.row)))

    # JSON lines: to -o; to standard output with --json or into a pipe; on a terminal
    # without either, a progress bar and the summary only
    stdout_lines = JsonLines() if args.json or (log is None and not sys.stdout.isatty()) else None
    bar = None
    # (not when JSON lines are printed on the same terminal: the two would mix)
    if not args.quiet and sys.stderr.isatty() and not (stdout_lines and sys.stdout.isatty()):
        forks = args.backend != "smcdel" and (args.workers or 1) > 1
        bar = Progress(count_items(args.paths), refresh_thread=not forks)
        from ..story.engines import set_event_hook

        set_event_hook(bar.story_event)
    results = _evaluate(args, entries, official)
    try:
        if bar is not None:
            bar.__enter__()
        for item, record in results:
            if log is not None:
                log.write(record)
            if stdout_lines is not None:
                stdout_lines.write(record)
            summary.add(record, item, group=group(record["source"]))
            if bar is not None:
                bar.advance(record)
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        close = getattr(results, "close", None)
        if close is not None:
            close()
        if log is not None:
            log.close()

    if not args.quiet:
        # after JSON lines on standard output, the summary goes to standard error
        stream = sys.stderr if stdout_lines is not None else sys.stdout
        text = None
        if not stream.isatty():  # plain text there: written without loading rich
            from ..checking.report_text import summary_text

            text = summary_text(summary, 160)
        if text is not None:
            stream.write(text)
        else:
            from rich.console import Console

            # a terminal has its own width; into a file or pipe, do not fold file names
            console = Console(file=stream, width=None if stream.isatty() else 160)
            summary.render(console)
    return summary.exit_code


def _is_one_of(output: str, paths: list[str]) -> bool:
    """Whether ``output`` is one of the files ``paths`` (under any name)."""
    import os

    if not os.path.isfile(output):
        return False
    return any(os.path.isfile(p) and os.path.samefile(output, p) for p in paths)


def _official(args):
    from smcdel_bridge.official.binary import OfficialBackend

    return OfficialBackend(args.smcdel, timeout=args.timeout, workers=args.workers,
                           pack_size=args.pack_size)


def _evaluate(args, entries, official):
    from ..checking import evaluate

    if args.backend == "native":
        return evaluate.evaluate_native(entries, engine=args.engine, workers=args.workers or 1,
                                        timeout=args.timeout)
    # story items: the reference for event models, never the embedded engine in its place
    from ..checking.story_reference import StoryReference

    stories = StoryReference(args.backend, getattr(args, "smcdel_home", None), args.timeout)
    entries = stories.route(entries)
    if args.backend == "smcdel":
        results = evaluate.evaluate_official(entries, official)
    else:
        results = evaluate.evaluate_both(entries, official, engine=args.engine,
                                         workers=args.workers or 1, timeout=args.timeout)
    return _closing(results, stories)


def _closing(results, stories):
    try:
        yield from results
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
        stories.close()
