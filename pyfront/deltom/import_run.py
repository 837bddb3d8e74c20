"""``mindgames import DIR --format deltom -o OUT``: one story DSL file per DEL-ToM question,
through the reader and translation ``check`` uses (Hi-ToM's).

Each file (``deltom_Tell_MC_length_1_sample_1_order_3.del`` …: the story folder's path under DIR
and the order) holds the story as it concerns the object asked about, with the trust rule,
and the question with DEL-ToM's answer as ``expect`` (so ``mindgames check OUT`` re-checks
it, and ``mindgames trace FILE --shape deltom`` traces the same object).  A question that
cannot be read or modelled is one ``FILE:LINE:COL`` line on standard error and left out.
"""

from __future__ import annotations

import sys
from pathlib import Path


def file_name(root: Path, question_source: str) -> str:
    """The DSL file of a question: its order file's path under ``root``, joined by ``_``."""
    rel = Path(question_source).resolve().relative_to(root.resolve())
    return "_".join(("deltom",) + rel.with_suffix("").parts) + ".del"


def run(args) -> int:
    from ..data.folders import prepare_output
    from ..data.guard import benchmark_items
    from ..errors import UserError
    from ..hitom.certify import parsed_question, question_for, translated
    from ..story.dsl_print import to_dsl
    from ..tomi.certify import TomiError, check_names

    root, outdir = Path(args.dataset), Path(args.output)
    if not root.is_dir():
        raise UserError("no such folder" if not root.exists() else "not a folder (DEL-ToM's "
                        "data is a folder of story folders)", file=str(root))
    stories = list(benchmark_items(str(root), "deltom"))
    prepare_output(outdir, getattr(args, "force", False), "deltom")
    outdir.mkdir(parents=True, exist_ok=True)
    written = failed = 0
    for story in stories:
        cache: dict = {}
        for hq in story.questions:
            try:
                q = parsed_question(hq)
                tr = translated(hq, q.obj, cache)
                check_names(hq, q, tr, ":1")
            except TomiError as err:
                print(f"mindgames: {err}", file=sys.stderr)
                failed += 1
                continue
            name = file_name(root, hq.source)
            model = tr.story.model_copy(update={"name": name[:-4],
                                                "questions": [question_for(q, tr, hq)]})
            header = (f"# {hq.source}: DEL-ToM question of order {hq.question_order} "
                      f"({story.tell or 'Tell?'}), the story as it concerns the {q.obj}; "
                      "DEL-ToM's answer as the expectation\n")
            (outdir / name).write_text(header + to_dsl(model).rstrip("\n") + "\n",
                                       encoding="utf-8", newline="\n")
            written += 1
    print(f"import: wrote {written} story files to {outdir}"
          + (f"; {failed} questions failed" if failed else ""), file=sys.stderr)
    return 1 if failed else 0
