"""The story model: who is there, what can be the case, what happens, what is asked.

A :class:`Story` is the theory-of-mind counterpart of :class:`pyfront.problem.model.Problem`:
instead of a fixed observation matrix and public announcements, it is an ordered list of
things that happen (people come and go, objects are moved, things are said, whispered,
shown, lied about, peeked at) and each agent's beliefs follow from what that agent
observes.  :mod:`pyfront.story.compile` turns a story into models of the event-model engine
(``smcdel_bridge.dynamic``); :mod:`pyfront.story.dsl` reads the ``story`` blocks of a
``.del`` file and :mod:`pyfront.story.dsl_print` writes them back.

Vocabulary
    Every :class:`Variable` has several values (``location(marble): basket, box``) and
    exactly one of them holds: the law is made from the declaration.  A Boolean
    :class:`Variable` (``boolean=True``, values ``true``/``false``) is one atom.  Atoms are
    numbered from 1 in declaration order (:meth:`Story.atom`, :meth:`Story.atom_table`):
    a variable with n values takes n atoms ``V = v1 … V = vn``, a Boolean one atom.

Formulas
    Story formulas are ``smcdel_bridge.language`` trees over those atoms.  An agent appears
    under two names: :func:`belief_id` (``"Sally"``: the box over Sally's *belief*
    relation, "Sally believes that …") and :func:`knowledge_id` (``"Sally!"``: the box over
    Sally's *knowledge* relation, "Sally knows that …"); :func:`split_agent` undoes this.
    "Everyone knows that F" is ``Conj`` of ``K(knowledge_id(a), F)`` over every agent in
    order, "everyone believes" the same with belief ids, "it is common knowledge that F" is
    ``Ck`` over the knowledge ids of every agent: there are no special nodes, renderers
    recognise the shapes.

Events
    :data:`StoryEvent` is a union of small models told apart by ``kind``; each keeps the
    1-based source ``line`` (not part of equality).  Who observes an event is *not* stored
    as a list: it follows from the rooms (:meth:`Story.observers`), narrowed by an event's
    ``unseen_by`` or replaced by its explicit ``seen_by``.  ``docs/stories.md`` states the
    rule once for all kinds.

Questions
    A :class:`Hypothesis` is a formula that should be true (or false: ``expected``) at the
    point of the story where it is written (``step``: the number of events before it).  A
    :class:`Question` asks where (or what) a variable is in the nested belief of a chain of
    agents ("where does Anne think Sally thinks the marble is?").
"""

from __future__ import annotations

from typing import Literal

from smcdel_bridge.language import Form

from pyfront.problem.record import EXCLUDED, Record, many, names, one_of, optional, pair, tuple_of
from smcdel_bridge.values import field, value

from .events import (  # noqa: F401  (the story's parts, re-exported)
    Announce, Claim, Enter, EventModel, Leave, Lie, Look, Move, Peek, RawEvent, Show,
    StoryEvent, Tell, TellPrivate, TellSemiPrivate, Turn, Wait, BaseEvent, ObservedEvent,
)
from .parts import (  # noqa: F401
    KNOWLEDGE_MARK, Formula, Names, Part, belief_id, form_from_json, form_to_json,
    knowledge_id, part, split_agent, to_story_form,
)
from .events import read_event
from .planning import StoryPlanning
from .vocabulary import Room, Variable  # noqa: F401  (re-exported)

# --- questions -------------------------------------------------------------------------

@part
class Hypothesis(Part):
    """Should ``formula`` be true at this point of the story (``step`` events told)?"""

    name: str
    formula: Formula
    expected: bool | None = None
    step: int = 0
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"formula": to_story_form}


@part
class Question(Part):
    """Where (what) is ``variable`` in the belief of ``path[0]`` about the belief of
    ``path[1]`` …?  An empty path asks where it really is."""

    name: str
    path: Names
    variable: str
    #: the wording: ``where`` (where does X think V is / where is V), ``what`` (what does X
    #: think V is / what is V), ``look`` (where will X look for V; one agent)
    form: Literal["where", "what", "look"] = "where"
    #: expected values (the values the nested belief allows), in any order
    expected: Names | None = None
    step: int = 0
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"path": names, "expected": names}

    def __post_init__(self):
        super().__post_init__()
        one_of(self.form, ("where", "what", "look"), "a question's form")


# --- the explicit initial model (for cases the set-up statements cannot say) -------------

@part
class InitialModel(Part):
    """An explicit initial model: worlds with the true facts, each agent's belief arrows
    (``considers[agent][w]``), and the actual worlds.  Each agent's relation must be a
    belief relation (serial, transitive, Euclidean): knowledge is then what holds
    throughout the connected part.  An agent not listed tells every world apart."""

    worlds: tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
    considers: tuple[tuple[str, tuple[tuple[str, Names], ...]], ...] = ()
    actual: Names
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"worlds": tuple_of(pair(str, tuple_of(tuple))),
             "considers": tuple_of(pair(str, tuple_of(pair(str, names)))), "actual": names}


# --- trust -----------------------------------------------------------------------------

@part
class Trust(Part):
    """One statement of the story's trust policy.

    ``listener`` / ``speaker`` None: every agent ("nobody trusts Cy" is
    ``Trust(speaker="Cy", trusts=False)``).  ``rule`` ``left_later``: "a listener trusts a
    speaker who left the room later than itself" (compares their last exits before the
    event; an agent who has not left counts as leaving before everyone)."""

    listener: str | None = None
    speaker: str | None = None
    trusts: bool = True
    rule: Literal["declared", "left_later"] = "declared"
    line: int | None = field(default=None, metadata=EXCLUDED)

    def __post_init__(self):
        super().__post_init__()
        one_of(self.rule, ("declared", "left_later"), "a trust rule")


# --- the story -------------------------------------------------------------------------

@value(eq=False, kw_only=True)
class Story(Record):
    """A story: agents, rooms, variables, the initial situation, events, questions."""

    _json_form = staticmethod(form_to_json)

    name: str = "story"
    agents: list[str]
    #: rooms by name; empty: one room, everyone in it at the start
    rooms: list[str] = field(default_factory=list)
    variables: list[Variable] = field(default_factory=list)
    #: facts that hold at the start and are common knowledge
    common: list[Formula] = field(default_factory=list)
    #: facts that hold at the start, nobody being told
    actually: list[Formula] = field(default_factory=list)
    #: agent -> variables whose value that agent sees at the start
    observes: list[tuple[str, Names]] = field(default_factory=list)
    #: agent -> room at the start (with rooms; an agent not listed is outside)
    starts_in: list[tuple[str, str]] = field(default_factory=list)
    #: an explicit initial model instead of the four fields above
    initial: InitialModel | None = None
    events: list[StoryEvent] = field(default_factory=list)
    #: the trust policy, in order (a later statement overrides an earlier one); none:
    #: every listener trusts every speaker
    trust: list[Trust] = field(default_factory=list)
    hypotheses: list[Hypothesis] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)
    #: goal, kept formulas, candidate events and plan items (None: no ``goal``)
    planning: StoryPlanning | None = None
    line: int | None = field(default=None, metadata=EXCLUDED)

    def __eq__(self, other: object) -> bool:  # lines are not part of a story
        if not isinstance(other, Story):
            return NotImplemented
        return self.model_dump(exclude={"line"}) == other.model_dump(exclude={"line"})

    __hash__ = None  # type: ignore[assignment]

    _read = {
        "agents": list, "rooms": list,
        "variables": many(Variable.model_validate),
        "common": many(to_story_form), "actually": many(to_story_form),
        "observes": many(pair(str, names)), "starts_in": many(tuple),
        "initial": InitialModel.model_validate,
        "events": many(read_event),
        "trust": many(Trust.model_validate),
        "hypotheses": many(Hypothesis.model_validate),
        "questions": many(Question.model_validate),
        "planning": StoryPlanning.model_validate,
    }

    def __post_init__(self):
        # parts may come as JSON values; the lists are the story's own
        self._apply_read()
        self._check()

    def _check(self) -> None:
        if len(set(self.agents)) != len(self.agents):
            raise ValueError("agent names must be distinct")
        if not self.agents:
            raise ValueError("a story needs at least one agent")
        names = [v.name for v in self.variables]
        if len(set(names)) != len(names):
            raise ValueError("variable names must be distinct")
        if self.initial is not None and (self.common or self.actually or self.observes):
            raise ValueError("an explicit model replaces 'it is common knowledge', 'actually' "
                             "and 'observes'")
        for agent, room in self.starts_in:
            if agent not in self.agents or room not in self.rooms:
                raise ValueError(f"unknown agent or room in '{agent} is in {room}'")
        for v in self.variables:
            if v.room is not None and v.room not in self.rooms:
                raise ValueError(f"unknown room {v.room!r} for {v.name}")
        self._check_rooms(self.presence_timeline())  # enter/leave name known agents and rooms
        for t in self.trust:
            for who in (t.listener, t.speaker):
                if who is not None and who not in self.agents:
                    raise ValueError(f"unknown agent {who!r} in the trust policy")
        for items in (self.hypotheses, self.questions):
            steps = [q.step for q in items]
            if steps != sorted(steps) or (steps and not 0 <= steps[0] <= steps[-1] <= len(self.events)):
                raise ValueError("hypotheses and questions must be in story order, "
                                 "each after at most every event")
        for item in self.planning.plans if self.planning is not None else ():
            if not 0 <= item.step <= len(self.events):
                raise ValueError(f"plan {item.name!r} comes after more events than the story has")

    # -- vocabulary ---------------------------------------------------------------------

    def variable(self, name: str) -> Variable:
        for v in self.variables:
            if v.name == name:
                return v
        raise KeyError(name)

    def atom_table(self) -> list[tuple[str, str]]:
        """``(variable, value)`` of atoms 1, 2, …; a Boolean variable's atom is
        ``(name, "true")``."""
        out: list[tuple[str, str]] = []
        for v in self.variables:
            out.extend([(v.name, "true")] if v.boolean else [(v.name, x) for x in v.values])
        return out

    def atom(self, variable: str, value: str = "true") -> int:
        """The atom of "``variable`` is ``value``" (Boolean: the variable's own atom)."""
        n = 1
        for v in self.variables:
            if v.name == variable:
                if v.boolean:
                    return n
                return n + v.values.index(value)
            n += v.n_atoms
        raise KeyError(variable)

    def value_form(self, variable: str, value: str) -> Form:
        """The formula "``variable`` is ``value``"."""
        from smcdel_bridge.language import Neg, Prp

        v = self.variable(variable)
        if v.boolean:
            return Prp(self.atom(variable)) if value == "true" else Neg(Prp(self.atom(variable)))
        return Prp(self.atom(variable, value))

    def describe_atom(self, n: int) -> tuple[str, str]:
        return self.atom_table()[n - 1]

    # -- who is where, and who observes what -----------------------------------------------

    def presence_timeline(self) -> list[dict[str, str | None]]:
        """Where each agent is before each event and after the last one (``None``:
        outside, where nobody sees anyone else); ``len(events) + 1`` entries."""
        only = "" if not self.rooms else None
        where: dict[str, str | None] = {a: only for a in self.agents}
        for a, r in self.starts_in:
            where[a] = r
        out = [dict(where)]
        for ev in self.events:
            if isinstance(ev, Enter):
                room = ev.room if ev.room is not None else ("" if not self.rooms else None)
                if ev.agent not in where:
                    raise ValueError(f"unknown agent {ev.agent!r}")
                if room is None or (self.rooms and room not in self.rooms) or (not self.rooms and ev.room is not None):
                    raise ValueError(f"unknown room {ev.room!r} for {ev.agent} to enter")
                where[ev.agent] = room
            elif isinstance(ev, Leave):
                if ev.agent not in where:
                    raise ValueError(f"unknown agent {ev.agent!r}")
                where[ev.agent] = None
            out.append(dict(where))
        return out

    def observers(self, index: int) -> frozenset[str]:
        """Who observes event ``index`` (see ``docs/stories.md``).

        Everyone in the actor's room (an agent outside sees only their own acts); for an
        entrance or exit, everyone in the room left or entered; ``seen_by`` replaces that
        set, ``unseen_by`` removes from it; the actor and the listeners of a message always
        observe it; an announcement reaches everyone."""
        ev = self.events[index]
        where = self.presence_timeline()[index]
        everyone = frozenset(self.agents)
        if isinstance(ev, (Announce, EventModel)):
            return everyone

        def room_of(agent: str) -> frozenset[str]:
            r = where[agent]
            return frozenset({agent}) if r is None else frozenset(a for a in self.agents if where[a] == r)

        if isinstance(ev, Enter):
            after = dict(where)
            after[ev.agent] = ev.room if ev.room is not None else ""
            return room_of(ev.agent) | frozenset(a for a in self.agents if after[a] == after[ev.agent])
        if isinstance(ev, Leave):
            return room_of(ev.agent)
        actor = ev.agent
        core = {actor, *getattr(ev, "listeners", ())}
        if isinstance(ev, (TellPrivate, Peek)) or (isinstance(ev, (Lie, Claim)) and not ev.public):
            return frozenset(core)
        seen = frozenset(ev.seen_by) if ev.seen_by is not None else room_of(actor)
        return (seen - frozenset(ev.unseen_by)) | frozenset(core)

    def _check_rooms(self, timeline: list[dict[str, str | None]]) -> None:
        """An act on a variable with a room of its own happens in that room (a secret
        peek may come from anywhere: through a window)."""
        for i, ev in enumerate(self.events):
            var = getattr(ev, "variable", None)
            if var is None or isinstance(ev, Peek):
                continue
            room = next((v.room for v in self.variables if v.name == var), None)
            if room is not None and timeline[i].get(ev.agent) != room:
                where = timeline[i].get(ev.agent)
                raise ValueError(f"{var} is in the {room}, and {ev.agent} is "
                                 + (f"in the {where}" if where else "in no room"))

    def room_of_event(self, index: int) -> str | None:
        """Where event ``index`` happens: its actor's room (None: outside every room;
        ``""``: the story's only room)."""
        actor = getattr(self.events[index], "agent", None)
        return None if actor is None else self.presence_timeline()[index][actor]

    def family(self, variable: str, index: int | None = None) -> list[Variable]:
        """The variables an event about ``variable`` could have been about, for an agent
        who missed it (``docs/stories.md``): those of the same sort, and for an act at
        event ``index`` only those in the room where it happens (a variable without a
        room of its own is in every room); ``variable`` first."""
        v = self.variable(variable)
        room = self.room_of_event(index) if index is not None else ""
        here = [w for w in self.variables if v.same_sort(w) and w.name != v.name
                and (room == "" or w.room in (None, room))]
        return [v, *here]

    def room_variables(self, index: int) -> list[Variable]:
        """The variables an act at event ``index`` could change: those in the room where it
        happens and those without a room of their own."""
        room = self.room_of_event(index)
        return [w for w in self.variables if room == "" or w.room in (None, room)]

    # -- trust -------------------------------------------------------------------------

    def trusts(self, listener: str, speaker: str, index: int) -> bool:
        """Whether ``listener`` accepts what ``speaker`` claims at event ``index``: the
        last statement of the policy that covers the pair decides (default: yes)."""
        out = True
        for t in self.trust:
            if t.rule == "left_later":
                out = self.last_exit(speaker, index) > self.last_exit(listener, index)
            elif t.listener in (None, listener) and t.speaker in (None, speaker):
                out = t.trusts
        return out

    def last_exit(self, agent: str, index: int) -> int:
        """The index of ``agent``'s last exit before event ``index`` (-1: none)."""
        for k in range(index - 1, -1, -1):
            ev = self.events[k]
            if isinstance(ev, Leave) and ev.agent == agent:
                return k
        return -1

    # -- questions in story order ---------------------------------------------------------

    def queries(self) -> list[Hypothesis | Question]:
        """Hypotheses and questions together, in the order they are written."""
        items: list[Hypothesis | Question] = [*self.hypotheses, *self.questions]
        return sorted(items, key=lambda q: (q.step, q.line if q.line is not None else 0))
