"""``mindgames check``: check DSL files, SMCDEL inputs and datasets; compare checkers."""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = ("Check DSL files, SMCDEL input files, directories or datasets (.csv/.jsonl with an "
        "smcdel_problem column): one JSON line per item (to -o, --json or a pipe), then a summary.")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="PATH",
                        help=".del file, .smcdel.txt file, directory of .del files, "
                             ".csv/.jsonl dataset, or a DEL-ToM folder (--format deltom)")
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
                             "processes for the embedded checker (default: 1); at most one "
                             "per core, and never more than the items")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds an smcdel call may take before it is killed, and each item "
                             "on the embedded engines, whatever it is doing (default 60)")
    parser.add_argument("--max-memory", default="auto", metavar="SIZE",
                        help="memory each item may take on the embedded engines, e.g. 500M "
                             "or 4G, 0 for no bound (default: half the machine's memory, "
                             "shared among the workers); an item past it is stopped and "
                             "fails, the others go on")
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
    parser.add_argument("--format", choices=("auto", "tomi", "hitom", "deltom", "reasoning-core"),
                        default="auto",
                        help="auto (by file name; story datasets are recognised by their "
                             "columns), tomi: ToMi story files (.txt, with .trace beside), "
                             "hitom: Hi-ToM questions (.jsonl), deltom: folders as DEL-ToM's "
                             "generator writes them (order_K.txt and trace.jsonl per story) "
                             "or reasoning-core: its belief-tracking rows (.jsonl)")
    parser.add_argument("--certified", metavar="OUT.jsonl",
                        help="with --format reasoning-core: also write every row with the "
                             "model's certified answer beside the library's")


def run(args: argparse.Namespace) -> int:
    from ..checking.results import check_output

    check_output(args, args.paths)
    return _dispatch(args)


def _dispatch(args: argparse.Namespace) -> int:
    """Pick the source of the input, answer its items, write and report the records."""
    from ..checking.pipeline import Options, run_source

    from .options import check_workers

    kind = _kind(args)
    args.workers = check_workers(args.workers, quiet=args.quiet)
    if kind == "files" and not args.timeout > 0:  # also refuses nan
        from ..errors import UserError

        raise UserError("--timeout must be positive")
    options = Options(engine=args.engine, timeout=args.timeout if args.timeout > 0 else None,
                      memory=_memory_bound(args), workers=args.workers or 1)
    return run_source(args, _source(kind, args, options), options)


def _kind(args) -> str:
    """Which source reads the paths: a benchmark ``--format``, story datasets, or files."""
    from ..errors import UserError

    if getattr(args, "certified", None) and args.format != "reasoning-core":
        raise UserError("--certified is for --format reasoning-core")
    if args.format != "auto":
        return args.format
    from ..generate.functional.recheck import is_functional_dataset
    from ..generate.stories.recheck import is_story_dataset

    for kind, is_kind in (("functional", is_functional_dataset), ("story", is_story_dataset)):
        marks = [is_kind(p) for p in args.paths]
        if not any(marks):
            continue
        if not all(marks):
            other = args.paths[marks.index(False)]
            raise UserError(f"check {kind} datasets apart from other files", file=other)
        if args.resume:
            raise UserError(f"--resume is not available for {kind} datasets")
        return "stories" if kind == "story" else kind
    return "files"


def _source(kind: str, args, options):
    if kind == "tomi":
        from ..tomi.check_run import source
    elif kind == "hitom":
        from ..hitom.check_run import source
    elif kind == "deltom":
        from ..deltom.check_run import source
    elif kind == "reasoning-core":
        from ..rcore.check_run import source
    elif kind == "stories":
        from ..generate.stories.recheck import source
    elif kind == "functional":
        from ..generate.functional.recheck import source
    else:
        from ..checking.file_source import file_source as source
    return source(args, options)


def _memory_bound(args) -> int | None:
    """``--max-memory``: bytes per item (None: no bound)."""
    from ..checking.limits import default_memory, parse_memory

    if args.max_memory == "auto":
        return default_memory(args.workers or 1)
    return parse_memory(args.max_memory)
