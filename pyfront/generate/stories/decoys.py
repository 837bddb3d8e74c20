"""A second object in the room (ToMi's distractor objects), chosen so that the audit's
heuristic trackers (:mod:`pyfront.audit.trackers`) tell nothing about the answers.

A *decoy* is another object of the same room: it is put in one of the room's containers
(just before or just after the questioned object), then moved by people in the room or
spoken of by one who saw it.  It is in the story model (:func:`with_decoy`): a missed
move in the room may have been any move there, so a decoy can change what an agent knows;
the arrangement kept is one the checker answers as it answers the story alone (see
``pipeline._with_decoys``), so it only changes which containers are *mentioned* where —
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


def presence(drawn: DrawnStory) -> list[tuple[str, ...]]:
    """Who is in the story's room just before each step (one more entry: after the last)."""
    inside: list[str] = []
    out = []
    for st in drawn.steps:
        out.append(tuple(inside))
        if st.kind == "enter" and st.room == drawn.room and st.agent not in inside:
            inside.append(st.agent)
        elif st.kind == "exit" and st.room == drawn.room and st.agent in inside:
            inside.remove(st.agent)
    out.append(tuple(inside))
    return out


def with_decoy(drawn: DrawnStory) -> tuple[dict, dict, list[SceneStep]]:
    """The containers, starting places and steps of the story *with* its decoy: the decoy
    is a variable of the room like the questioned object, each of its sentences a step
    (placed, moved or told, seen by those in the room; a tell heard by everyone), so the
    checker answers the story the text tells."""
    containers = {drawn.obj: drawn.containers}
    initial = {drawn.obj: drawn.containers[0]}
    if not drawn.decoys:
        return containers, initial, list(drawn.steps)
    here = presence(drawn)
    _, _, _, obj, at = drawn.decoys[0]
    containers[obj], initial[obj] = drawn.containers, at
    by: dict[int, list[tuple[str, str, str, str]]] = {}
    for index, kind, agent, o, container in drawn.decoys:
        by.setdefault(index, []).append((kind, agent, o, container))
    steps: list[SceneStep] = []
    for i in range(len(drawn.steps) + 1):
        for kind, agent, o, container in by.get(i, ()):
            if kind == "place":
                steps.append(SceneStep("place", None, room=drawn.room, obj=o, container=container,
                                       observers=tuple(here[i])))
            elif kind == "move":
                steps.append(SceneStep("move", None, agent=agent, room=drawn.room, obj=o,
                                       container=container, observers=tuple(here[i])))
            else:
                steps.append(SceneStep("tell", None, agent=agent, obj=o, container=container,
                                       observers=tuple(drawn.agents)))
        if i < len(drawn.steps):
            steps.append(drawn.steps[i])
    return containers, initial, steps


def arrangement(drawn: DrawnStory, rng: random.Random) -> tuple[tuple[int, str, str, str, str], ...]:
    """One decoy arrangement: ``(step index, kind, agent, object, container)`` sentences,
    each said before the step of its index (``kind``: place, move or tell)."""
    obj = rng.choice([o for o in world()["objects"] if o != drawn.obj])
    place = next(i for i, st in enumerate(drawn.steps) if st.kind == "place")
    at = rng.choice(drawn.containers)
    out = [(place + rng.randint(0, 1), "place", "", obj, at)]
    here = presence(drawn)
    slots = [i for i in range(place + 1, len(drawn.steps) + 1) if here[i]]
    for i in sorted(rng.sample(slots, min(rng.randint(0, MOST_LATER), len(slots)))):
        agent = rng.choice(here[i])
        if rng.random() < 0.7 and len(drawn.containers) > 1:
            at = rng.choice([c for c in drawn.containers if c != at])
            out.append((i, "move", agent, obj, at))
        else:
            out.append((i, "tell", agent, obj, at))
    return tuple(out)


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
