"""What Hi-ToM's oracle records, for explaining a disagreement: which sentence wrote the
label of a chain of believers, under each published version of its generator.

Hi-ToM's labels are not derived from a model of minds but read from tables its generator
fills sentence by sentence (``dynamic_actions.py``; ``docs/hitom.md``).  This module
states, for one sentence and one chain of believers, whether the generator's update for
that sentence writes the chain's entry, as rules on the chain (not by enumerating the
tables as the generator does):

- a group entering a room (not the waiting room): every chain of distinct entrants, about
  the objects of the room;
- ``The O is in the C`` (observers: the round's agents) and ``X moved the O to the C``
  (observers: the agents of the round after X, then X): every chain of distinct observers
  after the generator's "fix permutation bug" commit (``post_fix``); before it
  (``pre_fix``) only chains whose agents come in the observers' order, and every single
  observer;
- a public claim by S: a listener L who trusts S gets ``L`` and ``L → S``; every other
  agent D gets ``S → D``; a private tell from S to L: ``L`` and ``L → S`` if L trusts S,
  and ``S → L``;
- trust: L trusts S if L is not an agent of the round, or left it before S.

    >>> from pyfront.tomi.reader import Line
    >>> from pyfront.hitom.translate import sentences_of
    >>> s = sentences_of("f", [Line(1, 1, "Ann, Bob and Cy entered the hall."),
    ...                        Line(1, 2, "The peas is in the red_box."),
    ...                        Line(1, 3, "Ann moved the peas to the blue_box.")])
    >>> [w.number for w in writes(s, ("Bob", "Ann"), "peas", "pre_fix")]
    [1, 3]
    >>> [w.number for w in writes(s, ("Ann", "Bob"), "peas", "pre_fix")]
    [1, 2]
"""

from __future__ import annotations

from smcdel_bridge.values import value

__all__ = ["VERSIONS", "Write", "writes", "label", "trusts_in_round", "round_of"]

VERSIONS = ("pre_fix", "post_fix")
_WAITING = "waiting_room"


@value(frozen=True)
class Write:
    """A sentence that sets a chain's entry: its number, the container, the sentence's
    kind (``at`` entering, ``object``, ``move``, ``assert``, ``assert_private``)."""

    number: int
    container: str
    kind: str
    sentence: object


def _ordered_in(chain, observers) -> bool:
    idx = [observers.index(a) for a in chain]
    return idx == sorted(idx)


def _observed(chain, observers, version: str) -> bool:
    if len(set(chain)) != len(chain) or not set(chain) <= set(observers):
        return False
    return version == "post_fix" or len(chain) == 1 or _ordered_in(chain, observers)


def trusts_in_round(round_agents, listener: str, speaker: str) -> bool:
    """Hi-ToM's trust rule inside a round: outsiders trust, and those who left earlier."""
    if listener not in round_agents:
        return True
    return speaker in round_agents and round_agents.index(listener) < round_agents.index(speaker)


def round_of(sentences, number: int) -> tuple:
    """The agents of the round (in entering order) that sentence ``number`` belongs to."""
    agents: tuple = ()
    for s in sentences:
        if s.number > number:
            break
        if s.kind == "at" and s.room != _WAITING:
            agents = s.agents
    return agents


def _speech_writes(chain, s, round_agents) -> bool:
    speaker = s.agents[0]
    if s.kind == "assert":
        if len(chain) == 2 and chain[0] == speaker:
            return True
        believer = chain[0] != speaker and trusts_in_round(round_agents, chain[0], speaker)
        return believer and (len(chain) == 1 or chain[1:] == (speaker,))
    listener = s.agents[1]
    if chain == (speaker, listener):
        return True
    return (chain[0] == listener and trusts_in_round(round_agents, listener, speaker)
            and chain[1:] in ((), (speaker,)))


def writes(sentences, chain, obj: str, version: str) -> list[Write]:
    """Every sentence (typed, :func:`.translate.sentences_of`) whose update writes the
    entry of ``chain`` about ``obj`` under ``version``, in story order; ``chain`` ``()`` is
    where the object is."""
    assert version in VERSIONS
    chain = tuple(chain)
    home, where = _home_room(sentences, obj)
    out: list[Write] = []
    round_agents: tuple = ()
    for s in sentences:
        if s.kind == "at" and s.room != _WAITING:
            round_agents = s.agents
            if s.room == home and where is not None and chain and _observed(chain, s.agents, "post_fix"):
                out.append(Write(s.number, where, "at", s))
            continue
        if s.obj != obj:
            continue
        if s.kind in ("object", "move"):
            where = s.container
            observers = (round_agents if s.kind == "object" else
                         round_agents[round_agents.index(s.agents[0]) + 1:] + (s.agents[0],))
            if not chain or _observed(chain, observers, version):
                out.append(Write(s.number, s.container, s.kind, s))
        elif s.kind in ("assert", "assert_private") and chain and _speech_writes(chain, s, round_agents):
            out.append(Write(s.number, s.container, s.kind, s))
    return out


def _home_room(sentences, obj: str):
    """The object's room and where it is first said to be: the generator has placed it
    before the story starts, so its first round's entering already concerns it."""
    room = None
    for s in sentences:
        if s.kind == "at" and s.room != _WAITING:
            room = s.room
        elif s.obj == obj and s.kind == "object":
            return room, s.container
    return None, None


def label(sentences, chain, obj: str, version: str) -> Write | None:
    """The write that gives Hi-ToM's label (the last one), or None (never written)."""
    w = writes(sentences, chain, obj, version)
    return w[-1] if w else None
