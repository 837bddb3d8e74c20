"""Checks of option values shared by the commands, so one option says the same everywhere
(a value argparse cannot read at all is a usage error, exit 2; a number out of range is
bad input, exit 1, like every other)."""

from __future__ import annotations

import os
import sys

from pyfront.errors import UserError

#: most rows (or stories) ``generate --size`` may ask for: every row is kept in memory
#: until the splits are written
MAX_SIZE = 1_000_000


def check_workers(workers: int | None, *, quiet: bool = True) -> int | None:
    """``--workers N``: absent (None: the command's default) or at least 1; more than
    :func:`worker_ceiling` is brought down to it (saying so unless ``quiet``).  The
    processes are started as items come, never more than the items waiting."""
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1: got {workers}")
    ceiling = worker_ceiling()
    if workers is not None and workers > ceiling:
        if not quiet:
            print(f"mindgames: note: --workers {workers}: {ceiling} used, one per core "
                  "(the most that helps)", file=sys.stderr)
        return ceiling
    return workers


def worker_ceiling() -> int:
    """The most worker processes a command starts: one per core this process may run on
    (a checking or generating worker keeps a core busy; more would only share them)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # (not Linux)
        return max(1, os.cpu_count() or 1)


def check_size(size: int, *, even: bool) -> None:
    """``generate --size N``: the range first, so a huge odd number is told it is huge."""
    least = 2 if even else 1
    if size < least:
        raise UserError(f"--size must be at least {least}: got {size}")
    if size > MAX_SIZE:
        raise UserError(f"--size must be at most {MAX_SIZE:,}: got {size:,} (every row is "
                        "kept in memory until the splits are written)")
    if even and size % 2:
        raise UserError(f"--size must be an even number (each premise gives one entailed and "
                        f"one non-entailed row): got {size}")
