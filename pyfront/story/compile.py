"""A story -> a situation and plausibility action models for a belief engine
(``smcdel_bridge.dynamic.belief``: the semantics lives there), and answers.

One uniform treatment of observation (``docs/stories.md`` says it in words):

* every story event becomes one *plausibility action model*: events with pre- and
  postconditions, and for each agent a partition of the events (what the agent cannot
  tell apart: its hard information) with a plausibility rank per event (0 = what the agent
  believes happened);
* the observers of an event (:meth:`Story.observers`: present agents) tell the real
  events apart as the kind says (a listener learns what was said, an onlooker sees that
  something was said); every other agent cannot tell the real events from "nothing
  happened", and finds "nothing happened" more plausible: they believe nothing changed,
  yet know something might have;
* the state is a plausibility model: worlds, each agent's knowledge partition and a
  plausibility rank per world; belief = the most plausible worlds of the knowledge cell.
  The update is Baltag and Smets' *action-priority update*: the product of the
  partitions (the engine's product update), ranks ordered by the event's rank first and
  the world's rank second.  An agent whose beliefs are contradicted (she comes back and
  sees the marble in the box) therefore revises to the most plausible worlds that remain
  instead of believing everything; the state records such revisions (:attr:`StoryState.revisions`).

Formulas are evaluated on the belief view, with two relations per agent: belief under
:func:`belief_id` and knowledge under :func:`knowledge_id`.  A hypothesis holds when it is
true at every actual world.  The engine (``compile_story(story, engine=...)``) is the
explicit one (worlds listed; its states are :class:`StoryState`) or the symbolic one.

Use::

    compiled = compile_story(story)        # CompiledStory
    compiled.initial                       # KripkeModel (belief and knowledge relations)
    [a.label for a in compiled.actions]    # one PlausibleAction per story event
    compiled.states[-1].model              # after the last event
    evaluate(story)                        # one QueryResult per hypothesis and question
    answer_where(story, ("Anne", "Sally"), "location(marble)")   # ['basket']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from smcdel_bridge.dynamic import Event, InexecutableAction, KripkeModel
from smcdel_bridge.dynamic.belief.events import (
    NOTHING, PlausibleAction, build_action, doubled as _doubled, observed as _observed,
)
from smcdel_bridge.dynamic.belief.explicit import BeliefState, Revision
from smcdel_bridge.dynamic.belief.interface import (
    BeliefEngine, ContradictoryStart, Situation, StateVariable,
)
from smcdel_bridge.dynamic.belief.registry import get_belief_engine
from smcdel_bridge.dynamic.plausibility import PlausibilityModel, soft_cells
from smcdel_bridge.language import BOT, TOP, Conj, Disj, Form, Neg, Prp

from ..errors import UserError
from . import model as M
from .engines import chosen_engine, set_answer_engine
from .model import Story, belief_id, knowledge_id

#: the explicit engine's state (kept under the name the story layer has always used)
StoryState = BeliefState

__all__ = ["NOTHING", "CompiledStory", "answer_engine", "engine_name", "set_answer_engine", "PlausibleAction", "QueryResult", "Revision",
           "StoryState", "answer_where", "compile_story", "evaluate", "event_action",
           "initial_state", "update"]


# --- which engine -----------------------------------------------------------------------------

#: ``auto`` takes the explicit engine while the start has at most this many worlds and the
#: story at most :data:`AUTO_EVENTS` events, the symbolic one beyond
AUTO_WORLDS = 64
AUTO_EVENTS = 40


def start_size(story: Story) -> int:
    """How many worlds the explicit start lists at most (before common knowledge)."""
    if story.initial is not None:
        return len(story.initial.worlds)
    n = 1
    for v in story.variables:
        n *= len(v.values)
    return n


def engine_name(story: Story, name: str | None = None) -> str:
    """``explicit`` or ``symbolic``: ``name``, or for ``auto`` (and None: the one set by
    :func:`set_answer_engine`) by the story's size."""
    name = name or chosen_engine()
    if name != "auto":
        return name
    small = start_size(story) <= AUTO_WORLDS and len(story.events) <= AUTO_EVENTS
    return "explicit" if small else "symbolic"


def answer_engine(story: Story, name: str | None = None) -> BeliefEngine:
    """The engine that answers ``story``'s questions (see :func:`engine_name`)."""
    return get_belief_engine(engine_name(story, name))


# --- the agents and their ids ----------------------------------------------------------------

def agent_ids(agents: Sequence[str]) -> tuple[tuple[str, str, str], ...]:
    """Each story agent with the ids of its belief and knowledge relations."""
    return tuple((a, belief_id(a), knowledge_id(a)) for a in agents)


def doubled(agents: Sequence[str]) -> tuple[str, ...]:
    """The agents of the engine's models: each story agent under its belief id and its
    knowledge id."""
    return _doubled(agent_ids(agents))


def _build(label, agents, events, actual, views, line, arrows=None) -> PlausibleAction:
    return build_action(label, agent_ids(agents), events, actual, views, line, arrows)


def observed(label, agents, real, actual, observers, split=None, line=None,
             with_nothing=True) -> PlausibleAction:
    """See :func:`smcdel_bridge.dynamic.belief.events.observed`."""
    return _observed(label, agent_ids(agents), real, actual, observers, split, line,
                     with_nothing)


# --- compiling a story ---------------------------------------------------------------------

@dataclass
class CompiledStory:
    story: Story
    #: the state before the first event (the engine's own state object)
    start: object
    #: one plausibility action model per story event
    actions: list[PlausibleAction]
    #: hypotheses' formulas, in the order of ``story.hypotheses``
    queries: list[Form]
    #: the belief engine the states come from
    engine: BeliefEngine = field(default_factory=lambda: get_belief_engine("explicit"))
    _states: list | None = field(default=None, repr=False)

    @property
    def initial(self) -> KripkeModel:
        """The initial model (belief and knowledge relations; explicit engine only)."""
        return self.start.model

    @property
    def states(self) -> list:
        """The state before the first event and after each event (``len(events) + 1``);
        UserError (naming the line) when an event cannot happen."""
        if self._states is None:
            states = [self.start]
            for i, pa in enumerate(self.actions):
                try:
                    states.append(self.engine.update(states[-1], pa, i + 1))
                except InexecutableAction:
                    raise UserError(_cannot_happen(self.story.events[i], pa), line=pa.line) from None
            self._states = states
        return self._states


def _cannot_happen(ev, pa: PlausibleAction) -> str:
    if isinstance(ev, M.Lie):
        return f"'{pa.label}' cannot happen here: a lie must be false, and this is true"
    if isinstance(ev, M.EventModel):
        return f"'{pa.label}' cannot happen here: the precondition of its actual event is false"
    return f"'{pa.label}' cannot happen here: what is said must be true, and it is false"


def compile_story(story: Story, engine: str | BeliefEngine = "explicit") -> CompiledStory:
    """The initial state, one plausibility action model per event, the hypotheses;
    ``engine``: a belief engine or its name (``explicit``, ``symbolic``)."""
    if isinstance(engine, str):
        engine = get_belief_engine(engine)
    start = initial_state(story, engine)
    actions = [event_action(story, i) for i in range(len(story.events))]
    return CompiledStory(story, start, actions, [h.formula for h in story.hypotheses], engine)


def exactly_one(atoms: Sequence[int]) -> Form:
    """The law of a variable as a formula: exactly one of its value atoms holds (the
    initial worlds are built as its models, one value per variable)."""
    ps = [Prp(a) for a in atoms]
    at_least = Disj(tuple(ps))
    at_most = Conj(tuple(Neg(Conj((p, q))) for i, p in enumerate(ps) for q in ps[i + 1:]))
    return Conj((at_least, at_most))


def situation(story: Story) -> Situation:
    """The story's start for a belief engine: its variables, what is common knowledge,
    what is actually true and who observes which variables."""
    variables = tuple(
        StateVariable(v.name, tuple(v.values),
                      (story.atom(v.name),) if v.boolean
                      else tuple(story.atom(v.name, x) for x in v.values), v.boolean)
        for v in story.variables)
    return Situation(agent_ids(story.agents), variables, tuple(story.common),
                     tuple(story.actually), dict(story.observes))


def initial_state(story: Story, engine: BeliefEngine | None = None):
    """The state before the first event (the explicit engine's unless ``engine``)."""
    engine = engine or get_belief_engine("explicit")
    if story.initial is not None:
        return engine.from_model(_explicit_initial(story), agent_ids(story.agents))
    try:
        return engine.initial(situation(story))
    except ContradictoryStart as e:
        msg = ("what is common knowledge at the start is contradictory" if e.which == "common"
               else "the facts at the start contradict each other or what is common knowledge")
        raise UserError(msg, line=story.line) from None


def update(state, pa: PlausibleAction, step: int, engine: BeliefEngine | None = None):
    """The state after ``pa`` (the explicit engine's unless ``engine``)."""
    return (engine or get_belief_engine("explicit")).update(state, pa, step)


def _explicit_initial(story: Story) -> PlausibilityModel:
    """The listed worlds; an agent's cells and ranks are the soft reading of what it
    considers possible (unlisted: it tells every world apart)."""
    init = story.initial
    names = [w for w, _ in init.worlds]
    vals = {w: frozenset(_fact_atoms(story, facts)) for w, facts in init.worlds}
    considers = dict(init.considers)
    dc, dr = {}, {}
    for a in story.agents:
        rel = ({w: tuple(s) for w, s in considers[a]} if a in considers
               else {w: (w,) for w in names})
        cells, ranks = soft_cells(names, rel)
        dc[belief_id(a)] = dc[knowledge_id(a)] = tuple(cells)
        dr[belief_id(a)] = ranks
        dr[knowledge_id(a)] = dict.fromkeys(names, 0)
    vocab = tuple(range(1, len(story.atom_table()) + 1))
    return PlausibilityModel(doubled(story.agents), tuple(names), vals, dc, dr,
                             tuple(init.actual), vocab)


def _fact_atoms(story: Story, facts) -> set[int]:
    out = set()
    for var, value in facts:
        v = story.variable(var)
        if v.boolean:
            if value == "true":
                out.add(story.atom(var))
        else:
            out.add(story.atom(var, value))
    return out


def _assign(story: Story, variable: str, value: str) -> dict[int, Form]:
    v = story.variable(variable)
    if v.boolean:
        return {story.atom(variable): TOP if value == "true" else BOT}
    return {story.atom(variable, x): (TOP if x == value else BOT) for x in v.values}


def _value_events(story: Story, variable: str, prefix: str) -> list[Event]:
    v = story.variable(variable)
    return [Event(f"{prefix}_{x}", story.value_form(variable, x), {}) for x in v.values]


def event_action(story: Story, index: int) -> PlausibleAction:
    """The plausibility action model of story event ``index``."""
    from .dsl_print import event_text

    ev = story.events[index]
    agents = story.agents
    label = ev.label if isinstance(ev, M.EventModel) else event_text(story, ev)
    obs = story.observers(index)
    line = ev.line
    if isinstance(ev, (M.Enter, M.Leave)):
        return observed(label, agents, [Event("step", TOP, {})], ["step"], agents, line=line,
                        with_nothing=False)
    if isinstance(ev, M.Move):
        e = Event("moved", TOP, _assign(story, ev.variable, ev.value))
        return observed(label, agents, [e], ["moved"], obs, line=line)
    if isinstance(ev, M.Turn):
        v = story.variable(ev.variable)
        if v.boolean:
            p = story.atom(ev.variable)
            post = {p: Neg(Prp(p))}
        else:
            a, b = (story.atom(ev.variable, x) for x in v.values)
            post = {a: Prp(b), b: Prp(a)}
        return observed(label, agents, [Event("turned", TOP, post)], ["turned"], obs, line=line)
    if isinstance(ev, M.Announce):
        return observed(label, agents, [Event("said", ev.formula, {})], ["said"], agents, line=line)
    if isinstance(ev, (M.Tell, M.TellPrivate)):
        return observed(label, agents, [Event("said", ev.formula, {})], ["said"], obs, line=line)
    if isinstance(ev, M.TellSemiPrivate):
        yes, no = Event("said_yes", ev.formula, {}), Event("said_no", Neg(ev.formula), {})
        told = {ev.agent, *ev.listeners}
        split = {a: [["said_yes"], ["said_no"]] for a in told}
        return observed(label, agents, [yes, no], ["said_yes", "said_no"], obs, split, line)
    if isinstance(ev, M.Lie):
        lied, honest = Event("lied", Neg(ev.formula), {}), Event("honest", ev.formula, {})
        events = [lied, honest, Event(NOTHING, TOP, {})]
        views = {}
        for a in agents:
            if a == ev.agent:
                views[a] = [{"lied": 0}, {"honest": 0}, {NOTHING: 0}]
            elif a in ev.listeners:
                views[a] = [{"honest": 0, "lied": 1}, {NOTHING: 0}]
            else:
                views[a] = [{NOTHING: 0, "honest": 1, "lied": 1}]
        return _build(label, agents, events, ["lied"], views, line)
    if isinstance(ev, (M.Peek, M.Look, M.Show)):
        real = _value_events(story, ev.variable, "saw")
        names = [e.name for e in real]
        learners = {ev.agent, *getattr(ev, "listeners", ())}
        split = {a: [[n] for n in names] for a in learners}
        return observed(label, agents, real, names, obs, split, line)
    if isinstance(ev, M.EventModel):
        return _raw_action(story, ev, label)
    raise TypeError(f"unknown story event {type(ev).__name__}")


def _raw_action(story: Story, ev: M.EventModel, label: str) -> PlausibleAction:
    """An explicit event model, read the soft way: what an agent cannot rule out are the
    events its arrows connect, what they point to is most plausible."""
    events = []
    for re_ in ev.events:
        post: dict[int, Form] = {}
        for var, value in re_.sets:
            post.update(_assign(story, var, value))
        for var, f in re_.becomes:
            post[story.atom(var)] = f
        events.append(Event(re_.name, re_.pre, post))
    names = [e.name for e in events]
    views, arrows = {}, {}
    for a in story.agents:
        rel = ev.relation(a)
        cells, ranks = soft_cells(names, rel)
        views[a] = [{e: ranks[e] for e in c} for c in cells]
        arrows[a] = {e: frozenset(rel.get(e, ())) for e in names}
    return _build(label, story.agents, events, ev.actual, views, ev.line, arrows)


# --- answers -------------------------------------------------------------------------------

def answer_where(story: Story, agent_path: Sequence[str], variable: str, step: int | None = None,
                 compiled: CompiledStory | None = None) -> list[str]:
    """The values of ``variable`` that the nested belief of ``agent_path`` allows (at the
    actual worlds, after ``step`` events; default: the end), in declaration order."""
    compiled = compiled or compile_story(story, answer_engine(story))
    state = compiled.states[len(story.events) if step is None else step]
    var = story.variable(variable)
    allowed = compiled.engine.possible(state, [belief_id(a) for a in agent_path],
                                       [story.value_form(variable, x) for x in var.values])
    return [x for x, ok in zip(var.values, allowed) if ok]


@dataclass(frozen=True)
class QueryResult:
    """The answer to one hypothesis or question."""

    name: str
    kind: str  # "hypothesis" or "question"
    step: int
    line: int | None
    #: hypothesis: True/False; question: the values allowed
    answer: bool | tuple[str, ...]
    expected: bool | tuple[str, ...] | None

    @property
    def agrees(self) -> bool | None:
        if self.expected is None:
            return None
        if isinstance(self.answer, tuple):
            return sorted(self.answer) == sorted(self.expected)  # type: ignore[arg-type]
        return self.answer == self.expected


def evaluate(story: Story, compiled: CompiledStory | None = None) -> list[QueryResult]:
    """Every hypothesis and question of ``story`` answered, in the order written (by
    :func:`answer_engine` unless ``compiled`` is given)."""
    compiled = compiled or compile_story(story, answer_engine(story))
    states = compiled.states
    out = []
    for q in story.queries():
        if isinstance(q, M.Hypothesis):
            out.append(QueryResult(q.name, "hypothesis", q.step, q.line,
                                   compiled.engine.holds(states[q.step], q.formula), q.expected))
        else:
            vals = answer_where(story, q.path, q.variable, q.step, compiled)
            out.append(QueryResult(q.name, "question", q.step, q.line, tuple(vals), q.expected))
    return out
