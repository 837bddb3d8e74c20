"""What ``mindgames explain`` shows about a story, as data: worlds, beliefs, event
pictures, reason trees, answers and steps (built by :mod:`.story`, laid out by the
``story.j2`` template, drawn by :mod:`.story_graph`)."""

from __future__ import annotations

from typing import Any

from smcdel_bridge.language import Form
from smcdel_bridge.values import field, value

from ..errors import UserError


@value(frozen=True)
class World:
    """One world of the model at a step."""

    #: the engine's name of the world
    name: str
    #: ``w1``, ``w2`` … in the engine's order
    short: str
    #: ``marble: box`` per variable, for pictures
    label: str
    #: the facts of the world in English ("the marble is in the box")
    facts: tuple[str, ...]
    actual: bool


@value(frozen=True)
class Belief:
    """What one agent believes at one actual world, in English."""

    agent: str
    world: str
    sentences: tuple[str, ...]
    #: the worlds (short names) the agent believes possible there
    believed: tuple[str, ...]
    #: no world believed possible: the agent's beliefs are inconsistent
    inconsistent: bool = False


@value(frozen=True)
class EventNode:
    """One event of an event model."""

    name: str
    pre: str
    post: tuple[str, ...]
    actual: bool


@value(frozen=True)
class EventPicture:
    """An event model: events with pre- and postconditions, and for each agent the events it
    believes happen at each event (``arrows``) and the events it cannot tell apart
    (``cells``)."""

    label: str
    events: tuple[EventNode, ...]
    arrows: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]
    cells: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]


@value(frozen=True)
class Reason:
    """Why ``clause`` has truth value ``value`` at ``world``; ``kind`` names the rule, the
    ``story_reasons.j2`` template holds one sentence per kind."""

    kind: str
    clause: str
    world: str
    value: bool
    agent: str | None = None
    attitude: str | None = None
    #: worlds the rule points at (short names)
    worlds: tuple[str, ...] = ()
    #: a world where the body fails / holds (short name)
    witness: str | None = None
    children: tuple["Reason", ...] = ()
    #: the formula and the engine's name of the world (for checking every claim)
    form: Form | None = field(default=None, compare=False, repr=False)
    world_name: str | None = field(default=None, compare=False, repr=False)


@value(frozen=True)
class QueryAnswer:
    """A hypothesis or question at its step, answered and explained."""

    name: str
    kind: str  # "hypothesis" or "question"
    english: str
    formula: str | None
    answer: str
    expected: str | None
    agrees: bool | None
    #: hypothesis: why, at each actual world (or at the counterexample)
    reasons: tuple[Reason, ...] = ()
    counterexample: str | None = None
    #: question: the sentence of the answer, and the worlds each agent of the chain reaches
    answer_english: str | None = None
    chain: tuple[tuple[str, tuple[str, ...]], ...] = ()
    #: hypothesis: the worlds of its step (short names) where it is true
    true_at: tuple[str, ...] = ()


@value(frozen=True)
class StoryStep:
    """The model after ``number`` events."""

    number: int
    english: str | None
    label: str | None
    event: EventPicture | None
    worlds: tuple[World, ...]
    #: agent -> world -> believed worlds (engine names), in agent and world order
    belief: tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]
    #: agent -> knowledge cells (engine names)
    knowledge: tuple[tuple[str, tuple[tuple[str, ...], ...]], ...]
    beliefs: tuple[Belief, ...]
    #: agents whose beliefs this event contradicted, and who revised them
    revised: tuple[str, ...] = ()
    #: agents whose beliefs the plain (Kripke, KD45) product update of the previous model
    #: with this event would have left inconsistent: no world believed possible
    kripke_inconsistent: tuple[str, ...] = ()
    queries: tuple[QueryAnswer, ...] = ()
    size: int | None = None  #: worlds kept as BDDs by the symbolic engine (none listed)

    @property
    def short(self) -> dict[str, str]:
        return {w.name: w.short for w in self.worlds}

    @property
    def belief_short(self) -> tuple[tuple[str, tuple[tuple[str, tuple[str, ...]], ...]], ...]:
        """:attr:`belief` with the short world names."""
        short = self.short
        return tuple((a, tuple((short[w], tuple(short[v] for v in vs)) for w, vs in rows))
                     for a, rows in self.belief)

    @property
    def inconsistent(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(b.agent for b in self.beliefs if b.inconsistent))


@value(frozen=True)
class StoryExplanation:
    name: str
    agents: tuple[str, ...]
    setup: str
    steps: tuple[StoryStep, ...] = field(default=())
    #: the event the story stops at because it cannot happen: its English, and the
    #: one-line reason (``FILE:LINE: '…' cannot happen here: …`` once the file is known)
    stopped: str | None = None
    reason: "UserError | None" = None
    #: the compiled story the explanation was read from (for further questions)
    compiled: Any = field(default=None, compare=False, repr=False)

    @property
    def disagreements(self) -> int:
        return sum(1 for s in self.steps for q in s.queries if q.agrees is False)


# --- building -----------------------------------------------------------------------------
