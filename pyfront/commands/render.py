"""``mindgames render``: a DSL file as English, SMCDEL input, or JSON."""

from __future__ import annotations

import argparse

HELP = "render the problems of a DSL file as English, SMCDEL input or JSON"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", metavar="FILE", help="a DSL file (.del), or - for stdin")
    parser.add_argument("--to", choices=("english", "smcdel", "json"), default="english",
                        help="what to produce (default english)")
    parser.add_argument("--style", default="mindgames",
                        help="English style: mindgames (the published phrasing, default) or natural")
    parser.add_argument("--readable", action="store_true",
                        help="SMCDEL in the multi-line commented form instead of the published one-line form")
    parser.add_argument("--problem", metavar="NAME", help="only the problem called NAME")


def _english(pb, style: str) -> str:
    lines = [f"## {pb.name}", pb.premise(style=style)]
    for i, h in enumerate(pb.hypotheses):
        exp = f"  [expected: {h.expected_label}]" if h.expected is not None else ""
        lines.append(f"  {h.name}: {pb.hypothesis_text(i, style=style)}{exp}")
    return "\n".join(lines)


def _smcdel(pb, readable: bool) -> str:
    out = []
    for i, h in enumerate(pb.hypotheses):
        text = pb.to_smcdel(i, readable=readable)
        out.append(text if readable else f"-- {pb.name}/{h.name}\n{text}")
    if not pb.hypotheses:
        out.append(f"-- {pb.name}: no hypothesis")
    return "\n".join(out)


def _json(pb, style: str) -> dict:
    data = pb.model_dump(mode="json")
    data["english"] = {
        "premise": pb.premise(style=style),
        "hypotheses": [pb.hypothesis_text(i, style=style) for i in range(len(pb.hypotheses))],
    }
    data["smcdel"] = [pb.to_smcdel(i) for i in range(len(pb.hypotheses))]
    data["pbcheck"] = pb.to_smcdel(0, pbcheck=True)
    return data


def run(args: argparse.Namespace) -> int:
    import json

    from ..errors import UserError
    from ..loading import load_problems
    from ..verbalize import styles

    if args.style not in styles():
        raise UserError(f"unknown style {args.style!r} (known: {', '.join(styles())})")
    problems = load_problems(args.file)
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
    if args.to == "json":
        print(json.dumps({"problems": [_json(pb, args.style) for pb in problems]}, indent=2, ensure_ascii=False))
    elif args.to == "smcdel":
        print("\n\n".join(_smcdel(pb, args.readable) for pb in problems))
    else:
        print("\n\n".join(_english(pb, args.style) for pb in problems))
    return 0
