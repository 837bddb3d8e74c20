"""A time limit kept in this process, where items cannot run in child processes (no
``fork``: :mod:`.limits` falls back on it).

The limit is a cooperative deadline: a timer signal (``SIGALRM``) interrupts the item's
Python code once its seconds have passed and the item becomes a one-line failure; the run
goes on with the next item.  A single call into the BDD library is not interrupted, only
the Python code around it, so an item may overrun by the length of one such call.  Where
timer signals are unavailable (not the main thread, not POSIX) items run unbounded.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

from ..errors import UserError


class ItemTimeout(UserError):
    """The item ran past its time limit."""

    def __init__(self, seconds: float):
        super().__init__(f"timed out after {seconds:g} s (--timeout)")
        self.seconds = seconds


@contextmanager
def item_deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`ItemTimeout` in the body once ``seconds`` have passed (None: never).
    Nested deadlines keep the outer one."""
    usable = (seconds is not None and seconds > 0 and hasattr(signal, "setitimer")
              and threading.current_thread() is threading.main_thread()
              and signal.getitimer(signal.ITIMER_REAL)[0] == 0)
    if not usable:
        yield
        return

    def expire(signum, frame):
        raise ItemTimeout(seconds)

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)

