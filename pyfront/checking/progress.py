"""What a ``mindgames check`` run shows while it works, and where its lines go.

On a terminal a run shows a progress bar (items done, failures, elapsed time — it keeps
ticking while a slow checker works) and ends with the compact summary; the JSON lines
go to ``-o`` or, with ``--json`` or into a pipe, to standard output.  A closed standard
output (``check … | head -1``) stops the JSON lines, not the run: the summary and the
exit code still tell how every item went.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Iterable

from .records import encode_record


def count_items(paths: Iterable[str]) -> int | None:
    """How many items the paths hold, when that is cheap to know (datasets: their rows),
    else None (the bar then counts without a total)."""
    import csv

    total = 0
    for p in paths:
        path = Path(p)
        name = path.name.lower()
        try:
            if name.endswith((".jsonl", ".ndjson")):
                with open(path, "rb") as fh:
                    total += sum(1 for line in fh if line.strip())
            elif name.endswith(".csv"):
                csv.field_size_limit(1 << 30)
                with open(path, newline="", encoding="utf-8-sig") as fh:
                    total += max(0, sum(1 for _ in csv.reader(fh)) - 1)
            else:
                return None
        except (OSError, UnicodeDecodeError, csv.Error):
            return None
    return total


class Groups:
    """The summary row of each item: the path given on the command line it came from (a
    directory is one row, not one per file)."""

    def __init__(self, paths: Iterable[str]):
        self._dirs = [(p, Path(p)) for p in paths if Path(p).is_dir()]
        self._cache: dict[str, str] = {}

    def __call__(self, source: str) -> str:
        group = self._cache.get(source)
        if group is None:
            group = source
            for given, path in self._dirs:
                if Path(source).is_relative_to(path):
                    group = given
                    break
            self._cache[source] = group
        return group


class Progress:
    """A progress bar on standard error (only used when standard error is a terminal)."""

    def __init__(self, total: int | None, *, refresh_thread: bool = True):
        from rich.console import Console
        from rich.progress import (
            BarColumn, MofNCompleteColumn, Progress as Bar, SpinnerColumn, TextColumn,
            TimeElapsedColumn,
        )

        columns = [SpinnerColumn(), TextColumn("checking"), BarColumn(),
                   MofNCompleteColumn() if total else TextColumn("{task.completed} items"),
                   TextColumn("{task.fields[failed]}"), TimeElapsedColumn(),
                   TextColumn("{task.fields[detail]}")]
        # no refresh thread when worker processes are forked meanwhile
        self._bar = Bar(*columns, console=Console(stderr=True), transient=True,
                        auto_refresh=refresh_thread, refresh_per_second=4)
        self._task = self._bar.add_task("check", total=total, failed="", detail="")
        self._manual = not refresh_thread
        self._done = self._failed = 0

    def __enter__(self) -> "Progress":
        self._bar.start()
        return self

    def __exit__(self, *exc) -> None:
        self._bar.stop()

    def advance(self, record: dict) -> None:
        self._done += 1
        if record.get("error") or record.get("agrees") is False or record.get("backends_agree") is False:
            self._failed += 1
        failed = f"{self._failed} wrong or failed" if self._failed else ""
        self._bar.update(self._task, completed=self._done, failed=failed,
                         refresh=self._manual and self._done % 64 == 0)



def terminal_bar(quiet: bool, stdout_lines: bool, total=None, *,
                 forks: bool = True) -> "Progress | None":
    """A started progress bar when standard error is a terminal (not with ``quiet``, and not
    when JSON lines go to the same terminal); the caller stops it (``bar.__exit__``).
    ``total``: the items, or a function telling them; ``forks``: items are answered in
    forked children (no refresh thread meanwhile)."""
    if quiet or not sys.stderr.isatty() or (stdout_lines and sys.stdout.isatty()):
        return None
    total = total() if callable(total) else total
    return Progress(total, refresh_thread=not forks).__enter__()


class JsonLines:
    """JSON lines to standard output, until a reader closes it."""

    def __init__(self) -> None:
        self.closed = False

    def write(self, record: dict) -> None:
        if self.closed:
            return
        try:
            sys.stdout.write(encode_record(record) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            self.closed = True
            # nothing more goes there, not even at exit
            try:
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                os.close(devnull)
            except (OSError, ValueError):
                pass
