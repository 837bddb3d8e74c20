"""``mindgames plan FILE --format mastar``: shortest plans of mA* planning domains."""

from __future__ import annotations

import argparse

HELP = "Find a shortest plan of a planning domain in the mA* language (deep's input)."


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="+", metavar="FILE", help="mA* domain file(s)")
    parser.add_argument("--json", action="store_true",
                        help="one JSON line per file: plan, length, expanded, seconds")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds each search may take (default 60, 0: no bound)")
    parser.add_argument("--max-memory", default="0", metavar="SIZE",
                        help="memory the search may take, e.g. 500M or 4G (default 0: no "
                             "bound)")


def run(args: argparse.Namespace) -> int:
    from ..checking.limits import parse_memory

    return plan_paths(args.paths, args.json, args.timeout if args.timeout > 0 else None,
                      parse_memory(args.max_memory))


def run_format(args: argparse.Namespace, limits) -> int:
    """``mindgames plan FILE --format mastar`` (a row of ``plan``'s formats)."""
    return plan_paths([args.file], args.json, limits.timeout, limits.memory)


def plan_paths(paths: list[str], full: bool, timeout: float | None,
               memory: int | None) -> int:
    """Plan every file; a line each (a JSON line with ``full``); 1 when one has no plan."""
    import json

    from ..mastar.run import PlanOptions, plan_file

    options = PlanOptions(timeout=timeout, memory=memory)
    status = 0
    for path in paths:
        for record in plan_file(path, options):
            if full:
                print(json.dumps(record), flush=True)
            elif record["plan"] is None:
                print(f"{path}: no plan")
            else:
                print(f"{path}: {record['length']} steps: {' '.join(record['plan'])} "
                      f"({record['expanded']} states expanded, {record['seconds']:.2f} s)")
            if record["plan"] is None:
                status = 1
    return status


if __name__ == "__main__":  # python -m pyfront.commands.plan_mastar FILE ... (benchmarks)
    import sys

    from ..errors import UserError

    _parser = argparse.ArgumentParser(prog="mindgames plan --format mastar",
                                      description=HELP)
    add_arguments(_parser)
    try:
        sys.exit(run(_parser.parse_args()))
    except UserError as _err:
        print(f"mindgames: {_err}", file=sys.stderr)
        sys.exit(1)
