"""A second object in the room (ToMi's distractor objects), chosen so that the audit's
heuristic trackers (:mod:`pyfront.audit.trackers`) tell nothing about the answers.

A *decoy* is another object of the same room: it is put in one of the room's containers
(just before or just after the questioned object), then moved by people in the room or
spoken of by one who saw it.  It is in the story model (:func:`with_decoy`): a missed
move in the room may have been any move there, so a decoy can change what an agent knows;
the arrangement kept is one the checker answers as it answers the story alone (see
``pipeline.with_decoys``), so it only changes which containers are *mentioned* where —
which is all a tracker reads.  Each story gets :data:`CANDIDATES` arrangements drawn from
its own seed; :class:`TrackerBalance` keeps, per question kind and tracker, the running
surplus of right answers over chance (1/k per question; a tracker that has no answer
counts as a guess, as in the audit), and takes the arrangement that
keeps the sum of squared surpluses smallest: every surplus stays bounded, so every
tracker's accuracy tends to chance, per kind, order and overall.

    >>> import random
    >>> from pyfront.generate.stories.sampler import StoryParams, draw_story
    >>> drawn = draw_story(random.Random(3), StoryParams())
    >>> [d[1] for d in arrangement(drawn, random.Random(1))][0]
    'place'
"""

from __future__ import annotations

import random
from typing import Sequence

from smcdel_bridge.values import field, value

from ...tomi.scene import SceneStep
from .sampler import DrawnStory, world

#: arrangements tried per story
CANDIDATES = 24
#: the most decoy moves and words after the opening
MOST_LATER = 3


def presence(drawn: DrawnStory, room: str | None = None) -> list[tuple[str, ...]]:
    """Who is in the story's room (or ``room``) just before each step (one more entry:
    after the last)."""
    room = drawn.room if room is None else room
    inside: list[str] = []
    out = []
    for st in drawn.steps:
        out.append(tuple(inside))
        if st.kind == "enter" and st.room == room and st.agent not in inside:
            inside.append(st.agent)
        elif st.kind == "exit" and st.room == room and st.agent in inside:
            inside.remove(st.agent)
    out.append(tuple(inside))
    return out


def with_decoy(drawn: DrawnStory) -> tuple[dict, dict, list[SceneStep]]:
    """The containers, starting places and steps of the story *with* its decoys: each
    decoy is a variable of the room like the questioned object, each of its sentences a
    step (placed, moved or told, seen by those in the room; a tell heard by everyone), so
    the checker answers the story the text tells."""
    containers = {drawn.obj: drawn.containers}
    initial = {drawn.obj: drawn.containers[0]}
    if not drawn.decoys:
        return containers, initial, list(drawn.steps)
    here = {r: presence(drawn, r) for r in drawn.rooms}
    for _, _, _, obj, at in drawn.decoys:  # a decoy's first sentence places it
        if obj not in containers:
            containers[obj], initial[obj] = drawn.containers, at
    by: dict[int, list[tuple[str, str, str, str]]] = {}
    for index, kind, agent, o, container in drawn.decoys:
        by.setdefault(index, []).append((kind, agent, o, container))
    steps: list[SceneStep] = []
    for i in range(len(drawn.steps) + 1):
        for kind, agent, o, container in by.get(i, ()):
            room = drawn.room_of(o)
            if kind == "place":
                steps.append(SceneStep("place", None, room=room, obj=o, container=container,
                                       observers=tuple(here[room][i])))
            elif kind == "move":
                steps.append(SceneStep("move", None, agent=agent, room=room, obj=o,
                                       container=container, observers=tuple(here[room][i])))
            else:
                steps.append(SceneStep("tell", None, agent=agent, obj=o, container=container,
                                       observers=tuple(drawn.agents)))
        if i < len(drawn.steps):
            steps.append(drawn.steps[i])
    return containers, initial, steps


def arrangement(drawn: DrawnStory, rng: random.Random, objects: int = 2, ruled: bool = False
                ) -> tuple[tuple[int, str, str, str, str], ...]:
    """One decoy arrangement: ``(step index, kind, agent, object, container)`` sentences,
    each said before the step of its index (``kind``: place, move or tell), for
    ``objects - 1`` other objects of the room.  ``ruled``: only sentences no one misses
    after the placement (:func:`ruled_slots`)."""
    return spread(drawn, rng, objects, ruled).decoys


def spread(drawn: DrawnStory, rng: random.Random, objects: int = 2, ruled: bool = False
           ) -> DrawnStory:
    """``drawn`` with ``objects - 1`` decoys: the first in the object's room (the trackers'
    decoy), the others in turn in the other rooms (ruled arrangements only; one whose
    room nobody enters after the opening stays in the object's room).  An object is one more
    variable of its room: an agent who misses an event there considers a change of each,
    so spreading them keeps every room's events as cheap to follow as one or two objects
    make them (8 agents, 80 events: 4 objects in one room exhausted 5 GB)."""
    from smcdel_bridge.values import replace

    others = [o for o in world()["objects"] if o != drawn.obj]
    place = next(i for i, st in enumerate(drawn.steps) if st.kind == "place")
    rooms = [drawn.room] + ([*drawn.rooms[1:]] if ruled else [])
    out: list[tuple[int, str, str, str, str]] = []
    away: list[tuple[str, str]] = []
    for j in range(objects - 1):
        obj = rng.choice(others)
        others.remove(obj)
        room = rooms[0] if j == 0 or len(rooms) == 1 else rooms[1 + (j - 1) % (len(rooms) - 1)]
        here = presence(drawn, room)
        start = place if room == drawn.room else next(
            (i for i in range(place + 1, len(drawn.steps) + 1) if here[i]), None)
        if start is None:  # nobody goes there: kept in the object's room
            room, start, here = drawn.room, place, presence(drawn)
        if room != drawn.room:
            away.append((obj, room))
        out += _sentences(drawn, rng, obj, start, here, ruled)
    return replace(drawn, decoys=tuple(out), decoy_rooms=tuple(away))


def _sentences(drawn: DrawnStory, rng: random.Random, obj: str, place: int, here, ruled: bool
               ) -> list[tuple[int, str, str, str, str]]:
    """One decoy object's sentences: its placement at the opening, then up to
    :data:`MOST_LATER` moves or tells."""
    at = rng.choice(drawn.containers)
    start = place + rng.randint(0, 1)
    out = [(start, "place", "", obj, at)]
    if ruled:
        slots = ruled_slots(drawn, start, here)
    else:
        slots = {i: (here[i], here[i]) for i in range(place + 1, len(drawn.steps) + 1) if here[i]}
    chosen = sorted(rng.sample(sorted(slots), min(rng.randint(0, MOST_LATER), len(slots))))
    for i in chosen:
        movers, speakers = slots[i]
        if not ruled:  # (today's draws, in today's order: the same bytes)
            agent = rng.choice(movers)
            move = rng.random() < 0.7
        else:
            move = bool(movers) and (not speakers or rng.random() < 0.7)
            agent = rng.choice(movers if move else speakers) if move or speakers else ""
        if move and len(drawn.containers) > 1:
            at = rng.choice([c for c in drawn.containers if c != at])
            out.append((i, "move", agent, obj, at))
        elif agent in speakers:
            out.append((i, "tell", agent, obj, at))
    return out


def ruled_slots(drawn: DrawnStory, start: int, here) -> dict[int, tuple[tuple, tuple]]:
    """Where a decoy sentence may go by the cheap rule, with who may say it: a move only
    while every agent is in the room (no one misses it, so no one's view of a missed event
    grows), a tell (heard by all) only by one who has stayed in the room since the
    placement (she saw every decoy sentence, so she knows where it is).  A story with
    such a decoy is labelled once and kept when its answers are those of the story alone."""
    everyone = set(drawn.agents)
    stayed = set(here[start])
    out = {}
    for i in range(start + 1, len(drawn.steps) + 1):
        stayed &= set(here[i])
        movers = here[i] if set(here[i]) == everyone else ()
        speakers = tuple(a for a in drawn.agents if a in stayed)
        if movers or speakers:
            out[i] = (tuple(movers), speakers)
    return out


@value
class TrackerBalance:
    """Running surplus of right answers over chance per (question kind, tracker)."""

    surplus: dict[tuple[str, str], float] = field(default_factory=dict)

    @staticmethod
    def scores(text: str, asked: Sequence[tuple[str, str, str, Sequence[str]]]
               ) -> dict[tuple[str, str], float]:
        """Each (kind, tracker)'s surplus on one story: ``asked`` holds (kind, question,
        answer, choices) per question."""
        from ...audit.trackers import Reading

        out: dict[tuple[str, str], float] = {}
        readings: dict[tuple[str, ...], Reading] = {}
        for kind, question, answer, choices in asked:
            key_c = tuple(choices)
            if key_c not in readings:
                readings[key_c] = Reading(text, choices)
            for t, p in readings[key_c].picks(question).items():
                key = (kind, t)
                # no answer from the tracker: a guess (the audit's credit, 1/k)
                right = 1 / len(choices) if p is None else float(p == answer)
                out[key] = out.get(key, 0.0) + right - 1 / len(choices)
        return out

    def cost(self, add: dict[tuple[str, str], float]) -> float:
        keys = sorted(set(self.surplus) | set(add))  # one order of sums: same bytes every run
        return sum((self.surplus.get(k, 0.0) + add.get(k, 0.0)) ** 2 for k in keys)

    def take(self, add: dict[tuple[str, str], float]) -> None:
        for k, v in add.items():
            self.surplus[k] = self.surplus.get(k, 0.0) + v
