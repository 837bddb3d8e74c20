"""The per-item clock of the embedded engines' run (checking/deadline.py ItemClock): an
item past its seconds fails, the next one gets its full time again, and the process's own
SIGALRM handler is back afterwards."""

from __future__ import annotations

import signal
import time

import pytest

from pyfront.checking.deadline import ItemClock, ItemTimeout

pytestmark = pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="no timer signals")


def _busy(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def test_an_item_past_its_time_fails_and_the_next_runs_in_full():
    before = signal.getsignal(signal.SIGALRM)
    outcomes = []
    with ItemClock(0.2) as clock:
        for seconds in (0.5, 0.1, 0.1):  # 0.1 + 0.1 > 0.2: each item has its own time
            try:
                clock.start()
                try:
                    _busy(seconds)
                finally:
                    clock.stop()
                outcomes.append("done")
            except ItemTimeout:
                outcomes.append("timed out")
    assert outcomes == ["timed out", "done", "done"]
    assert signal.getsignal(signal.SIGALRM) is before
    assert signal.getitimer(signal.ITIMER_REAL)[0] == 0


def test_inside_a_running_timer_items_run_unbounded():
    def outer(signum, frame):
        raise AssertionError("the outer timer fired")

    before = signal.signal(signal.SIGALRM, outer)
    signal.setitimer(signal.ITIMER_REAL, 5)
    try:
        with ItemClock(0.05) as clock:
            clock.start()
            _busy(0.2)
            clock.stop()
        assert signal.getsignal(signal.SIGALRM) is outer
        assert signal.getitimer(signal.ITIMER_REAL)[0] > 0  # the outer one still runs
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)
