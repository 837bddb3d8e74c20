"""Result files on disk: JSON lines written as results come, resumable after an
interruption (``check -o``).  Kept apart from :mod:`.batch` so that a run of the embedded
engines does not load the official binary's batching machinery to write its records."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Callable, Hashable

class ResultLog:
    """A JSON-lines result file written as results come, resumable after an interruption.

    With ``resume=True`` the records already in ``path`` are read back (a last line cut
    in the middle by the interruption is removed) and :meth:`done` tells which keys are
    there; new records are appended.  Without it the file is started afresh.  Every
    record is flushed at once, so a killed run loses nothing it wrote.
    """

    def __init__(self, path: str | os.PathLike, key: Callable[[dict], Hashable],
                 *, resume: bool = False):
        self.path = Path(path)
        self._key = key
        self.previous: list[dict] = []
        #: lines of the old file that were not records, and the 1-based line where they
        #: began (resume drops them with everything after: those items are redone)
        self.dropped_lines = 0
        self.dropped_from: int | None = None
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
            if not isinstance(record, dict):
                # a damaged line: everything from here on is redone
                self.dropped_lines, self.dropped_from = len(lines) - n, n + 1
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
                self._file.write(json.dumps(record, ensure_ascii=False) + "\n")
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
