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

__all__ = ["collected"]

T = TypeVar("T")
R = TypeVar("R")


def collected(stream: Generator[T, None, R]) -> tuple[list[T], R]:
    """Every item of ``stream``, in order, and the value it returns."""
    items: list[T] = []
    while True:
        try:
            items.append(next(stream))
        except StopIteration as stop:
            return items, stop.value
