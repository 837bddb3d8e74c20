"""``mindgames explain``: a problem told step by step, with reasons and Kripke pictures."""

from __future__ import annotations

import argparse

HELP = "explain a DSL problem step by step: states, announcements, verdicts and why"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.del", help="a problem file in the DSL, or - for stdin")
    parser.add_argument("--problem", metavar="NAME",
                        help="explain only the problem called NAME (default: every problem)")
    parser.add_argument("--format", choices=("text", "md"), default="text",
                        help="text (rich in a terminal, plain in a pipe) or md (Markdown)")
    parser.add_argument("--graph", metavar="DIR",
                        help="write the Kripke model of every step to DIR as Graphviz DOT, "
                             "rendered when Graphviz's `dot` is installed")
    parser.add_argument("--graph-format", choices=("svg", "png"), default="svg",
                        help="picture format for --graph (default: svg)")
    parser.add_argument("--actual", metavar="STATE",
                        help="the actual state, highlighted in pictures and evaluated in "
                             "the text: a row of 0/1 in column order (e.g. 110) or the true "
                             "propositions (e.g. 'muddy(Alice),muddy(Bob)'; 'none' for none)")


def run(args: argparse.Namespace) -> int:
    import difflib
    import sys
    from pathlib import Path

    from ..errors import UserError
    from ..explain import explain_problem, render_text
    from ..explain.build import StateError
    from ..explain.model import Explanation
    from ..loading import load_problems

    from smcdel_bridge.errors import SmcdelError, TooLargeError

    if args.actual is not None and not args.actual.strip():
        raise UserError("--actual is empty: give a row of 0/1, the true propositions, or 'none'")
    problems = load_problems(args.file)
    if args.graph is not None:  # a directory that cannot be made fails now, not after the text
        if Path(args.graph).exists() and not Path(args.graph).is_dir():
            raise UserError("exists and is not a directory (--graph needs one)", file=args.graph)
        Path(args.graph).mkdir(parents=True, exist_ok=True)
    if args.problem is not None:
        chosen = [p for p in problems if p.name == args.problem]
        if not chosen:
            names = [p.name for p in problems]
            close = difflib.get_close_matches(args.problem, names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (problems: {', '.join(names)})"
            raise UserError(f"no problem called {args.problem!r}{hint}", file=args.file)
        problems = chosen
    if not problems:
        raise UserError("no problem to explain", file=args.file)

    explained = []
    for p in problems:
        try:
            explained.append(explain_problem(p, actual=args.actual))
        except StateError as err:
            raise UserError(str(err), file=args.file, line=p.line) from None
        except TooLargeError as err:  # explain lists states one by one: no symbolic way out
            size = str(err).split(": use the symbolic engine")[0]
            raise UserError(f"problem {p.name!r} is too large to explain state by state: {size} "
                            "(mindgames check answers larger problems)",
                            file=args.file, line=p.line) from None
        except SmcdelError as err:  # a law that is not Boolean, say
            raise UserError(f"problem {p.name!r}: {err}", file=args.file, line=p.line) from None
    explanation = Explanation(source=args.file, problems=tuple(explained))
    render_text.write(explanation, args.format, sys.stdout)
    sys.stdout.flush()

    if args.graph is not None:
        from ..explain.graph import write_graphs

        directory = Path(args.graph)
        notes, dots, rendered = [], 0, 0
        for p in explained:
            try:
                files = write_graphs(p, directory, args.graph_format)
            except RuntimeError as err:  # dot refused a picture: say which
                raise UserError(str(err)) from None
            dots += len(files.dot)
            rendered += len(files.rendered)
            if files.note and files.note not in notes:
                notes.append(files.note)
        if rendered:
            print(f"mindgames: wrote {rendered} {args.graph_format} file(s) (and their DOT "
                  f"sources) to {directory}", file=sys.stderr)
        else:
            print(f"mindgames: wrote {dots} DOT file(s) to {directory}", file=sys.stderr)
        for note in notes:
            print(f"mindgames: {note}", file=sys.stderr)

    disagreements = [v for p in explained for v in p.verdicts if v.agrees is False]
    if disagreements:
        print(f"mindgames: {len(disagreements)} hypothesis answer(s) differ from the expected "
              "answer", file=sys.stderr)
        return 1
    return 0
