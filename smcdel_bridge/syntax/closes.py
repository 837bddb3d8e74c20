"""Where the ``)`` closing a ``(`` is, for the group driver (:mod:`.lr_groups`).

Matching every parenthesis of a long text costs a pass over all of it in Python's
regular-expression engine (muddy children 100 spelled out: 16 MB, one million
parentheses, 0.24 s), while the driver asks about few of them: a group it has read once
it steps over when it comes again.  :class:`Closes` so matches only what it is asked
about, and steps over what it remembers.
"""

from __future__ import annotations

import re

_PARENS = re.compile(r"\(|(\))")
# the same, with a short innermost group (``(1)``, ``(~2)``) as one match: the driver reads
# it token by token, so it needs no entry (the layout of muddy children 60 writes every
# atom so: half of its 850,000 parentheses, 20 MB of entries); a match also takes in the
# text and short groups before the parenthesis it finds (group 1 opens, 2 closes), so that
# the loop over matches meets only the others (possessive: no backtracking, and ``\Z``
# ends the search at once when no parenthesis is left)
# (the character before the "(" looked at after it: a tenth faster than before it)
_OPEN = r"\((?<![A-Za-z0-9]\()"  # (not a list's: AND( … ) is worth knowing again)
_SHORT = rf"{_OPEN}(?:[^()]{{1,12}}+|{_OPEN}(?:[^()]{{1,12}}+|{_OPEN}[^()]{{0,24}}+\)){{0,3}}+\)){{0,3}}+\)"
_PARENS_BUT_SHORT = re.compile(rf"(?:[^()]++|{_SHORT})*+(?:(\()|(\))|\Z)")


def matching_parens(text: str) -> dict[int, int]:
    """Offset of each ``(`` that is closed to the offset of its ``)``."""
    closing: dict[int, int] = {}
    opened: list[int] = []
    push, pop = opened.append, opened.pop
    for m in _PARENS.finditer(text):
        if m.lastindex is not None:
            if opened:
                closing[pop()] = m.start()
        elif m.end() - m.start() == 1:
            push(m.start())
    return closing


#: a group this long or longer is known again by its first :data:`HEAD` characters and
#: then its whole text, without matching its parentheses again (a shorter one costs less
#: to match than to look up: Sum and Product's pairs)
REMEMBERED_FROM = 512
HEAD = 64
#: groups kept under one head (past it, a group is matched as a new one: slower, not wrong)
SAME_HEAD = 16
#: see :meth:`Closes._match`
LOOKS_UNPAID = 256
_SHORT_AT = re.compile(_SHORT)


class Closes:
    """The offset of the ``)`` closing a ``(``, found when the driver asks (at rising
    offsets): a group remembered by its text (:meth:`remember`) from its text alone; any
    other by matching parentheses from it to its end, stepping over the remembered groups
    inside it and recording the others on the way.  A text that repeats its groups is so
    never matched over its whole length (muddy children 100 spelled out: 16 MB, one
    million parentheses, of which the driver asks about 1,194).  A short innermost group
    (``_SHORT``) has no entry: the driver reads it token by token."""

    __slots__ = ("text", "found", "stepped", "upto", "heads", "looks")

    def __init__(self, text: str) -> None:
        self.text = text
        self.found: dict[int, int] = {}
        self.stepped: set[int] = set()  # groups stepped over, their insides not matched
        self.upto = -1  # a ``(`` up to here not found is a short group's (or never closed)
        self.heads: dict[str, list[str]] = {}
        self.looks = 0  # looks for a remembered group, less eight for each one found

    def get(self, at: int) -> int | None:
        close = self.found.get(at)
        if close is not None:
            if at in self.stepped:  # the driver may read it: match what is inside
                self.upto = min(self.upto, at)
            return close
        if at <= self.upto:
            return None
        text = self.text
        for group in self.heads.get(text[at:at + HEAD], ()):
            if text.startswith(group, at):
                return at + len(group) - 1
        if _SHORT_AT.match(text, at) is not None:
            return None
        return self._match(at)

    def _match(self, at: int) -> int | None:
        text, found, opened, pos = self.text, self.found, [at], at + 1
        push, pop = opened.append, opened.pop
        # a remembered group is looked for at each ``(`` while that pays: at most
        # :data:`LOOKS_UNPAID` looks more than eight per group found (Sum and Product
        # remembers a few long groups and none of them comes again inside another)
        heads = self.heads.get if self.heads else None
        looks = self.looks
        while True:
            for m in _PARENS_BUT_SHORT.finditer(text, pos):
                g = m.lastindex
                if g == 2:
                    close = found[pop()] = m.end() - 1
                    if not opened:
                        self.looks, self.upto = looks, close
                        return close
                elif g is None:
                    self.upto = len(text)
                    return None
                elif heads is None:
                    push(m.end() - 1)
                else:
                    paren = m.end() - 1
                    looks += 1
                    for group in heads(text[paren:paren + HEAD], ()):
                        if text.startswith(group, paren):  # step over it
                            found[paren] = paren + len(group) - 1
                            pos = paren + len(group)
                            self.stepped.add(paren)
                            looks -= 8
                            break
                    else:
                        if looks > LOOKS_UNPAID:
                            heads = None
                        push(paren)
                        continue
                    break  # (and on after the group stepped over)

    def remember(self, paren: int, close: int) -> None:
        """The group from ``paren`` to ``close`` is worth knowing again by its text."""
        if close - paren >= REMEMBERED_FROM:
            group = self.text[paren:close + 1]
            same = self.heads.setdefault(group[:HEAD], [])
            if len(same) < SAME_HEAD:
                same.append(group)
