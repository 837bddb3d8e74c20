"""Light items answered in this process, held to the same limits as in a child process.

A child process costs more than the items it answers when they are tiny: a MindGames row
takes some 30 microseconds to answer, and its trip to a child and back (pickled both ways,
two pipes, the switches between the processes) several times that.  Items the caller
declares light (a predicate that proves their work small and made of Python code alone,
which a signal interrupts between two byte-codes) are answered here instead, and the
limits still hold:

* time: a timer signal (``SIGALRM``) ticks while items are answered and stops the item in
  progress, with :class:`~pyfront.checking.stops.LimitExceeded`, once it is past its time;
* memory: the same tick reads the process's resident memory and stops the item in progress
  when it is past the bound; and no item is answered here unless the process held at
  least :data:`HEADROOM` less than the bound when last read between runs (at most a tick
  ago; children answer them then, under their own watch);
* failures: an error the item's code does not expect is that item's one-line failure.

The tick raises only while an item's code runs (never in the caller's reading and
writing), at most once per item, and the timer is disarmed between runs of items, so a
timer that the caller's own code sets holds as before.

Where no child process can be started (no ``fork``), every item is answered here
(:meth:`InProcess.answer_all`): within the same limits while they can be kept here, and
unbounded where they cannot (no timer signal: not the main thread, not POSIX).

Usage::

    >>> from pyfront.checking.inline import InProcess
    >>> from pyfront.checking.limits import Limits
    >>> here = InProcess(abs, Limits(timeout=5), on_limit=lambda item, why: why,
    ...                  light=lambda item: item != 0)
    >>> here.answer_run([-2, 3, 0, 4])  # up to the first item that is not light
    [2, 3]
    >>> here.close()
"""

from __future__ import annotations

import gc
import signal
import threading
import time
from types import GeneratorType
from typing import Any, Callable, Iterable, Iterator

from ..streams import drained, kept
from . import marks
from .stops import LimitExceeded, failure_message, memory_message, resident, timeout_message

__all__ = ["HEADROOM", "TICK", "InProcess"]

#: memory an item answered here may need at most, kept free below ``--max-memory``
HEADROOM = 64 << 20
#: how often the clock and the memory are looked at while items run here (seconds)
TICK = 0.02
#: the shortest tick, whatever the limit: a timer far faster than the handler it calls
#: leaves no time between its signals, and the process neither answers nor stops
#: (``--timeout 1e-6`` ran until killed)
SHORTEST_TICK = 0.001


class InProcess:
    """Answers light items with ``fn`` in this process within ``limits``; an item past
    them (or failing unexpectedly) gives ``on_limit(item, message)``."""

    def __init__(self, fn: Callable[[Any], Any], limits, *, on_limit: Callable[[Any, str], Any],
                 light: Callable[[Any], bool]):
        self.fn, self.limits, self.on_limit, self.light = fn, limits, on_limit, light
        #: when the item in progress began (None between items: the tick then does nothing)
        self.since: float | None = None
        #: the timer signal's handler before this one, while this one is installed
        self.installed, self.previous = False, None
        #: the resident memory last read between runs, and when (``usable``)
        self.used: int | None = None
        self.read_at = float("-inf")

    def timer_free(self) -> bool:
        """Whether a timer signal can keep the limits here now: in the main thread, with
        none armed by someone else."""
        return (hasattr(signal, "setitimer")
                and threading.current_thread() is threading.main_thread()
                and signal.getitimer(signal.ITIMER_REAL)[0] == 0)

    def usable(self) -> bool:
        """Whether light items may be answered here now: the timer is free
        (:meth:`timer_free`) and there is room below the memory bound."""
        if not self.timer_free():
            return False
        bound = self.limits.memory
        if bound is None:
            return True
        now = time.monotonic()
        if now - self.read_at >= TICK:  # (read again no more often than the tick does)
            self.used, self.read_at = resident(), now
        used = self.used
        return used is None or used + HEADROOM <= bound  # (no /proc: as in a child)

    def answer_run(self, items: list) -> list:
        """Answers of the leading light items of ``items`` (none when limits cannot be
        kept here)."""
        out: list = []
        if not items or not self.usable():
            return out
        timed = self._arm(freeze=True)
        try:
            for item in items:
                if not self.light(item):
                    break
                out.append(self._one(item))
        finally:
            self._disarm(timed)
        return out

    def answer_all(self, items: Iterable) -> Iterator:
        """Every item of ``items`` answered here, in order, light or not: for a platform
        where no child process can take them (no ``fork``).  The limits hold while a
        timer signal can keep them (:meth:`timer_free`); otherwise the item runs
        unbounded."""
        for item in items:
            if self.timer_free():
                timed = self._arm()
                try:
                    answer = self._one(item)
                finally:
                    self._disarm(timed)
            else:
                answer = self._one(item)
            yield answer  # the timer is disarmed while the caller has the answer

    def _arm(self, freeze: bool = False) -> bool:
        """Start the timer signal ticking when there is a limit (whether it ticks).

        With ``freeze`` (runs of light items), what lives by now (the modules, the
        checkers' caches of texts, structures and tables) lives as long as the run:
        collections skip it.  Frozen at every run, since the caches grow from run to run;
        light items leave no garbage in cycles (which freezing would keep), and everything
        else is still freed by its count.  Heavy items (``answer_all``) are not frozen."""
        if freeze:
            gc.freeze()
        timeout = self.limits.timeout
        timed = timeout is not None or self.limits.memory is not None
        if timed:
            if not self.installed:  # kept until close: a late tick finds a handler
                self.previous = signal.signal(signal.SIGALRM, self._tick)
                self.installed = True
            every = TICK if timeout is None else max(SHORTEST_TICK, min(TICK, timeout / 2))
            signal.setitimer(signal.ITIMER_REAL, every, every)
        return timed

    @staticmethod
    def _disarm(timed: bool) -> None:
        if timed:
            signal.setitimer(signal.ITIMER_REAL, 0)

    def close(self) -> None:
        """Give the timer signal back to its previous handler."""
        if self.installed:
            signal.signal(signal.SIGALRM, self.previous)
            self.installed = False

    def _one(self, item):
        parts: list = []  # the pieces an item that streams gave before it was stopped
        try:
            try:
                marks.clear()
                self.since = time.monotonic()
                answer = self.fn(item)
                if isinstance(answer, GeneratorType):  # its pieces, then its return value
                    answer = drained(kept(answer, parts))
            except LimitExceeded:
                raise
            except Exception as err:  # noqa: BLE001 - a child would have died of it alone
                self.since = None
                answer = self._stopped(item, failure_message(err), parts)
            finally:
                self.since = None
        except LimitExceeded as err:  # raised by the tick, wherever the item's code was
            answer = self._stopped(item, str(err), parts)
        return answer

    def _stopped(self, item, why: str, parts: list):
        return self.on_limit(item, why, parts) if parts else self.on_limit(item, why)

    def _tick(self, signum, frame) -> None:
        since = self.since
        if since is None:
            return
        timeout, bound = self.limits.timeout, self.limits.memory
        why = None
        if timeout is not None and time.monotonic() - since > timeout:
            why = timeout_message(timeout)
        elif bound is not None:
            used = resident()
            if used is not None and used > bound:
                why = memory_message(used, bound)
        if why is not None and not _importing(frame):
            self.since = None  # once per item: the code that records the stop runs on
            raise LimitExceeded(why)


def _importing(frame) -> bool:
    """Whether the code ``frame`` belongs to is importing a module.  A stop raised there
    leaves the module half made, and later items found it without the names it had not
    yet defined (``module ... has no attribute``); the next tick stops the item once the
    import is done."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False
