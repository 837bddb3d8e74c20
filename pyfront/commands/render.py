"""``mindgames render``: a DSL file as English, SMCDEL input, or JSON."""

from __future__ import annotations

import argparse

HELP = "render the problems and stories of a DSL file as English, SMCDEL input, JSON or DSL"


#: the line that starts each program when a file holds several problems (an SMCDEL comment)
SEPARATOR = "-- ==== problem"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a DSL file (.del), or - for stdin")
    parser.add_argument("--to", choices=("english", "smcdel", "json", "dsl"), default="english",
                        help="what to produce (default english)")
    parser.add_argument("--style", default="mindgames",
                        help="English style: mindgames (the published phrasing, default) or natural")
    parser.add_argument("--readable", action="store_true",
                        help="SMCDEL in the multi-line commented form instead of the published one-line form")
    from .options import add_limit_arguments

    add_limit_arguments(parser, what="the rendering")
    parser.add_argument("--problem", metavar="NAME", help="only the problem (or story) called NAME (--to smcdel: one program "
                             "for `mindgames smcdel -`)")
    parser.add_argument("-o", "--output", metavar="DIR",
                        help="--to smcdel: write each problem's program to DIR/NAME.smcdel.txt "
                             "(one SMCDEL input per file) instead of printing them")


def _english(pb, style: str) -> str:
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    lines = [f"## {pb.name}", premise_text(pb, style=style)]
    for i, h in enumerate(pb.hypotheses):
        exp = f"  [expected: {h.expected_label}]" if h.expected is not None else ""
        lines.append(f"  {h.name}: {hypothesis_text(pb, i, style=style)}{exp}")
    if pb.questions:
        from pyfront.verbalize import question as question_text

        for i, q in enumerate(pb.questions):
            exp = f"  [expected: {q.expected_text()}]" if q.expected is not None else ""
            lines.append(f"  {q.name}: {question_text(pb, i, style=style)}{exp}")
    if pb.planning is not None:
        from pyfront.verbalize.planning import planning_lines

        lines += planning_lines(pb, style)
    return "\n".join(lines)


def _smcdel(pb, readable: bool) -> str:
    """One SMCDEL program per problem, one ``VALID?`` job per hypothesis: what
    ``mindgames smcdel -`` reads."""
    from pyfront.problem.to_smcdel import program

    if pb.has_values:  # one structure, a job per hypothesis and question
        from pyfront.problem.puzzle_check import puzzle_input_text

        return f"-- {pb.name}\n" + puzzle_input_text(pb)

    plans = [i.name for i in pb.planning.plans] if pb.planning is not None else []
    note = (f"-- {pb.name}: plan items ({', '.join(plans)}) are not SMCDEL jobs: "
            "`mindgames plan FILE.del` answers them\n" if plans else "")
    if not pb.hypotheses:
        return note + f"-- {pb.name}: no hypothesis"
    text = program(pb, readable=readable)
    return note + (text if text.startswith("--") else f"-- {pb.name}/{pb.hypotheses[0].name}\n{text}")


def _puzzle_json(pb, style: str) -> dict:
    """A problem with variables: its DSL text (its formulas have no SMCDEL form of their
    own), English, SMCDEL program (the Boolean encoding) and answers."""
    from pyfront.problem.dsl_print import to_dsl
    from pyfront.problem.puzzle_check import puzzle_input_text
    from pyfront.problem.puzzle_structure import PuzzleAnswers
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    from pyfront.verbalize import question as question_text

    answers = PuzzleAnswers(pb)
    return {
        "name": pb.name,
        "kind": "puzzle",
        "agents": [a.name for a in pb.agents],
        "variables": [v.model_dump(mode="json") for v in pb.variables],
        "dsl": to_dsl(pb),
        "english": {
            "premise": premise_text(pb, style=style),
            "hypotheses": [hypothesis_text(pb, i, style=style) for i in range(len(pb.hypotheses))],
            "questions": [question_text(pb, i, style=style) for i in range(len(pb.questions))],
        },
        "answers": {
            "hypotheses": [answers.hypothesis(i)[0] for i in range(len(pb.hypotheses))],
            "questions": [answers.question(i)[0] for i in range(len(pb.questions))],
        },
        "smcdel": puzzle_input_text(pb),
    }


def _json(pb, style: str) -> dict:
    if pb.has_values:
        return _puzzle_json(pb, style)
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    from pyfront.problem.to_smcdel import render as smcdel_text
    data = pb.model_dump(mode="json")
    data["english"] = {
        "premise": premise_text(pb, style=style),
        "hypotheses": [hypothesis_text(pb, i, style=style) for i in range(len(pb.hypotheses))],
    }
    data["smcdel"] = [smcdel_text(pb, i) for i in range(len(pb.hypotheses))]
    data["pbcheck"] = smcdel_text(pb, 0, pbcheck=True)
    return data


def _story_english(story) -> str:
    """A story in plain English (:mod:`pyfront.verbalize.story`), expectations after queries."""
    from ..verbalize.story import story_text

    def expected(q) -> str:
        if q.expected is None:
            return ""
        if isinstance(q.expected, bool):
            return f"  [expected: {'true' if q.expected else 'false'}]"
        return f"  [expected: {', '.join(q.expected)}]"

    from ..verbalize.story_planning import story_planning_lines

    lines = story_planning_lines(story)
    return (f"## {story.name}\n" + story_text(story, annotate=expected)
            + "".join("\n" + line for line in lines))


def _story_json(story) -> dict:
    from pyfront.data.loading import story_records
    from pyfront.data.story_stops import marking

    data = story.model_dump(mode="json")
    data["kind"] = "story"
    with marking(story) as on_event:
        data["answers"] = story_records(story, "", on_event=on_event)
    for record in data["answers"]:
        del record["source"], record["row"]
    from ..verbalize.story import story_english_json

    data["english"] = story_english_json(story)
    return data


def _render_dsl(items) -> str:
    from pyfront.problem.dsl_print import to_dsl as problem_dsl
    from pyfront.problem.model import Problem

    def dsl(x) -> str:
        if isinstance(x, Problem):
            return problem_dsl(x)
        from ..story.dsl_print import to_dsl as story_dsl

        return story_dsl(x)

    return "\n".join(map(dsl, items))


def run(args: argparse.Namespace) -> int:
    from .options import within_limits

    return within_limits(args, lambda: _run(args), document=True)


def _run(args: argparse.Namespace) -> int:
    import json

    from ..errors import UserError
    from pyfront.data.loading import load_document
    from pyfront.problem.model import Problem
    from ..verbalize import styles

    if args.style not in styles():
        raise UserError(f"unknown style {args.style!r} (known: {', '.join(styles())})")
    problems = load_document(args.file)
    if not problems:
        raise UserError("no problem to render", file=args.file)
    if args.problem is not None:
        chosen = [pb for pb in problems if pb.name == args.problem]
        if not chosen:
            import difflib

            close = difflib.get_close_matches(args.problem, [p.name for p in problems], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise UserError(f"no problem called {args.problem!r}{hint}", file=args.file)
        problems = chosen
    stories = [x for x in problems if not isinstance(x, Problem)]
    if args.to == "dsl":
        print(_render_dsl(problems), end="")
        return 0
    if args.to == "json":
        data: dict = {"problems": [_json(pb, args.style) for pb in problems if isinstance(pb, Problem)]}
        if stories:
            data["stories"] = [_story_json(s) for s in stories]
        print(json.dumps(data, indent=2, ensure_ascii=False))
        return 0
    if stories and args.to == "smcdel":
        raise UserError(f"story {stories[0].name!r} renders as English, JSON or DSL "
                        "(--to english, --to json, --to dsl)",
                        file=args.file, line=stories[0].line)
    if args.output is not None and args.to != "smcdel":
        raise UserError("-o DIR writes SMCDEL programs, one per file: use it with --to smcdel")
    if args.to == "smcdel":
        texts = [_smcdel(pb, args.readable) for pb in problems]
        if args.output is not None:
            return _write_programs(problems, texts, args)
        # an SMCDEL input holds one structure: several problems are several programs,
        # each under a separator line; --problem NAME gives one that `mindgames smcdel -` reads
        if len(texts) > 1:
            texts = [f"{SEPARATOR} {pb.name} (one program; --problem {pb.name} for it alone)\n{t}"
                     for pb, t in zip(problems, texts)]
            _say_how_to_pick(problems, args.file)
        print("\n\n".join(texts))
    else:
        try:
            text = "\n\n".join(_english(pb, args.style) if isinstance(pb, Problem) else _story_english(pb)
                               for pb in problems)
        except UserError as err:  # a story whose start is contradictory: the engine names the line
            if err.file is None:
                err.file = args.file
            raise
        print(text)
    return 0


def _say_how_to_pick(problems, file: str) -> None:
    """Several programs printed: `mindgames smcdel` reads one, so say how to get one."""
    import sys

    names = [pb.name for pb in problems]
    shown = ", ".join(names[:4]) + (f", … ({len(names)} in all)" if len(names) > 4 else "")
    print(f"mindgames: {file} holds {len(names)} problems ({shown}) and an SMCDEL input holds "
          f"one: `--problem {names[0]}` prints one program alone, `-o DIR` writes one file per "
          "problem", file=sys.stderr)


def _write_programs(problems, texts: list[str], args: argparse.Namespace) -> int:
    """Each problem's program in ``DIR/NAME.smcdel.txt`` (a problem without a hypothesis has
    none: said, not written); the paths on standard output."""
    import sys
    from pathlib import Path

    from ..errors import UserError
    from ..explain.graph import slug

    out = Path(args.output)
    if out.exists() and not out.is_dir():
        raise UserError("exists and is not a folder (-o needs one)", file=str(out))
    names = [slug(pb.name) for pb in problems]
    if len(set(names)) < len(names):
        raise UserError("two problems would share a file name: give them different names",
                        file=args.file)
    out.mkdir(parents=True, exist_ok=True)
    for pb, name, text in zip(problems, names, texts):
        if not pb.has_values and not pb.hypotheses:
            print(f"mindgames: {pb.name}: no hypothesis, no program written", file=sys.stderr)
            continue
        path = out / f"{name}.smcdel.txt"
        path.write_text(text + "\n", encoding="utf-8", newline="\n")
        print(path)
    return 0
