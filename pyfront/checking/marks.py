"""How far the item in progress has got: a number its code may set (a story: how many of
its events are applied), read when the item is stopped at its limit, so that the message
can say where it stopped ("with 61 of its 92 events applied") and not only that it did.

A mark may also name a part of the item, when the item is a whole command that goes
through several stories (``mindgames explain FILE``): the part is the line of the story
in progress, the number how far that story has got.

In a child process the number lives in the memory the child shares with its parent
(:mod:`.child`): the parent reads it after killing the child, with no message sent per
step.  Items answered in this process (:mod:`.inline`) keep it here.  Either way it is
cleared when an item begins, and it means what the code that set it says: only the
caller that asked the item's code to mark reads it
(:func:`pyfront.checking.evaluate.limit_record`).

Usage::

    >>> from pyfront.checking import marks
    >>> marks.clear()
    >>> marks.reached()
    0
    >>> marks.mark(3)
    >>> marks.reached()
    3
    >>> marks.mark(62, part=4)
    >>> marks.reached(), marks.part()
    (62, 4)
    >>> marks.clear()
"""

from __future__ import annotations

import struct

__all__ = ["attach", "clear", "mark", "note", "part", "reached", "split"]

_WORD = struct.Struct("<q")
#: a mark's number takes the low 32 bits of its word, its part the bits above
_PART = 32
_NUMBER = (1 << _PART) - 1


class _Slot:
    """The mark of this process, and where a child shares it."""

    def __init__(self) -> None:
        self.value = 0
        #: (buffer, offset) of the shared word in a child process; None in the parent
        self.shared: tuple | None = None


_SLOT = _Slot()


def attach(buffer, offset: int) -> None:
    """From now on marks go to ``buffer`` at ``offset`` too (a child's shared memory)."""
    _SLOT.shared = (buffer, offset)


def mark(value: int, part: int = 0) -> None:
    """Note how far the item in progress has got (in its ``part``, when it has parts)."""
    if not 0 <= value <= _NUMBER or part < 0:
        raise ValueError(f"a mark is a number below 2**{_PART} and a part, both >= 0")
    word = (part << _PART) | value
    _SLOT.value = word
    if _SLOT.shared is not None:
        _WORD.pack_into(*_SLOT.shared, word)


def note(word: int) -> None:
    """Take the mark a stopped child left, as its word (the parent, before the item's
    stop is told)."""
    _SLOT.value = word


def clear() -> None:
    mark(0)


def reached() -> int:
    """The last mark of the item in progress or just stopped (0: none)."""
    return split(_SLOT.value)[0]


def part() -> int:
    """The part that mark is in (0: none named)."""
    return split(_SLOT.value)[1]


def split(word: int) -> tuple[int, int]:
    """A mark's word (as a child leaves it in shared memory): its number and its part."""
    return word & _NUMBER, word >> _PART
