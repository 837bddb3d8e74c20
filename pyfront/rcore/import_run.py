"""``mindgames import FILE.jsonl --format reasoning-core -o DIR``: one story DSL file per
row, through the reader and translation ``check`` uses.

Each file, ``rcore00000.del`` …, holds the story as it concerns the object asked about
and the question with the library's answer as ``expect`` (so ``mindgames check DIR``
re-checks it).  A row that cannot be read or translated is reported as one ``FILE:LINE``
line and left out; the rest is written.
"""

from __future__ import annotations

import sys
from pathlib import Path


def run(args) -> int:
    from ..data.folders import prepare_output
    from ..errors import UserError
    from ..story import model as sm
    from ..story.dsl_print import to_dsl
    from ..data.guard import benchmark_items
    from .translate import RcoreError, translate, variable_name

    outdir = Path(args.output)
    source = args.dataset
    if not Path(source).is_file():
        raise UserError("no such file" if not Path(source).exists() else "not a file", file=source)
    rows = list(benchmark_items(source, "reasoning-core"))
    prepare_output(outdir, getattr(args, "force", False), "reasoning-core")
    outdir.mkdir(parents=True, exist_ok=True)
    written = failed = 0
    for row in rows:
        try:
            if row.error:
                raise RcoreError(row.error)
            tr = translate(row, name=f"rcore_{row.row:05d}")
        except RcoreError as err:
            print(f"mindgames: {err}", file=sys.stderr)
            failed += 1
            continue
        q = sm.Question(name=f"q{row.row}", path=row.chain, variable=variable_name(row.obj),
                        step=tr.n_events, expected=(row.expected,))
        story = tr.story.model_copy(update={"questions": [q]})
        header = (f"# {Path(source).name}, line {row.line}: reasoning-core row {row.row} "
                  f"(level {row.level}, depth {len(row.chain)}), the story as it concerns "
                  f"the {row.obj}; the library's answer as the expectation\n")
        (outdir / f"rcore{row.row:05d}.del").write_text(
            header + to_dsl(story).rstrip("\n") + "\n", encoding="utf-8", newline="\n")
        written += 1
    print(f"import: wrote {written} story files to {outdir}"
          + (f"; {failed} rows failed" if failed else ""), file=sys.stderr)
    return 1 if failed else 0
