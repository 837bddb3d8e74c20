"""``mindgames import``: published MindGames rows -> one DSL file per row."""

from __future__ import annotations

import argparse

from .options import output_path

HELP = ("turn the rows of a MindGames dataset into DSL files, one per row (or ToMi "
        "stories, one per story: --format tomi)")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("dataset", metavar="DATASET", help="a .csv or .jsonl file with smcdel_problem, setup, names (a folder "
                             "for --format deltom)")
    parser.add_argument("-o", "--output", required=True, metavar="DIR", type=output_path,
                        help="directory for the .del files")
    parser.add_argument("--format", choices=("mindgames", "tomi", "hitom", "deltom", "reasoning-core"),
                        default="mindgames",
                        help="mindgames (dataset rows, default), tomi: a ToMi story file "
                             "(.txt), one story DSL file per story, hitom: Hi-ToM "
                             "questions (.jsonl), one story DSL file per question, deltom: "
                             "a folder as DEL-ToM's generator writes it, one story DSL file "
                             "per question, or "
                             "reasoning-core: its belief-tracking rows (.jsonl), one story "
                             "DSL file per row")
    parser.add_argument("--force", action="store_true",
                        help="write into a DIR that already holds files (the files an earlier "
                             "import wrote there, row*.del or story*.del, are replaced)")


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from pyfront.problem.dsl_print import to_dsl
    from ..errors import UserError
    from pyfront.data.loading import row_place, row_problems

    if args.format == "tomi":
        from ..tomi.import_run import run as run_tomi

        return run_tomi(args)
    if args.format == "hitom":
        from ..hitom.import_run import run as run_hitom

        return run_hitom(args)
    if args.format == "deltom":
        from ..deltom.import_run import run as run_deltom

        return run_deltom(args)
    if args.format == "reasoning-core":
        from ..rcore.import_run import run as run_rcore

        return run_rcore(args)
    from pyfront.data.folders import prepare_output
    from pyfront.data.rows import require_columns, require_dataset

    outdir = Path(args.output)
    if Path(args.dataset).suffix.lower() == ".txt":
        raise UserError("a .txt file is no MindGames dataset (.csv or .jsonl); for ToMi "
                        "stories give --format tomi", file=args.dataset)
    require_dataset(args.dataset)  # before the output folder exists: a failed run makes none
    require_columns(args.dataset, ("smcdel_problem", "setup", "names"))
    prepare_output(outdir, args.force, "mindgames")
    source = Path(args.dataset).name
    n = errors = 0
    for row, line, fields, pb in row_problems(args.dataset):
        n += 1
        if isinstance(pb, str):  # the reason the row could not be imported
            errors += 1
            print(f"mindgames: {args.dataset}: {row_place(row, line)}: {pb}", file=sys.stderr)
            continue
        outdir.mkdir(parents=True, exist_ok=True)
        header = f"# {source}, row {row}: setup {pb.setup}"
        if fields.get("label"):
            header += f", label {fields['label']}"
        (outdir / f"row{row:05d}.del").write_text(header + "\n" + to_dsl(pb), encoding="utf-8")
    if n == 0:
        raise UserError("no row to import", file=args.dataset)
    from pyfront.words import count

    print(f"import: wrote {count(n - errors, 'DSL file')}" + (f" to {outdir}" if n > errors else "")
          + (f"; {count(errors, 'row')} failed" if errors else ""),
          file=sys.stderr)
    return 1 if errors else 0
