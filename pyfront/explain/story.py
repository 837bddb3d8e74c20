"""Explanations of stories: the model after each event, what each agent believes, why each
hypothesis holds or a world where it fails, and the event models themselves.

Everything comes from the story engine (:mod:`pyfront.story.compile`, on
``smcdel_bridge.dynamic``): the worlds, the actual worlds, each agent's belief arrows (the
most plausible worlds of its information cell) and knowledge cells, the event models with
their pre- and postconditions and who believes which event happens.  This module names the
worlds (``w1``, ``w2`` … in the engine's order), says them in English and builds reason
trees; :mod:`.story_graph` draws the pictures and the ``story.j2`` template lays out the
text.  The tests check every edge of the pictures against the engine's relations.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smcdel_bridge.dynamic.semantics import truth_set
from smcdel_bridge.language import (
    Bot, Ck, Conj, Disj, Dk, Equi, Form, Impl, K, Kw, Neg, Prp, Top,
)

if TYPE_CHECKING:
    from ..story.compile import CompiledStory, PlausibleAction, StoryState
    from ..story.model import Story

#: how deep a reason tree goes before it stops explaining sub-formulas
REASON_DEPTH = 4

from .story_steps import (  # noqa: E402,F401  (the explanation's parts, re-exported)
    Belief, EventNode, EventPicture, QueryAnswer, Reason, StoryStep, StoryExplanation, World,
)


class StoryExplainer:
    def __init__(self, story: "Story", compiled: "CompiledStory"):
        from ..story.dsl_print import formula_text
        from ..verbalize.story import StoryWords

        self.story = story
        self.compiled = compiled
        self.words = StoryWords(story)
        self.dsl = lambda f: formula_text(story, f)

    # -- worlds -----------------------------------------------------------------------
    def values(self, atoms: frozenset[int]) -> list[tuple[Any, str | None]]:
        out = []
        for var in self.story.variables:
            if var.boolean:
                out.append((var, "true" if self.story.atom(var.name) in atoms else "false"))
            else:
                hit = [x for x in var.values if self.story.atom(var.name, x) in atoms]
                out.append((var, hit[0] if len(hit) == 1 else None))
        return out

    def world(self, state: "StoryState", name: str, short: str) -> World:
        atoms = state.model.valuation[name]
        labels, facts = [], []
        for var, value in self.values(atoms):
            if value is None:
                labels.append(f"{var.name}: ?")
                continue
            labels.append(f"{var.subject if var.function == 'location' else var.name}: {value}")
            facts.append(self.words.fact(var, value))
        return World(name, short, "\n".join(labels), tuple(facts), name in state.model.actual)

    # -- beliefs at the actual world -----------------------------------------------------
    def beliefs(self, state: "StoryState", short: dict[str, str]) -> list[Belief]:
        from ..words import capfirst

        out = []
        for w in state.model.actual:
            for a in self.story.agents:
                believed = state.believed(a, w)
                known = state.known(a, w)
                if not believed:
                    out.append(Belief(a, short[w], (), (), True))
                    continue
                sentences = []
                for var in self.story.variables:
                    b = self._allowed(state, var, believed)
                    k = self._allowed(state, var, known)
                    what = self.words.where(var)
                    if len(k) == 1:
                        sentences.append(f"{a} knows that {self._value(var, k[0])}.")
                    elif len(b) == 1:
                        sentences.append(f"{a} thinks that {self._value(var, b[0])}, "
                                         f"without knowing it.")
                    else:
                        options = " or ".join(self.words.option_text(var, x) for x in b)
                        sentences.append(capfirst(f"{a} has no definite belief about {what}: "
                                                   f"{options}."))
                out.append(Belief(a, short[w], tuple(sentences),
                                  tuple(short[v] for v in state.model.worlds if v in believed)))
        return out

    def _allowed(self, state: "StoryState", var, worlds) -> list[str]:
        vals = state.model.valuation
        seen = {value for v in worlds for value in [dict(
            (x.name, y) for x, y in self.values(vals[v]))[var.name]]}
        return [x for x in var.values if x in seen]

    def _value(self, var, value: str) -> str:
        return self.words.fact(var, value)

    # -- event models --------------------------------------------------------------------
    def event_picture(self, pa: "PlausibleAction") -> EventPicture:
        m = pa.model
        events = []
        for e in m.events:
            post = []
            for atom, f in sorted(e.post.items()):
                post.append(f"{self.dsl(Prp(atom))} := {self.dsl(f)}")
            events.append(EventNode(e.name, self.dsl(e.pre), tuple(post), e.name in m.actual))
        names = [e.name for e in m.events]
        from ..story.model import belief_id

        arrows = tuple(
            (a, tuple((e, tuple(f for f in names if f in pa.believed(a, e))) for e in names))
            for a in self.story.agents
        )
        cells = tuple(
            (a, tuple(tuple(e for e in names if e in c) for c in m.cells[belief_id(a)]))
            for a in self.story.agents
        )
        return EventPicture(pa.label, tuple(events), arrows, cells)

    # -- reasons ---------------------------------------------------------------------------
    def reason(self, state: "StoryState", world: str, f: Form, short: dict[str, str],
               depth: int = 0) -> Reason:
        made = self._reason(state, world, f, short, depth)
        return _stamp(made, f, world)

    def _reason(self, state: "StoryState", world: str, f: Form, short: dict[str, str],
                depth: int) -> Reason:
        model = state.model
        value = world in truth_set(model, f)
        clause = self.words.clause(f)
        here = short[world]

        def sub(g: Form, w: str = world) -> tuple[Reason, ...]:
            if depth + 1 >= REASON_DEPTH:
                return ()
            return (self.reason(state, w, g, short, depth + 1),)

        def holds(g: Form, w: str) -> bool:
            return w in truth_set(model, g)

        if isinstance(f, (Prp, Top, Bot)) or (isinstance(f, Neg) and isinstance(f.f, Prp)):
            return Reason("fact", clause, here, value)
        if isinstance(f, Neg):
            return Reason("not", clause, here, value, children=sub(f.f))
        if isinstance(f, (Conj, Disj)):
            everyone = self.words._everyone(f)
            deciding = [g for g in f.fs if holds(g, world) == value]
            kind = "and" if isinstance(f, Conj) else "or"
            if everyone is not None:
                kind = "everyone"
            if (kind in ("and", "everyone")) == value:  # every part decides: show them all
                children = tuple(c for g in f.fs for c in sub(g))
                return Reason(kind + "_all", clause, here, value, children=children)
            return Reason(kind + "_one", clause, here, value, children=sub(deciding[0]))
        if isinstance(f, Impl):
            if value:
                if not holds(f.a, world):
                    return Reason("if_false", clause, here, value, children=sub(f.a))
                return Reason("then_true", clause, here, value, children=sub(f.b))
            return Reason("if_fails", clause, here, value, children=sub(f.a) + sub(f.b))
        if isinstance(f, Equi):
            return Reason("iff", clause, here, value, children=sub(f.a) + sub(f.b))
        if isinstance(f, (K, Kw)):
            from ..story.model import split_agent

            name, attitude = split_agent(f.agent)
            succ = [v for v in model.worlds if v in model.successors(f.agent, world)]
            listed = tuple(short[v] for v in succ)
            if not succ:
                return Reason("empty", clause, here, value, name, attitude)
            if isinstance(f, K):
                if value:
                    return Reason("box_all", clause, here, value, name, attitude, listed,
                                  children=sub(f.f, succ[0]) if len(succ) == 1 else ())
                bad = next(v for v in succ if not holds(f.f, v))
                return Reason("box_fails", clause, here, value, name, attitude, listed, short[bad],
                              children=sub(f.f, bad))
            truth = [holds(f.f, v) for v in succ]
            if value:
                return Reason("whether_same", clause, here, value, name, attitude, listed,
                              witness="true" if truth[0] else "false")
            yes = short[succ[truth.index(True)]]
            no = short[succ[truth.index(False)]]
            return Reason("whether_differs", clause, here, value, name, attitude, (yes, no))
        if isinstance(f, (Ck, Dk)):
            from ..story.model import split_agent

            names = [split_agent(a)[0] for a in f.group]
            if isinstance(f, Ck):
                reach = self._reachable(model, f.group, world)
            else:
                reach = set(model.worlds)
                for a in f.group:
                    reach &= model.successors(a, world)
            listed = tuple(short[v] for v in model.worlds if v in reach)
            kind = "common" if isinstance(f, Ck) else "pooled"
            kinds = {split_agent(a)[1] for a in f.group}
            attitude = "believes" if kinds == {"believes"} else "knows"
            who = " and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
            if value:
                return Reason(kind + "_all", clause, here, value, who, attitude, listed)
            bad = next(v for v in model.worlds if v in reach and not holds(f.f, v))
            return Reason(kind + "_fails", clause, here, value, who, attitude, listed,
                          short[bad], children=sub(f.f, bad))
        raise ValueError(f"a story formula cannot contain {type(f).__name__}")

    @staticmethod
    def _reachable(model, group, world: str) -> set[str]:
        reach: set[str] = set()
        frontier = {world}
        while frontier:
            nxt = {v for w in frontier for a in group for v in model.successors(a, w)}
            frontier = nxt - reach
            reach |= nxt
        return reach

    # -- queries -----------------------------------------------------------------------------
    def query(self, state: "StoryState", q, short: dict[str, str]) -> QueryAnswer:
        from ..story import model as M
        from ..story.compile import answer_where
        from ..verbalize.story import answer_text, hypothesis_text, question_text

        if isinstance(q, M.Hypothesis):
            model = state.model
            true_at = truth_set(model, q.formula)
            failing = [w for w in model.actual if w not in true_at]
            holds = not failing
            if holds:
                reasons = tuple(self.reason(state, w, q.formula, short) for w in model.actual)
                counter = None
            else:
                reasons = (self.reason(state, failing[0], q.formula, short),)
                counter = short[failing[0]]
            expected = None if q.expected is None else ("true" if q.expected else "false")
            return QueryAnswer(q.name, "hypothesis", hypothesis_text(self.story, q.formula, self.words),
                               self.dsl(q.formula), "true" if holds else "false", expected,
                               None if q.expected is None else q.expected == holds, reasons, counter,
                               true_at=tuple(short[w] for w in model.worlds if w in true_at))
        values = answer_where(self.story, q.path, q.variable, q.step, self.compiled)
        worlds = set(state.model.actual)
        chain = []
        for a in q.path:
            worlds = {v for w in worlds for v in state.believed(a, w)}
            chain.append((a, tuple(short[v] for v in state.model.worlds if v in worlds)))
        expected = None if q.expected is None else ", ".join(q.expected)
        agrees = None if q.expected is None else sorted(values) == sorted(q.expected)
        return QueryAnswer(q.name, "question", question_text(self.story, q, self.words), None,
                           ", ".join(values) or "none", expected, agrees,
                           answer_english=answer_text(self.story, q, values, self.words),
                           chain=tuple(chain))

    # -- a step -----------------------------------------------------------------------------
    def step(self, k: int, state: "StoryState") -> StoryStep:
        from ..story.model import belief_id, knowledge_id
        from ..verbalize.story import event_sentence

        model = state.model
        short = {w: f"w{i}" for i, w in enumerate(model.worlds, 1)}
        worlds = tuple(self.world(state, w, short[w]) for w in model.worlds)
        belief = tuple(
            (a, tuple((w, tuple(v for v in model.worlds if v in model.successors(belief_id(a), w)))
                      for w in model.worlds))
            for a in self.story.agents
        )
        knowledge = []
        for a in self.story.agents:
            cells, seen = [], set()
            for w in model.worlds:
                if w in seen:
                    continue
                cell = tuple(v for v in model.worlds if v in model.successors(knowledge_id(a), w))
                seen.update(cell)
                cells.append(cell)
            knowledge.append((a, tuple(cells)))
        queries = tuple(self.query(state, q, short) for q in self.story.queries() if q.step == k)
        event = english = None
        kripke_inconsistent: tuple[str, ...] = ()
        if k > 0:
            pa = self.compiled.actions[k - 1]
            event = self.event_picture(pa)
            english = event_sentence(self.story, k - 1, self.words)
            kripke_inconsistent = self._kripke_inconsistent(self.compiled.state_at(k - 1), pa)
        return StoryStep(k, english, state.label, event, worlds, belief, tuple(knowledge),
                    tuple(self.beliefs(state, short)),
                    revised=tuple(dict.fromkeys(r.agent for r in state.revisions)),
                    kripke_inconsistent=kripke_inconsistent, queries=queries)

    def _kripke_inconsistent(self, before: "StoryState", pa: "PlausibleAction") -> tuple[str, ...]:
        """The agents the plain product update (belief model x belief action model) leaves
        believing no world possible at an actual world."""
        from smcdel_bridge.dynamic import ActionModel, InexecutableAction, product_update

        from ..story.model import belief_id, knowledge_id

        # preconditions may speak of knowledge (a speaker knows what she says): the
        # product keeps the knowledge relations (cells) beside the belief arrows
        m = pa.model
        relations = {}
        for a in self.story.agents:
            relations[belief_id(a)] = dict(pa.arrows[a])
            relations[knowledge_id(a)] = {e: tuple(c) for c in m.cells[knowledge_id(a)] for e in c}
        action = ActionModel(tuple(relations), m.events, relations, m.actual, m.label)
        try:
            after = product_update(before.model, action)
        except InexecutableAction:
            return ()
        return tuple(a for a in self.story.agents
                     if any(not after.successors(belief_id(a), w) for w in after.actual))


def _stamp(r: Reason, f: Form, world: str) -> Reason:
    from smcdel_bridge.values import replace

    return replace(r, form=f, world_name=world)


def explain_story(story: "Story", on_event=None) -> StoryExplanation:
    """Everything ``mindgames explain`` shows about one story: every step up to the first
    event that cannot happen, then that event and why (``stopped``, ``reason``)."""
    from ..story.compile import compile_story
    from ..verbalize.story import event_sentence, setup_text

    compiled = compile_story(story).watched(on_event)
    ex = StoryExplainer(story, compiled)
    states, failure = compiled.run()
    steps = tuple(ex.step(k, state) for k, state in enumerate(states))
    stopped = None
    if failure is not None:
        stopped = f"Event {len(states)}: {event_sentence(story, len(states) - 1, ex.words)}"
    return StoryExplanation(story.name, tuple(story.agents), setup_text(story, ex.words), steps,
                            stopped, failure, compiled)


def render_stories(stories: "list[StoryExplanation]", fmt: str = "text",
                   pictures: dict | None = None) -> str:
    """The explanations as ``text`` or ``md`` (the layout is ``templates/story.j2``);
    ``pictures`` as for :func:`.render_text.render`."""
    import re

    from .render_text import environment

    text = environment(fmt).get_template("story.j2").render(
        stories=stories, md=fmt == "md", pictures=pictures or {})
    return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def write_stories(stories: "list[StoryExplanation]", fmt: str = "text", stream=None,
                  pictures: dict | None = None) -> None:
    """Print the explanations: ``md`` as Markdown source; ``text`` as rich output on a
    terminal and as plain text into a pipe or file (as :func:`.render_text.write`)."""
    import sys

    stream = stream or sys.stdout
    if fmt == "text" and stream.isatty():
        from rich.console import Console
        from rich.markdown import Markdown

        Console(file=stream).print(Markdown(render_stories(stories, "md", pictures)))
        return
    stream.write(render_stories(stories, fmt, pictures))
