"""``mindgames explain``: a problem told step by step, with reasons and Kripke pictures."""

from __future__ import annotations

import argparse

HELP = "explain a DSL problem or story step by step: models, events, beliefs, verdicts and why"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.del", help="a DSL file (problems and stories), or - for stdin")
    parser.add_argument("--problem", metavar="NAME",
                        help="explain only the problem or story called NAME (default: all)")
    parser.add_argument("--format", choices=("text", "md"), default="text",
                        help="text (rich in a terminal, plain in a pipe) or md (Markdown)")
    parser.add_argument("--graph", metavar="DIR",
                        help="write the Kripke model of every step (and, for a story, every "
                             "event model) to DIR as Graphviz DOT, rendered when Graphviz's "
                             "`dot` is installed")
    parser.add_argument("--graph-format", choices=("svg", "png"), default="svg",
                        help="picture format for --graph (default: svg)")
    parser.add_argument("--engine", choices=("auto", "explicit", "symbolic"), default="auto",
                        help="stories: explicit (worlds listed, reasons, pictures), symbolic "
                             "(answers only, for large stories) or auto (default: by size)")
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
    from pyfront.data.loading import load_document
    from pyfront.problem.model import Problem

    from smcdel_bridge.errors import SmcdelError, TooLargeError

    if args.actual is not None and not args.actual.strip():
        raise UserError("--actual is empty: give a row of 0/1, the true propositions, or 'none'")
    items = load_document(args.file)
    if args.graph is not None:  # a directory that cannot be made fails now, not after the text
        if Path(args.graph).exists() and not Path(args.graph).is_dir():
            raise UserError("exists and is not a directory (--graph needs one)", file=args.graph)
        Path(args.graph).mkdir(parents=True, exist_ok=True)
    if args.problem is not None:
        chosen = [p for p in items if p.name == args.problem]
        if not chosen:
            names = [p.name for p in items]
            close = difflib.get_close_matches(args.problem, names, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else f" (known: {', '.join(names)})"
            raise UserError(f"no problem called {args.problem!r}{hint}", file=args.file)
        items = chosen
    if not items:
        raise UserError("no problem to explain", file=args.file)
    problems = [p for p in items if isinstance(p, Problem)]
    stories = [p for p in items if not isinstance(p, Problem)]
    if stories and args.actual is not None:
        raise UserError("--actual is for problems; a story states its facts with 'actually'",
                        file=args.file, line=stories[0].line)
    told = []
    stopped = []
    if stories:  # (the story explainers: for stories only)
        from ..explain.story import explain_story
        from ..explain.story_symbolic import explain_engine, explain_story_symbolic
    for s in stories:  # an event that cannot happen ends that story's explanation
        try:
            if explain_engine(s, args.engine) == "symbolic":
                told.append(explain_story_symbolic(s))
            else:
                told.append(explain_story(s))
        except UserError as err:  # (the symbolic explanation stops without the steps)
            if err.file is None:  # the story engine names the line; the file is ours to add
                err.file = args.file
            stopped.append(err)
            continue
        if getattr(told[-1], "reason", None) is not None:
            err = told[-1].reason
            if err.file is None:
                err.file = args.file
            stopped.append(err)

    puzzles = [p for p in problems if p.has_values]
    problems = [p for p in problems if not p.has_values]
    if puzzles:
        if args.actual is not None or args.graph is not None:
            raise UserError("--actual and --graph are for problems without variables; a "
                            "number puzzle is explained by its possibilities",
                            file=args.file, line=puzzles[0].line)
        from ..explain.puzzle import explain_puzzle, render as render_puzzles

        try:
            sys.stdout.write(render_puzzles([explain_puzzle(p) for p in puzzles], args.format))
        except SmcdelError as err:
            raise UserError(str(err), file=args.file) from None
        if problems or told:
            sys.stdout.write("\n\n")
    explained = []
    for p in problems:
        try:
            explained.append(explain_problem(p, actual=args.actual))
        except StateError as err:  # the option is wrong for this problem: name both
            raise UserError(f"--actual does not fit problem {p.name!r}: {err}",
                            file=args.file, line=p.line) from None
        except TooLargeError as err:  # explain lists states one by one: no symbolic way out
            size = str(err).split(": use the symbolic engine")[0]
            raise UserError(f"problem {p.name!r} is too large to explain state by state: {size} "
                            "(mindgames check answers larger problems)",
                            file=args.file, line=p.line) from None
        except SmcdelError as err:  # a law that is not Boolean, say
            raise UserError(f"problem {p.name!r}: {err}", file=args.file, line=p.line) from None
    explanation = Explanation(source=args.file, problems=tuple(explained))
    if explained:
        render_text.write(explanation, args.format, sys.stdout)
    if told:
        if explained:
            sys.stdout.write("\n\n")
        from ..explain.story import write_stories

        write_stories(told, args.format, sys.stdout)
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
        for s in told:
            from ..explain.story_graph import write_story_graphs

            try:
                files = write_story_graphs(s, directory, args.graph_format)
            except RuntimeError as err:
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
    differing = len(disagreements) + sum(s.disagreements for s in told)
    for err in stopped:
        print(f"mindgames: {err}", file=sys.stderr)
    if stopped:
        return 1
    if differing:
        print(f"mindgames: {differing} hypothesis answer(s) differ from the expected "
              "answer", file=sys.stderr)
        return 1
    return 0
