"""An independent re-simulation of the oracle that gives Hi-ToM's labels, for the tests.

Written from Hi-ToM's published generator (``$MINDGAMES_SHARED/hitom/generator/``:
``dynamic_actions.py`` after its "fix permutation bug" commit, and
``dynamic_actions.before-permutation-fix.py`` before it; ``tasks.py`` for who observes
what, who trusts whom and which questions are asked; ``oracle.py`` for the belief tables).
It shares no code with ``pyfront/hitom``: it reads the story's numbered lines with its own
patterns and replays the generator's table updates, remembering the line of each.

    >>> lines = [(1, "Ann, Bob, Cy, Di and Ed entered the hall."),
    ...          (2, "The peas is in the red_box."),
    ...          (3, "Ann moved the peas to the blue_box."), (4, "Ann exited the hall.")]
    >>> label(lines, ("Cy", "Ann"), "peas", "post_fix")
    ('blue_box', 3)
    >>> label(lines, ("Ann", "Cy"), "peas", "pre_fix")   # only combinations (Cy, Ann) of [Bob..Ed, Ann]
    ('red_box', 2)

What the generator does, line by line (each line is one ``Action`` built in story order;
the questions read the tables after the last line):

- ``A, B, … entered the R.`` (not the waiting room) opens a chapter: its agents, in this
  order, are ``a1 … ak`` of ``write_Ak_chapter``. ``EnterAction`` sets, for every object in
  the room, every tuple of distinct entrants of length 1 to 4 (both versions: permutations
  of combinations) to the object's container.
- ``The O is in the C.`` (``ObjectLocAction``, observers the chapter's agents) and
  ``X moved the O to the C.`` (``MoveAction``, observers the agents after X in the chapter,
  then X): every observer's first-order belief; for orders 2 to 4, after the fix every
  ordered tuple of distinct observers, before it only the tuples in the observers' list
  order (``combinations``).
- ``X made no movements …``, ``X exited …``, entering the waiting room, noise: nothing.
- ``S publicly claimed that O is in the C.`` (``PublicTellAction``, listeners all five
  agents, believers those who trust S): each believer B gets ``B`` and ``(B, S)``, and
  ``(S, B)``; every other listener D (S included) gets ``(S, D)``.
- ``S privately told L that the O is in the C.`` (``PrivateTellAction``): if L trusts S,
  ``L`` and ``(L, S)``; always ``(S, L)``.
- Trust (the ``believers=`` and ``trust=`` arguments of ``tasks.py``, every case): a
  listener trusts the speaker if it is not an agent of the chapter, or left it before
  the speaker (comes earlier in the chapter's order).
- A question's label is the table entry of its chain (``None`` if never set); ``Where is
  the O really?`` is where the O is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import combinations, permutations

VERSIONS = ("pre_fix", "post_fix")

_ENTER = re.compile(r"^(.+) entered the (\S+?)\.?$")
_OBJECT = re.compile(r"^The (\S+) (?:is|are) in the (\S+?)\.?$")
_MOVE = re.compile(r"^(\S+) moved the (\S+) to the (\S+?)\.?$")
_PUBLIC = re.compile(r"^(\S+) publicly claimed that (?:the )?(\S+) (?:is|are) in the (\S+?)(?: now)?\.?$")
_PRIVATE = re.compile(r"^(\S+) privately told (\S+) that (?:the )?(\S+) (?:is|are) in the (\S+?)(?: now)?\.?$")
_QUESTION = re.compile(r"^Where does (\S+) (?:really )?think((?: \S+ thinks)*) the (\S+) is\?$")
_REALITY = re.compile(r"^Where is the (\S+) really\?$")


@dataclass(frozen=True)
class Write:
    """One table write: the chain it sets, the container, the story line and its kind."""

    chain: tuple
    obj: str
    container: str
    line: int
    kind: str
    speaker: str | None = None


@dataclass
class Oracle:
    """The generator's tables after a story: ``tables[(chain, obj)]`` is the last write,
    ``writes`` every write in order, ``real[obj]`` (container, line)."""

    version: str
    tables: dict = field(default_factory=dict)
    writes: list = field(default_factory=list)
    real: dict = field(default_factory=dict)
    agents: list = field(default_factory=list)

    def set(self, chain, obj, container, line, kind, speaker=None):
        w = Write(tuple(chain), obj, container, line, kind, speaker)
        self.tables[(w.chain, obj)] = w
        self.writes.append(w)

    def observed(self, observers, obj, container, line, kind):
        """``ObjectLocAction`` / ``MoveAction`` table writes, by version."""
        for o in observers:
            self.set((o,), obj, container, line, kind)
        for n in (2, 3, 4):
            for group in combinations(observers, n):
                tuples = permutations(group) if self.version == "post_fix" else [group]
                for chain in tuples:
                    self.set(chain, obj, container, line, kind)

    def entered(self, entrants, obj, container, line):
        """``EnterAction``: permutations in both versions."""
        for o in entrants:
            self.set((o,), obj, container, line, "enter")
        for n in (2, 3, 4):
            for group in combinations(entrants, n):
                for chain in permutations(group):
                    self.set(chain, obj, container, line, "enter")


def _names(text: str) -> list[str]:
    head, _, last = text.rpartition(" and ")
    return [*(x.strip() for x in head.split(",") if x.strip()), last.strip()] if head else [text]


def simulate(lines, version: str) -> Oracle:
    """Replay the generator's updates on a story's numbered lines ``(number, text)``."""
    assert version in VERSIONS
    ora = Oracle(version)
    room_of = _rooms(lines, ora)
    group: list[str] = []
    room = None
    for number, text in lines:
        text = text.strip()
        if m := _ENTER.match(text):
            names, where = _names(m.group(1)), m.group(2)
            for a in names:
                if a not in ora.agents:
                    ora.agents.append(a)
            if where == "waiting_room":
                continue
            group, room = names, where
            for obj, r in room_of.items():
                if r == room:
                    ora.entered(group, obj, ora.real[obj][0], number)
        elif m := _OBJECT.match(text):
            obj, c = m.groups()
            ora.real[obj] = (c, number)
            ora.observed(list(group), obj, c, number, "object")
        elif m := _MOVE.match(text):
            mover, obj, c = m.groups()
            ora.real[obj] = (c, number)
            observers = group[group.index(mover) + 1:] + [mover]
            ora.observed(observers, obj, c, number, "move")
        elif m := _PUBLIC.match(text):
            speaker, obj, c = m.groups()
            for listener in ora.agents:
                if listener != speaker and _trusts(group, listener, speaker):
                    ora.set((listener,), obj, c, number, "public", speaker)
                    ora.set((listener, speaker), obj, c, number, "public", speaker)
                ora.set((speaker, listener), obj, c, number, "public", speaker)
        elif m := _PRIVATE.match(text):
            speaker, listener, obj, c = m.groups()
            if _trusts(group, listener, speaker):
                ora.set((listener,), obj, c, number, "private", speaker)
                ora.set((listener, speaker), obj, c, number, "private", speaker)
            ora.set((speaker, listener), obj, c, number, "private", speaker)
    return ora


def _rooms(lines, ora: Oracle) -> dict[str, str]:
    """Each object's room (that of the chapter that first names it) and its first
    container (``ora.real``, line 0): the generator places the objects before the story
    starts, so the first chapter's entering already sets beliefs about them."""
    room_of: dict[str, str] = {}
    room = None
    for _, text in lines:
        text = text.strip()
        if (m := _ENTER.match(text)) and m.group(2) != "waiting_room":
            room = m.group(2)
        elif m := _OBJECT.match(text):
            room_of.setdefault(m.group(1), room)
            ora.real.setdefault(m.group(1), (m.group(2), 0))
    return room_of


def _trusts(group: list[str], listener: str, speaker: str) -> bool:
    if listener not in group:
        return True
    return group.index(listener) < group.index(speaker)


def question_chain(question: str) -> tuple[tuple, str]:
    """``(chain, obj)`` of a Hi-ToM question (chain ``()`` for reality)."""
    q = question.strip()
    if m := _REALITY.match(q):
        return (), m.group(1)
    m = _QUESTION.match(q)
    assert m, q
    inner = [x.split()[0] for x in m.group(2).split(" thinks") if x.strip()]
    return (m.group(1), *inner), m.group(3)


def label(lines, chain, obj, version: str) -> tuple[str | None, int | None]:
    """Hi-ToM's label for ``chain`` about ``obj`` under ``version`` and the line of the
    write that produced it (``(None, None)`` if the table was never set)."""
    ora = simulate(lines, version)
    if not chain:
        return ora.real.get(obj, (None, None))
    w = ora.tables.get((tuple(chain), obj))
    return (w.container, w.line) if w else (None, None)


def numbered_lines(story: str) -> list[tuple[int, str]]:
    """The numbered lines of a Hi-ToM ``story`` field (instructions and ``***`` skipped)."""
    out = []
    for raw in story.split("\n"):
        m = re.match(r"^(\d+) (.*)$", raw.strip())
        if m:
            out.append((int(m.group(1)), m.group(2)))
    return out


def history(lines, chain, obj, version: str) -> list[Write]:
    """Every write to ``chain``'s entry about ``obj``, in story order."""
    return [w for w in simulate(lines, version).writes if w.chain == tuple(chain) and w.obj == obj]


def label_without_entering(lines, chain, obj, version: str) -> tuple[str | None, int | None]:
    """The label if ``EnterAction`` wrote nothing (a generator without its entering
    update); ``(None, None)`` if nothing else writes the chain."""
    kept = [w for w in history(lines, chain, obj, version) if w.kind != "enter"]
    return (kept[-1].container, kept[-1].line) if kept else (None, None)


def trusts(lines, line: int, listener: str, speaker: str) -> bool:
    """Hi-ToM's trust rule for words said at ``line`` (the chapter they belong to)."""
    group: list[str] = []
    for number, text in lines:
        if number > line:
            break
        m = _ENTER.match(text.strip())
        if m and m.group(2) != "waiting_room":
            group = _names(m.group(1))
    return _trusts(group, listener, speaker)
