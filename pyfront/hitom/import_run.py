"""``mindgames import FILE.jsonl --format hitom -o DIR``: one story DSL file per Hi-ToM
question, through the reader and translation ``check`` uses.

Each file, ``hitom00000.del`` …, holds the story as it concerns the object asked about
(:func:`.translate.about`) with the trust rule, and the question with Hi-ToM's answer as
``expect`` (so ``mindgames check DIR`` re-checks it).  A question that cannot be read or
modelled is reported as one ``FILE:LINE`` line and left out; the rest is written.
"""

from __future__ import annotations

import sys
from pathlib import Path


def run(args) -> int:
    from ..errors import UserError
    from ..story.dsl_print import to_dsl
    from ..tomi.certify import TomiError, check_names
    from .certify import parsed_question, question_for
    from ..data.guard import benchmark_items
    from .translate import translate

    from ..data.folders import prepare_output

    outdir = Path(args.output)
    source = args.dataset
    if not Path(source).is_file():
        raise UserError("no such file" if not Path(source).exists() else "not a file", file=source)
    questions = list(benchmark_items(source, "hitom"))
    prepare_output(outdir, getattr(args, "force", False), "hitom")
    outdir.mkdir(parents=True, exist_ok=True)
    written = failed = 0
    for hq in questions:
        try:
            q = parsed_question(hq)
            tr = translate(source, hq.story, name=f"hitom_{hq.row:05d}", obj=q.obj)
            check_names(hq, q, tr)
        except TomiError as err:
            print(f"mindgames: {err}", file=sys.stderr)
            failed += 1
            continue
        story = tr.story.model_copy(update={"questions": [question_for(q, tr, hq)]})
        header = (f"# {Path(source).name}, line {hq.line}: Hi-ToM question {hq.row} (order "
                  f"{hq.question_order}, deception {str(hq.deception).lower()}), the story as it "
                  f"concerns the {q.obj}; Hi-ToM's answer as the expectation\n")
        (outdir / f"hitom{hq.row:05d}.del").write_text(
            header + to_dsl(story).rstrip("\n") + "\n", encoding="utf-8", newline="\n")
        written += 1
    print(f"import: wrote {written} story files to {outdir}"
          + (f"; {failed} questions failed" if failed else ""), file=sys.stderr)
    return 1 if failed else 0
