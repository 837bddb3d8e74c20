"""An independent re-simulation of DEL-ToM's oracle and trace recorder, for the tests.

Written from DEL-ToM's generator (github joel-wu/DEL-ToM, ``Hi-ToM_dataset/``:
``dynamic_actions.py`` for the oracle's table updates, ``tasks.py`` for who observes what,
the ``believers=``/``trust=`` arguments, ``is_belief_changed`` and the snapshot code of
``generate_story_qs_at_end``) and the rules of the ``Note:`` of its questions.  It shares
no code with ``pyfront``: its own patterns read the numbered sentences, its own tables
replay the oracle, its own recorder builds the trace lines as the generator does.

    >>> story = [(1, "Ann, Bob and Cy entered the hall."), (2, "The peas is in the red_box."),
    ...          (3, "Ann moved the peas to the blue_box."), (4, "Ann exited the hall."),
    ...          (5, "Ann and Bob entered the hall.")]
    >>> sim = simulate(story, "peas")
    >>> sim.fresh[5][("Ann",)], sim.recorded[5][("Ann",)]    # Ann came back: the oracle sees it
    ('blue_box', 'blue_box')
    >>> sim.recorded[1].get(()), sim.fresh[1][()]             # nulled before the placement
    (None, 'red_box')

The oracle (tables keyed by chains of distinct agents, ``()`` the real place):

- ``A, B … entered the R`` (not the waiting room): the agents of the round, in this
  order; for every object whose container is in R, every chain of 1 to 4 distinct
  entrants gets its container (containers belong to the room they are first named in).
- ``The O is in the C`` (observers: the round's agents) and ``X moved the O to the C``
  (the real place becomes C; observers: those of the round still inside, then X): every
  chain of 1 to 4 distinct observers gets C.
- ``S publicly claimed that O is in the C``: each listener B that trusts S gets ``B``,
  ``B->S`` and ``S->B``; every other agent D gets ``S->D``.  ``S privately told L …``:
  ``L`` and ``L->S`` if L trusts S; ``S->L`` always.  L trusts S when L is not in the
  round, or left the room before S (the exit order, Note 3).  Nothing of order 3 or 4.
- Everything else (leaving, staying, the waiting room, noise) changes nothing.

The recorder: the story is written without noise first; after each sentence a new
snapshot if it is a move (not ``made no movements``), a claim or a tell, or if it is the
first; otherwise a copy of the previous line.  Then each noise sentence is inserted with a
copy of the line before it (the last line when it comes first), and every line before the
first ``The O is in the C`` sentence of the traced object is set to null.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import permutations

_ENTER = re.compile(r"^(.+) entered the (\w+)\.$")
_OBJECT = re.compile(r"^The (\w+) is in the (\w+)\.$")
_MOVE = re.compile(r"^(\w+) moved the (\w+) to the (\w+)\.$")
_EXIT = re.compile(r"^(\w+) exited the (\w+)\.$")
_PUBLIC = re.compile(r"^(\w+) publicly claimed that (\w+) is in the (\w+) now\.$")
_PRIVATE = re.compile(r"^(\w+) privately told (\w+) that the (\w+) is in the (\w+) now\.$")
_STAY = re.compile(r"^(\w+) made no movements and stayed in the (\w+) for 1 minute\.$")
_NOISE = re.compile(r"^(\w+) (?:saw an? \w+|lost his \w+|likes the \w+|dislikes the \w+)\.$")


def kind_of(text: str) -> str:
    """``enter``, ``waiting``, ``object``, ``move``, ``exit``, ``public``, ``private``,
    ``stay`` or ``noise``."""
    m = _ENTER.match(text)
    if m:
        return "waiting" if m.group(2) == "waiting_room" else "enter"
    for name, pattern in (("object", _OBJECT), ("move", _MOVE), ("exit", _EXIT),
                          ("public", _PUBLIC), ("private", _PRIVATE), ("stay", _STAY),
                          ("noise", _NOISE)):
        if pattern.match(text):
            return name
    raise ValueError(f"unknown sentence: {text!r}")


def _names(group: str) -> list[str]:
    return re.findall(r"[A-Z]\w*", group)


@dataclass
class Simulation:
    """Per line number: ``fresh[t]`` the oracle's tables for the traced object after line
    t, ``recorded[t]`` the recorder's line (chain -> container or None); ``writes[chain]``
    the lines that wrote the chain's entry, in order; ``tells`` the lines of words about
    the traced object."""

    fresh: dict = field(default_factory=dict)
    recorded: dict = field(default_factory=dict)
    writes: dict = field(default_factory=dict)
    tells: list = field(default_factory=list)


def simulate(lines: list[tuple[int, str]], obj: str) -> Simulation:
    """Replay the oracle and the recorder over ``(number, sentence)`` lines."""
    room_of: dict[str, str] = {}
    place: dict[str, str] = {}
    room = None
    for _, text in lines:  # the generator places every object before the story
        m = _ENTER.match(text)
        if m and m.group(2) != "waiting_room":
            room = m.group(2)
        for pattern, o, c in ((_OBJECT, 1, 2), (_MOVE, 2, 3)):
            m = pattern.match(text)
            if m:
                room_of.setdefault(m.group(c), room)
                if pattern is _OBJECT:
                    place.setdefault(m.group(o), m.group(c))
    tables: dict = {}
    sim = Simulation()
    round_agents: list[str] = []
    exits: dict[str, int] = {}
    everyone = sorted({a for _, t in lines if _ENTER.match(t) for a in _names(_ENTER.match(t).group(1))})

    def write(chain, o, container, n):
        tables[(tuple(chain), o)] = container
        if o == obj:
            sim.writes.setdefault(tuple(chain), []).append(n)

    def observe(observers, o, container, n):
        for k in range(1, 5):
            for chain in permutations(observers, k):
                write(chain, o, container, n)

    def trusts(listener, speaker):
        if listener not in round_agents:
            return True
        return exits.get(listener, 10 ** 9) < exits.get(speaker, 10 ** 9)

    for n, text in lines:
        kind = kind_of(text)
        if kind == "enter":
            m = _ENTER.match(text)
            round_agents, exits, here = _names(m.group(1)), {}, m.group(2)
            for o, c in place.items():
                if room_of.get(c) == here:
                    observe(round_agents, o, c, n)
        elif kind == "object":
            o, c = _OBJECT.match(text).groups()
            observe(round_agents, o, c, n)
        elif kind == "move":
            mover, o, c = _MOVE.match(text).groups()
            place[o] = c
            write((), o, c, n)
            inside = [a for a in round_agents if a not in exits and a != mover]
            observe(inside + [mover], o, c, n)
        elif kind == "exit":
            exits[_EXIT.match(text).group(1)] = n
        elif kind == "public":
            s, o, c = _PUBLIC.match(text).groups()
            for listener in everyone:
                if listener != s and trusts(listener, s):
                    write((listener,), o, c, n)
                    write((listener, s), o, c, n)
                write((s, listener), o, c, n)
            sim.tells += [n] if o == obj else []
        elif kind == "private":
            s, listener, o, c = _PRIVATE.match(text).groups()
            if trusts(listener, s):
                write((listener,), o, c, n)
                write((listener, s), o, c, n)
            write((s, listener), o, c, n)
            sim.tells += [n] if o == obj else []
        snap = {chain: c for (chain, o), c in tables.items() if o == obj and len(set(chain)) == len(chain)}
        snap[()] = place.get(obj)
        sim.fresh[n] = snap
    _record(lines, obj, sim)
    return sim


def _record(lines, obj: str, sim: Simulation) -> None:
    """The recorder's lines, built as the generator builds them."""
    story = [(n, t) for n, t in lines if kind_of(t) != "noise"]
    trace: list[dict] = []
    for n, text in story:
        changed = kind_of(text) in ("move", "public", "private")
        trace.append(dict(sim.fresh[n]) if changed or not trace else dict(trace[-1]))
    for i, (n, text) in enumerate(lines):  # noise, in story order: a copy of the line before
        if kind_of(text) == "noise":
            trace.insert(i, dict(trace[i - 1]))
    first = next((i for i, (_, t) in enumerate(lines)
                  if (m := _OBJECT.match(t)) and m.group(1) == obj), None)
    for i in range(first if first is not None else 0):
        trace[i] = {}
    for (n, _), line in zip(lines, trace):
        sim.recorded[n] = line


def value(table: dict, chain: tuple) -> str | None:
    """A line's entry for ``chain`` (None: not written)."""
    return table.get(tuple(chain))


def read_story(order_file: str) -> tuple[list[tuple[int, str]], str]:
    """The numbered sentences of an ``order_K.txt`` and the object its question asks about."""
    lines, obj = [], None
    for raw in open(order_file, encoding="utf-8"):
        m = re.match(r"^(\d+) (.*)$", raw.strip())
        if m:
            lines.append((int(m.group(1)), m.group(2)))
        q = re.match(r"^Question: Where (?:is|does .*think) the (\w+) (?:really|is)\?", raw)
        if q:
            obj = q.group(1)
    return lines, obj
