"""Who is where, sentence by sentence: the bookkeeping behind the modelling choices.

The scene follows the rooms of the agents and of the containers through a ToMi story and
says, for every sentence, who observes it.  The choices (``docs/tomi.md``) are made here
once for every story:

- an agent is in at most one room; before entering one it is nowhere (the corridor);
- ``X entered R`` / ``X exited R`` are seen by X and by everyone in R; entering a room
  from another one leaves the other one first (seen there too);
- ``X is in the R`` is an entrance when X is not there yet, and nothing otherwise;
- the containers of an object are in one room: the room where the object is moved (the
  mover's room; a story without a move: the room of the last entrance before the object
  is first mentioned);
- ``The O is in the C`` and ``X moved the O to the C`` are seen by the agents in that
  room; the others believe nothing happened;
- an agent who enters a room sees which of the room's containers hold the objects of the
  story (the others present see it look);
- distractor sentences change nothing; a moment someone spends in a room without moving
  anything (Hi-ToM's "made no movements") is seen as such by those there, and those away
  cannot tell it from a move;
- what people say (Hi-ToM): a public claim is heard by every agent of the story, wherever
  they are; a private tell by the listener only.
"""

from __future__ import annotations

from smcdel_bridge.values import field, value

from .sentences import Sentence
from ..errors import UserError


class SceneError(UserError, ValueError):
    """A sentence that contradicts the story so far (message without the location); the
    sentence's index in ``index`` (and ``args[1]``)."""

    def __init__(self, message: str, index: int):
        super().__init__(message)
        self.args = (message, index)
        self.index = index


@value
class Scene:
    #: agent -> room (absent: nowhere)
    where: dict[str, str] = field(default_factory=dict)
    #: container -> room
    container_room: dict[str, str] = field(default_factory=dict)
    last_room: str | None = None
    #: the order in which agents, rooms, objects and containers first appear
    agents: list[str] = field(default_factory=list)
    rooms: list[str] = field(default_factory=list)
    objects: list[str] = field(default_factory=list)
    #: object -> containers mentioned for it, in order
    containers: dict[str, list[str]] = field(default_factory=dict)
    #: object -> the room of its containers (the room of its first move)
    object_room: dict[str, str] = field(default_factory=dict)

    def present(self, room: str | None) -> tuple[str, ...]:
        return tuple(a for a in self.agents if room is not None and self.where.get(a) == room)

    def _meet(self, *, agents=(), room=None, obj=None, container=None) -> None:
        for a in agents:
            if a not in self.agents:
                self.agents.append(a)
        if room is not None and room not in self.rooms:
            self.rooms.append(room)
        if obj is not None:
            if obj not in self.objects:
                self.objects.append(obj)
                self.containers[obj] = []
            if container is not None and container not in self.containers[obj]:
                self.containers[obj].append(container)


def survey(sentences: list[Sentence]) -> Scene:
    """Every agent, room, object and container of the story (a first pass: the model's
    vocabulary must be known before the first event)."""
    scene = Scene()
    where: dict[str, str] = {}
    for s in sentences:
        if s.kind == "noise":
            continue
        scene._meet(agents=s.agents, room=s.room, obj=s.obj, container=s.container)
        if s.kind in ("enter", "at"):
            for a in s.agents:
                where[a] = s.room
        elif s.kind == "exit":
            where.pop(s.agents[0], None)
        elif s.kind == "move" and s.agents[0] in where:
            scene.object_room.setdefault(s.obj, where[s.agents[0]])
    return scene


@value(frozen=True)
class SceneStep:
    """A sentence as the story model sees it: what happens and who sees it happen.

    ``kind``: ``enter`` / ``exit`` (agent, room), ``place`` (the object is seen in the
    container: the first mention of an object fixes where it is at the beginning),
    ``move`` (agent moves object to container), ``look`` (agent, on entering, sees which
    containers of the room hold the object), ``none`` (a distractor, or a sentence that
    changes nothing); generated stories add ``tell`` (the agent tells everyone, wherever
    they are, that the object is in the container: true), ``tell_private`` (only the
    listener hears it: true), ``lie`` (only the listener hears it: false, and believed) and
    ``peek`` (the agent secretly looks into the container).
    """

    kind: str
    #: the ToMi sentence it comes from (None in generated stories)
    sentence: Sentence | None
    agent: str | None = None
    room: str | None = None
    obj: str | None = None
    container: str | None = None
    #: the agents who see it (the agent itself included)
    observers: tuple[str, ...] = ()
    #: the one told, for ``tell_private`` and ``lie``
    listener: str | None = None


def walk(sentences: list[Sentence], scene: Scene | None = None, together: bool = False
         ) -> list[tuple[SceneStep, ...]]:
    """For each sentence, the steps it makes (one or more), with their observers.

    An agent entering a room sees where its objects are; with ``together``, agents who
    enter in one sentence look around together (one ``look_group`` step per object: each
    learns it and sees the others learn it), as Hi-ToM's groups do.

    Raises :class:`SceneError` (with the sentence's index in ``args[1]``) when a sentence
    contradicts the story so far.
    """
    scene = scene or survey(sentences)
    state = Scene(agents=list(scene.agents))
    out: list[tuple[SceneStep, ...]] = []

    def leave(agent: str, s: Sentence) -> list[SceneStep]:
        room = state.where.get(agent)
        if room is None:
            return []
        watchers = state.present(room)
        del state.where[agent]
        return [SceneStep("exit", s, agent=agent, room=room, observers=watchers)]

    def enter(agent: str, room: str, s: Sentence, look: bool = True) -> list[SceneStep]:
        steps = []
        if state.where.get(agent) == room:
            return steps
        steps += leave(agent, s)
        state.where[agent] = room
        state.last_room = room
        watchers = state.present(room)
        steps.append(SceneStep("enter", s, agent=agent, room=room, observers=watchers))
        for obj in scene.objects if look else ():
            if any(state.container_room.get(c) == room for c in scene.containers[obj]):
                steps.append(SceneStep("look", s, agent=agent, room=room, obj=obj,
                                  observers=watchers))
        return steps

    for i, s in enumerate(sentences):
        steps: list[SceneStep] = []
        if s.kind == "enter":
            steps = enter(s.agents[0], s.room, s)
        elif s.kind == "at":
            entering = [a for a in s.agents if state.where.get(a) != s.room]
            for a in s.agents:
                steps += enter(a, s.room, s, look=not together)
            for obj in scene.objects if together and entering else ():
                if any(state.container_room.get(c) == s.room for c in scene.containers[obj]):
                    steps.append(SceneStep("look_group", s, agent=entering[0], room=s.room, obj=obj,
                                      observers=tuple(entering)))
        elif s.kind == "exit":
            agent = s.agents[0]
            if state.where.get(agent) != s.room:
                where = state.where.get(agent)
                raise SceneError(
                    f"{agent} exits the {s.room} but is "
                    + (f"in the {where}" if where else "in no room"), i)
            steps = leave(agent, s)
        elif s.kind in ("object", "move"):
            if s.kind == "move":
                room = state.where.get(s.agents[0])
                if room is None:
                    raise SceneError(f"{s.agents[0]} moves the {s.obj} but is in no room", i)
            else:
                room = (state.container_room.get(s.container)
                        or scene.object_room.get(s.obj) or state.last_room)
                if room is None:
                    raise SceneError(f"the {s.container} is in no room yet: no one has entered one", i)
            placed = state.container_room.setdefault(s.container, room)
            if placed != room:
                raise SceneError(f"the {s.container} is in the {placed}, not in the {room}", i)
            watchers = state.present(room)
            if s.kind == "move":
                steps = [SceneStep("move", s, agent=s.agents[0], room=room, obj=s.obj,
                              container=s.container, observers=watchers)]
            else:
                steps = [SceneStep("place", s, room=room, obj=s.obj, container=s.container,
                              observers=watchers)]
        elif s.kind == "stay":  # a moment in the room without change
            agent = s.agents[0]
            if state.where.get(agent) != s.room:
                where = state.where.get(agent)
                raise SceneError(f"{agent} stays in the {s.room} but is "
                                 + (f"in the {where}" if where else "in no room"), i)
            steps = [SceneStep("wait", s, agent=agent, room=s.room, observers=state.present(s.room))]
        elif s.kind == "assert":  # aloud: everyone hears it, wherever they are
            steps = [SceneStep("assert", s, agent=s.agents[0], obj=s.obj, container=s.container,
                          observers=tuple(scene.agents))]
        elif s.kind == "assert_private":
            steps = [SceneStep("assert_private", s, agent=s.agents[0], obj=s.obj,
                          container=s.container, observers=s.agents, listener=s.agents[1])]
        out.append(tuple(steps) or (SceneStep("none", s),))
    return out
