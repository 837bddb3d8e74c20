"""The one guard against silent success: a command that reads a benchmark file and finds
nothing to do (no item at all) or input of the wrong kind (not one item it could read)
fails with one line, before it has written anything.

Every benchmark reader (ToMi's, Hi-ToM's, reasoning-core's) yields items that carry
``error`` when they could not be read, and goes on.  :func:`guarded` reads a stream up to
its first readable item *now* (so a caller that writes only afterwards writes nothing on
failure) and gives back the whole stream; :func:`benchmark_items` does it for a file of a
named format, through the reader registered in :data:`READERS` (a new benchmark format
adds its reader and the name of its items there, and every command that reads it is
guarded).

Usage::

    >>> from pyfront.data.guard import guarded
    >>> list(guarded(iter([1, 2]), "f.txt", "question"))
    [1, 2]
    >>> guarded(iter([]), "f.txt", "ToMi question")
    Traceback (most recent call last):
    ...
    pyfront.data.guard.NothingToDo: f.txt: no ToMi question in this file
"""

from __future__ import annotations

import importlib
import itertools
from typing import Any, Callable, Iterable, Iterator

from ..errors import UserError

__all__ = ["NothingToDo", "READERS", "guarded", "benchmark_items", "reader_of"]

#: format -> (reader ``module:function`` yielding the items of a path, what an item is)
READERS = {
    "tomi": ("pyfront.tomi.reader:iter_questions", "ToMi question"),
    "hitom": ("pyfront.hitom.reader:iter_questions", "Hi-ToM question"),
    "reasoning-core": ("pyfront.rcore.reader:iter_rows", "reasoning-core belief-tracking row"),
    "deltom": ("pyfront.deltom.reader:iter_stories", "DEL-ToM story folder"),
}


class NothingToDo(UserError):
    """A file with no item (``reason`` None) or none readable (``reason``: why the first
    could not be read)."""

    def __init__(self, file: str, what: str, reason: str | None = None, hint: str = ""):
        if reason is None:
            super().__init__(f"no {what} in this file", file=file)
        else:  # the first item's own FILE:LINE: message, then why the run stops
            super().__init__(f"{reason}; no {what} in the file could be read{hint}")
        self.what, self.reason = what, reason


def _error(item: Any) -> str | None:
    return getattr(item, "error", None)


def guarded(items: Iterable[Any], file: str, what: str,
            error: Callable[[Any], str | None] = _error, hint: str = "") -> Iterator[Any]:
    """``items`` whole, once its first readable item (``error(item)`` None) has been read
    here; :class:`NothingToDo` (``hint`` ends its message) when there is none."""
    it = iter(items)
    seen: list[Any] = []
    for item in it:
        seen.append(item)
        if error(item) is None:
            return itertools.chain(seen, it)
    if not seen:
        raise NothingToDo(file, what)
    raise NothingToDo(file, what, error(seen[0]), hint)


def reader_of(fmt: str) -> tuple[Callable[[str], Iterable[Any]], str]:
    """The reader of a benchmark format and the name of its items."""
    target, what = READERS[fmt]
    module, name = target.split(":")
    return getattr(importlib.import_module(module), name), what


def benchmark_items(path: str, fmt: str, reader: Callable[[str], Iterable[Any]] | None = None
                    ) -> Iterator[Any]:
    """The items of a benchmark file (:func:`guarded`); ``reader`` in place of the
    registered one (a reader that also keeps notes, as Hi-ToM's twins)."""
    registered, what = reader_of(fmt)
    return guarded((reader or registered)(path), path, what,
                   hint=" (is it the right --format?)")
