"""Where a check's records go, one set of rules for every kind of input: ``-o OUT.jsonl``
(never one of the files checked; not replaced unless ``--force``, gone on with under
``--resume``), JSON lines on standard output with ``--json`` or into a pipe; and the
result log, written as records come so that an interrupted run loses nothing and resumes
where it stopped."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Callable, Hashable, Sequence

from ..errors import UserError
from .records import encode_record, finished


def check_output(args, paths: Sequence[str], *, resumable: bool = True) -> bool:
    """Refuse an ``-o`` the run must not write (one line naming it); whether the records
    also go to standard output."""
    output = getattr(args, "output", None)
    if output and os.path.isfile(output) and any(
            os.path.isfile(p) and os.path.samefile(output, p) for p in paths):
        raise UserError("-o names a file to check: it would be overwritten", file=output)
    resume = getattr(args, "resume", False)
    if resume and getattr(args, "force", False):
        raise UserError("--force (replace -o) and --resume (go on with it) contradict each "
                        "other: give one")
    if resume and not output:
        raise UserError("--resume needs -o OUT.jsonl (the results to resume)")
    if resume and not resumable:
        raise UserError("--resume is not available for these files")
    if (output and not resume and not getattr(args, "force", False) and os.path.isfile(output)
            and os.path.getsize(output) > 0):
        hint = "give --resume to go on with it, or --force to replace it" if resumable else \
            "give --force to replace it"
        raise UserError(f"already exists: {hint}", file=output)
    return bool(getattr(args, "json", False) or (not output and not sys.stdout.isatty()))


class ResultLog:
    """A JSON-lines result file written as results come, resumable after an interruption.

    With ``resume=True`` the records already in ``path`` are read back (a last line cut
    in the middle by the interruption is removed) and :meth:`done` tells which keys are
    there; new records are appended.  Without it the file is started afresh.  Every
    record is flushed at once, so a killed run loses nothing it wrote.
    """

    def __init__(self, path: str | os.PathLike, key: Callable[[dict], Hashable],
                 *, resume: bool = False, kept: Callable[[dict], bool] | None = None):
        self.path = Path(path)
        self._key = key
        #: whether a record read back stands for its item (default: any JSON object)
        self._kept = kept
        self.previous: list[dict] = []
        #: lines of the old file that were not records, and the 1-based line where they
        #: began (resume drops them with everything after: those items are redone)
        self.dropped_lines = 0
        self.dropped_from: int | None = None
        #: why the first of them was dropped
        self.dropped_why = "not a JSON record"
        self._done: set[Hashable] = set()
        if resume and self.path.exists():
            self._load()
            self._file = open(self.path, "a", encoding="utf-8")
        else:
            if self.path.parent and not self.path.parent.exists():
                self.path.parent.mkdir(parents=True, exist_ok=True)
            self._file = open(self.path, "w", encoding="utf-8")

    def _load(self) -> None:
        data = self.path.read_bytes()
        keep = len(data)
        if data and not data.endswith(b"\n"):
            keep = data.rfind(b"\n") + 1  # drop the line the interruption cut
        good = 0
        lines = data.splitlines(keepends=True)
        for n, raw in enumerate(data[:keep].splitlines(keepends=True)):
            try:
                record = json.loads(raw)
            except (ValueError, RecursionError):
                record = None
            if not isinstance(record, dict) or (self._kept is not None
                                                and not self._kept(record)):
                # a damaged line: everything from here on is redone
                self.dropped_lines, self.dropped_from = len(lines) - n, n + 1
                if isinstance(record, dict):
                    self.dropped_why = "not the record of a finished item"
                break
            self.previous.append(record)
            self._done.add(self._key(record))
            good += len(raw)
        if good != len(data):
            if self.dropped_from is None:  # only the line the interruption cut
                self.dropped_lines, self.dropped_from = 1, len(lines)
            with open(self.path, "r+b") as fh:
                fh.truncate(good)

    def done(self, key: Hashable) -> bool:
        return key in self._done

    def write(self, record: dict) -> None:
        try:
            try:
                self._file.write(encode_record(record) + "\n")
            except UnicodeEncodeError:  # a file name that is not UTF-8: keep its escapes
                self._file.write(json.dumps(record) + "\n")
            self._file.flush()
        except OSError as err:  # a full disk, say: name the file
            raise OSError(err.errno, err.strerror, str(self.path)) from None
        self._done.add(self._key(record))

    def close(self) -> None:
        try:
            self._file.close()
        except OSError as err:
            raise OSError(err.errno, err.strerror, str(self.path)) from None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _stranger(records: list[dict], paths: Sequence[str] | None) -> str | None:
    """The first source of ``records`` that is none of ``paths`` nor in a directory of
    them (None: every record belongs to the run)."""
    if not paths:
        return None
    given = {os.path.normpath(p) for p in paths}
    folders = tuple(p + os.sep for p in given if os.path.isdir(p))
    for record in records:
        source = record.get("source")
        where = os.path.normpath(source) if isinstance(source, str) else None
        if where is None or (where not in given and not where.startswith(folders)):
            return str(source)
    return None


def record_key(record: dict) -> tuple:
    """What ``--resume`` knows a record by: its source and row."""
    return record.get("source"), record.get("row")


class Writer:
    """The one writer of a check's records: ``-o`` (a :class:`ResultLog`, resumed with
    ``--resume``), and JSON lines on standard output with ``--json`` or into a pipe (run
    :func:`check_output` first: it refuses an ``-o`` the run must not write)."""

    def __init__(self, args):
        from .progress import JsonLines

        output = getattr(args, "output", None)
        self.to_stdout = bool(getattr(args, "json", False)
                              or (not output and not sys.stdout.isatty()))
        self.log = None
        self.previous: list[dict] = []
        if output:
            self.log = ResultLog(output, record_key, resume=getattr(args, "resume", False),
                                 kept=finished)
            if self.log.dropped_lines:
                print(f"mindgames: {output}: line {self.log.dropped_from} is "
                      f"{self.log.dropped_why}: dropped it and the "
                      f"{self.log.dropped_lines - 1} line(s) after it; their items are "
                      "checked again", file=sys.stderr)
            self.previous = self.log.previous
            stranger = _stranger(self.previous, getattr(args, "paths", None))
            if stranger is not None:
                self.log.close()
                raise UserError(f"holds records of {stranger}, which is not among the paths "
                                "checked: --resume goes on with a run of the same paths "
                                "(give --force to replace the file)", file=output)
        self._before = {record_key(r) for r in self.previous}
        self._lines = JsonLines() if self.to_stdout else None

    def done(self, key) -> bool:
        """Whether the previous run (``--resume``) wrote the record of ``key``."""
        return key in self._before

    def done_before(self, record: dict) -> bool:
        return record_key(record) in self._before

    def write(self, record: dict) -> None:
        if self.log is not None:
            self.log.write(record)
        if self._lines is not None:
            self._lines.write(record)

    def close(self) -> None:
        if self.log is not None:
            self.log.close()
