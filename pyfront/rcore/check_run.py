"""``mindgames check FILE.jsonl --format reasoning-core``: every row's question answered by
the model.

One JSON line per row (``source``, ``row``, ``line``, ``question``, ``level``, ``depth``,
``kinds``, ``expected``, ``answer``, ``agrees``, ``explanation``, ``class``, ``pivot`` (the
sentence that makes a disagreement); ``error`` for
a row that could not be read or modelled), then the agreement tables and every
disagreement.  ``--certified OUT.jsonl`` also writes each row as it was read, with
``certified`` beside: the model's answer, whether it agrees, and the class.  The loop is
ToMi's (:func:`pyfront.tomi.check_run.run_with`).
"""

from __future__ import annotations

import json


def run(args) -> int:
    from ..tomi.check_run import run_with
    from .certify import check_file
    from .report import RcoreSummary

    certified = getattr(args, "certified", None)
    if not certified:
        return run_with(args, check_file, RcoreSummary(), "reasoning-core")
    from ..errors import UserError

    if any(_same(certified, p) for p in args.paths):
        raise UserError("--certified names a file to check: it would be overwritten",
                        file=certified)
    out = open(certified, "w", encoding="utf-8", newline="\n")

    def check_and_write(path, skip=None):
        lines = [ln for ln in open(path, encoding="utf-8", errors="replace") if ln.strip()]
        for record in check_file(path, skip=skip):
            try:
                row = json.loads(lines[record["row"]])
            except (ValueError, IndexError):
                row = {"unreadable": True}
            if isinstance(row, dict):
                row["certified"] = {k: record.get(k) for k in
                                    ("answer", "agrees", "class", "pivot", "explanation", "error")}
                out.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
            yield record

    try:
        return run_with(args, check_and_write, RcoreSummary(), "reasoning-core")
    finally:
        out.close()


def _same(a: str, b: str) -> bool:
    import os

    return os.path.isfile(a) and os.path.isfile(b) and os.path.samefile(a, b)
