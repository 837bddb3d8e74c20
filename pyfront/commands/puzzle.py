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


#: most characters of SMCDEL text a puzzle may be (its formula trees take many times more
#: memory while they are built)
MAX_TEXT = 64_000_000


def estimated_size(kind: str, n: int, m: int) -> int:
    """An upper bound on the SMCDEL text's length, from its shape: every agent's observation
    list (n atoms of at most ``len(str(n)) + 1`` characters), and for the muddy children three
    jobs of up to ``m`` rounds of "nobody knows" (n clauses of at most 40 characters); for
    the dining cryptographers n announcements and a hypothesis of n clauses over n agents."""
    digits = len(str(n)) + 1
    if kind == "muddy":
        return n * n * digits + 3 * (m + 1) * n * 40
    return n * 3 * digits + 40 * n * n


def _refuse_huge(kind: str, n: int, m: int) -> None:
    from ..errors import UserError

    size = estimated_size(kind, n, max(m, 1))
    if size > MAX_TEXT:
        raise UserError(f"N={n}" + (f", M={m}" if kind == "muddy" else "")
                        + f" would make about {size:.2g} characters of SMCDEL text "
                        f"(at most {MAX_TEXT:,}): choose a smaller puzzle")


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
        _refuse_huge("muddy", n, m)
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

        _refuse_huge("dining", n, 0)
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
