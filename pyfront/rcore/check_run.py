"""``mindgames check FILE.jsonl --format reasoning-core``: every row's question answered by
the model.

One JSON line per row (``source``, ``row``, ``line``, ``question``, ``level``, ``depth``,
``kinds``, ``expected``, ``answer``, ``agrees``, ``explanation``, ``class``, ``pivot`` (the
sentence that makes a disagreement); ``error`` for
a row that could not be read or modelled), then the agreement tables and every
disagreement.  ``--certified OUT.jsonl`` also writes each row as it was read, with
``certified`` beside: the model's answer, whether it agrees, and the class.  The source is
built as ToMi's (:func:`pyfront.tomi.check_run.benchmark_source`).
"""

from __future__ import annotations

import json


def source(args, options):
    """The check source of reasoning-core files (and the ``--certified`` file beside)."""
    from ..tomi.check_run import benchmark_source
    from .certify import base_record, check_row
    from .reader import iter_rows
    from .report import RcoreSummary

    certified = getattr(args, "certified", None)
    if certified:
        from ..errors import UserError

        if any(_same(certified, p) for p in args.paths):
            raise UserError("--certified names a file to check: it would be overwritten",
                            file=certified)
    out = benchmark_source(args, options, iter_rows, check_row, base_record, RcoreSummary(),
                           "reasoning-core")
    if not certified:
        return out
    target = open(certified, "w", encoding="utf-8", newline="\n")
    lines: dict[str, list[str]] = {}

    def write_certified(record: dict) -> None:
        path = record["source"]
        if path not in lines:
            lines[path] = [ln for ln in open(path, encoding="utf-8", errors="replace")
                           if ln.strip()]
        try:
            row = json.loads(lines[path][record["row"]])
        except (ValueError, IndexError):
            row = {"unreadable": True}
        if isinstance(row, dict):
            row["certified"] = {k: record.get(k) for k in
                                ("answer", "agrees", "class", "pivot", "explanation", "error")}
            target.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")

    out.after, out.close = write_certified, target.close
    return out


def _same(a: str, b: str) -> bool:
    import os

    return os.path.isfile(a) and os.path.isfile(b) and os.path.samefile(a, b)
