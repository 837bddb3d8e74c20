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
explicit one (worlds listed) or the symbolic one, picked by name through the belief-engine
interface (:mod:`smcdel_bridge.dynamic.belief.backend`); their states are :class:`StoryState`.

Use::

    compiled = compile_story(story)        # CompiledStory
    compiled.initial                       # KripkeModel (belief and knowledge relations)
    [a.label for a in compiled.actions]    # one PlausibleAction per story event
    compiled.states[-1].model              # after the last event
    evaluate(story)                        # one QueryResult per hypothesis and question
    answer_where(story, ("Anne", "Sally"), "location(marble)")   # ['basket']
"""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.dynamic import Event
from smcdel_bridge.dynamic import speech
from smcdel_bridge.dynamic.belief import kinds
from smcdel_bridge.dynamic.belief.backend import (
    BeliefEngine, BeliefState, ContradictoryStart, Revision, Situation, StateVariable,
    get_belief_engine,
)
from smcdel_bridge.dynamic.belief.events import (
    NOTHING, PlausibleAction, build_action, doubled as _doubled,
    observed as _observed,
)
from smcdel_bridge.dynamic.plausibility import PlausibilityModel
from smcdel_bridge.language import TOP, Conj, Disj, Form, Neg, Prp
from smcdel_bridge.values import value

from ..errors import UserError
from . import model as M
from .engines import (  # noqa: F401  (the engine choice, re-exported)
    answer_engine, engine_name, start_size,
)
from .model import Story, belief_id, knowledge_id
from .initial import explicit_initial as _explicit_initial
from .absence import gap_action, has_gap
from .event_models import (  # noqa: F401  (agent_ids, state_variable: re-exported)
    agent_ids, conditional_action, raw_action, state_variable,
)
from .preconditions import minds_for  # noqa: F401  (re-exported)
from .compiled import CompiledStory, again

#: a belief engine's state (kept under the name the story layer has always used); the
#: explicit engine's states also list their worlds (``.model``, ``.belief_model()``)
StoryState = BeliefState

__all__ = ["NOTHING", "CompiledStory", "answer_engine", "engine_name", "PlausibleAction", "QueryResult", "Revision",
           "StoryState", "answer_where", "compile_story", "evaluate", "event_action",
           "evaluate_partial", "initial_state", "iter_results", "update"]


# --- the agents and their ids ----------------------------------------------------------------

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

def compile_story(story: Story, engine: str | BeliefEngine = "explicit",
                  minds: Sequence[str] | None = None, keep: bool = True) -> CompiledStory:
    """The initial state, one plausibility action model per event, the hypotheses;
    ``engine``: a belief engine or its name (``explicit``, ``symbolic``); ``minds``: the
    agents whose knowledge and beliefs are modelled (default: all; :func:`minds_for`);
    ``keep``: hold every state made (:class:`.compiled.CompiledStory`)."""
    if isinstance(engine, str):
        engine = get_belief_engine(engine)
    minds = tuple(a for a in story.agents if minds is None or a in minds)
    start = initial_state(story, engine, minds)
    actions = [event_action(story, i, minds) for i in range(len(story.events))]
    return CompiledStory(story, start, actions, [h.formula for h in story.hypotheses], engine,
                         keep)


def exactly_one(atoms: Sequence[int]) -> Form:
    """The law of a variable as a formula: exactly one of its value atoms holds (the
    initial worlds are built as its models, one value per variable)."""
    ps = [Prp(a) for a in atoms]
    at_least = Disj(tuple(ps))
    at_most = Conj(tuple(Neg(Conj((p, q))) for i, p in enumerate(ps) for q in ps[i + 1:]))
    return Conj((at_least, at_most))


def situation(story: Story, minds: Sequence[str] | None = None) -> Situation:
    """The story's start for a belief engine: its variables, what is common knowledge,
    what is actually true and who observes which variables."""
    variables = tuple(state_variable(story, v) for v in story.variables)
    minds = story.agents if minds is None else minds
    return Situation(agent_ids(minds), variables, tuple(story.common),
                     tuple(story.actually), {a: v for a, v in story.observes if a in minds})


def initial_state(story: Story, engine: BeliefEngine | None = None,
                  minds: Sequence[str] | None = None):
    """The state before the first event (the explicit engine's unless ``engine``)."""
    engine = engine or get_belief_engine("explicit")
    minds = tuple(story.agents if minds is None else minds)
    if story.initial is not None:
        return engine.from_model(_explicit_initial(story, minds), agent_ids(minds))
    try:
        return engine.initial(situation(story, minds))
    except ContradictoryStart as e:
        msg = ("what is common knowledge at the start is contradictory" if e.which == "common"
               else "the facts at the start contradict each other or what is common knowledge")
        raise UserError(msg, line=story.line) from None


def update(state, pa: PlausibleAction, step: int, engine: BeliefEngine | None = None):
    """The state after ``pa`` (the explicit engine's unless ``engine``)."""
    return (engine or get_belief_engine("explicit")).update(state, pa, step)


def _family(story: Story, variable: str, index: int | None = None) -> list[StateVariable]:
    """The variables an event about ``variable`` could have been about
    (:meth:`Story.family`), as the engines see them."""
    return [state_variable(story, v) for v in story.family(variable, index)]


def _alternatives(story: Story, form: Form) -> list[Form]:
    """What else a speaker could have said instead of ``form``, for those who did not
    hear it (:func:`smcdel_bridge.dynamic.belief.kinds.contents`)."""
    everything = [state_variable(story, v) for v in story.variables]
    found = kinds.literal(form, everything)
    family = _family(story, found[0].name) if found is not None else []
    return kinds.contents(form, family)


def event_action(story: Story, index: int, minds: Sequence[str] | None = None
                 ) -> PlausibleAction:
    """The plausibility action model of story event ``index`` (over the agents of
    ``minds``, default all): the real event, what its observers tell apart, and for
    everyone else "nothing happened" (most plausible) or any event of its kind
    (:mod:`smcdel_bridge.dynamic.belief.kinds`)."""
    from .dsl_print import event_text

    ev = story.events[index]
    agents = list(story.agents if minds is None else minds)
    label = ev.label if isinstance(ev, M.EventModel) else event_text(story, ev)
    line = ev.line
    if isinstance(ev, (M.Enter, M.Leave)):
        if has_gap(story, index, agents):
            return gap_action(story, index, label, agent_ids(agents), line)
        return observed(label, agents, [Event("step", TOP, {})], ["step"], agents, line=line,
                        with_nothing=False)
    if isinstance(ev, M.Announce):
        return observed(label, agents, [Event("said", ev.formula, {})], ["said"], agents, line=line)
    if isinstance(ev, M.EventModel):
        if ev.when is None and not ev.conditions:
            return raw_action(story, ev, label, agents)
        return conditional_action(story, ev, label, agents)
    obs = story.observers(index)
    ids = agent_ids(agents)
    if isinstance(ev, (M.Move, M.Turn)):
        family = _family(story, ev.variable, index)
        real, variants = (kinds.changes("moved", family, family[0], ev.value)
                          if isinstance(ev, M.Move) else kinds.turns("turned", family, family[0]))
        return _observed(label, ids, [real], [real.name], obs, line=line, variants=variants)
    if isinstance(ev, M.Wait):
        family = [state_variable(story, v) for v in story.room_variables(index)]
        real, variants = kinds.idle("waited", family)
        return _observed(label, ids, [real], [real.name], obs, line=line, variants=variants)
    if isinstance(ev, (M.Peek, M.Look, M.Show)):  # a secret peek may come from anywhere
        family = _family(story, ev.variable, None if isinstance(ev, M.Peek) else index)
        learners = [ev.agent, *getattr(ev, "listeners", ())]
        real, split, variants = kinds.learnings("saw", family, family[0], learners)
        return _observed(label, ids, real, [e.name for e in real], obs, split, line,
                         variants=variants)
    others = _alternatives(story, ev.formula)
    if isinstance(ev, (M.Tell, M.TellPrivate)):
        return speech.knowledge_announcement(label, ids, ev.agent, ev.formula, obs, line, others)
    if isinstance(ev, M.TellSemiPrivate):
        return speech.knowledge_whether(label, ids, ev.agent, ev.formula, ev.listeners, obs,
                                        line, others)
    if isinstance(ev, (M.Lie, M.Claim)):
        kind = "lie" if isinstance(ev, M.Lie) else ("claim" if ev.stance == "sincere" else "open")
        hearers = (set(ev.listeners) if ev.listeners else set(obs) - {ev.agent}) & set(agents)
        trusts = {h: story.trusts(h, ev.agent, index) for h in hearers}
        return speech.assertion(label, ids, ev.agent, ev.formula, kind, hearers, trusts, line,
                                others)
    raise TypeError(f"unknown story event {type(ev).__name__}")


# --- answers -------------------------------------------------------------------------------

def answer_where(story: Story, agent_path: Sequence[str], variable: str, step: int | None = None,
                 compiled: CompiledStory | None = None) -> list[str]:
    """The values of ``variable`` that the nested belief of ``agent_path`` allows (at the
    actual worlds, after ``step`` events; default: the end), in declaration order."""
    compiled = compiled or compile_story(story, answer_engine(story))
    at = len(story.events) if step is None else step
    state = compiled.state_at(at)
    if state is None:
        raise again(compiled.failure)
    var = story.variable(variable)
    allowed = compiled.engine.possible(state, [belief_id(a) for a in agent_path],
                                       [story.value_form(variable, x) for x in var.values])
    return [x for x, ok in zip(var.values, allowed) if ok]


@value(frozen=True)
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


def evaluate(story: Story, compiled: CompiledStory | None = None,
             engine: str = "auto") -> list[QueryResult]:
    """Every hypothesis and question of ``story`` answered, in the order written (by
    :func:`answer_engine` unless ``compiled`` is given; UserError when an event cannot
    happen: :func:`evaluate_partial` keeps the answers before it)."""
    results, failure = evaluate_partial(story, compiled, engine)
    if failure is not None:
        raise again(failure)
    return results


def evaluate_partial(story: Story, compiled: CompiledStory | None = None, engine: str = "auto"
                     ) -> tuple[list[QueryResult], UserError | None]:
    """The hypotheses and questions written before the first event that cannot happen,
    answered in order, and the error of that event (None: the whole story happens)."""
    from ..streams import collected

    return collected(iter_results(story, compiled, engine))


def iter_results(story: Story, compiled: CompiledStory | None = None, engine: str = "auto",
                 on_event=None):
    """:func:`evaluate_partial` one answer at a time, each as soon as the events before
    it are applied (a generator; its return value is the error of the event that cannot
    happen, or None).  ``on_event(story_name, events_done, events)``, when given, is
    told once the start is made and after each event (how far a stopped story got)."""
    # answers come in the order of their steps: a story compiled here holds one state
    compiled = compiled or compile_story(story, answer_engine(story, engine), keep=False)
    compiled.watched(on_event)
    for q in story.queries():
        state = compiled.state_at(q.step)
        if state is None:
            break
        if isinstance(q, M.Hypothesis):
            yield QueryResult(q.name, "hypothesis", q.step, q.line,
                              compiled.engine.holds(state, q.formula), q.expected)
        else:
            vals = answer_where(story, q.path, q.variable, q.step, compiled)
            yield QueryResult(q.name, "question", q.step, q.line, tuple(vals), q.expected)
    return compiled.failure if compiled.state_at(len(story.events)) is None else None

