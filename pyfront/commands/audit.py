"""``mindgames audit DATASET``: can the dataset be answered without reading it?"""

from __future__ import annotations

import argparse

HELP = ("audit a dataset: premise-blind, position, majority and length baselines and "
        "heuristic story trackers against chance, a cross-fitted shortcut model's verdict "
        "per row; exit 1 on a leak")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dataset", metavar="DATASET",
                        help="a .jsonl/.csv file, a dataset folder (its splits together) or a "
                             "story dataset's top folder (qa and nli apart)")
    parser.add_argument("-o", "--output", metavar="DIR",
                        help="folder for audit.json, audit.svg and the rows with the shortcut "
                             "model's columns (default: print the table only)")
    parser.add_argument("--format", default=None, metavar="LIST",
                        help="nli, mcq or both (default: the rows' own form: nli for "
                             "premise/hypothesis/label rows, mcq with and without 'None of "
                             "the above' for question rows)")
    parser.add_argument("--kind", default="retrospective", metavar="LIST",
                        help="retrospective, prospective or both (as eval; default retrospective)")
    parser.add_argument("--distractors", default="hard", metavar="LIST",
                        help="hard, easy or both (as eval; default hard)")
    parser.add_argument("--probe", default=None, metavar="LIST",
                        help="none, nota or both (as eval; default none, and both for question rows)")
    parser.add_argument("--nota-share", type=float, default=None, metavar="P",
                        help="share of nota items answered 'None of the above' (default 1/(k+1))")
    parser.add_argument("--folds", type=int, default=5, metavar="K",
                        help="cross-fitting folds, whole premises each (default 5)")
    parser.add_argument("--seed", type=int, default=0, help="seed of folds and options (default 0)")
    parser.add_argument("--no-shortcut", action="store_true",
                        help="skip the shortcut model (no scikit-learn needed)")


def run(args: argparse.Namespace) -> int:
    import json
    import sys
    from pathlib import Path

    from rich.console import Console

    from ..audit.plot import audit_svg
    from ..audit.run import audit, default_settings, sources_of
    from ..audit.table import rich_table, rich_tracker_tables, shortcut_lines
    from ..errors import UserError
    from ..evaluation import items as it
    from .eval_cmd import option_list

    if args.folds < 2:
        raise UserError("--folds must be at least 2")
    if args.nota_share is not None and not 0.0 <= args.nota_share <= 1.0:
        raise UserError(f"--nota-share must lie within 0-1: got {args.nota_share:g}")
    sources = sources_of(args.dataset)
    for src in sources:
        if args.format is None and args.probe is None:
            src.settings = default_settings(src.rows)
        else:
            fmt = args.format or ("mcq" if default_settings(src.rows)[0].format == "mcq" else "nli")
            src.settings = it.settings(option_list(fmt, it.FORMATS, "--format"),
                                       option_list(args.kind, it.KINDS, "--kind"),
                                       option_list(args.distractors, it.DISTRACTORS, "--distractors"),
                                       option_list(args.probe or "none", it.PROBES, "--probe"))
    if not any(src.rows for src in sources):
        raise UserError("the dataset has no rows", file=args.dataset)
    result = audit(sources, dataset=args.dataset, folds=args.folds, seed=args.seed,
                   nota_share=args.nota_share, shortcut=not args.no_shortcut)
    if not any(src["settings"] for src in result["sources"]):
        raise UserError("no item to audit: no row has the columns these settings need",
                        file=args.dataset)
    console = Console() if sys.stdout.isatty() else Console(width=200)
    console.print(rich_table(result))
    for table in rich_tracker_tables(result):
        console.print(table)
    for line in shortcut_lines(result):
        console.print(line, markup=False)
    if args.output:
        out = Path(args.output)
        if out.exists() and not out.is_dir():
            raise UserError("not a folder", file=str(out))
        out.mkdir(parents=True, exist_ok=True)
        (out / "audit.json").write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf-8", newline="\n")
        (out / "audit.svg").write_text(audit_svg(result), encoding="utf-8", newline="\n")
        if not args.no_shortcut:
            for src in sources:
                name = src.name.replace("/", "-").rsplit(".", 1)[0] + ".jsonl"
                with open(out / name, "w", encoding="utf-8", newline="\n") as fh:
                    for _, fields in src.rows:
                        fh.write(json.dumps(fields, ensure_ascii=False, default=str) + "\n")
        console.print(f"wrote {out}/audit.json, audit.svg"
                      + ("" if args.no_shortcut else " and the rows with shortcut_pred, "
                         "shortcut_confidence, difficulty"), markup=False)
    for line in result["leaks"]:
        print(f"mindgames: audit: {line}", file=sys.stderr)
    return 0 if result["passed"] else 1
