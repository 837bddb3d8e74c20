"""The events of a story: small immutable models told apart by ``kind``.

Who observes an event is not stored as a list: it follows from the rooms
(:meth:`pyfront.story.model.Story.observers`), narrowed by an event's ``unseen_by`` or
replaced by its explicit ``seen_by``.  What each kind means (its event model) is in
``docs/stories.md`` and :mod:`pyfront.story.compile`.
"""

from __future__ import annotations

from typing import Literal, Union

from pyfront.problem.record import EXCLUDED, names, one_of, pair, tuple_of
from smcdel_bridge.values import field

from .parts import Formula, Names, Part, part, to_story_form

@part
class BaseEvent(Part):
    line: int | None = field(default=None, metadata=EXCLUDED)
    #: the source line as written (for messages; not part of the event's value)
    source: str | None = field(default=None, metadata=EXCLUDED)

    _read = {"listeners": names, "formula": to_story_form}

    def __post_init__(self):
        super().__post_init__()
        self._not_to_oneself()
        for name, allowed in self._choices.items():
            one_of(getattr(self, name), allowed, f"a {self.kind} event's {name}")

    #: fields with a fixed set of values
    _choices = {}  # type: ignore[var-annotated]

    def _not_to_oneself(self):
        listeners = getattr(self, "listeners", ())
        if hasattr(self, "listeners") and not listeners and not getattr(self, "public", False):
            raise ValueError("a message needs at least one listener")
        if getattr(self, "agent", None) in listeners:
            raise ValueError(f"{self.agent} cannot tell or show themselves")  # type: ignore[attr-defined]
        if len(set(listeners)) != len(listeners):
            raise ValueError("a listener is named twice")


@part
class ObservedEvent(BaseEvent):
    """An event seen by those present with the actor, unless narrowed or replaced."""

    _read = {**BaseEvent._read, "unseen_by": names, "seen_by": names}

    #: present agents who nevertheless do not observe it ("…, unseen by Sally")
    unseen_by: Names = ()
    #: the observers, replacing the room rule ("…, seen by Anne, Bob"; the actor always
    #: observes their own act); None: the room rule
    seen_by: Names | None = None


@part
class Enter(BaseEvent):
    """``agent`` enters ``room`` (None: the story's only room); seen by everyone in the
    room entered and in the room left."""

    kind: Literal["enter"] = "enter"
    agent: str
    room: str | None = None


@part
class Leave(BaseEvent):
    """``agent`` leaves the room they are in; seen by everyone in that room."""

    kind: Literal["leave"] = "leave"
    agent: str


@part
class Move(ObservedEvent):
    """Factual change: ``agent`` gives ``variable`` the value ``value``
    ("Anne moves the marble to the box", "Bob sets the light to on")."""

    kind: Literal["move"] = "move"
    agent: str
    variable: str
    value: str
    #: the verb as written: ``moves`` (``… to v``), ``puts`` (``… in v``), ``sets`` (``… to v``)
    verb: Literal["moves", "puts", "sets"] = "moves"

    _choices = {"verb": ("moves", "puts", "sets")}


@part
class Wait(ObservedEvent):
    """``agent`` has a moment in the room and changes nothing ("Noah makes no move and
    stays in the hall").  Those present see that nothing changes; those away cannot tell it
    from any change ``agent`` could have made there."""

    kind: Literal["wait"] = "wait"
    agent: str


@part
class Turn(ObservedEvent):
    """Factual change: ``agent`` swaps the two values of a two-valued (or Boolean)
    variable without needing to know which holds ("Ann turns the coin")."""

    kind: Literal["turn"] = "turn"
    agent: str
    variable: str


@part
class Announce(BaseEvent):
    """A public, truthful announcement to every agent, wherever they are."""

    kind: Literal["announce"] = "announce"
    formula: Formula


@part
class Tell(ObservedEvent):
    """``agent`` says, aloud, what she knows: that ``formula``.  It is the announcement of
    "``agent`` knows that ``formula``" to everyone who observes: it can happen only where
    she knows it, and she learns nothing from it."""

    kind: Literal["tell"] = "tell"
    agent: str
    formula: Formula


@part
class TellPrivate(BaseEvent):
    """``agent`` tells ``listeners`` what she knows: that ``formula`` (the private
    announcement of "``agent`` knows that ``formula``"); everyone else believes nothing
    happened."""

    kind: Literal["tell_private"] = "tell_private"
    agent: str
    listeners: Names
    formula: Formula


@part
class TellSemiPrivate(ObservedEvent):
    """``agent`` tells ``listeners`` whether ``formula``, which she knows; the other
    observers see that they were told, not what."""

    kind: Literal["tell_semi_private"] = "tell_semi_private"
    agent: str
    listeners: Names
    formula: Formula


@part
class Lie(ObservedEvent):
    """``agent`` tells ``listeners`` (none: everyone who observes, aloud) that ``formula``,
    believing the opposite.  Listeners cannot tell it from a sincere claim: as the story's
    trust policy says, they come to believe ``formula`` or only that ``agent`` believes it;
    nobody learns that it is true, and the liar learns nothing from her own words."""

    kind: Literal["lie"] = "lie"
    agent: str
    listeners: Names = ()
    formula: Formula

    @property
    def public(self) -> bool:
        return not self.listeners


@part
class Claim(ObservedEvent):
    """``agent`` asserts ``formula`` to ``listeners`` (none: aloud, to everyone who
    observes).  ``stance`` ``sincere`` (``claims``): the speaker believes it and may be
    wrong; ``open`` (``asserts``): the story does not say whether she believes it, believes
    the opposite or neither, and the model decides.  Listeners come to believe it (trust
    permitting), never to know it."""

    kind: Literal["claim"] = "claim"
    agent: str
    listeners: Names = ()
    formula: Formula
    stance: Literal["sincere", "open"] = "sincere"

    _choices = {"stance": ("sincere", "open")}

    @property
    def public(self) -> bool:
        return not self.listeners


@part
class Peek(BaseEvent):
    """``agent`` secretly learns the value of ``variable``; everyone else believes nothing
    happened."""

    kind: Literal["peek"] = "peek"
    agent: str
    variable: str


@part
class Look(ObservedEvent):
    """``agent`` looks at ``variable`` openly: the other observers see that ``agent`` learns
    its value, not the value."""

    kind: Literal["look"] = "look"
    agent: str
    variable: str


@part
class Show(ObservedEvent):
    """``agent`` shows ``variable`` to ``listeners``: they (and ``agent``) learn its value,
    the other observers see that they do, not the value."""

    kind: Literal["show"] = "show"
    agent: str
    variable: str
    listeners: Names


@part
class RawEvent(Part):
    """One event of an explicit event model."""

    name: str
    pre: Formula
    #: variable -> new value, and Boolean variable -> formula (its value before the event)
    sets: tuple[tuple[str, str], ...] = ()
    becomes: tuple[tuple[str, Formula], ...] = ()
    #: ``P becomes G when C``: (P, G, C), applied when C holds at the actual worlds
    becomes_when: tuple[tuple[str, Formula, Formula], ...] = ()

    _read = {"pre": to_story_form, "sets": tuple_of(tuple),
             "becomes": tuple_of(pair(str, to_story_form)),
             "becomes_when": tuple_of(lambda t: (str(t[0]), to_story_form(t[1]),
                                                 to_story_form(t[2])))}


@part
class EventModel(BaseEvent):
    """The escape hatch: an explicit event model.  ``considers[agent][e]`` lists the events
    the agent considers possible when ``e`` happens (its belief about what happens);
    an agent not listed tells every event apart."""

    kind: Literal["event_model"] = "event_model"
    #: a human name for messages and English ("Anne shows her card to Bob")
    label: str
    events: tuple[RawEvent, ...]
    considers: tuple[tuple[str, tuple[tuple[str, Names], ...]], ...] = ()
    actual: Names
    #: ``only when F``: the event model can happen only where F holds at the actual
    #: worlds (None: always); it is no event's precondition
    when: Formula | None = None
    #: ``X considers E at F when C`` lines: (X, C, rows), the rows used when C holds at
    #: the actual worlds
    considers_when: tuple[tuple[str, Formula, tuple[tuple[str, Names], ...]], ...] = ()

    _read = {"events": tuple_of(RawEvent.model_validate),
             "considers": tuple_of(pair(str, tuple_of(pair(str, names)))), "actual": names,
             "when": lambda f: None if f is None else to_story_form(f),
             "considers_when": tuple_of(lambda t: (str(t[0]), to_story_form(t[1]),
                                                   tuple_of(pair(str, names))(t[2])))}

    def relation(self, agent: str) -> dict[str, tuple[str, ...]]:
        """Event -> events ``agent`` considers possible there (identity when unlisted)."""
        for a, rows in self.considers:
            if a == agent:
                out = {e.name: () for e in self.events}
                out.update(dict(rows))
                return out
        return {e.name: (e.name,) for e in self.events}

    @property
    def conditions(self) -> tuple[Formula, ...]:
        """The ``when`` conditions of its arrows and postconditions, each once, in order
        (the guard ``only when`` is not one of them)."""
        found = [c for _, c, _ in self.considers_when]
        found += [c for e in self.events for _, _, c in e.becomes_when]
        return tuple(dict.fromkeys(found))

    def resolved(self, truth: tuple[bool, ...]) -> "EventModel":
        """The plain event model it is where its :attr:`conditions` have the values
        ``truth``: the arrows and postconditions whose condition holds, added to the
        others; no guard."""
        value_of = dict(zip(self.conditions, truth))
        rows: dict[str, dict[str, list[str]]] = {
            a: {e: list(v) for e, v in r} for a, r in self.considers}
        for a, c, more in self.considers_when:
            if value_of[c]:
                mine = rows.setdefault(a, {})
                for e, v in more:
                    mine.setdefault(e, [])
                    mine[e] += [x for x in v if x not in mine[e]]
        events = tuple(e.model_copy(update={
            "becomes": e.becomes + tuple((p, g) for p, g, c in e.becomes_when if value_of[c]),
            "becomes_when": ()}) for e in self.events)
        return self.model_copy(update={
            "events": events, "when": None, "considers_when": (),
            "considers": tuple((a, tuple((e, tuple(v)) for e, v in r.items()))
                               for a, r in rows.items())})


#: an event of a story: one of the kinds above
StoryEvent = Union[Enter, Leave, Move, Wait, Turn, Announce, Tell, TellPrivate, TellSemiPrivate, Lie,
                   Claim, Peek, Look, Show, EventModel]

#: kind -> event class
EVENT_KINDS = {cls.kind: cls for cls in (
    Enter, Leave, Move, Wait, Turn, Announce, Tell, TellPrivate, TellSemiPrivate, Lie, Claim,
    Peek, Look, Show, EventModel)}


def read_event(data) -> BaseEvent:
    """An event, or the event a JSON object describes (told apart by ``kind``)."""
    if isinstance(data, BaseEvent):
        return data
    if not isinstance(data, dict) or data.get("kind") not in EVENT_KINDS:
        raise ValueError(f"not a story event: {data!r}")
    return EVENT_KINDS[data["kind"]].model_validate(data)
