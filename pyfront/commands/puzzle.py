"""``mindgames puzzle``: scalable puzzles at any size, as DSL or SMCDEL text."""

from __future__ import annotations

import argparse

HELP = ("build a scalable puzzle (muddy children with N children, M muddy; dining "
        "cryptographers with N at the table) as DSL or SMCDEL text")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", choices=("muddy", "dining"),
                        help="the puzzle: muddy (muddy children) or dining (dining cryptographers)")
    parser.add_argument("n", type=int, metavar="N",
                        help="number of children (muddy) or of cryptographers (dining, N >= 3)")
    parser.add_argument("m", type=int, metavar="M", nargs="?",
                        help="number of muddy children (1..N; muddy only)")
    parser.add_argument("--to", choices=("dsl", "smcdel"), default="dsl",
                        help="dsl (problems for check/render/explain; default) or smcdel "
                             "(input for `mindgames smcdel`, SMCDEL's benchmark form)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    import sys

    from ..errors import UserError

    if args.kind == "dining":
        text = _dining(args)
        return _write(args, text)
    n, m = args.n, args.m
    if m is None:
        raise UserError("muddy children need N and M (children, muddy ones)")
    if n < 1 or not 1 <= m <= n:
        raise UserError(f"need 1 <= M <= N, got N={n}, M={m}")
    if args.to == "smcdel":
        from pyfront.puzzles.programs import muddy_children_text

        if n < 2:
            raise UserError("SMCDEL input needs N >= 2: a lone child observes nothing")
        text = muddy_children_text(n, m)
    else:
        from pyfront.problem.dsl_print import problems_to_dsl
        from pyfront.problem.model import MAX_AGENTS
        from pyfront.puzzles.problems import muddy_children_course

        if n > MAX_AGENTS:
            raise UserError(f"the DSL form has at most {MAX_AGENTS} children (the agent ids "
                            f"Agenta … Agentzz run out): use --to smcdel for N = {n}")

        text = problems_to_dsl(muddy_children_course(n, m))
    return _write(args, text)


def _dining(args: argparse.Namespace) -> str:
    from ..errors import UserError

    n = args.n
    if args.m is not None:
        raise UserError(f"the dining cryptographers take one size, N; got a second, {args.m}")
    if n < 3:
        raise UserError(f"need N >= 3 cryptographers (with fewer, the two coins a "
                        f"cryptographer sees are one), got N={n}")
    if args.to == "smcdel":
        from pyfront.puzzles.programs import dining_cryptographers_text

        return dining_cryptographers_text(n)
    from pyfront.problem.dsl_print import problems_to_dsl
    from pyfront.problem.model import MAX_AGENTS
    from pyfront.puzzles.problems import dining_cryptographers_problem

    if n > MAX_AGENTS:
        raise UserError(f"the DSL form has at most {MAX_AGENTS} cryptographers (the agent ids "
                        f"Agenta … Agentzz run out): use --to smcdel for N = {n}")
    return problems_to_dsl([dining_cryptographers_problem(n)])


def _write(args: argparse.Namespace, text: str) -> int:
    import sys

    from ..errors import UserError

    if args.output:
        try:
            with open(args.output, "w", encoding="utf-8") as fh:
                fh.write(text)
        except OSError as err:
            raise UserError(err.strerror or str(err), file=args.output) from None
    else:
        sys.stdout.write(text)
    return 0
