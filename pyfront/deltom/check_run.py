"""``mindgames check DIR --format deltom``: every question of every DEL-ToM story folder
answered by the model, and every entry of its ``trace.jsonl`` compared with the model's
trace of the same object.

Per story folder, one JSON line per question (Hi-ToM's fields and ``story``, the folder),
then one per trace entry (``source`` the trace file, ``row``, ``line``, ``story``, ``t``,
``order``, ``chain``, ``expected``, ``answer``, ``agrees``, ``class``, ``explanation``,
``stale``; :mod:`.traces`); a file that cannot be read is one record with its
``FILE:LINE:COL`` error.  Then the tables (:mod:`.report`).  Each story is answered in a
child process within ``--timeout`` and ``--max-memory``.
"""

from __future__ import annotations


def source(args, options):
    """The check source of DEL-ToM folders: an item per story folder."""
    from pathlib import Path

    from ..checking.pipeline import Source
    from ..data.guard import benchmark_items
    from ..errors import UserError
    from ..tomi.check_run import BenchmarkReport
    from .certify import check_story, last_record_key, stopped_records
    from .report import DeltomSummary

    mode = getattr(args, "backend", "native")
    if mode != "native":
        raise UserError(f"--format deltom is checked by the event-model engine: --backend "
                        f"{mode} does not apply")
    for p in args.paths:
        if not Path(p).is_dir():
            raise UserError("no such folder" if not Path(p).exists() else
                            "not a folder (DEL-ToM's data is a folder of story folders)", file=p)
    streams = [benchmark_items(p, "deltom") for p in args.paths]
    cache: dict = {}  # each child process fills its own copy

    def answer(story):
        records = check_story(story, cache, options.engine)
        cache.clear()
        return records

    def done_before(story, done) -> bool:
        """Whether the previous run wrote the story's last record (a story cut short is
        answered again; its records already written are not written twice)."""
        return done(last_record_key(story))

    return Source(items=lambda: (s for stream in streams for s in stream), answer=answer,
                  on_limit=stopped_records, report=BenchmarkReport(DeltomSummary(), None, mode),
                  skip=done_before, echo_errors=True)
