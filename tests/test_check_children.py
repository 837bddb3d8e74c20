"""Results are never lost: children of the checking pool killed at every point of their
life (before their first item, in an item, between items, while writing an answer, at
random moments from outside) leave every item either answered or failed with a reason,
in order; a bound below what an empty child needs fails every item with one reason and
never answers one over it; children die with their parent and are never more than the
items."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from pyfront.checking import child as child_module
from pyfront.checking.limits import Limits, limited_map
from pyfront.checking.stops import resident

ITEMS = list(range(1, 10))


def _slow_negate(item):
    time.sleep(0.01)  # one answer per message (they gather for 5 ms)
    return -item


def _failed(item, why, parts=()):
    assert why and "\n" not in why
    return ("failed", why)


def _run(fn, items=ITEMS, *, workers=1, timeout=20, memory=None, initializer=None):
    return list(limited_map(fn, items, limits=Limits(timeout=timeout, memory=memory),
                            on_limit=_failed, workers=workers, initializer=initializer,
                            initargs=()))


def _each_answered_or_failed(out, items=ITEMS):
    assert len(out) == len(items)
    for item, answer in zip(items, out):
        assert answer == -item or (answer[0] == "failed" and answer[1]), (item, answer)


def _once(tmp_path) -> callable:
    """True the first time it is called in any process (a file made exclusively)."""
    marker = str(tmp_path / "once")

    def first() -> bool:
        try:
            os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
        except FileExistsError:
            return False
        return True

    return first


def _die():
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.parametrize("workers", [1, 3])
def test_a_child_killed_before_its_first_item_once_is_replaced(tmp_path, workers):
    first = _once(tmp_path)
    out = _run(_slow_negate, workers=workers, initializer=lambda: first() and _die())
    assert out == [-k for k in ITEMS]


def test_children_that_always_die_at_start_up_fail_every_item_with_the_reason():
    out = _run(_slow_negate, initializer=_die)
    assert out == [("failed", "the checker process was killed by signal 9 (out of memory?)")
                   ] * len(ITEMS)


def test_an_exception_at_start_up_fails_every_item():
    out = _run(_slow_negate, initializer=lambda: 1 / 0)
    assert out == [("failed", "the checker process ended without an answer (exit 1)")
                   ] * len(ITEMS)


@pytest.mark.parametrize("at", [3, 5, 9])
def test_a_child_killed_in_an_item_fails_that_item_alone(tmp_path, at):
    first = _once(tmp_path)

    def work(item):
        if item == at and first():
            _die()
        return _slow_negate(item)

    out = _run(work)
    assert out[at - 1] == ("failed",
                           "the checker process was killed by signal 9 (out of memory?)")
    assert out[:at - 1] + out[at:] == [-k for k in ITEMS if k != at]


def _killing_send(monkeypatch, tmp_path, after: int, *, half: bool):
    """The child's ``after``-th message (1: ``ready``) is its last: it dies after sending
    it (between items) or halfway through writing it (``half``)."""
    first, parent, real = _once(tmp_path), os.getpid(), child_module._send
    sent = []

    def send(fd, message):
        if os.getpid() == parent:
            return real(fd, message)
        sent.append(1)
        if len(sent) == after and first():
            if half:
                os.write(fd, b"\xff\x00\x00\x00\x80")  # a frame's head and one byte
            else:
                real(fd, message)
            _die()
        return real(fd, message)

    monkeypatch.setattr(child_module, "_send", send)


@pytest.mark.parametrize("after", [1, 2, 4, 8])
@pytest.mark.parametrize("workers", [1, 2])
def test_a_child_killed_between_items_loses_nothing(monkeypatch, tmp_path, after, workers):
    _killing_send(monkeypatch, tmp_path, after, half=False)
    assert _run(_slow_negate, workers=workers) == [-k for k in ITEMS]


@pytest.mark.parametrize("after", [1, 2, 4, 8])
def test_a_child_killed_while_writing_loses_nothing(monkeypatch, tmp_path, after):
    _killing_send(monkeypatch, tmp_path, after, half=True)
    assert _run(_slow_negate) == [-k for k in ITEMS]


def test_a_child_that_always_dies_while_writing_fails_each_item_with_a_reason(monkeypatch):
    parent, real = os.getpid(), child_module._send

    def send(fd, message):
        if os.getpid() != parent and message[0][0] != "ready":
            os.write(fd, b"\xff\x00\x00\x00\x80")
            _die()
        return real(fd, message)

    monkeypatch.setattr(child_module, "_send", send)
    out = _run(_slow_negate, items=[1, 2, 3])
    assert out == [("failed", "the checker process was killed by signal 9 (out of memory?)")
                   ] * 3


def test_an_exception_in_an_item_is_its_one_line_failure():
    out = _run(lambda item: 1 // (item - 2), items=[1, 2, 3])
    assert out == [-1, ("failed", "the checker failed: ZeroDivisionError: integer division or "
                                  "modulo by zero"), 1]


def _children_of(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(name))
    return found


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux)")
@pytest.mark.parametrize("workers", [1, 4])
def test_children_killed_from_outside_at_random_moments_lose_nothing(workers):
    """A thread kills one of the pool's children every few milliseconds, wherever it is
    (starting, answering, between items, writing)."""
    stop = threading.Event()
    kills = []

    def killer():
        n = 0
        while not stop.is_set():
            time.sleep(0.003 + (n % 7) * 0.002)
            n += 1
            pids = _children_of(os.getpid())
            if pids:
                try:
                    os.kill(pids[n % len(pids)], signal.SIGKILL)
                    kills.append(1)
                except ProcessLookupError:
                    pass

    thread = threading.Thread(target=killer)
    thread.start()
    try:
        items = list(range(1, 121))
        out = _run(lambda item: (time.sleep(0.002), -item)[1], items=items, workers=workers)
    finally:
        stop.set()
        thread.join()
    assert kills
    _each_answered_or_failed(out, items)
    assert _children_of(os.getpid()) == []  # all reaped


def test_no_more_children_than_items():
    out = list(limited_map(lambda item: (time.sleep(0.05), os.getpid())[1], [1, 2, 3],
                           limits=Limits(timeout=20), on_limit=_failed, workers=100_000))
    assert len(set(out)) <= 3 and os.getpid() not in out


# -- a bound at or below what an empty child needs ------------------------------------------

def test_a_bound_below_an_empty_child_fails_every_item_with_one_reason():
    bound = 4 << 10
    out = _run(_slow_negate, memory=bound)
    assert len(set(out)) == 1
    (failed, why), = set(out)
    assert failed == "failed" and why.startswith("a child process holds ")
    assert why.endswith("before any work, over the bound of 4 KB (--max-memory): "
                        "give a larger bound")


def child_resident() -> int:
    """What a child process of this one holds when it begins an item (a child shares the
    parent's pages but is charged only for those it maps, so it may hold less)."""
    (used,) = limited_map(lambda item: resident(), [None], limits=Limits(timeout=20),
                          on_limit=_failed)
    return used


def test_no_answer_is_given_over_the_bound():
    """Items that grow the child past the bound fail, even when they end (and answer)
    before the parent looks at the child's memory."""
    bound = child_resident() + (24 << 20)
    keep = []

    def work(item):
        if item % 2:  # 200 MB more, at once
            keep.append(bytearray(200 << 20))
            for i in range(0, len(keep[-1]), 4096):
                keep[-1][i] = 1
        return -item, resident()

    out = _run(work, memory=bound)
    for item, answer in zip(ITEMS, out):
        if item % 2:
            assert answer[0] == "failed" and "over the bound of" in answer[1], answer
        else:
            assert answer[0] == -item and answer[1] <= bound


def _quick_negate(item):
    return -item, resident()


def test_zero_lost_records_across_50_runs_at_the_edge():
    """Bounds spread around what an empty child holds: each run answers or fails every
    item with a reason, and no item is answered by a child over the bound."""
    base = child_resident()
    outcomes = set()
    for k in range(50):
        bound = base + (k - 25) * (256 << 10)  # base - 6.25 MB ... base + 6 MB
        out = _run(_quick_negate, memory=bound)
        assert len(out) == len(ITEMS)
        for item, answer in zip(ITEMS, out):
            if answer[0] == "failed":
                assert "(--max-memory)" in answer[1]
            else:
                assert answer[0] == -item and answer[1] <= bound
        outcomes.add(all(answer[0] != "failed" for answer in out))
    assert outcomes == {True, False}  # the edge: runs below it and above it


# -- children die with their parent ---------------------------------------------------------

ORPHAN = """
import os, sys, time
from pyfront.checking.limits import Limits, limited_map
def work(item):
    sys.stdout.write(f"{os.getpid()}\\n")  # one write: two children's lines never interleave
    sys.stdout.flush()
    time.sleep(60)
list(limited_map(work, [1, 2, 3], limits=Limits(timeout=None), on_limit=lambda i, w: w,
                 workers=3))
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the parent's death signal")
def test_children_die_with_their_parent():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    parent = subprocess.Popen([sys.executable, "-c", ORPHAN], stdout=subprocess.PIPE,
                              text=True, env=env)
    pids = [int(parent.stdout.readline()) for _ in range(2)]
    parent.kill()  # SIGKILL: no clean-up of its own runs
    parent.wait()
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and any(os.path.exists(f"/proc/{p}") and
                                              _alive(p) for p in pids):
        time.sleep(0.05)
    assert not any(_alive(p) for p in pids)


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False
