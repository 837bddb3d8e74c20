"""Reading a model's reply as one of the options, tolerantly.

Accepted: any case and punctuation; for NLI items "true"/"false", "yes"/"no",
"entailment"/"not entailment" (or "correct"/"incorrect"); for multiple choice a letter
("B", "(b)", "Answer: B.", "option B") or an option's text.  The first answer word the
reply gives wins; a reply that names none, or names two options at the same place, is
unparsed (None): counted wrong, and counted apart.
"""

from __future__ import annotations

import re
from typing import Sequence

_WORD = re.compile(r"[a-z]+(?:[_-][a-z]+)*")
_NLI_WORDS = {
    "true": 0, "yes": 0, "entailment": 0, "entailed": 0, "correct": 0,
    "false": 1, "no": 1, "not_entailment": 1, "not-entailment": 1, "incorrect": 1,
    "not": None,  # "not entailment", "not true": decided with the next word
}
_LETTER = re.compile(
    r"^\s*(?P<prefix>(?:the\s+)?(?:(?:final\s+)?answer\s*(?:is)?\s*[:\-]?\s*)?(?:option\s+|choice\s+)?)"
    r"(?P<open>[\(\[\"']?)(?P<letter>[a-z])(?P<close>[\)\]\"'\.:,;!]?)(?:\s|$)", re.IGNORECASE)


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s']", " ", text.lower()).split())


def parse_nli(response: str) -> int | None:
    """0 (entailed: true) or 1 (not: false), or None."""
    words = _WORD.findall(response.lower())
    for i, w in enumerate(words):
        if w not in _NLI_WORDS:
            continue
        if w == "not":
            nxt = words[i + 1] if i + 1 < len(words) else ""
            if nxt in ("entailment", "entailed", "true", "correct"):
                return 1
            continue
        return _NLI_WORDS[w]
    return None


def parse_choice(response: str, options: Sequence[str]) -> int | None:
    """Index of the option the reply names (by letter or by text), or None."""
    n = len(options)
    m = _LETTER.match(response)
    if m:
        idx = ord(m["letter"].upper()) - ord("A")
        # a bare lowercase letter followed by words may be the article "a": a letter only
        # when marked as one (upper case, brackets, a prefix) or alone
        marked = (m["letter"].isupper() or m["open"] or m["close"] or m["prefix"].strip()
                  or not response[m.end():].strip())
        if 0 <= idx < n and marked:
            return idx
    said = _norm(response)
    if not said:
        return None
    texts = [_norm(o) for o in options]
    exact = [i for i, t in enumerate(texts) if t == said]
    if len(exact) == 1:
        return exact[0]
    # the option whose text appears first in the reply (longest when two start together)
    found: list[tuple[int, int, int]] = []
    for i, t in enumerate(texts):
        if not t:
            continue
        pos = f" {said} ".find(f" {t} ")
        if pos >= 0:
            found.append((pos, -len(t), i))
    if not found:
        return None
    found.sort()
    if len(found) > 1 and found[0][:2] == found[1][:2]:
        return None
    return found[0][2]


def parse(response: str | None, options: Sequence[str], letters: bool) -> int | None:
    if response is None:
        return None
    return parse_choice(response, options) if letters else parse_nli(response)
