"""Why a checked item was stopped at its limit: the one-line messages, and the memory a
process holds (both the child processes of :mod:`.children` and the items answered in
this process by :mod:`.inline` speak them).

Usage::

    >>> from pyfront.checking.stops import memory_message, memory_text, timeout_message
    >>> timeout_message(0.5)
    'timed out after 0.5 s (--timeout)'
    >>> memory_text(3 << 29)
    '1.5 GB'
    >>> memory_message(301_200_000, 300 << 20)
    'stopped at 287.2 MB of memory, over the bound of 300 MB (--max-memory)'
"""

from __future__ import annotations

import os

from pyfront.errors import UserError

__all__ = ["LimitExceeded", "failure_message", "memory_message", "memory_text", "resident", "timeout_message",
           "UNITS"]

#: the units of ``--max-memory`` sizes and of the messages
UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


class LimitExceeded(UserError):
    """Why an item was stopped (its one-line message)."""


def memory_text(size: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if size >= UNITS[unit]:
            return f"{size / UNITS[unit]:.4g} {unit}B"
    return f"{size} B"


def timeout_message(timeout: float) -> str:
    return f"timed out after {timeout:g} s (--timeout)"


def memory_message(used: int, bound: int) -> str:
    return (f"stopped at {memory_text(used)} of memory, over the bound of "
            f"{memory_text(bound)} (--max-memory)")


def failure_message(err: BaseException) -> str:
    """An error the item's code did not expect, as its one-line failure."""
    text = str(err).strip().splitlines()
    return f"the checker failed: {err.__class__.__name__}" + (f": {text[0]}" if text else "")


def resident(pid: int | str = "self") -> int | None:
    """Resident memory of process ``pid`` in bytes, from ``/proc`` (None where it cannot
    be read: not Linux, or the process has ended)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return None
