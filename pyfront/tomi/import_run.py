"""``mindgames import FILE.txt --format tomi -o DIR``: one story DSL file per ToMi story.

ToMi tells a story once per question; consecutive questions about the same story become
one file, ``story00000.del`` …, whose questions carry ToMi's answers as ``expect`` (so
``mindgames check DIR`` re-checks them).  A question that cannot be read or modelled is
reported as one ``FILE:LINE`` line and left out; the rest is written.
"""

from __future__ import annotations

import sys
from itertools import groupby
from pathlib import Path


def run(args) -> int:
    from ..errors import UserError
    from ..story.dsl_print import to_dsl
    from .certify import TomiError, question_for, translate, check_names
    from ..data.guard import benchmark_items
    from .sentences import ShapeError, parse_question

    from ..data.folders import prepare_output

    outdir = Path(args.output)
    source = args.dataset
    if not Path(source).is_file():
        raise UserError("no such file" if not Path(source).exists() else "not a file", file=source)
    questions = benchmark_items(source, "tomi")  # nothing to import: fails here
    prepare_output(outdir, getattr(args, "force", False), "tomi")
    written = failed = total = 0
    index = 0
    for _, group in groupby(questions, key=lambda q: tuple(ln.text for ln in q.story)):
        group = list(group)
        total += len(group)
        try:
            first = next((q for q in group if not q.error), None)
            if first is None:
                raise TomiError(group[0].error)
            tr = translate(source, first.story, name=f"tomi_{index:05d}")
        except TomiError as err:
            for q in group:
                print(f"mindgames: {q.error or err}", file=sys.stderr)
            failed += len(group)
            index += 1
            continue
        asked = []
        for q in group:
            try:
                if q.error:
                    raise TomiError(q.error)
                try:
                    parsed = parse_question(q.question)
                except ShapeError as err:
                    raise TomiError(f"{source}:{q.line}: {err}") from None
                check_names(q, parsed, tr)
                asked.append(question_for(parsed, tr, name=f"q{q.row}")
                             .model_copy(update={"expected": (q.expected,)}))
            except TomiError as err:
                print(f"mindgames: {err}", file=sys.stderr)
                failed += 1
        if asked:
            story = tr.story.model_copy(update={"questions": asked})
            first_line = tr.sentences[0].line if tr.sentences else group[0].line
            header = (f"# {Path(source).name}, lines {first_line}-{group[-1].line}: ToMi questions "
                      f"{group[0].row}-{group[-1].row}, ToMi's answers as expectations\n")
            text = to_dsl(story)
            outdir.mkdir(parents=True, exist_ok=True)  # only once there is a file to write
            (outdir / f"story{index:05d}.del").write_text(header + text.rstrip("\n") + "\n",
                                                          encoding="utf-8", newline="\n")
            written += 1
        index += 1
    from pyfront.words import count

    print(f"import: wrote {count(written, 'story file')} ({count(total - failed, 'question')})"
          + (f" to {outdir}" if written else "")
          + (f"; {count(failed, 'question')} failed" if failed else ""), file=sys.stderr)
    return 1 if failed else 0
