"""Is a reply in words one of the certified answers?  Shared by the Inspect scorer of open
questions and the reasoning-gym datasets' ``score_answer``.

Tolerant of case, articles, a leading "in", underscores written as spaces and a trailing
full stop; never of another container: the reply, so read, must *be* one of the answers.

Usage::

    from pyfront.integrations.open_answers import accepts
    accepts("The green bottle.", ["green_bottle"])   # True
    accepts("green_bottle or red_box", ["green_bottle"])  # False
"""

from __future__ import annotations

import re
from typing import Iterable

__all__ = ["normalise", "accepts"]

_LEADING = {"the", "a", "an", "in", "inside", "into", "at"}


def normalise(text: str) -> str:
    """Lower case, underscores and punctuation as spaces, leading articles and "in" off."""
    words = re.sub(r"[^\w\s]|_", " ", text.lower()).split()
    while words and words[0] in _LEADING:
        words.pop(0)
    return " ".join(words)


def accepts(reply: str | None, answers: Iterable[str]) -> bool:
    """The reply's first non-empty line, normalised, is one of the answers, normalised."""
    if reply is None:
        return False
    line = next((ln for ln in reply.strip().splitlines() if ln.strip()), "")
    said = normalise(line)
    return bool(said) and said in {normalise(a) for a in answers}
