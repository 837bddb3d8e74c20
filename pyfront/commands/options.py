"""Checks of option values shared by the commands, so one option says the same everywhere
(a value argparse cannot read at all is a usage error, exit 2; a number out of range is
bad input, exit 1, like every other)."""

from __future__ import annotations

from pyfront.errors import UserError

#: most rows (or stories) ``generate --size`` may ask for: every row is kept in memory
#: until the splits are written
MAX_SIZE = 1_000_000


def check_workers(workers: int | None) -> None:
    """``--workers N``: absent (the command's default) or at least 1."""
    if workers is not None and workers < 1:
        raise UserError(f"--workers must be at least 1: got {workers}")


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
