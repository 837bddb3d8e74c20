"""The steps every ``generate --family`` run (MindGames, stories, functional) shares around
its own pipeline: refusing to replace a dataset, the progress bar on a terminal, and
refusing to write a leaking one."""

from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence


def refuse_existing(out_dir: Path, force: bool, names: Sequence[str]) -> None:
    """Stop before any work when ``out_dir`` already holds one of ``names`` (unless ``force``),
    when something other than a file stands where one of them goes, or when nothing can be
    written there (the work would be lost at its end)."""
    from ..errors import UserError

    if out_dir.exists() and not out_dir.is_dir():
        raise UserError("output exists and is not a directory", file=str(out_dir))
    present = [n for n in names if (out_dir / n).exists()]
    if present and not force:
        shown = ", ".join(present[:3]) + ("…" if len(present) > 3 else "")
        raise UserError(f"already holds a dataset ({shown}): give --force to "
                        "replace it, or another directory", file=str(out_dir))
    blocked = [n for n in present if not (out_dir / n).is_file()]
    if blocked:
        raise UserError(f"{blocked[0]} is in the way: it is not a file, and --force replaces "
                        "only files", file=str(out_dir))
    _probe_writable(out_dir)


def _probe_writable(out_dir: Path) -> None:
    """A one-line error unless a file can be made in ``out_dir``, or in the nearest folder
    above it that exists (which then takes the new folders); nothing is left behind."""
    import errno
    import tempfile

    from ..errors import UserError

    here = out_dir.absolute()
    probe = next((p for p in (here, *here.parents) if p.exists()), None)
    try:
        if probe is None or not probe.is_dir():
            raise NotADirectoryError(errno.ENOTDIR, "Not a directory")
        with tempfile.TemporaryFile(dir=probe):
            pass
    except OSError as err:
        raise UserError(f"cannot write here: {err.strerror or err}", file=str(out_dir)) from None


@contextmanager
def progress_callback(label: str, total: int, quiet: bool) -> Iterator[Callable[[int, int], None] | None]:
    """A progress bar on a terminal's stderr, as the pipelines' ``on_progress`` callback
    (``None`` when quiet or not on a terminal)."""
    if not sys.stderr.isatty() or quiet:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    progress = Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), console=Console(stderr=True), transient=True)
    task = progress.add_task(label, total=total)

    def callback(done: int, total: int) -> None:
        progress.update(task, completed=done)

    progress.start()
    try:
        yield callback
    finally:
        progress.stop()


def refuse_leaking(out_dir: Path, audit: Any, failed: Sequence[str], hint: str = "") -> None:
    """Write only ``audit.json`` and stop, naming the first leak (``hint`` ends the line)."""
    from ..errors import UserError

    out_dir.mkdir(parents=True, exist_ok=True)
    (out_dir / "audit.json").write_text(json.dumps(audit, indent=2, ensure_ascii=False) + "\n",
                                        encoding="utf-8", newline="\n")
    more = f" (and {len(failed) - 1} more)" if len(failed) > 1 else ""
    raise UserError(f"the dataset's audit fails: {failed[0]}{more}; nothing written but "
                    f"{out_dir / 'audit.json'}. Give --allow-leaks to write it anyway" + hint)
