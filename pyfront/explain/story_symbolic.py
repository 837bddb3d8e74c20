"""Explanations of stories too large to list world by world: the symbolic engine answers
each hypothesis and question after each event, the event models are shown as for small
stories, and each step says how many worlds the model has instead of listing them (no
reason trees and no pictures: those walk the worlds one by one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..story.model import Story
    from .story_steps import StoryExplanation

def explain_engine(story: "Story", name: str = "auto") -> str:
    """``explicit`` (worlds listed, pictures) or ``symbolic`` for ``explain``, by the bound
    declared with the other ``auto`` rules (:data:`smcdel_bridge.engines.AUTO_EXPLAIN_WORLDS`)."""
    from smcdel_bridge.engines import AUTO_EXPLAIN_EVENTS, AUTO_EXPLAIN_WORLDS

    from ..story.compile import start_size

    if name != "auto":
        return name
    small = (start_size(story) <= AUTO_EXPLAIN_WORLDS
             and len(story.events) <= AUTO_EXPLAIN_EVENTS)
    return "explicit" if small else "symbolic"


def explain_story_symbolic(story: "Story", on_event=None) -> "StoryExplanation":
    """The step-by-step answers of the symbolic engine, up to the first event that cannot
    happen (then that event and why, as :func:`.story.explain_story`)."""
    from ..story import model as M
    from ..story.compile import answer_where, compile_story
    from ..verbalize.story import (
        answer_text, event_sentence, hypothesis_text, question_text, setup_text,
    )
    from .story import StoryExplainer
    from .story_steps import QueryAnswer, StoryStep, StoryExplanation

    # one pass from the start: only the state in hand is held (every state of a long
    # story kept at once was most of the memory)
    compiled = compile_story(story, "symbolic", keep=False).watched(on_event)
    ex = StoryExplainer(story, compiled)
    engine = compiled.engine
    steps = []
    for k, state in compiled.walk():
        queries = []
        for q in story.queries():
            if q.step != k:
                continue
            if isinstance(q, M.Hypothesis):
                holds = engine.holds(state, q.formula)
                expected = None if q.expected is None else ("true" if q.expected else "false")
                queries.append(QueryAnswer(
                    q.name, "hypothesis", hypothesis_text(story, q.formula, ex.words),
                    ex.dsl(q.formula), "true" if holds else "false", expected,
                    None if q.expected is None else q.expected == holds))
            else:
                values = answer_where(story, q.path, q.variable, q.step, compiled)
                expected = None if q.expected is None else ", ".join(q.expected)
                agrees = None if q.expected is None else sorted(values) == sorted(q.expected)
                queries.append(QueryAnswer(
                    q.name, "question", question_text(story, q, ex.words), None,
                    ", ".join(values) or "none", expected, agrees,
                    answer_english=answer_text(story, q, values, ex.words)))
        event = english = None
        if k > 0:
            pa = compiled.actions[k - 1]
            event = ex.event_picture(pa)
            english = event_sentence(story, k - 1, ex.words)
        steps.append(StoryStep(k, english, state.label, event, (), (), (), (),
                          revised=tuple(dict.fromkeys(r.agent for r in state.revisions)),
                          queries=tuple(queries), size=engine.size(state)))
    stopped, failure = None, compiled.failure
    if failure is not None:
        stopped = f"Event {len(steps)}: {event_sentence(story, len(steps) - 1, ex.words)}"
    return StoryExplanation(story.name, tuple(story.agents), setup_text(story, ex.words),
                            tuple(steps), stopped, failure)
