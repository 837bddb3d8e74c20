"""``mindgames trace``: the certified belief of every chain after every sentence of a story."""

from __future__ import annotations

import argparse

from smcdel_bridge.engines import ENGINE_NAMES

HELP = ("trace a story (or a problem at an --actual state): after every sentence, the certified value of every belief chain up to "
        "--order (JSON lines, or DEL-ToM's trace.jsonl shape)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE.del",
                        help="a DSL file with stories or problems, or - for stdin")
    parser.add_argument("--story", "--problem", metavar="NAME",
                        help="trace only the story or problem called NAME (default: all)")
    parser.add_argument("--actual", metavar="STATE",
                        help="problems: the actual state the trace is taken at, a row of 0/1 "
                             "(e.g. 110) or the true propositions (a step per announcement)")
    parser.add_argument("--order", type=int, metavar="K",
                        help="longest chain of distinct agents (default: 2, for --shape "
                             "deltom 4; 0: the real state only)")
    parser.add_argument("--object", metavar="NAME",
                        help="trace one variable: its name (location(marble)) or argument "
                             "(marble); needed for --shape deltom when a story has several")
    parser.add_argument("--shape", choices=("lines", "deltom"), default="lines",
                        help="lines: one record per sentence with every chain, its value and "
                             "the reason for a null (default); deltom: t, real, first, "
                             "second, third, fourth keyed 'A->B'")
    parser.add_argument("--engine", choices=ENGINE_NAMES, default="auto",
                        help="belief engine (default: auto, by size)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S",
                        help="seconds each story may take (default 60; 0: no bound)")
    parser.add_argument("--max-memory", default="auto", metavar="SIZE",
                        help="memory each story may take, e.g. 500M or 4G, 0 for no bound "
                             "(default: half the machine's memory); a story past a limit "
                             "fails with one line, the others go on")
    parser.add_argument("-o", "--output", metavar="OUT.jsonl",
                        help="write the lines here (default: standard output)")


def run(args: argparse.Namespace) -> int:
    import sys

    from ..errors import UserError, shown
    from ..data.loading import load_document
    from ..problem.model import Problem
    from .options import same_file

    if args.order is not None and args.order < 0:  # (options first: before any reading)
        raise UserError(f"--order must be 0 or more, not {args.order}")
    if not args.timeout >= 0:  # also refuses nan
        raise UserError(f"--timeout must be 0 or more (0: no bound), not {args.timeout:g}")
    if same_file(args.output, args.file):
        raise UserError("-o names the file to trace: it would be overwritten", file=args.output)
    stories = load_document(args.file)
    if args.story is not None:
        stories = [s for s in stories if s.name == args.story]
    if not stories:
        what = f"no story or problem called {args.story!r}" if args.story is not None \
            else "no story"
        raise UserError(what, file=shown(args.file))
    if args.shape == "deltom" and len(stories) > 1:  # one trace.jsonl is one story's
        raise UserError(f"{len(stories)} stories and problems: pick one with --story for "
                        "--shape deltom", file=shown(args.file))
    for item in stories:
        if isinstance(item, Problem) and (item.has_values or args.actual is None):
            why = ("a number puzzle is not traced" if item.has_values else
                   f"problem {item.name} is traced at an actual state: give --actual")
            raise UserError(why, file=shown(args.file), line=item.line)
        if isinstance(item, Problem):
            _check_actual(item, args)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        return _write(stories, args, out)
    finally:
        if out is not sys.stdout:
            out.close()


def _check_actual(problem, args: argparse.Namespace) -> None:
    """``--actual`` is the user's option: a state the problem cannot have is told as such,
    naming the problem, before any work (not as the failure of its trace)."""
    from ..errors import UserError, shown
    from ..explain.build import StateError, StateNamer, propositions_of

    try:
        StateNamer(propositions_of(problem)).parse(args.actual)
    except StateError as err:  # worded as explain --actual words it
        raise UserError(f"--actual does not fit problem {problem.name!r}: {err.message}",
                        file=shown(args.file), line=problem.line) from None


def _write(stories: list, args: argparse.Namespace, out) -> int:
    """Trace every story within the limits and write its lines; 1 when one fails."""
    import json
    import sys

    from ..checking.limits import Limits, default_memory, limited_map, parse_memory
    from ..errors import UserError, shown
    from ..problem.model import Problem
    from ..steps.problem_trace import proposition_names, trace_item
    from ..steps.trace import deltom_line, match_variable, pick_variable

    order = args.order if args.order is not None else (4 if args.shape == "deltom" else 2)
    jobs = []
    for story in stories:
        try:
            variables = match_variable(proposition_names(story), args.object,
                                       f"problem {story.name}") \
                if isinstance(story, Problem) else pick_variable(story, args.object)
        except UserError as exc:
            raise UserError(exc.message, file=shown(args.file), line=story.line) from None
        if args.shape == "deltom" and len(variables) != 1:
            raise UserError(f"story {story.name} has several variables: pick one with "
                            "--object for --shape deltom", file=shown(args.file), line=story.line)
        last = args.actual if isinstance(story, Problem) else args.engine
        jobs.append((story, order, variables, last))
    memory = default_memory() if args.max_memory == "auto" else parse_memory(args.max_memory)
    limits = Limits(timeout=args.timeout or None, memory=memory)
    code = 0
    results = limited_map(trace_item, jobs, limits=limits, on_limit=_stopped)
    for (story, _, variables, _), (steps, failure, line) in zip(jobs, results):
        for step in steps:
            record = deltom_line(step, variables[0]) if args.shape == "deltom" else \
                {"story": story.name, **step}
            out.write(json.dumps(record) + "\n")
        out.flush()
        if failure is not None:
            where = f"{shown(args.file)}:{line or story.line or 0}"
            print(f"{where}: story {story.name}: {failure}", file=sys.stderr)
            code = 1
    return code


def _stopped(job: tuple, why: str, parts=()) -> tuple[list[dict], str, None]:
    """A job stopped at its limit: the steps it gave, and why, with how far a story got
    (its mark, :mod:`pyfront.checking.marks`)."""
    from ..checking import marks
    from ..data.story_stops import how_far
    from ..problem.model import Problem

    if not isinstance(job[0], Problem):
        why += how_far(job[0], marks.reached() - 1)
    return list(parts), why, None
