"""The sentence and question shapes of ToMi, as typed records.

Story sentences: ``X entered the ROOM.``, ``X exited the ROOM.`` (also ``left``, ``went out
of``), ``X is in the ROOM.`` / ``X and Y are in the ROOM.``, ``The OBJ is in the CONTAINER.``,
``X moved the OBJ to the CONTAINER.``, and distractors (``X likes/dislikes/loves/hates the THING``).  Questions: memory
(``Where was the OBJ at the beginning?``), reality (``Where is the OBJ really?``), first order
(``Where will X look for the OBJ?``) and second order (``Where does X think that Y searches
for the OBJ?``).  Anything else is an unknown shape, reported with its file line.
"""

from __future__ import annotations

import re

from smcdel_bridge.values import value

from ..errors import UserError

_NAME = r"([A-Z][A-Za-z'_-]*)"
_THING = r"([A-Za-z0-9_'-]+)"


@value(frozen=True)
class Sentence:
    """One story sentence: ``kind`` and its arguments; ``line`` is the file line."""

    kind: str  # enter, exit, at (agent is in room), object, move, stay (Hi-ToM), noise
    line: int
    number: int
    text: str
    agents: tuple[str, ...] = ()
    room: str | None = None
    obj: str | None = None
    container: str | None = None


_SHAPES: tuple[tuple[str, re.Pattern], ...] = (
    ("enter", re.compile(rf"^{_NAME} entered the {_THING}\.?$")),
    ("exit", re.compile(rf"^{_NAME} (?:exited|left|went out of) the {_THING}\.?$")),
    ("move", re.compile(rf"^{_NAME} moved the {_THING} to the {_THING}\.?$")),
    ("object", re.compile(rf"^The {_THING} (?:is|are) in the {_THING}\.?$")),
    ("at2", re.compile(rf"^{_NAME} and {_NAME} are in the {_THING}\.?$")),
    ("at", re.compile(rf"^{_NAME} is in the {_THING}\.?$")),
    ("noise", re.compile(rf"^{_NAME} (?:likes|dislikes|loves|hates) the {_THING}\.?$")),
)


class ShapeError(UserError, ValueError):
    """A sentence or question of no known shape (message without the location)."""


def parse_sentence(text: str, line: int, number: int) -> Sentence:
    for kind, pattern in _SHAPES:
        m = pattern.match(text)
        if m is None:
            continue
        g = m.groups()
        if kind == "enter" or kind == "exit":
            return Sentence(kind, line, number, text, agents=(g[0],), room=g[1])
        if kind == "move":
            return Sentence(kind, line, number, text, agents=(g[0],), obj=g[1], container=g[2])
        if kind == "object":
            return Sentence(kind, line, number, text, obj=g[0], container=g[1])
        if kind == "at2":
            return Sentence("at", line, number, text, agents=(g[0], g[1]), room=g[2])
        if kind == "at":
            return Sentence(kind, line, number, text, agents=(g[0],), room=g[1])
        return Sentence("noise", line, number, text, agents=(g[0],), obj=g[1])
    raise ShapeError(f"unknown sentence shape: {text!r}")


@value(frozen=True)
class ParsedQuestion:
    """A ToMi question: ``kind`` is memory, reality, first_order or second_order; ``agents``
    the chain of believers (outermost first)."""

    kind: str
    obj: str
    agents: tuple[str, ...] = ()

    @property
    def order(self) -> int:
        return len(self.agents)


_QUESTIONS: tuple[tuple[str, re.Pattern], ...] = (
    ("memory", re.compile(rf"^Where was the {_THING} at the beginning\?$")),
    ("reality", re.compile(rf"^Where is the {_THING} really\?$")),
    ("first_order", re.compile(rf"^Where will {_NAME} look for the {_THING}\?$")),
    ("second_order", re.compile(rf"^Where does {_NAME} think that {_NAME} searches for the {_THING}\?$")),
)


def parse_question(text: str) -> ParsedQuestion:
    for kind, pattern in _QUESTIONS:
        m = pattern.match(text.strip())
        if m is None:
            continue
        g = m.groups()
        if kind in ("memory", "reality"):
            return ParsedQuestion(kind, g[0])
        return ParsedQuestion(kind, g[-1], tuple(g[:-1]))
    raise ShapeError(f"unknown question shape: {text!r}")
