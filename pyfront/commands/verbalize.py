"""``mindgames verbalize``: re-render published MindGames rows from their SMCDEL form."""

from __future__ import annotations

import argparse

HELP = "import MindGames rows and render premise, hypothesis, smcdel_problem and pbcheck again"

FIELDS = ("premise", "hypothesis", "smcdel_problem", "pbcheck")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dataset", metavar="DATASET", help="a .csv or .jsonl file with smcdel_problem, setup, names")
    parser.add_argument("-o", "--output", metavar="OUT.jsonl", help="write JSON lines here (default: standard output)")
    parser.add_argument("--style", default="mindgames", help="English style (default mindgames, the published one)")
    parser.add_argument("--compare", action="store_true",
                        help="also report on standard error how many rows reproduce the dataset's own columns")
    parser.add_argument("--force", action="store_true",
                        help="replace OUT.jsonl when it exists (default: refuse)")


def _record(row: int, pb, style: str) -> dict[str, object] | str:
    """The columns of one row rendered again, or the one-line reason they cannot be."""
    from pyfront.verbalize import hypothesis as hypothesis_text
    from pyfront.verbalize import premise as premise_text
    from pyfront.problem.to_smcdel import render as smcdel_text
    from pyfront.data.loading import ROW_ERRORS, row_error_text

    try:
        return {
            "row": row,
            "premise": premise_text(pb, style=style),
            "hypothesis": hypothesis_text(pb, 0, style=style),
            "smcdel_problem": smcdel_text(pb, 0),
            "pbcheck": smcdel_text(pb, 0, pbcheck=True),
        }
    except ROW_ERRORS as err:
        return row_error_text(err)


def run(args: argparse.Namespace) -> int:
    import json
    import os
    import sys

    from ..errors import UserError
    from pyfront.data.loading import row_place, row_problems
    from ..verbalize import styles

    if args.style not in styles():
        raise UserError(f"unknown style {args.style!r} (known: {', '.join(styles())})")
    from pyfront.data.rows import require_columns

    require_columns(args.dataset, ("smcdel_problem", "setup", "names"))
    if args.output and args.dataset != "-" and os.path.isfile(args.output) \
            and os.path.isfile(args.dataset) and os.path.samefile(args.output, args.dataset):
        raise UserError("-o names the dataset itself: it would be overwritten", file=args.output)
    if args.output and os.path.isfile(args.output) and not args.force:
        raise UserError("the file exists: give --force to replace it", file=args.output)
    if args.dataset != "-":  # a dataset that cannot be opened: fail before OUT.jsonl is made
        open(args.dataset, "rb").close()
    # line-buffered: the rows written so far stay, whatever stops the run
    out = open(args.output, "w", encoding="utf-8", buffering=1) if args.output else sys.stdout
    n = errors = same = 0
    differing: dict[str, int] = {k: 0 for k in FIELDS}
    try:
        for row, line, fields, pb in row_problems(args.dataset):
            n += 1
            rec = pb if isinstance(pb, str) else _record(row, pb, args.style)
            if isinstance(rec, str):  # the reason the row could not be rendered
                errors += 1
                print(f"mindgames: {args.dataset}: {row_place(row, line)}: {rec}",
                      file=sys.stderr)
                out.write(json.dumps({"row": row, "line": line, "error": rec},
                                     ensure_ascii=False) + "\n")
                continue
            out.write(json.dumps(rec, ensure_ascii=False) + "\n")
            if args.compare:
                bad = [k for k in FIELDS if k in fields and fields[k] != rec[k]]
                for k in bad:
                    differing[k] += 1
                same += not bad
    except OSError as err:
        if err.filename is None and out is not sys.stdout:  # writing OUT.jsonl failed
            raise OSError(err.errno, err.strerror, args.output) from None
        raise
    finally:
        if out is not sys.stdout:
            try:
                out.close()
            except OSError as err:
                raise OSError(err.errno, err.strerror, args.output) from None
        else:
            out.flush()
    if n == 0:
        raise UserError("no row to verbalize", file=args.dataset)
    from pyfront.words import count

    if args.compare:
        detail = ", ".join(f"{k} {v}" for k, v in differing.items() if v)
        print(
            f"verbalize: {same}/{count(n, 'row')} identical to the dataset"
            + (f" (differing: {detail})" if detail else "")
            + (f"; {count(errors, 'row')} failed" if errors else ""),
            file=sys.stderr,
        )
    elif errors:
        print(f"verbalize: {errors} of {count(n, 'row')} failed", file=sys.stderr)
    return 1 if errors else 0
