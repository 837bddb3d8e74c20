"""Generators that give their items one by one and end with a value (a story's answers,
then why it stopped; a trace's steps, then its failure): both at once, for callers that
want the whole.

    >>> def counted():
    ...     yield 1
    ...     yield 2
    ...     return "done"
    >>> collected(counted())
    ([1, 2], 'done')
"""

from __future__ import annotations

from typing import Generator, TypeVar

__all__ = ["collected", "drained", "kept"]

T = TypeVar("T")
R = TypeVar("R")


def kept(stream: Generator[T, None, R], into: list[T]) -> Generator[T, None, R]:
    """Each item of ``stream`` given on as it comes and kept in ``into``, then the value
    it returns (``yield from`` this in a generator that streams and keeps alike).

    >>> got = []
    >>> list(kept(iter([1, 2]), got)), got
    ([1, 2], [1, 2])
    """
    while True:
        try:
            item = next(stream)
        except StopIteration as stop:
            return stop.value
        into.append(item)
        yield item


def drained(stream: Generator[T, None, R]) -> R:
    """The value ``stream`` returns, its items passed over (kept by a :func:`kept` inside,
    they stay where they were put when the stream raises)."""
    while True:
        try:
            next(stream)
        except StopIteration as stop:
            return stop.value


def collected(stream: Generator[T, None, R]) -> tuple[list[T], R]:
    """Every item of ``stream``, in order, and the value it returns."""
    items: list[T] = []
    return items, drained(kept(stream, items))
