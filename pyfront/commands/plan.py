"""``mindgames plan FILE``: plans of public announcements (and, by ``--format``, of other
planning inputs).

``FILE.txt`` (``--format mastar``): a shortest plan of an mA* domain
(:mod:`pyfront.commands.plan_mastar`).  ``FILE.jsonl``/``FILE.json``: planning cases
shaped like ``planning-conformance/cases.jsonl``,
one result line per case (:mod:`pyfront.planning.cases`).  ``FILE.del``: the plan items of
DSL problems (:mod:`pyfront.planning.problems`).  Each input format is one row of
:data:`FORMATS` (module and function, imported when chosen): a new planning language is a
new row and a new choice of ``--format``.
"""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = ("Find plans: of public announcements for planning cases (.jsonl, SMCDEL's offlineSearch "
        "order) or the plan items of DSL problems (.del); a shortest plan of an mA* domain "
        "(.txt, --format mastar)")

#: ``--format`` -> "module:function" taking (args, limits) and returning the exit code
FORMATS: dict[str, str] = {
    "cases": "pyfront.planning.cases:run_format",
    "dsl": "pyfront.planning.problems:run_format",
    "mastar": "pyfront.commands.plan_mastar:run_format",
}
#: file suffix -> format, for ``--format auto``
SUFFIXES: dict[str, str] = {".jsonl": "cases", ".json": "cases", ".del": "dsl",
                            ".txt": "mastar"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE",
                        help="planning cases (.jsonl, .json, - for stdin), a DSL file (.del) or an mA* "
                             "domain (.txt)")
    parser.add_argument("--format", choices=("auto", *FORMATS), default="auto",
                        help="auto (by the file's suffix; default), cases, dsl or mastar")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="explicit (truth tables; a story: worlds listed), symbolic (BDDs) "
                             "or auto (default: by size)")
    parser.add_argument("--mode", choices=("all", "shortest"), default="all",
                        help="all: every plan up to the bound in SMCDEL's order (default for "
                             "cases); shortest: one shortest plan, breadth first")
    parser.add_argument("--json", action="store_true",
                        help="fuller records: engine, number of plans, shortest length, "
                             "seconds, agreement with recorded plans")
    parser.add_argument("--to", choices=("dsl",), default=None,
                        help="dsl: print the mA* domain (--format mastar) as a DSL story with "
                             "planning lines (one event model per action) instead of planning")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds each case or problem may take (default 60)")
    parser.add_argument("--max-memory", default="auto", metavar="SIZE",
                        help="memory each case or problem may take, e.g. 500M or 4G, 0 for no "
                             "bound (default: half the machine's memory)")


def run(args: argparse.Namespace) -> int:
    import importlib

    from ..checking.limits import Limits, default_memory, parse_memory
    from ..errors import UserError

    if not args.timeout > 0:
        raise UserError("--timeout must be positive")
    memory = default_memory() if args.max_memory == "auto" else parse_memory(args.max_memory)
    kind = args.format
    if kind == "auto":
        kind = next((f for s, f in SUFFIXES.items() if args.file.endswith(s)),
                    "cases" if args.file == "-" else None)
        if kind is None:
            raise UserError("cannot tell the format from the name: give --format "
                            f"({', '.join(FORMATS)})", file=args.file)
    if args.to is not None and kind != "mastar":
        raise UserError("--to dsl prints an mA* domain: it goes with --format mastar",
                        file=args.file)
    module, _, function = FORMATS[kind].partition(":")
    runner = getattr(importlib.import_module(module), function)
    return runner(args, Limits(timeout=args.timeout, memory=memory))
