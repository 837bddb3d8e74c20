"""A Hi-ToM story -> the story model: ToMi's uniform translation, with what people say and
the benchmark's trust rule.

Hi-ToM's four assumptions, as the translation reads them (``docs/hitom.md``):

1. an agent witnesses everything that happens in a room before it exits it: ToMi's scene
   (the agents in the room observe an event; the others believe nothing happened), and,
   as in ToMi's translation, agents entering a room see where its objects are (a group
   that enters together looks together);
2. an agent infers another's mental state only from having been in the same place or from
   talk: nobody sees what happens in a room they are not in;
3. agents tend to lie, and what an agent says does not change its own belief: every claim
   and private tell is an *assertion* whose sincerity the story leaves open (the model
   decides whether the speaker believes it); a listener trusts a speaker who left the room
   later than itself (``everyone trusts whoever left the room later than themselves``);
   the exit order is known to all (the trust policy is part of the story);
4. a private tell is heard by its listener only, and everyone knows nobody else hears it;
   a public claim is heard by everyone, wherever they are.
"""

from __future__ import annotations

from ..story import model as sm
from ..tomi.certify import Translated, TomiError, translate_sentences
from .sentences import parse_sentence
from ..tomi.sentences import ShapeError

#: the benchmark's trust rule as the story's policy
TRUST = (sm.Trust(rule="left_later"),)


def sentences_of(source: str, lines) -> list:
    """The typed sentences of a Hi-ToM row (``lines``: the reader's records;
    ``Line.line`` is the row's file line, ``Line.number`` the sentence number)."""
    out = []
    for ln in lines:
        try:
            out.append(parse_sentence(ln.text, ln.line, ln.number))
        except ShapeError as err:
            raise TomiError(f"{source}:{ln.line}: sentence {ln.number}: {err}") from None
    return out


def about(sentences: list, obj: str | None) -> list:
    """The story as it concerns ``obj``: every sentence of people coming and going, and
    those that place, move or speak of ``obj`` (None: all of them).

    Answers about ``obj`` are the same on it: every event concerns one object (a move, a
    look, a claim) or none (coming and going, seen by everyone in the room), so the model
    of the whole story is the product of the models of its objects, and a nested belief
    about one object is read in its own factor (``docs/hitom.md``).  The factors are
    small where the product is not."""
    if obj is None:
        return list(sentences)
    return [s for s in sentences if s.obj is None or s.obj == obj
            or s.kind not in ("object", "move", "assert", "assert_private", "noise")]


def translate(source: str, lines, name: str = "hitom", obj: str | None = None) -> Translated:
    """The story of a Hi-ToM row as it concerns ``obj`` (None: the whole story)."""
    sentences = about(sentences_of(source, lines), obj)
    return translate_sentences(source, sentences, name, trust=TRUST, together=True,
                               where=lambda s: f"{source}:{s.line}: sentence {s.number}")
