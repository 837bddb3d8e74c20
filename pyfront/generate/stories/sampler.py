"""Random ToMi/Hi-ToM-style stories: agents enter a room, an object is put in a container,
then exits, entrances, moves, public and private communication, lies, secret peeks and
distractor sentences, in random order but always possible, as the story model says: only
present agents move things; a truthful tell only comes from a speaker who *knows* where
the object is; one who only believes it (she was lied to, or missed a move) passes on
what she believes as a sincere claim (``claim``); a liar says what she believes false.

A story is a list of :class:`~pyfront.tomi.scene.SceneStep` records; who observes each step is
the same bookkeeping as for ToMi (the agents in the room).  The sampler's own first-order
tracking only chooses sensible speakers: every label comes from the checker.
"""

from __future__ import annotations

import json
import random
from functools import lru_cache
from importlib import resources

from smcdel_bridge.values import field, value

from ...tomi.scene import SceneStep
from ..names import draw_names

ACTIONS = ("enter", "exit", "move", "tell", "tell_private", "claim", "peek", "lie", "noise")

#: how often each action is tried, relative to the others (comings and goings and moves
#: make the stories; communication and peeks season them)
WEIGHTS = {"enter": 3, "exit": 3, "move": 3, "tell": 1, "tell_private": 1, "claim": 1,
           "peek": 1, "lie": 1, "noise": 1}


@lru_cache(maxsize=1)
def world() -> dict:
    text = resources.files("pyfront.generate.stories").joinpath("data/world.json").read_text("utf-8")
    return json.loads(text)


@value(frozen=True)
class DrawnStory:
    agents: tuple[str, ...]
    room: str
    other_room: str
    obj: str
    containers: tuple[str, ...]
    steps: tuple[SceneStep, ...]
    #: distractor sentences: step index -> (agent, verb, thing)
    noise: tuple[tuple[int, str, str, str], ...] = ()
    #: the sampler's own first-order tracking found someone with a false belief (a cheap
    #: guess used to steer the draws; labels come from the checker)
    tracked_false: bool = False
    #: that tracking: (agent, the container it last saw or heard of), sorted
    tracked: tuple[tuple[str, str], ...] = ()
    #: sentences about another object of the room (:mod:`.decoys`): (step index, kind,
    #: agent, object, container), each said before the step of its index
    decoys: tuple[tuple[int, str, str, str, str], ...] = ()
    #: the story model state after the last prefix the sampler compiled:
    #: ((agents, rooms, object, containers), steps, state, engine, the state before the first
    #: event); labelling the drawn story goes on from there instead of starting again
    prefix: tuple | None = field(default=None, compare=False, repr=False)
    #: rooms beside ``room`` and ``other_room`` (``--rooms`` above 2), where agents also go
    more_rooms: tuple[str, ...] = ()
    #: decoys kept in another room than ``room``: (object, room)
    decoy_rooms: tuple[tuple[str, str], ...] = ()

    def room_of(self, obj: str) -> str:
        """The room a decoy (or the questioned object) is kept in."""
        return dict(self.decoy_rooms).get(obj, self.room)

    @property
    def rooms(self) -> tuple[str, ...]:
        """Every room of the story: the object's first."""
        return (self.room, self.other_room, *self.more_rooms)


@value(frozen=True)
class StoryParams:
    agents: tuple[int, int] = (2, 4)
    actions: tuple[str, ...] = ACTIONS
    #: events after the opening (entrances and the object's placement)
    events: tuple[int, int] = (3, 8)
    containers: tuple[int, int] = (2, 4)
    #: rooms (the object's and the others agents go to); 2: today's stories
    rooms: int = 2
    #: the belief engine that follows the story as it is drawn (``--engine``)
    engine: str = "auto"


class _Knowledge:
    """What each agent knows, believes and cannot rule out about where the object is, from
    the story model of the steps drawn so far (updated step by step as the story grows)."""

    def __init__(self, agents, rooms, obj, containers, engine: str = "auto", events: int = 0):
        self.key = (agents, tuple(rooms), obj, containers)
        self.engine_name = engine
        #: the events the story may reach: ``auto`` picks the engine for the whole story,
        #: not for the first steps (an explicit model grown to 80 events took most of a
        #: draw's time: 8 agents, 80 events, seed 0)
        self.events = events
        self.state = self.start = None
        self.engine = None
        self.done = 0
        self.story = None
        self.steps: tuple[SceneStep, ...] = ()
        self.last: tuple | None = None  # see DrawnStory.prefix

    def _advance(self, steps: list[SceneStep]):
        """The story of ``steps``, with :attr:`state` after its last event (the same
        story as last time when no step came since)."""
        from ...story.compile import event_action, initial_state, update
        from ...tomi.translate import build_story

        if self.story is not None and tuple(steps) == self.steps:
            return self.story
        agents, rooms, obj, containers = self.key
        story = build_story("story", agents, rooms, {obj: containers}, {obj: containers[0]},
                            steps)
        if self.state is None:
            from smcdel_bridge.dynamic.belief.backend import get_belief_engine

            from ...story.engines import start_size

            self.engine = get_belief_engine(self.engine_name, start_worlds=start_size(story),
                                            events=max(len(story.events), self.events))
            self.state = self.start = initial_state(story, self.engine)
        for i in range(self.done, len(story.events)):
            self.state = update(self.state, event_action(story, i), i + 1, self.engine)
        self.done = len(story.events)
        self.story, self.steps = story, tuple(steps)
        self.last = (self.key, self.steps, self.state, self.engine, self.start)
        return story

    def _open(self, ident: str, forms) -> tuple[bool, ...]:
        """Per formula: true at some world ``ident``'s relation reaches from an actual one."""
        return self.engine.possible(self.state, [ident], forms)

    def attitudes(self, steps: list[SceneStep]):
        """Two functions of an agent, from the story model of ``steps``: the container it
        knows the object is in, the one it believes it is in (None: none); each asked of
        the model when first called.  It knows (believes) the object is in ``c`` when
        ``c`` is the only container its relation reaches (in every world the object is in
        one container; reaching none, it knows the first one)."""
        from ...story.model import belief_id, knowledge_id
        from ...tomi.translate import variable_name

        story = self._advance(steps)
        var = variable_name(self.key[2])
        containers = self.key[3]
        forms = [story.value_form(var, c) for c in containers]
        found: dict[str, str | None] = {}

        def which(ident: str) -> str | None:
            if ident not in found:
                open_ = self._open(ident, forms)
                found[ident] = (None if sum(open_) > 1 else
                                containers[open_.index(True)] if any(open_) else containers[0])
            return found[ident]

        return (lambda a: which(knowledge_id(a))), (lambda a: which(belief_id(a)))

    def believable(self, steps: list[SceneStep], speaker: str, container: str) -> set[str]:
        """The agents who can come to believe ``speaker``'s word that the object is in
        ``container``: they do not know that it is false that she believes it and is
        right (a trusting listener's most plausible reading, ``smcdel_bridge.dynamic.speech``):
        it holds at some world their knowledge reaches."""
        from ...story.model import belief_id, knowledge_id
        from ...tomi.translate import variable_name
        from smcdel_bridge.language import Conj, K

        story = self._advance(steps)
        f = story.value_form(variable_name(self.key[2]), container)
        right = Conj((K(belief_id(speaker), f), f))
        return {b for b in self.key[0] if self._open(knowledge_id(b), [right])[0]}

    def open_to(self, steps: list[SceneStep]) -> dict[str, list[str]]:
        """Agent -> the containers it does not know the object is not in (in declaration
        order): the ones its knowledge reaches from an actual world."""
        from ...story.model import knowledge_id
        from ...tomi.translate import variable_name

        agents, _, obj, containers = self.key
        story = self._advance(steps)
        forms = [story.value_form(variable_name(obj), c) for c in containers]
        return {a: [c for c, ok in zip(containers, self._open(knowledge_id(a), forms)) if ok]
                for a in agents}


def draw_story(rng: random.Random, params: StoryParams, true_belief: bool = False) -> DrawnStory:
    """One random story (deterministic in ``rng``).  With ``true_belief``, nothing that
    makes a false belief happens: no lie, and no move while someone who has seen the
    object is out of the room."""
    w = world()
    n = rng.randint(*params.agents)
    agents = tuple(draw_names(rng, n))
    room, other, *more = rng.sample(w["rooms"], params.rooms)
    away = (other, *more)
    obj = rng.choice(w["objects"])
    k = rng.randint(*params.containers)
    containers = tuple(rng.sample(w["containers"], k))
    where: dict[str, str] = {}
    belief: dict[str, str] = {}
    truth = containers[0]
    steps: list[SceneStep] = []
    placed = False

    def present(r: str) -> tuple[str, ...]:
        return tuple(a for a in agents if where.get(a) == r)

    # a lie is only told to a listener who cannot rule it out, as the story model says
    # (truthful messages give knowledge; an absent agent considers only the changes that
    # did happen, so it would know better than a lie about an untouched object)
    knowledge = _Knowledge(agents, (room, *away), obj, containers, params.engine,
                           params.events[1])

    def enter(a: str, r: str) -> None:
        where[a] = r
        watchers = present(r)
        steps.append(SceneStep("enter", None, agent=a, room=r, observers=watchers))
        if r == room and placed:
            steps.append(SceneStep("look", None, agent=a, room=r, obj=obj, observers=watchers))
            belief[a] = truth

    # the opening: at least two agents in the room, then the object's place
    first = rng.randint(2, n) if n > 2 else 2
    for a in agents[:first]:
        enter(a, room)
    steps.append(SceneStep("place", None, room=room, obj=obj, container=truth, observers=present(room)))
    placed = True
    for a in present(room):
        belief[a] = truth
    noise: list[tuple[int, str, str, str]] = []
    target = rng.randint(*params.events)
    weights = [WEIGHTS[a] for a in params.actions]
    tries = 0
    made = 0
    while made < target and tries < 50 * target:
        tries += 1
        kind = rng.choices(params.actions, weights)[0]
        inside = present(room)
        outside = [a for a in agents if where.get(a) != room]
        if kind == "enter" and outside:
            a = rng.choice(outside)
            r = room if rng.random() < 0.7 else (other if not more else rng.choice(away))
            if where.get(a) == r:
                continue
            if where.get(a) is not None:  # leave the other room first
                old = where.pop(a)
                steps.append(SceneStep("exit", None, agent=a, room=old, observers=present(old) + (a,)))
            enter(a, r)
        elif kind == "exit" and inside:
            a = rng.choice(inside)
            watchers = inside
            del where[a]
            steps.append(SceneStep("exit", None, agent=a, room=room, observers=watchers))
        elif kind == "move" and inside and not (
                true_belief and any(a in belief for a in outside)):
            a = rng.choice(inside)
            dest = rng.choice([c for c in containers if c != truth])
            truth = dest
            steps.append(SceneStep("move", None, agent=a, room=room, obj=obj, container=dest,
                              observers=inside))
            for b in inside:
                belief[b] = truth
        elif kind in ("tell", "tell_private", "claim", "lie"):
            # who may say what, as the model says: truthful words from a speaker who knows,
            # a claim from one who only believes, a lie from one who believes otherwise
            if kind == "lie" and true_belief:
                continue
            if kind != "tell" and not outside:
                continue
            knows, believes = knowledge.attitudes(steps)
            if kind in ("tell", "tell_private"):
                speakers = [a for a in agents if knows(a) is not None]
            elif kind == "claim":
                speakers = [a for a in agents if knows(a) is None and believes(a) is not None]
            else:
                speakers = [a for a in agents if believes(a) is not None]
            if not speakers:
                continue
            a = rng.choice(speakers)
            said = knows(a) or believes(a)
            if kind == "tell":
                steps.append(SceneStep("tell", None, agent=a, obj=obj, container=said,
                                  observers=agents))
                for b in agents:
                    belief[b] = said
                made += 1
                continue
            # the listener is out of the room (it cannot see for itself); a lie or a claim
            # only to one who cannot rule it out (one who can would not believe it)
            if kind == "lie":
                said = rng.choice([c for c in containers if c != said])
            heard = (knowledge.believable(steps, a, said) if kind in ("lie", "claim")
                     else set(agents))
            others = [b for b in outside if b != a and b in heard]
            if not others:
                continue
            b = rng.choice(others)
            steps.append(SceneStep(kind, None, agent=a, listener=b, obj=obj, container=said,
                              observers=(a, b)))
            belief[b] = said
        elif kind == "peek" and outside:
            # an agent outside the room secretly looks in (through the window) and sees
            # where the object is; no one notices
            a = rng.choice(outside)
            steps.append(SceneStep("peek", None, agent=a, room=room, obj=obj, container=truth,
                              observers=(a,)))
            belief[a] = truth
        elif kind == "noise":
            a = rng.choice(agents)
            noise.append((len(steps), a, rng.choice(w["likes"]), rng.choice(w["things"])))
            continue
        else:
            continue
        made += 1
    tracked_false = any(b != truth for b in belief.values())
    return DrawnStory(agents, room, other, obj, containers, tuple(steps), tuple(noise),
                      tracked_false, tuple(sorted(belief.items())), prefix=knowledge.last,
                      more_rooms=tuple(more))
