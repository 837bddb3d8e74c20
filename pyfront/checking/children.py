"""Items answered in forked child processes, each held to its time and memory limits
(the machinery behind :func:`pyfront.checking.limits.limited_map`).

Every item given to the pool ends in exactly one of two ways: its answer, or
``on_limit(item, why)`` with a one-line reason.  The children themselves
(:class:`.child.Child`) say ``ready``, then answer their items one after the other; the
parent watches the clock of the item in progress and each child's resident memory.  How
a child ends decides what becomes of the items it holds:

* an item past its time or memory: the child is killed, the item fails with the reason;
* a child that dies while an item is in progress (a crash, the kernel's memory killer):
  that item fails with how the child ended;
* a child already over the memory bound before its first item (the bound is below what
  an empty child needs): no child can answer anything, and every item left fails with
  that reason (one line, the same for all);
* a child that ends with no item in progress (at start-up, between items, while writing
  its answers): its items, including those it finished whose answers were lost, go to a
  fresh child; a second such end in a row without any answer in between fails the first
  of them, so that a run always moves on.

Answers a child sent before it ended are kept.  Children are started when items come,
never more than there are items waiting nor than ``workers``; they die with this process
(:func:`.child.die_with_parent`), and :meth:`ChildPool.close` kills them.

Usage::

    >>> from pyfront.checking.children import ChildPool
    >>> from pyfront.checking.limits import Limits
    >>> pool = ChildPool(abs, Limits(timeout=5), workers=1)
    >>> list(pool.run(iter([-2, 3]), on_limit=lambda item, why: why))
    [2, 3]
    >>> pool.close()
"""

from __future__ import annotations

import select
import time
from collections import deque
from typing import Any, Iterator

from . import marks
from .child import GATHER, Child
from .stops import memory_message, memory_text, timeout_message

__all__ = ["ChildPool", "BATCH", "GATHER", "POLL", "refused_message"]

#: items handed to a child at a time (its answers come back one by one)
BATCH = 32
#: how often the parent looks at the clock and the children's memory (seconds)
POLL = 0.02
#: the time a child may take to say it is ready, when there is no ``--timeout`` shorter
START = 60.0


def refused_message(used: int, bound: int) -> str:
    """Why no item can be answered: a child holds ``used`` bytes before any item."""
    return (f"a child process holds {memory_text(used)} before any work, over the "
            f"bound of {memory_text(bound)} (--max-memory): give a larger bound")


class ChildPool:
    """Up to ``workers`` children answering ``fn`` within ``limits`` (a
    :class:`~pyfront.checking.limits.Limits`); ``initializer(*initargs)`` runs first in
    each child."""

    def __init__(self, fn, limits, workers: int = 1, initializer=None, initargs: tuple = ()):
        self.fn, self.initializer, self.initargs = fn, initializer, initargs
        self.limits = limits
        self.children: list[Child] = []
        self.workers = max(1, workers)
        #: why no child can work (set once: every item left fails with it)
        self.refused: str | None = None
        #: children ended in a row with no item in progress and no answer since
        self.strikes = 0

    def close(self) -> None:
        for child in self.children:
            child.stop()
        self.children.clear()

    def quiet(self) -> bool:
        """No child holds an item (every answer given has come back)."""
        return not any(c.pending for c in self.children)

    def run(self, items: Iterator, on_limit) -> Iterator[Any]:
        """``fn(item)`` for every item, in order; an item past the limits yields
        ``on_limit(item, message)`` instead (``on_limit(item, message, parts)`` when its
        ``fn`` streamed ``parts`` before it was stopped)."""
        run = _Run(items, on_limit, BATCH if self.workers == 1 else 2)
        while True:
            if self.refused is not None:
                for index, item in run.take(BATCH):
                    run.done[index] = on_limit(item, self.refused)
            else:
                self._hand_out(run)
            busy = [c for c in self.children if c.pending]
            if busy:
                self._collect(busy, run)
            elif run.exhausted and not run.waiting:
                yield from run.ready()
                return
            yield from run.ready()

    def _hand_out(self, run: "_Run") -> None:
        """Give a batch to every child without work, starting children while there are
        items for them (a child that is writing answers is never sent items at the same
        time: with both pipes full, each side would wait for the other)."""
        idle = [c for c in self.children if not c.pending]
        while True:
            if not idle and len(self.children) >= self.workers:
                return
            batch = run.take(run.size)
            if not batch:
                return
            if idle:
                child = idle.pop()
            else:
                child = Child(self.fn, self.initializer, self.initargs,
                              bound=self.limits.memory,
                              siblings=[fd for c in self.children for fd in c.fds()])
                self.children.append(child)
            child.give(batch)

    def _collect(self, busy: list[Child], run: "_Run") -> None:
        readable, _, _ = select.select([c.outbox for c in busy], [], [], POLL)
        now = time.monotonic()
        for child in busy:
            if child.outbox in readable:
                message = child.receive()
                if message is None:
                    self._end(child, child.end_message(), run)
                    continue
                self._take(child, message, run)
                if child not in self.children:
                    continue
            why = self._exceeded(child, now) if child.pending else None
            if why is not None:
                self._end(child, why, run)

    def _take(self, child: Child, message: list, run: "_Run") -> None:
        """What a child said, event by event."""
        for kind, index, payload in message:
            if kind == "ready":
                child.state = "ready"
            elif kind == "refused":
                self.refused = refused_message(payload, self.limits.memory)
                self._end(child, self.refused, run)
                return
            elif kind == "part":
                child.parts.append(payload)
            else:
                expected, item = child.pending.popleft()
                assert index == expected, (index, expected)
                child.received += 1
                self.strikes = 0
                run.done[index] = payload if kind == "answer" else \
                    run.failed(item, payload, child.parts)
                child.parts = []

    def _exceeded(self, child: Child, now: float) -> str | None:
        timeout, memory = self.limits.timeout, self.limits.memory
        begun, finished, since = child.counters()
        if child.state == "starting":  # (its memory: it tells itself, ``refused``)
            limit = START if timeout is None else max(timeout, 1.0)
            if now - child.started > limit:
                return f"the checker process did not start within {limit:g} s"
            return None
        if timeout is not None and begun > finished and now - since > timeout:
            return timeout_message(timeout)
        if memory is not None:
            used = child.resident()
            if used is not None and used > memory:
                return memory_message(used, memory)
        return None

    def _end(self, child: Child, why: str, run: "_Run") -> None:
        """The child is done for (``why``): kill it, keep what it sent before, fail the
        item it was answering, and give its other items to a fresh child."""
        child.kill()
        self.children.remove(child)
        while child.pending:  # answers already on their way are kept
            message = child.receive()
            if message is None:
                break
            refusal = [used for kind, _, used in message if kind == "refused"]
            if refusal:
                self.refused = refused_message(refusal[0], self.limits.memory)
                break
            self._take(child, message, run)
        begun, finished, _ = child.counters()
        reached = child.reached()  # how far the item in progress got (read before stop)
        unsent = finished - child.received  # finished, their answers lost: again
        items = list(child.pending)
        parts = child.parts
        child.stop()
        if self.refused is not None:
            for index, item in items:
                run.done[index] = run.failed(item, self.refused, [])
            return
        at = None
        in_progress = child.state == "ready" and begun > finished and unsent < len(items)
        if in_progress:
            at = unsent  # the item in progress
        elif items:
            self.strikes += 1
            if self.strikes >= 2:  # no item in progress twice running: the first one fails
                at, parts = 0, []
        if at is not None:
            self.strikes = 0
            index, item = items.pop(at)
            run.done[index] = run.failed(item, why, parts, reached if in_progress else 0)
        run.waiting.extendleft(reversed(items))


class _Run:
    """The state of one :meth:`ChildPool.run`: items taken so far (numbered), those given
    back by an ended child, and the answers not yet yielded."""

    def __init__(self, items: Iterator, on_limit, size: int):
        self.items, self.on_limit, self.size = items, on_limit, size
        self.done: dict[int, Any] = {}
        self.waiting: deque[tuple[int, Any]] = deque()
        self.issued = self.following = 0
        self.exhausted = False

    def take(self, size: int) -> list[tuple[int, Any]]:
        """Up to ``size`` items: those given back first, then new ones."""
        batch = [self.waiting.popleft() for _ in range(min(size, len(self.waiting)))]
        while not self.exhausted and len(batch) < size:
            try:
                batch.append((self.issued, next(self.items)))
            except StopIteration:
                self.exhausted = True
                break
            self.issued += 1
        return batch

    def failed(self, item, why: str, parts: list, reached: int = 0):
        """``on_limit`` of an item that failed, after it got as far as ``reached`` (its
        mark, :mod:`.marks`; 0: none known)."""
        marks.note(reached)
        return self.on_limit(item, why, parts) if parts else self.on_limit(item, why)

    def ready(self) -> Iterator[Any]:
        while self.following in self.done:
            yield self.done.pop(self.following)
            self.following += 1
