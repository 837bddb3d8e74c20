"""Small wording helpers for messages: a count with its noun in the right number."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 item``, ``2 items``, ``0 items`` (``plural`` for nouns that do not take ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"
