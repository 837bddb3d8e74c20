"""A story -> models of the event-model engine (``smcdel_bridge.dynamic``), and answers.

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

Formulas are evaluated on :attr:`StoryState.model`, a :class:`KripkeModel` with two
relations per agent: belief under :func:`belief_id` and knowledge under
:func:`knowledge_id`.  A hypothesis holds when it is true at every actual world.

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
from itertools import product as cartesian
from typing import Iterable, Mapping, Sequence

from smcdel_bridge.dynamic import ActionModel, Event, InexecutableAction, KripkeModel
from smcdel_bridge.dynamic.plausibility import (
    EventPlausibilityModel, PlausibilityModel, priority_update,
)
from smcdel_bridge.dynamic.semantics import truth_set
from smcdel_bridge.language import BOT, TOP, Conj, Disj, Form, Neg, Prp

from ..errors import UserError
from . import model as M
from .model import Story, belief_id, knowledge_id, split_agent

NOTHING = "nothing"


# --- plausibility action models ------------------------------------------------------------

def doubled(agents: Sequence[str]) -> tuple[str, ...]:
    """The agents of the engine's models: each story agent under its belief id and its
    knowledge id (the knowledge id ranks every world alike, so its "belief" is its cell)."""
    return tuple(x for a in agents for x in (belief_id(a), knowledge_id(a)))


@dataclass(frozen=True)
class PlausibleAction:
    """One story event for the engine: an event plausibility model (its ``label`` names the
    event) and, per agent, the events the agent believes happen at each event
    (``arrows``; used to report contradicted beliefs)."""

    model: EventPlausibilityModel
    arrows: Mapping[str, Mapping[str, frozenset[str]]]
    #: 1-based line of the story event in its source
    line: int | None = None

    @property
    def label(self) -> str:
        return self.model.label

    def believed(self, agent: str, event: str) -> frozenset[str]:
        """The events ``agent`` believes happen when ``event`` does."""
        return self.arrows[agent][event]

    def belief_action(self) -> ActionModel:
        """The story agents' beliefs about the event as a plain (KD45) action model."""
        m = self.model
        agents = tuple(self.arrows)
        return ActionModel(agents, m.events, {a: dict(self.arrows[a]) for a in agents},
                           m.actual, m.label)


def _build(label: str, agents: Sequence[str], events: Sequence[Event], actual: Sequence[str],
           views: Mapping[str, Sequence[Mapping[str, int]]], line: int | None,
           arrows: Mapping[str, Mapping[str, frozenset[str]]] | None = None) -> PlausibleAction:
    """``views[a]``: the agent's cells, each a mapping event -> rank."""
    cells: dict[str, tuple[frozenset[str], ...]] = {}
    ranks: dict[str, dict[str, int]] = {}
    believed: dict[str, dict[str, frozenset[str]]] = {}
    for a in agents:
        cs = tuple(frozenset(c) for c in views[a])
        r = {e: k for c in views[a] for e, k in c.items()}
        cells[belief_id(a)] = cells[knowledge_id(a)] = cs
        ranks[belief_id(a)] = r
        ranks[knowledge_id(a)] = dict.fromkeys(r, 0)
        believed[a] = {}
        for c in views[a]:
            best = min(c.values())
            top = frozenset(e for e, k in c.items() if k == best)
            believed[a].update(dict.fromkeys(c, top))
    epm = EventPlausibilityModel(doubled(agents), tuple(events), cells, ranks, tuple(actual), label)
    return PlausibleAction(epm, arrows or believed, line)


def observed(label: str, agents: Sequence[str], real: Sequence[Event], actual: Sequence[str],
             observers: Iterable[str], split: Mapping[str, Sequence[Sequence[str]]] | None = None,
             line: int | None = None, with_nothing: bool = True) -> PlausibleAction:
    """The uniform pattern: the ``real`` events happen; each observer tells them apart as
    ``split[observer]`` says (default: not at all), every other agent cannot tell them from
    "nothing happened", which it finds more plausible."""
    observers = set(observers)
    split = split or {}
    names = [e.name for e in real]
    events = list(real)
    if with_nothing and set(agents) - observers:
        events.append(Event(NOTHING, TOP, {}))
    views: dict[str, list[dict[str, int]]] = {}
    for a in agents:
        if a in observers or not with_nothing:
            cells = [dict.fromkeys(c, 0) for c in split.get(a, [names])]
            if len(events) > len(real):
                cells.append({NOTHING: 0})
        else:
            cells = [{NOTHING: 0, **dict.fromkeys(names, 1)}]
        views[a] = cells
    return _build(label, agents, events, actual, views, line)


# --- the state -----------------------------------------------------------------------------

@dataclass(frozen=True)
class Revision:
    """At ``step``, ``agent``'s beliefs at actual world ``world`` were contradicted: the
    plain product of what the agent believed and what it believes happened is empty (a
    Kripke product update would leave it believing everything).  The action-priority
    update revises them to the most plausible worlds left."""

    step: int
    agent: str
    world: str


@dataclass(frozen=True)
class StoryState:
    """The situation after ``step`` events, as a plausibility model over the doubled
    agents (:func:`doubled`)."""

    step: int
    plausibility: PlausibilityModel
    #: the label of the event that led here (None for the start)
    label: str | None = None
    revisions: tuple[Revision, ...] = ()

    @property
    def model(self) -> KripkeModel:
        """Belief relations under the agents' names, knowledge under :func:`knowledge_id`:
        the model story formulas are evaluated on."""
        return self.plausibility.belief_view()

    @property
    def agents(self) -> tuple[str, ...]:
        return tuple(a for a in self.plausibility.agents if split_agent(a)[1] == "believes")

    def believed(self, agent: str, world: str) -> frozenset[str]:
        """The worlds ``agent`` believes possible at ``world``."""
        return self.model.successors(belief_id(agent), world)

    def known(self, agent: str, world: str) -> frozenset[str]:
        """``agent``'s information cell at ``world``."""
        return self.model.successors(knowledge_id(agent), world)

    def rank(self, agent: str, world: str) -> int:
        """How plausible ``agent`` finds ``world`` (0: most; compared within a cell)."""
        return self.plausibility.ranks[belief_id(agent)][world]

    def belief_model(self) -> KripkeModel:
        """Only the belief relations (KD45), agents under their names."""
        m = self.model
        agents = self.agents
        return KripkeModel(agents, m.worlds, m.valuation,
                           {a: dict(m.relations[belief_id(a)]) for a in agents},
                           m.actual, m.vocabulary)

    def knowledge_model(self) -> KripkeModel:
        """Only the knowledge relations (S5), agents under their names."""
        m = self.model
        agents = self.agents
        return KripkeModel(agents, m.worlds, m.valuation,
                           {a: dict(m.relations[knowledge_id(a)]) for a in agents},
                           m.actual, m.vocabulary)

    def holds(self, form: Form) -> bool:
        """True at every actual world."""
        return frozenset(self.model.actual) <= truth_set(self.model, form)


def contract(pm: PlausibilityModel) -> PlausibilityModel:
    """The smallest plausibility model bisimilar to ``pm``: worlds that no formula and no
    later event can tell apart become one (the first of them keeps its name).

    Partition refinement: worlds start in blocks by valuation; a block splits while its
    worlds differ, for some agent, in the blocks of their cell or in the blocks of the
    worlds of their cell at least as plausible as they are (the plausibility order read
    as a relation, as in Baltag and Smets' bisimulation of plausibility models).  Worlds no agent can reach from an actual world are
    dropped first.  Stories grow by a factor for each event someone misses; most of the
    new worlds repeat old ones, and this keeps the models small."""
    agents, ranks = pm.agents, pm.ranks
    cell_of = {a: {w: c for c in pm.cells[a] for w in c} for a in agents}
    # the part reachable from the actual worlds
    keep, todo = set(pm.actual), list(pm.actual)
    while todo:
        w = todo.pop()
        for a in agents:
            for v in cell_of[a][w]:
                if v not in keep:
                    keep.add(v)
                    todo.append(v)
    worlds = [w for w in pm.worlds if w in keep]
    # an agent with the cells of an agent before it and one rank per cell (a knowledge
    # id beside its belief id) splits no block that agent does not split: leave it out
    flat = [a for a in agents
            if all(len({ranks[a][w] for w in c}) == 1 for c in pm.cells[a])]
    split_by = [a for i, a in enumerate(agents)
                if not (a in flat and any(pm.cells[b] == pm.cells[a] for b in agents[:i]))]
    # each cell's worlds from the most plausible, grouped by rank
    levels = {a: [[[w for w in c if ranks[a][w] == r] for r in sorted({ranks[a][w] for w in c})]
                  for c in pm.cells[a] if next(iter(c)) in keep]
              for a in split_by}
    block = {w: pm.valuation[w] for w in worlds}
    count = len(set(block.values()))
    while True:
        # per agent and world: the blocks of the worlds of its cell at least as plausible,
        # as an interned chain (equal chains: equal sets), and of its whole cell
        chain: dict = {}
        below, whole = {}, {}
        for a in split_by:
            for cell in levels[a]:
                cur, seen = chain.setdefault((), len(chain)), set()
                for level in cell:
                    new = frozenset(block[w] for w in level) - seen
                    if new:
                        seen |= new
                        cur = chain.setdefault((cur, new), len(chain))
                    for w in level:
                        below[a, w] = (cur, len(seen))
                for level in cell:
                    for w in level:
                        whole[a, w] = cur
        sig = {w: (block[w], tuple((whole[a, w], below[a, w][0]) for a in split_by))
               for w in worlds}
        ids: dict = {}
        block = {w: ids.setdefault(sig[w], len(ids)) for w in worlds}
        if len(ids) == count:
            break
        count = len(ids)
    rep: dict[int, str] = {}
    for w in worlds:
        rep.setdefault(block[w], w)
    names = list(rep.values())
    if len(names) == len(pm.worlds):
        return pm
    cells, new_ranks = {}, {}
    for a in agents:
        seen, cs, rk = set(), [], {}
        for w in names:
            if w in seen:
                continue
            c = frozenset(rep[block[v]] for v in cell_of[a][w])
            seen |= c
            cs.append(c)
            for v in c:
                # a block's place: how many blocks are at least as plausible (for an
                # agent left out above, all of its cell)
                rk[v] = below[a, v][1] if a in split_by else len(c)
        cells[a], new_ranks[a] = tuple(cs), rk
    actual = tuple(dict.fromkeys(rep[block[w]] for w in pm.actual))
    return PlausibilityModel(agents, tuple(names), {w: pm.valuation[w] for w in names}, cells,
                             new_ranks, actual, pm.vocabulary)


def update(state: StoryState, pa: PlausibleAction, step: int) -> StoryState:
    """Action-priority update (then :func:`contract`), and the revisions it made."""
    before = state.model
    new = contract(priority_update(state.plausibility, pa.model))
    pres = {e.name: truth_set(before, e.pre) for e in pa.model.events}
    revisions = []
    for w in before.actual:
        for e in pa.model.actual:
            if w not in pres[e]:
                continue
            for a in state.agents:
                if not any(v in pres[f] for v in state.believed(a, w) for f in pa.believed(a, e)):
                    revisions.append(Revision(step, a, f"{w}.{e}"))
    return StoryState(step, new, pa.label, tuple(revisions))


# --- compiling a story ---------------------------------------------------------------------

@dataclass
class CompiledStory:
    story: Story
    #: the state before the first event
    start: StoryState
    #: one plausibility action model per story event
    actions: list[PlausibleAction]
    #: hypotheses' formulas, in the order of ``story.hypotheses``
    queries: list[Form]
    _states: list[StoryState] | None = field(default=None, repr=False)

    @property
    def initial(self) -> KripkeModel:
        """The initial model (belief and knowledge relations)."""
        return self.start.model

    @property
    def states(self) -> list[StoryState]:
        """The state before the first event and after each event (``len(events) + 1``);
        UserError (naming the line) when an event cannot happen."""
        if self._states is None:
            states = [self.start]
            for i, pa in enumerate(self.actions):
                try:
                    states.append(update(states[-1], pa, i + 1))
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


def compile_story(story: Story) -> CompiledStory:
    """The initial state, one plausibility action model per event, the hypotheses."""
    start = initial_state(story)
    actions = [event_action(story, i) for i in range(len(story.events))]
    return CompiledStory(story, start, actions, [h.formula for h in story.hypotheses])


def exactly_one(atoms: Sequence[int]) -> Form:
    """The law of a variable as a formula: exactly one of its value atoms holds (the
    initial worlds are built as its models, one value per variable)."""
    ps = [Prp(a) for a in atoms]
    at_least = Disj(tuple(ps))
    at_most = Conj(tuple(Neg(Conj((p, q))) for i, p in enumerate(ps) for q in ps[i + 1:]))
    return Conj((at_least, at_most))


def _plausibility(story: Story, worlds: Sequence[str], vals, cells, ranks, actual
                  ) -> PlausibilityModel:
    """A plausibility model over the doubled agents from per-agent cells and ranks."""
    dc, dr = {}, {}
    for a in story.agents:
        dc[belief_id(a)] = dc[knowledge_id(a)] = tuple(cells[a])
        dr[belief_id(a)] = ranks[a]
        dr[knowledge_id(a)] = dict.fromkeys(worlds, 0)
    vocab = tuple(range(1, len(story.atom_table()) + 1))
    return PlausibilityModel(doubled(story.agents), tuple(worlds), vals, dc, dr, tuple(actual), vocab)


def initial_state(story: Story) -> StoryState:
    """All valuations allowed by the variables and what is common knowledge; each agent
    tells worlds apart by the variables it observes; every world equally plausible."""
    if story.initial is not None:
        return _explicit_initial(story)
    choices = [[(v.name, x) for x in v.values] for v in story.variables]
    worlds, vals, assigns = [], {}, []
    for combo in cartesian(*choices):
        val = frozenset(story.atom(n, x) for n, x in combo
                        if not (story.variable(n).boolean and x == "false"))
        name = "_".join((x if not story.variable(n).boolean else (n if x == "true" else "no_" + n))
                        for n, x in combo) or "w"
        worlds.append(name)
        vals[name] = val
        assigns.append(dict(combo))
    vocab = tuple(range(1, len(story.atom_table()) + 1))
    probe = KripkeModel(tuple(story.agents), tuple(worlds), vals, {}, tuple(worlds), vocab)
    keep = frozenset(worlds)
    for f in story.common:
        keep &= truth_set(probe, f)
    if not keep:
        raise UserError("what is common knowledge at the start is contradictory", line=story.line)
    actual = keep
    for f in story.actually:
        actual &= truth_set(probe, f)
    if not actual:
        raise UserError("the facts at the start contradict each other or what is common knowledge",
                        line=story.line)
    kept = [i for i, w in enumerate(worlds) if w in keep]
    seen = dict(story.observes)
    cells: dict[str, list[frozenset[str]]] = {}
    for a in story.agents:
        vs = seen.get(a, ())
        groups: dict[tuple, list[str]] = {}
        for i in kept:
            groups.setdefault(tuple(assigns[i][v] for v in vs), []).append(worlds[i])
        cells[a] = [frozenset(g) for g in groups.values()]
    names = [worlds[i] for i in kept]
    ranks = {a: dict.fromkeys(names, 0) for a in story.agents}
    pm = _plausibility(story, names, {w: vals[w] for w in names}, cells, ranks,
                       [w for w in names if w in actual])
    return StoryState(0, contract(pm))


def _soft(nodes: Sequence[str], rel: Mapping[str, Iterable[str]]
          ) -> tuple[list[frozenset[str]], dict[str, int]]:
    """The soft reading of a relation (as the engine's ``from_kripke``): cells are its
    connected parts, what some node points to is most plausible."""
    parent = {n: n for n in nodes}

    def find(x):
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    pointed = set()
    for n in nodes:
        for m in rel.get(n, ()):
            pointed.add(m)
            parent[find(n)] = find(m)
    groups: dict[str, list[str]] = {}
    for n in nodes:
        groups.setdefault(find(n), []).append(n)
    return [frozenset(g) for g in groups.values()], {n: 0 if n in pointed else 1 for n in nodes}


def _explicit_initial(story: Story) -> StoryState:
    init = story.initial
    names = [w for w, _ in init.worlds]
    vals = {w: frozenset(_fact_atoms(story, facts)) for w, facts in init.worlds}
    considers = dict(init.considers)
    cells, ranks = {}, {}
    for a in story.agents:
        rel = ({w: tuple(s) for w, s in considers[a]} if a in considers
               else {w: (w,) for w in names})  # unlisted: tells every world apart
        cells[a], ranks[a] = _soft(names, rel)
    return StoryState(0, _plausibility(story, names, vals, cells, ranks, init.actual))


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
        cells, ranks = _soft(names, rel)
        views[a] = [{e: ranks[e] for e in c} for c in cells]
        arrows[a] = {e: frozenset(rel.get(e, ())) for e in names}
    return _build(label, story.agents, events, ev.actual, views, ev.line, arrows)


# --- answers -------------------------------------------------------------------------------

def answer_where(story: Story, agent_path: Sequence[str], variable: str, step: int | None = None,
                 compiled: CompiledStory | None = None) -> list[str]:
    """The values of ``variable`` that the nested belief of ``agent_path`` allows (at the
    actual worlds, after ``step`` events; default: the end), in declaration order."""
    compiled = compiled or compile_story(story)
    state = compiled.states[len(story.events) if step is None else step]
    worlds = set(state.model.actual)
    for a in agent_path:
        worlds = {v for w in worlds for v in state.believed(a, w)}
    var = story.variable(variable)
    vals = state.model.valuation
    return [x for x in var.values if any(_value_true(story, var, x, vals[w]) for w in worlds)]


def _value_true(story: Story, var: M.Variable, value: str, atoms: frozenset[int]) -> bool:
    if var.boolean:
        return (story.atom(var.name) in atoms) == (value == "true")
    return story.atom(var.name, value) in atoms


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
    """Every hypothesis and question of ``story`` answered, in the order written."""
    compiled = compiled or compile_story(story)
    states = compiled.states
    out = []
    for q in story.queries():
        if isinstance(q, M.Hypothesis):
            out.append(QueryResult(q.name, "hypothesis", q.step, q.line,
                                   states[q.step].holds(q.formula), q.expected))
        else:
            vals = answer_where(story, q.path, q.variable, q.step, compiled)
            out.append(QueryResult(q.name, "question", q.step, q.line, tuple(vals), q.expected))
    return out
