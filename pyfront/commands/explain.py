"""``mindgames explain``: a problem told step by step, with reasons and Kripke pictures."""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = ("explain a DSL problem or story, or an SMCDEL program, step by step: models, events, "
        "beliefs, verdicts and why")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.del", help="a DSL file (problems and stories), an "
                        "SMCDEL program (.smcdel.txt, or text that starts with VARS), or - for stdin")
    parser.add_argument("--problem", metavar="NAME",
                        help="explain only the problem or story called NAME (default: all)")
    parser.add_argument("--format", choices=("text", "md"), default="text",
                        help="text (rich in a terminal, plain in a pipe) or md (Markdown)")
    parser.add_argument("--to", choices=("text", "tex"), default="text",
                        help="text: the explanation (default); tex: a standalone LaTeX document "
                             "with a TikZ picture of every model and event model")
    parser.add_argument("--graph", metavar="DIR",
                        help="write the Kripke model of every step (and, for a story, every "
                             "event model) to DIR as Graphviz DOT, rendered when Graphviz's "
                             "`dot` is installed")
    parser.add_argument("--graph-format", choices=("svg", "png"), default="svg",
                        help="picture format for --graph (default: svg)")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="stories: explicit (worlds listed, reasons, pictures), symbolic "
                             "(answers only, for large stories) or auto (default: by size); "
                             "also the engine of a story's plan items")
    from .options import add_limit_arguments

    add_limit_arguments(parser, what="the explanation")
    parser.add_argument("--actual", metavar="STATE",
                        help="the actual state, highlighted in pictures and evaluated in "
                             "the text: a row of 0/1 in column order (e.g. 110) or the true "
                             "propositions (e.g. 'muddy(Alice),muddy(Bob)'; 'none' for none)")


def run(args: argparse.Namespace) -> int:
    from .options import within_limits

    return within_limits(args, lambda: _run(args), document=True)


def _run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from ..errors import UserError
    from pyfront.data.loading import load_explainable
    from pyfront.problem.model import Problem

    if args.actual is not None and not args.actual.strip():
        raise UserError("--actual is empty: give a row of 0/1, the true propositions, or 'none'")
    loaded, left = load_explainable(args.file)
    items = _chosen(loaded, args)
    for number, kind in left:  # they ask about states: the smcdel command answers them
        print(f"mindgames: job {number} ({kind}) is not explained: `mindgames smcdel "
              f"{args.file}` answers it", file=sys.stderr)
    if args.graph is not None:  # a directory that cannot be made fails now, not after the text
        if Path(args.graph).exists() and not Path(args.graph).is_dir():
            raise UserError("exists and is not a directory (--graph needs one)", file=args.graph)
        Path(args.graph).mkdir(parents=True, exist_ok=True)
    problems = [p for p in items if isinstance(p, Problem) and not p.has_values]
    puzzles = [p for p in items if isinstance(p, Problem) and p.has_values]
    stories = [p for p in items if not isinstance(p, Problem)]
    if stories and args.actual is not None:
        raise UserError("--actual is for problems; a story states its facts with 'actually'",
                        file=args.file, line=stories[0].line)
    if puzzles and args.actual is not None:
        raise UserError("--actual is for problems without variables; a number puzzle is "
                        "explained by its possibilities", file=args.file, line=puzzles[0].line)
    told, stopped = _stories(stories, args)
    solved = _puzzles(puzzles, args)
    explained = _problems(problems, args)
    plans = _plans(problems, args)
    explained += [p.explanation for p in plans if p.explanation is not None]
    story_plans = _story_plans(stories, args)
    told += [p.explanation for p in story_plans if p.explanation is not None]
    plans += story_plans
    written = _pictures(explained, solved, told, args) if args.graph is not None else None
    links = {}
    if written is not None:  # paths as the Markdown, where it is written, finds them
        from ..explain.picture_files import markdown_folder, relative_links

        links = relative_links(written.links, markdown_folder(sys.stdout))
    if args.to == "tex":
        _write_tex(explained, solved, told)
    else:
        _write_text(explained, solved, told, args, links)
        if plans:
            from ..explain.plan import plan_text

            sys.stdout.write("\n\n" + "\n".join(line for p in plans for line in plan_text(p))
                             + "\n")
    if written is not None:
        _report_pictures(written, args)
    disagreements = [v for p in explained for v in p.verdicts if v.agrees is False]
    differing = len(disagreements) + sum(s.disagreements for s in told)
    differing += sum(1 for _, _, e in solved for a in _asked(e) if a.agrees is False)
    plans_differing = sum(1 for p in plans if p.record.get("agrees") is False)
    stopped += [p.record["error"] for p in plans if "error" in p.record]
    for err in stopped:
        print(f"mindgames: {err}", file=sys.stderr)
    if stopped:
        return 1
    if differing:
        print(f"mindgames: {differing} hypothesis answer(s) differ from the expected "
              "answer", file=sys.stderr)
    if plans_differing:
        print(f"mindgames: {plans_differing} plan answer(s) differ from the expected "
              "answer", file=sys.stderr)
    return 1 if differing or plans_differing else 0


def _chosen(items: list, args: argparse.Namespace) -> list:
    import difflib

    from ..errors import UserError

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
    return items


def _stories(stories: list, args: argparse.Namespace) -> tuple[list, list]:
    """(explanations, the errors that stopped some of them)."""
    from ..errors import UserError

    told, stopped = [], []
    if not stories:
        return told, stopped
    from ..explain.story import explain_story
    from ..explain.story_symbolic import explain_engine, explain_story_symbolic

    from pyfront.data.story_stops import marking

    for s in stories:  # an event that cannot happen ends that story's explanation
        try:
            explain = explain_story_symbolic if explain_engine(s, args.engine) == "symbolic" \
                else explain_story
            with marking(s) as on_event:
                told.append(explain(s, on_event=on_event))
        except UserError as err:  # a story that cannot even start (no steps to show)
            if err.file is None:  # the story engine names the line; the file is ours to add
                err.file = args.file
            stopped.append(err)
            continue
        if getattr(told[-1], "reason", None) is not None:
            err = told[-1].reason
            if err.file is None:
                err.file = args.file
            stopped.append(err)
    return told, stopped


def _puzzles(puzzles: list, args: argparse.Namespace) -> list:
    """(problem, answers, explanation) of each number puzzle."""
    from smcdel_bridge.errors import SmcdelError

    from ..errors import UserError

    if not puzzles:
        return []
    from ..explain.puzzle import explain_puzzle
    from ..problem.puzzle_structure import PuzzleAnswers

    out = []
    for pb in puzzles:
        try:
            answers = PuzzleAnswers(pb)
            out.append((pb, answers, explain_puzzle(pb, answers=answers)))
        except SmcdelError as err:
            raise UserError(str(err), file=args.file, line=pb.line) from None
    return out


def _asked(explanation) -> list:
    return [*explanation.asked_first, *(a for s in explanation.steps for a in s.asked)]


def _problems(problems: list, args: argparse.Namespace) -> list:
    from smcdel_bridge.errors import SmcdelError, TooLargeError

    from ..errors import UserError
    from ..explain import explain_problem
    from ..explain.build import StateError

    explained = []
    for p in problems:
        try:
            explained.append(explain_problem(p, actual=args.actual))
        except StateError as err:  # the option is wrong for this problem: name both
            raise UserError(f"--actual does not fit problem {p.name!r}: {err}",
                            file=args.file, line=p.line) from None
        except TooLargeError as err:  # explain lists states one by one: no symbolic way out
            raise UserError(f"problem {p.name!r} is too large to explain state by state: "
                            f"{err} (mindgames check answers larger problems)",
                            file=args.file, line=p.line) from None
        except SmcdelError as err:  # a law that is not Boolean, say
            raise UserError(f"problem {p.name!r}: {err}", file=args.file, line=p.line) from None
    return explained


def _plans(problems: list, args: argparse.Namespace) -> list:
    """The plan items of ``problems``, answered and played step by step."""
    from ..explain.plan import explain_plans

    return [p for pb in problems if pb.planning is not None
            for p in explain_plans(pb, args.file)]


def _story_plans(stories: list, args: argparse.Namespace) -> list:
    """The plan items of ``stories``, answered and played as story events."""
    from ..explain.story_plan import explain_story_plans

    return [p for s in stories if s.planning is not None
            for p in explain_story_plans(s, args.file, args.engine)]


def _pictures(explained: list, solved: list, told: list, args: argparse.Namespace):
    from pathlib import Path

    from ..errors import UserError
    from ..explain.picture_files import write_pictures

    try:
        return write_pictures(explained, [(pb, a) for pb, a, _ in solved], told,
                              Path(args.graph), args.graph_format)
    except RuntimeError as err:  # dot refused a picture: say which
        raise UserError(str(err)) from None


def _write_text(explained: list, solved: list, told: list, args: argparse.Namespace,
                links: dict) -> None:
    import sys

    from ..explain import render_text
    from ..explain.model import Explanation

    parts = 0
    if solved:
        from ..explain.puzzle import render as render_puzzles

        sys.stdout.write(render_puzzles([e for _, _, e in solved], args.format, links))
        parts += 1
    if explained:
        if parts:
            sys.stdout.write("\n\n")
        render_text.write(Explanation(source=args.file, problems=tuple(explained)),
                          args.format, sys.stdout, links)
        parts += 1
    if told:
        if parts:
            sys.stdout.write("\n\n")
        from ..explain.story import write_stories

        write_stories(told, args.format, sys.stdout, links)
    sys.stdout.flush()


def _write_tex(explained: list, solved: list, told: list) -> None:
    import sys

    from ..explain.tex import tex_document

    for pb, _, _ in solved:  # drawn by their tables of values, not as Kripke models
        print(f"mindgames: number puzzle {pb.name!r} is not drawn in TeX (explain --graph "
              "draws it)", file=sys.stderr)
    sys.stdout.write(tex_document(explained, told))
    sys.stdout.flush()


def _report_pictures(written, args: argparse.Namespace) -> None:
    import sys

    if written.files:
        print(f"mindgames: wrote {written.files} {args.graph_format} file(s) to {args.graph}"
              + (f" (and {written.dots} DOT source(s))" if written.dots else ""), file=sys.stderr)
    else:
        print(f"mindgames: wrote {written.dots} DOT file(s) to {args.graph}", file=sys.stderr)
    for note in written.notes:
        print(f"mindgames: {note}", file=sys.stderr)
