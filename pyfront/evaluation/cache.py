"""The response cache: one JSON line per reply, appended as soon as it arrives, so a run
that is interrupted (a crash, a kill, a server that stops) resumes without asking again
for what it already has.  A line that is not a whole entry (torn by a kill, cut, edited)
is ignored, and its number kept in ``damaged``: its reply is asked for again."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any


class ResponseCache:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        self.entries: dict[str, dict[str, Any]] = {}
        #: numbers (1-based) of the lines that are not entries
        self.damaged: list[int] = []
        self._lock = threading.Lock()
        if self.path.exists():
            with open(self.path, "rb") as fh:
                for number, line in enumerate(fh, 1):
                    if not line.strip():
                        continue
                    try:
                        entry = json.loads(line)
                    except ValueError:
                        entry = None
                    if is_entry(entry):
                        self.entries[entry["key"]] = entry
                    else:
                        self.damaged.append(number)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "ab")
        if self._fh.tell() and not _ends_with_newline(self.path):
            self._fh.write(b"\n")  # after a torn line: start clean

    def get(self, key: str) -> dict[str, Any] | None:
        return self.entries.get(key)

    def put(self, key: str, response: str, usage: dict[str, int] | None) -> None:
        entry = {"key": key, "response": response, "usage": usage}
        line = (json.dumps(entry, ensure_ascii=False) + "\n").encode("utf-8")
        with self._lock:
            self.entries[key] = entry
            if self._fh.closed:  # a reply that came in after the run was interrupted
                return
            self._fh.write(line)
            self._fh.flush()

    def close(self) -> None:
        with self._lock:
            if not self._fh.closed:
                self._fh.flush()
                os.fsync(self._fh.fileno())
                self._fh.close()


def is_entry(entry: Any) -> bool:
    """Whether a parsed line is an entry as :meth:`ResponseCache.put` writes it (a forged
    token tally would break the run's usage figures)."""
    if not (isinstance(entry, dict) and isinstance(entry.get("key"), str)
            and isinstance(entry.get("response"), str)):
        return False
    usage = entry.get("usage")
    return usage is None or (isinstance(usage, dict) and all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) and v >= 0
        for k, v in usage.items()))


def _ends_with_newline(path: Path) -> bool:
    with open(path, "rb") as fh:
        fh.seek(-1, os.SEEK_END)
        return fh.read(1) == b"\n"
