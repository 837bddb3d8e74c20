"""Limits that hold: each checked item runs in a child process killed at its time or
memory limit (``check --timeout S --max-memory SIZE``).

The embedded engines run Python and BDD code that no signal can interrupt halfway (one
call into the BDD library, or the encoding of a large puzzle, may take minutes), so the
limit is kept from outside: items are sent to forked child processes, each child answers
them one after the other and sends every answer back as soon as it has it, and the
parent watches the clock of the item in progress and the child's resident memory.  An
item past its time or memory is killed with its child; it becomes a one-line failure,
the answers already received are kept, and a fresh child goes on with the items after
it.  A child that dies on its own (a crash, the kernel's memory killer) fails its item
the same way.

Usage::

    >>> from pyfront.checking.limits import Limits, limited_map, parse_memory
    >>> parse_memory("1.5G") == 3 << 29
    True
    >>> list(limited_map(abs, [-2, 3], limits=Limits(timeout=5, memory=None),
    ...                  on_limit=lambda item, why: why))
    [2, 3]

Without ``fork`` (not POSIX) items run here within the cooperative deadline of
:mod:`.deadline` only.  Memory is read from ``/proc`` (Linux); elsewhere only time is bounded.
"""

from __future__ import annotations

import mmap
import os
import pickle
import select
import signal
import struct
import time
from collections import deque
from typing import Any, Callable, Iterable, Iterator

from pyfront.errors import UserError
from smcdel_bridge.values import value

__all__ = ["Limits", "LimitExceeded", "default_memory", "limited_map", "parse_memory",
           "memory_text"]

#: items handed to a child at a time (its answers come back one by one)
BATCH = 32
#: a child sends the answers it gathered at least this often (seconds): the clock of the
#: item in progress starts at most this much too late
GATHER = 0.005
#: how often the parent looks at the clock and the child's memory (seconds)
POLL = 0.02
_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


@value(frozen=True, kw_only=True)
class Limits:
    """Seconds and bytes one item may take (None: no bound)."""

    timeout: float | None = None
    memory: int | None = None


class LimitExceeded(UserError):
    """Why an item was stopped (its one-line message)."""


def parse_memory(text: str) -> int | None:
    """``--max-memory``: bytes from ``500M``, ``2G``, ``1.5G`` or a plain byte count;
    ``0`` or ``none``: no bound."""
    value = text.strip().upper().removesuffix("B").removesuffix("I")
    if value in ("0", "NONE"):
        return None
    unit = value[-1:] if value[-1:] in _UNITS and value[-1:] else ""
    try:
        number = float(value[: len(value) - len(unit)])
    except ValueError:
        number = float("nan")
    if not number > 0 or number == float("inf"):
        raise UserError(f"--max-memory must be a size such as 500M or 2G (0: no bound): "
                        f"got {text!r}")
    return int(number * _UNITS[unit])


def memory_text(size: int) -> str:
    for unit in ("T", "G", "M", "K"):
        if size >= _UNITS[unit]:
            return f"{size / _UNITS[unit]:.4g} {unit}B"
    return f"{size} B"


def default_memory(workers: int = 1) -> int | None:
    """Half of the machine's memory, shared among ``workers`` children (None when the
    machine does not say how much it has)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return total // 2 // max(1, workers)


def limited_map(fn: Callable[[Any], Any], items: Iterable[Any], *, limits: Limits,
                on_limit: Callable[[Any, str], Any], workers: int = 1,
                initializer: Callable[..., None] | None = None,
                initargs: tuple = ()) -> Iterator[Any]:
    """``map(fn, items)`` in ``workers`` child processes, in order, each call within
    ``limits``; a call past them yields ``on_limit(item, message)`` instead."""
    if not hasattr(os, "fork"):
        yield from _here(fn, items, limits, on_limit, initializer, initargs)
        return
    pool = _Pool(fn, limits, workers, initializer, initargs)
    try:
        yield from pool.run(iter(items), on_limit)
    finally:
        pool.close()


def _here(fn, items, limits, on_limit, initializer, initargs):
    from .deadline import ItemTimeout, item_deadline

    if initializer is not None:
        initializer(*initargs)
    for item in items:
        try:
            with item_deadline(limits.timeout):
                answer = fn(item)
        except ItemTimeout as err:
            answer = on_limit(item, str(err))
        yield answer


# -- the frames on the pipes: 4-byte length, then a pickle --------------------------------

def _send(fd: int, message: object) -> None:
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    data = struct.pack("<I", len(data)) + data
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _read_exactly(fd: int, size: int) -> bytes | None:
    chunks, left = [], size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            return None
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def _receive(fd: int) -> object | None:
    head = _read_exactly(fd, 4)
    if head is None:
        return None
    body = _read_exactly(fd, struct.unpack("<I", head)[0])
    return None if body is None else pickle.loads(body)


def _serve(fn, initializer, initargs, inbox: int, outbox: int, finished) -> None:
    """The child: answer every batch of (index, item) sent; quick answers travel
    together, and ``finished`` (shared memory) counts the items done, sent or not."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops its children
    if initializer is not None:
        initializer(*initargs)
    count = 0
    while True:
        batch = _receive(inbox)
        if batch is None:
            return
        answers, sent = [], time.monotonic()
        for index, item in batch:
            answers.append((index, fn(item)))
            count += 1
            finished[:8] = count.to_bytes(8, "little")
            now = time.monotonic()
            if now - sent >= GATHER:  # quick answers travel together
                _send(outbox, answers)
                answers, sent = [], now
        if answers:
            _send(outbox, answers)


class _Child:
    """One child process, the items it holds and since when it works on the first."""

    def __init__(self, fn, initializer, initargs):
        to_child, self.inbox = os.pipe()
        self.outbox, from_child = os.pipe()
        #: items the child has finished (shared with it): the clock of the next one starts
        self.finished = mmap.mmap(-1, 8)
        self.pid = os.fork()
        if self.pid == 0:  # pragma: no cover - runs in the child
            code = 0
            try:
                os.close(self.inbox)
                os.close(self.outbox)
                _serve(fn, initializer, initargs, to_child, from_child, self.finished)
            except BaseException:
                code = 1
            finally:
                os._exit(code)
        os.close(to_child)
        os.close(from_child)
        self.reaped = False
        self.pending: deque[tuple[int, Any]] = deque()
        self.since = time.monotonic()
        self.received = self.seen = 0

    def count(self) -> int:
        """Items finished so far (their answers may still be on their way)."""
        return int.from_bytes(self.finished[:8], "little")

    def give(self, batch: list[tuple[int, Any]]) -> None:
        if not self.pending:
            self.since = time.monotonic()
        self.pending.extend(batch)
        _send(self.inbox, batch)

    def resident(self) -> int | None:
        try:
            with open(f"/proc/{self.pid}/statm", "rb") as f:
                return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, ValueError, IndexError):
            return None

    def stop(self) -> None:
        """Close the pipes, kill the child (unless it already ended) and reap it."""
        for fd in (self.inbox, self.outbox):
            try:
                os.close(fd)
            except OSError:
                pass
        if self.reaped or self.pid <= 0:  # never a group or every process (pid 0 or -1)
            self.finished.close()
            return
        try:
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self._reap()
        self.finished.close()

    def _reap(self) -> int | None:
        try:
            _, status = os.waitpid(self.pid, 0)
        except ChildProcessError:
            status = None
        self.reaped = True
        return status

    def end_message(self) -> str:
        """Why a child that closed its pipe died."""
        status = self._reap()
        if status is None:
            return "the checker process ended without an answer"
        if os.WIFSIGNALED(status):
            number = os.WTERMSIG(status)
            why = " (out of memory?)" if number == signal.SIGKILL else ""
            return f"the checker process was killed by signal {number}{why}"
        return f"the checker process ended without an answer (exit {os.WEXITSTATUS(status)})"


class _Pool:
    def __init__(self, fn, limits: Limits, workers: int, initializer, initargs):
        self.start = lambda: _Child(fn, initializer, initargs)
        self.limits = limits
        self.children: list[_Child] = []
        self.workers = max(1, workers)

    def close(self) -> None:
        for child in self.children:
            child.stop()
        self.children.clear()

    def run(self, items: Iterator, on_limit) -> Iterator[Any]:
        done: dict[int, Any] = {}
        waiting: deque[tuple[int, Any]] = deque()  # taken back from a stopped child
        issued = following = 0
        exhausted = False
        # one child: batches; several: a few items each, so that all of them have work
        size = BATCH if self.workers == 1 else 2
        while True:
            for child in self._idle():
                batch = [waiting.popleft() for _ in range(min(size, len(waiting)))]
                while not exhausted and len(batch) < size:
                    try:
                        batch.append((issued, next(items)))
                    except StopIteration:
                        exhausted = True
                        break
                    issued += 1
                if batch:
                    child.give(batch)
            busy = [c for c in self.children if c.pending]
            if not busy:
                break
            self._collect(busy, done, waiting, on_limit)
            while following in done:
                yield done.pop(following)
                following += 1

    def _idle(self) -> list[_Child]:
        """The children without work (started as needed).  Only those are given more: a
        child that is writing answers is never sent items at the same time (with both
        pipes full, each side would wait for the other)."""
        while len(self.children) < self.workers:
            self.children.append(self.start())
        return [c for c in self.children if not c.pending]

    def _collect(self, busy: list[_Child], done: dict, waiting: deque, on_limit) -> None:
        readable, _, _ = select.select([c.outbox for c in busy], [], [], POLL)
        now = time.monotonic()
        for child in busy:
            if child.outbox in readable:
                message = _receive(child.outbox)
                if message is None:
                    self._replace(child, child.end_message(), done, waiting, on_limit)
                    continue
                for index, answer in message:
                    expected, _ = child.pending.popleft()
                    assert index == expected
                    done[index] = answer
                child.received += len(message)
            count = child.count()
            if count != child.seen:  # the next item has begun
                child.seen, child.since = count, now
            if not child.pending:
                continue
            why = self._exceeded(child, now)
            if why is not None:
                self._replace(child, why, done, waiting, on_limit)

    def _exceeded(self, child: _Child, now: float) -> str | None:
        timeout, memory = self.limits.timeout, self.limits.memory
        if timeout is not None and now - child.since > timeout:
            return f"timed out after {timeout:g} s (--timeout)"
        if memory is not None:
            used = child.resident()
            if used is not None and used > memory:
                return (f"stopped at {memory_text(used)} of memory, over the bound of "
                        f"{memory_text(memory)} (--max-memory)")
        return None

    def _replace(self, child: _Child, why: str, done: dict, waiting: deque,
                 on_limit) -> None:
        """Fail the child's item in progress, hand its other items to a fresh child."""
        unsent = child.count() - child.received  # finished, their answers lost: again
        child.stop()
        self.children.remove(child)
        again = [child.pending.popleft() for _ in range(unsent)]
        index, item = child.pending.popleft()
        done[index] = on_limit(item, why)
        waiting.extendleft(reversed(again + list(child.pending)))

