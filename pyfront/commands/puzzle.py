"""``mindgames puzzle``: scalable puzzles at any size, as DSL or SMCDEL text."""

from __future__ import annotations

import argparse

HELP = ("build a scalable puzzle as DSL or SMCDEL text: muddy children (N children, M "
        "muddy), dining cryptographers (N), Sum and Product (--max), What Sum (--bound), "
        "Cheryl's birthday, Russian cards (--cards, --deal, --safe), consecutive numbers")

#: puzzles with numbers (pyfront/puzzles/numbers.py, russian_cards.py)
NUMBER_KINDS = ("sum-product", "what-sum", "cheryl", "russian-cards", "consecutive")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("kind", choices=("muddy", "dining") + NUMBER_KINDS,
                        help="the puzzle: muddy (muddy children), dining (dining "
                             "cryptographers), " + ", ".join(NUMBER_KINDS))
    parser.add_argument("n", type=int, metavar="N", nargs="?",
                        help="number of children (muddy) or of cryptographers (dining, N >= 3)")
    parser.add_argument("m", type=int, metavar="M", nargs="?",
                        help="number of muddy children (1..N; muddy only)")
    parser.add_argument("--to", choices=("dsl", "smcdel"), default="dsl",
                        help="dsl (problems for check/render/explain; default) or smcdel "
                             "(input for `mindgames smcdel`, SMCDEL's benchmark form)")
    parser.add_argument("-o", "--output", metavar="FILE", help="write here instead of stdout")
    parser.add_argument("--max", type=int, default=100, metavar="N",
                        help="sum-product: the largest x + y (default 100)")
    parser.add_argument("--bound", type=int, default=50, metavar="N",
                        help="what-sum: the largest number (default 50); consecutive: the "
                             "largest number (default 6)")
    parser.add_argument("--cards", type=int, default=7, metavar="N",
                        help="russian-cards: cards in the deck (default 7)")
    parser.add_argument("--deal", default="3,3,1", metavar="A,B,C",
                        help="russian-cards: cards of Anne, Bill, Cath (default 3,3,1)")
    parser.add_argument("--safe", nargs="?", const="5,6,7", metavar="SIZES",
                        help="russian-cards: list every safe announcement of Anne's with "
                             "this many hands (default 5,6,7) instead of writing the puzzle; "
                             "with --to smcdel, the SMCDEL input checking every candidate (six "
                             "TRUE? jobs each, all True when it is safe)")


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

    if args.kind in NUMBER_KINDS:
        return _write(args, _numbers(args))
    if args.kind == "dining":
        text = _dining(args)
        return _write(args, text)
    n, m = args.n, args.m
    if n is None or m is None:
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


def _numbers(args: argparse.Namespace) -> str:
    """A number puzzle as DSL text, or (``--to smcdel``) its Boolean encoding: one SMCDEL
    input holding every hypothesis and question as a job."""
    from ..errors import UserError
    from pyfront.puzzles import numbers, russian_cards

    if args.n is not None:
        raise UserError(f"puzzle {args.kind} takes its size from an option, not from N")
    try:
        if args.kind == "sum-product":
            text = numbers.sum_and_product(args.max)
        elif args.kind == "what-sum":
            text = numbers.what_sum(args.bound)
        elif args.kind == "cheryl":
            text = numbers.cheryl()
        elif args.kind == "consecutive":
            text = numbers.consecutive_numbers(args.bound if args.bound != 50 else 6)
        else:
            deal = _deal(args.deal)
            _refuse_many_deals(args.cards, deal)
            if args.safe is not None:
                return _safe_lists(args, deal)
            text = russian_cards.dsl(args.cards, deal, _first_hands(args.cards, deal))
    except ValueError as err:
        raise UserError(str(err)) from None
    if args.to == "smcdel":
        from pyfront.problem.dsl import parse_problem
        from pyfront.problem.puzzle_check import puzzle_input_text

        return puzzle_input_text(parse_problem(text))
    return text


def _deal(text: str) -> tuple[int, int, int]:
    from ..errors import UserError

    try:
        deal = tuple(int(x) for x in text.split(","))
    except ValueError:
        deal = ()
    if len(deal) != 3:
        raise UserError(f"--deal takes three numbers A,B,C (cards of Anne, Bill, Cath), got {text!r}")
    return deal  # type: ignore[return-value]


#: most deals a Russian cards puzzle may have: the checkers go through them (12 cards
#: dealt 4/4/4, 34,650 deals, take about a minute on the value engine)
MAX_DEALS = 1_000_000


def _refuse_many_deals(cards: int, deal) -> None:
    """Refuse, at once, a deck whose deals no checker can go through."""
    from math import comb

    from ..errors import UserError

    if cards < 1 or min(deal) < 1 or sum(deal) != cards:
        return  # the puzzle's own check words this one
    count = comb(cards, deal[0]) * comb(cards - deal[0], deal[1])
    if count > MAX_DEALS:
        raise UserError(f"{cards} cards dealt {deal[0]}/{deal[1]}/{deal[2]} make {count:.2g} "
                        f"deals (at most {MAX_DEALS:,}, which the checkers can go through): "
                        "choose a smaller deck")


def _first_hands(cards: int, deal) -> tuple:
    """The classic announcement at the classic size; else Anne's hand ``0 … A-1`` and the
    first hand after it sharing at most one card with it (the first candidate list that
    holds her hand, as SMCDEL's ``allHandLists`` orders them): the puzzle's checks then say
    whether it is safe (``--safe`` lists the safe ones).  Built directly, not searched
    for: the hands of a large deck are far too many to list."""
    from pyfront.puzzles import russian_cards

    if (cards, tuple(deal)) == (7, (3, 3, 1)):
        return russian_cards.CLASSIC
    if sum(deal) != cards:
        raise ValueError(f"a deal of {cards} cards needs hands adding up to {cards}")
    na = deal[0]
    mine = tuple(range(na))
    if na == 1:
        return (mine, (1,))
    if cards - na < na - 1:  # every other hand shares two cards with Anne's
        return (mine,)
    # the smallest hand in lexicographic order after Anne's with at most card 0 in common
    return (mine, (0, *range(na, 2 * na - 1)))


def _safe_lists(args, deal) -> str:
    from ..errors import UserError
    from pyfront.puzzles import russian_cards

    try:
        sizes = tuple(int(x) for x in args.safe.split(","))
    except ValueError:
        raise UserError(f"--safe takes numbers of hands (e.g. 5 or 5,6,7), got {args.safe!r}") from None
    if sum(deal) != args.cards:
        raise UserError(f"a deal of {args.cards} cards needs hands adding up to {args.cards}")
    if args.to == "smcdel":  # six TRUE? jobs per candidate list, for the official binary
        lists, text = russian_cards.safe_announcements_input(args.cards, deal, sizes)
        legend = [f"-- jobs {6 * k + 1}-{6 * k + 6}: " + " ".join("".join(map(str, h)) for h in hands)
                  for k, hands in enumerate(lists)]
        return "\n".join(legend) + "\n" + text
    safe = russian_cards.safe_announcements(args.cards, deal, sizes)
    lines = [" ".join("".join(map(str, h)) for h in hands) for hands in safe]
    by_size = ", ".join(f"{sum(len(h) == k for h in safe)} of {k} hands" for k in sizes)
    return "\n".join(lines + [f"# {len(safe)} safe announcements ({by_size})"]) + "\n"


def _dining(args: argparse.Namespace) -> str:
    from ..errors import UserError

    n = args.n
    if n is None:
        raise UserError("the dining cryptographers need N (cryptographers at the table)")
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
