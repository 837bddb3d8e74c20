"""``mindgames puzzle``: scalable puzzles at any size, as DSL or SMCDEL text."""

from __future__ import annotations

import argparse

HELP = "build a scalable puzzle (muddy children with N children, M muddy) as DSL or SMCDEL text"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", choices=("muddy",), help="the puzzle: muddy (muddy children)")
    parser.add_argument("n", type=int, metavar="N", help="number of children")
    parser.add_argument("m", type=int, metavar="M", help="number of muddy children (1..N)")
    parser.add_argument("--to", choices=("dsl", "smcdel"), default="dsl",
                        help="dsl (problems for check/render/explain; default) or smcdel "
                             "(input for `mindgames smcdel`, SMCDEL's benchmark form)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    import sys

    from ..errors import UserError

    n, m = args.n, args.m
    if n < 1 or not 1 <= m <= n:
        raise UserError(f"need 1 <= M <= N, got N={n}, M={m}")
    if args.to == "smcdel":
        from smcdel_bridge.puzzles import muddy_children_text

        if n < 2:
            raise UserError("SMCDEL input needs N >= 2: a lone child observes nothing")
        text = muddy_children_text(n, m)
    else:
        from ..dsl_print import problems_to_dsl
        from ..puzzles import muddy_children_course

        text = problems_to_dsl(muddy_children_course(n, m))
    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as err:
            raise UserError(err.strerror or str(err), file=args.output) from None
    else:
        sys.stdout.write(text)
    return 0
