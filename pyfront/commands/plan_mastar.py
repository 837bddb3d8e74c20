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
    import json

    from ..checking.limits import parse_memory
    from ..mastar.run import PlanOptions, plan_file

    options = PlanOptions(timeout=args.timeout if args.timeout > 0 else None,
                          memory=parse_memory(args.max_memory))
    status = 0
    for path in args.paths:
        for record in plan_file(path, options):
            if args.json:
                print(json.dumps(record), flush=True)
            elif record["plan"] is None:
                print(f"{path}: no plan")
                status = 1
            else:
                print(f"{path}: {record['length']} steps: {' '.join(record['plan'])} "
                      f"({record['expanded']} states expanded, {record['seconds']:.2f} s)")
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
