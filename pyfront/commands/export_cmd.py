"""``mindgames export lm-eval DATASET -o DIR``: a dataset as lm-evaluation-harness tasks."""

from __future__ import annotations

import argparse

from .options import output_path

HELP = "export a dataset for other tools: 'export lm-eval DATASET -o DIR' writes lm-evaluation-harness task YAML"

TARGETS = ("lm-eval",)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("target", choices=TARGETS, help="what to export for (lm-eval)")
    parser.add_argument("dataset", metavar="DATASET", help="a dataset folder (train/validation/test.jsonl) or one .jsonl file")
    parser.add_argument("-o", "--output", required=True, metavar="DIR", type=output_path,
                        help="folder for the task YAML files")
    parser.add_argument("--name", help="task name prefix (default mindgames_<dataset folder>)")
    parser.add_argument("--force", action="store_true",
                        help="write into a DIR that already holds files (the files of the "
                             "same names are replaced; default: refuse)")


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from ..errors import UserError
    from ..evaluation.lm_eval_export import export, task_name
    from ..evaluation.pipeline import form_folders

    out = Path(args.output)
    if out.is_dir() and any(out.iterdir()) and not args.force:
        raise UserError("the directory already holds files: give --force to write into it "
                        "anyway", file=args.output)

    forms = form_folders(args.dataset)
    if forms:  # a folder of forms (a story dataset): the tasks of every form, one folder
        name = args.name or task_name(args.dataset)
        written = [path for form in forms for path in export(form, args.output, name)]
    else:
        written = export(args.dataset, args.output, args.name)
    for path in written:
        print(path)
    print(f"export: wrote {len(written)} lm-eval tasks (with their data: the folder stands alone); "
          f"run them there: cd {args.output} && lm_eval --include_path . --tasks "
          f"{written[0].stem} …", file=sys.stderr)
    return 0
