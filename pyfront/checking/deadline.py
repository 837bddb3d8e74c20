"""A time limit per checked item on the embedded engines (``check --timeout S``).

The embedded engines run in this process, so the limit is a cooperative deadline: a timer
signal (``SIGALRM``) interrupts the item's Python code once ``S`` seconds have passed and
the item becomes a one-line failure; the run goes on with the next item (a fresh engine
state per item, so nothing half-done is reused).  A single call into the BDD library is
not interrupted, only the Python code around it, so an item may overrun by the length of
one such call.  Where timer signals are unavailable (not the main thread, not POSIX) items
run unbounded.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

from ..errors import UserError

_limit: list[float | None] = [None]


class ItemTimeout(UserError):
    """The item ran past its time limit."""

    def __init__(self, seconds: float):
        super().__init__(f"timed out after {seconds:g} s (--timeout)")
        self.seconds = seconds


def set_item_timeout(seconds: float | None) -> None:
    """The limit :func:`item_deadline` applies from now on (None: none)."""
    _limit[0] = seconds


def item_timeout() -> float | None:
    return _limit[0]


@contextmanager
def item_deadline(seconds: float | None = None) -> Iterator[None]:
    """Raise :class:`ItemTimeout` in the body once ``seconds`` (default: the limit set
    with :func:`set_item_timeout`) have passed.  Nested deadlines keep the outer one."""
    seconds = _limit[0] if seconds is None else seconds
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

