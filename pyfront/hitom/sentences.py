"""The sentence and question shapes of Hi-ToM, as the typed records of ToMi's reader.

Hi-ToM's stories use ToMi's shapes (``X exited the R.``, ``The O is in the C.``, ``X moved
the O to the C.``) and add: several agents entering at once (``A, B and C entered the R.``),
``X made no movements and stayed in the R for 1 minute.``, what people say (``A privately
told B that the O is in the C.``, ``A publicly claimed that O is in the C.``) and more
distractors (``A lost his phone.``, ``A saw a cat.``); DEL-ToM's copy of the generator ends
what people say with ``now`` (``… is in the C now.``).  Entering the ``waiting_room`` changes
nothing: the benchmark's rules keep agents there in no room (see ``docs/hitom.md``).
Questions: ``Where is the O really?`` and ``Where does A [really] think [B thinks …] the O
is?``.
"""

from __future__ import annotations

import re

from ..tomi.sentences import ParsedQuestion, Sentence, ShapeError
from ..tomi.sentences import parse_sentence as tomi_sentence

_NAME = r"([A-Z][A-Za-z'_-]*)"
_THING = r"([A-Za-z0-9_'-]+)"
#: the room where agents wait between rounds: no room in the model
WAITING_ROOM = "waiting_room"

_SHAPES: tuple[tuple[str, re.Pattern], ...] = (
    ("group", re.compile(rf"^((?:{_NAME}, )*{_NAME} and {_NAME}|{_NAME}) entered the {_THING}\.?$")),
    ("stay", re.compile(rf"^{_NAME} made no movements and stayed in the {_THING} for .*\.?$")),
    ("private", re.compile(rf"^{_NAME} privately told {_NAME} that the {_THING} (?:is|are) in the {_THING}(?: now)?\.?$")),
    ("public", re.compile(rf"^{_NAME} publicly claimed that (?:the )?{_THING} (?:is|are) in the {_THING}(?: now)?\.?$")),
    ("noise", re.compile(rf"^{_NAME} (?:lost his|lost her|saw an?) {_THING}\.?$")),
)
_GROUP_NAMES = re.compile(_NAME)


def parse_sentence(text: str, line: int, number: int) -> Sentence:
    for kind, pattern in _SHAPES:
        m = pattern.match(text)
        if m is None:
            continue
        g = m.groups()
        if kind == "group":
            who, room = m.group(1), g[-1]
            agents = tuple(_GROUP_NAMES.findall(who))
            if room == WAITING_ROOM:
                return Sentence("noise", line, number, text, agents=agents)
            return Sentence("at", line, number, text, agents=agents, room=room)
        if kind == "stay":  # a turn without a move: those away cannot tell it from a move
            return Sentence("stay", line, number, text, agents=(g[0],), room=g[1])
        if kind == "private":
            return Sentence("assert_private", line, number, text, agents=(g[0], g[1]),
                            obj=g[2], container=g[3])
        if kind == "public":
            return Sentence("assert", line, number, text, agents=(g[0],), obj=g[1],
                            container=g[2])
        return Sentence("noise", line, number, text, agents=(g[0],))
    return tomi_sentence(text, line, number)


_QUESTIONS = (
    ("reality", re.compile(rf"^Where is the {_THING} really\?$")),
    ("belief", re.compile(rf"^Where does {_NAME} (?:really )?think((?: {_NAME} thinks)*) the {_THING} is\?$")),
)


def parse_question(text: str) -> ParsedQuestion:
    """A Hi-ToM question as ToMi's record: ``kind`` ``reality`` or ``belief``, the chain of
    believers (outermost first); its order is the chain's length."""
    text = text.strip()
    m = _QUESTIONS[0][1].match(text)
    if m:
        return ParsedQuestion("reality", m.group(1))
    m = _QUESTIONS[1][1].match(text)
    if m:
        inner = _GROUP_NAMES.findall(m.group(2)) if m.group(2) else []
        return ParsedQuestion("belief", m.groups()[-1], (m.group(1), *inner))
    raise ShapeError(f"unknown question shape: {text!r}")
