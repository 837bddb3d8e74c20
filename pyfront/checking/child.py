"""One checking child process, as the parent sees it and as it runs: the frames on its
two pipes, what it says, and the counters it shares (the machinery under
:class:`pyfront.checking.children.ChildPool`).

A child says, in order: ``ready`` (or ``refused``: it already holds more memory than the
bound before its first item, and ends), then for each item it is given ``answer``,
``failed`` (the item's code raised, or the child was past its memory bound when the item
ended: it then ends) or ``part`` (a piece of an item whose function streams, sent at once).
Each message is a list of such events ``(kind, index, payload)``.  Beside the pipes, shared
memory holds how many items it has begun and finished and when it began the last one: the
parent's clock of the item in progress.  A child dies with its parent (Linux: the parent's
death signal) and leaves the parent's own signals alone.

Usage::

    >>> from pyfront.checking.child import Child
    >>> child = Child(abs, None, (), bound=None, siblings=())
    >>> child.give([(0, -5)])
    >>> child.receive()  # doctest: +ELLIPSIS
    [('ready', -1, ...)]
    >>> child.receive()
    [('answer', 0, 5)]
    >>> child.stop()
"""

from __future__ import annotations

import mmap
import os
import pickle
import signal
import struct
import sys
import time
from collections import deque
from types import GeneratorType
from typing import Any

from . import marks
from .stops import failure_message, memory_message, resident

__all__ = ["Child", "GATHER", "die_with_parent"]

#: a child sends the answers it gathered at least this often (seconds)
GATHER = 0.005
#: the shared counters: items begun, items finished, when the last one began (monotonic),
#: and how far the item in progress has got (its code's :mod:`.marks`)
_COUNTERS = struct.Struct("<qqdq")
_MARK_AT = _COUNTERS.size - 8


# -- the frames on the pipes: 4-byte length, then a pickle --------------------------------

def _send(fd: int, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    view = memoryview(struct.pack("<I", len(data)) + data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        try:
            chunk = os.read(fd, min(left, 1 << 20))
        except OSError:  # (a pipe already closed)
            return None
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _receive(fd: int) -> Any:
    """The next message, or None when the other side has closed its end (or died in the
    middle of a message)."""
    head = _read_exactly(fd, 4)
    if head is None:
        return None
    body = _read_exactly(fd, struct.unpack("<I", head)[0])
    return None if body is None else pickle.loads(body)


def die_with_parent(parent: int) -> None:
    """Be killed when the process ``parent`` ends, however it ends (Linux's
    ``PR_SET_PDEATHSIG``; elsewhere nothing); end now if it already has."""
    try:
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError, ImportError):  # not Linux: the pipes end it instead
        pass
    if os.getppid() != parent:  # it died before the line above took effect
        os._exit(1)


def _serve(fn, initializer, initargs, bound, inbox: int, outbox: int, shared) -> None:
    """The child: say ready, then answer every batch of (index, item) sent."""
    if initializer is not None:
        initializer(*initargs)
    used = resident()
    if bound is not None and used is not None and used > bound:
        _send(outbox, [("refused", -1, used)])
        return
    _send(outbox, [("ready", -1, used)])
    marks.attach(shared, _MARK_AT)
    begun = 0
    while True:
        batch = _receive(inbox)
        if batch is None:
            return
        events, sent = [], time.monotonic()
        for index, item in batch:
            begun += 1
            shared[:] = _COUNTERS.pack(begun, begun - 1, time.monotonic(), 0)
            try:
                answer = fn(item)
                if isinstance(answer, GeneratorType):
                    answer = _stream(answer, index, events, outbox)
                    events = []
                event = ("answer", index, answer)
            except Exception as err:  # noqa: BLE001 - the item's one-line failure
                event = ("failed", index, failure_message(err))
            used = None if bound is None else resident()
            over = used is not None and used > bound
            if over:  # never an answer given over the bound
                event = ("failed", index, memory_message(used, bound))
            events.append(event)
            shared[:] = _COUNTERS.pack(begun, begun, 0.0, 0)
            now = time.monotonic()
            if over or now - sent >= GATHER:  # quick answers travel together
                _send(outbox, events)
                events, sent = [], now
            if over:
                return
        if events:
            _send(outbox, events)


def _stream(pieces, index: int, events: list, outbox: int) -> list:
    """Send each piece of a streaming item as it comes (after the answers gathered
    before it); the item's answer is the generator's return value."""
    while True:
        try:
            piece = next(pieces)
        except StopIteration as stop:
            return stop.value
        _send(outbox, events + [("part", index, piece)])
        events.clear()


class Child:
    """One child process answering ``fn``; the items it holds (``pending``, oldest first),
    and what it has said (``state``: ``starting``, ``ready``; ``parts`` of the item in
    progress)."""

    def __init__(self, fn, initializer, initargs, *, bound: int | None, siblings):
        to_child, self.inbox = os.pipe()
        self.outbox, from_child = os.pipe()
        self.shared = mmap.mmap(-1, _COUNTERS.size)
        parent = os.getpid()
        for stream in (sys.stdout, sys.stderr):  # what is buffered is written once, here
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        self.pid = os.fork()
        if self.pid == 0:  # pragma: no cover - runs in the child
            code = 0
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops its children
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
                die_with_parent(parent)
                for fd in (self.inbox, self.outbox, *siblings):
                    os.close(fd)
                _serve(fn, initializer, initargs, bound, to_child, from_child, self.shared)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(to_child)
        os.close(from_child)
        self.state = "starting"
        self.started = time.monotonic()
        self.reaped = False
        self.status: int | None = None
        self.pending: deque[tuple[int, Any]] = deque()
        self.parts: list = []
        self.received = 0

    def fds(self) -> tuple[int, int]:
        return self.inbox, self.outbox

    def counters(self) -> tuple[int, int, float]:
        """Items begun and finished (their answers may still be on their way), and when
        the item in progress began."""
        return _COUNTERS.unpack(self.shared[:])[:3]

    def reached(self) -> int:
        """The mark of the item in progress (:mod:`.marks`; 0: none)."""
        return _COUNTERS.unpack(self.shared[:])[3]

    def give(self, batch: list[tuple[int, Any]]) -> None:
        """Hand the child items (a child that has died keeps them: its end tells)."""
        self.pending.extend(batch)
        try:
            _send(self.inbox, batch)
        except OSError:  # (broken pipe: it has ended, its outbox says how)
            pass

    def receive(self) -> list | None:
        """The next message (blocks until it comes), None once the child has ended."""
        return _receive(self.outbox)

    def resident(self) -> int | None:
        return resident(self.pid)

    def kill(self) -> None:
        """Kill the child (unless it has ended) and reap it; its outbox stays open, to
        read what it sent before."""
        if not self.reaped and self.pid > 0:  # never a group or every process (0 or -1)
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.reap()

    def reap(self) -> None:
        if self.reaped or self.pid <= 0:
            return
        try:
            _, self.status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            self.status = None
        self.reaped = True

    def stop(self) -> None:
        """Kill and reap the child, close its pipes and counters."""
        self.kill()
        for fd in self.fds():
            try:
                os.close(fd)
            except OSError:
                pass
        self.shared.close()

    def end_message(self) -> str:
        """Why a child that closed its pipe ended (it is reaped)."""
        self.reap()
        status = self.status
        if status is None:
            return "the checker process ended without an answer"
        if os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            why = " (out of memory?)" if number == signal.SIGKILL else ""
            return f"the checker process was killed by signal {number}{why}"
        return f"the checker process ended without an answer (exit {os.WEXITSTATUS(status)})"
