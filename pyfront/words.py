"""Small wording helpers: a count with its noun in the right number, plural nouns."""

from __future__ import annotations


def count(n: int, noun: str, plural: str | None = None) -> str:
    """``1 item``, ``2 items``, ``0 items`` (``plural`` for nouns that do not take ``s``)."""
    return f"{n} {noun if n == 1 else (plural or noun + 's')}"


def plural_noun(noun: str) -> bool:
    """Whether a thing's name is a plural noun (``peas``, ``grapes``, ``red_slippers``): its
    last word ends in ``s`` but not ``ss``, ``us`` or ``is`` (``glass``, ``asparagus``);
    proper names (capitalised) are singular."""
    words = noun.replace("_", " ").split()
    word = words[-1] if words else ""
    return (word[:1].islower() and len(word) > 2 and word.endswith("s")
            and not word.endswith(("ss", "us", "is")))


def be(noun: str) -> str:
    """``is`` or ``are`` for ``the <noun>``."""
    return "are" if plural_noun(noun) else "is"


def capfirst(s: str) -> str:
    """``s`` with its first letter upper-case (str.capitalize would lower the rest)."""
    return s[:1].upper() + s[1:]


def squash(text: str) -> str:
    """Runs of white space as one space: templates' line breaks out of a sentence."""
    return " ".join(text.split())
