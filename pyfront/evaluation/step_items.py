"""Items of ``mindgames eval --score steps``: a story's question asked as a step-by-step
trace, with the certified trace to grade the answer against.

An item is one question of a story (a dataset row's DSL ``problem`` column, as
``generate --family stories`` writes it, or a question of a DSL file): its sentences are
the story's events in English (:func:`pyfront.verbalize.story.event_sentence`, numbered in
the prompt), up to where the question is asked; its certified trace is
:func:`pyfront.steps.trace.story_trace` of the question's chain, with each step's sentence
the one the model was shown, so the grader aligns the model's quotes to it.  A question
asked before the first sentence (a memory question), a row without a story question, and
a hypothesis (an NLI row) give no item; they are counted as skipped.

Use::

    from pyfront.story.dsl import parse_story
    from pyfront.evaluation.step_items import story_items
    story = parse_story('''story s
      agents Sally, Anne
      location(marble): basket, box
      Sally puts the marble in the basket
      Sally leaves
      Anne moves the marble to the box
      question q: where does Sally think the marble is?
    ''')
    item = story_items(story, "s")[0]
    item.sentences[-1], item.gold   # ('While Sally is away, Anne moves the marble to the box.', 'basket')
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from importlib import resources
from typing import Any, Sequence

from smcdel_bridge.values import field, value

from .items import META_COLUMNS

__all__ = ["StepItem", "StepsBuilt", "build_step_items", "story_items", "steps_prompt"]


@value
class StepItem:
    """A trace question: the prompt, the certified steps and the final value."""

    id: str
    prompt: str
    #: ``Anne->Sally``; ``real`` for where the object really is
    chain: str
    variable: str
    #: the sentences the prompt numbers, in order
    sentences: tuple[str, ...]
    #: the certified trace of the question's chain (``t``, ``sentence``, ``chains``)
    trace: list[dict]
    #: the certified value after the last sentence (None: no single place)
    gold: str | None
    #: breakdown fields: order, question_type, n_agents, story_type (when known)
    meta: dict[str, Any]
    #: none: the runner's cache key reads an item's prompt and options
    options: tuple[str, ...] = ()


@value
class StepsBuilt:
    items: list[StepItem] = field(default_factory=list)
    #: reason -> rows (or questions) skipped for it
    skipped: Counter = field(default_factory=Counter)


@lru_cache(maxsize=1)
def _macros():
    import jinja2

    text = resources.files("pyfront.evaluation").joinpath("templates/steps.j2").read_text("utf-8")
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    return env.from_string(text).module


def steps_prompt(setup: str, sentences: Sequence[str], question: str, path: Sequence[str],
                 thing: str) -> str:
    """The prompt (wording in ``templates/steps.j2``)."""
    return str(_macros().steps_prompt(setup, list(sentences), question, list(path), thing))


def story_items(story, item_id: str, meta: dict[str, Any] | None = None,
                skipped: Counter | None = None) -> list[StepItem]:
    """One item per question of ``story`` asked after its first sentence (the others are
    counted in ``skipped``)."""
    from ..steps.trace import chain_name, story_trace
    from ..verbalize.story import event_sentence, question_text, setup_text
    from ..verbalize.story_words import StoryWords

    skipped = skipped if skipped is not None else Counter()
    questions = story.questions
    if not questions:
        skipped["no question in the story"] += 1
        return []
    words = StoryWords(story)
    out = []
    trace: list[dict] | None = None
    for q in questions:
        if q.step < 1:
            skipped["asked before the first sentence: no step to trace"] += 1
            continue
        if trace is None:  # one trace serves every question of the story
            trace = story_trace(story, max(len(x.path) for x in questions),
                                list(dict.fromkeys(x.variable for x in questions)))
        sentences = tuple(event_sentence(story, i, words) for i in range(q.step))
        chain = chain_name(q.path)
        steps = []
        for step, text in zip(trace[:q.step], sentences):
            rows = [c for c in step["chains"] if c["chain"] == chain and c["variable"] == q.variable]
            steps.append({"t": step["t"], "sentence": text, "chains": rows})
        gold = steps[-1]["chains"][0]["value"]
        thing = words.subject(story.variable(q.variable))
        prompt = steps_prompt(setup_text(story, words), sentences, question_text(story, q, words),
                              q.path, thing)
        qid = item_id if len(questions) == 1 else f"{item_id}/{q.name}"
        item_meta = dict(meta or {})
        item_meta.setdefault("order", len(q.path))
        out.append(StepItem(qid, prompt, chain, q.variable, sentences, steps, gold, item_meta))
    return out


def build_step_items(rows: Sequence[tuple[int, dict[str, Any]]] | None = None,
                     stories: Sequence | None = None) -> StepsBuilt:
    """Items from dataset rows (their ``problem`` column) or from the stories of a DSL
    file, in order."""
    from ..data.loading import ROW_ERRORS
    from ..story.dsl import parse_stories

    built = StepsBuilt()
    for story in stories or ():
        built.items.extend(story_items(story, story.name, {}, built.skipped))
    for row, fields in rows or ():
        text = fields.get("problem")
        if not isinstance(text, str) or not text.lstrip().startswith("story"):
            built.skipped["no story (a DSL 'problem' column with a story)"] += 1
            continue
        try:
            parsed = parse_stories(text)
        except ROW_ERRORS:
            built.skipped["the story in 'problem' does not read"] += 1
            continue
        if len(parsed) != 1:
            built.skipped["'problem' holds several stories"] += 1
            continue
        meta = {c: fields[c] for c in META_COLUMNS if fields.get(c) not in (None, "")}
        try:
            built.items.extend(story_items(parsed[0], str(fields.get("id") or f"row{row}"),
                                           meta, built.skipped))
        except ROW_ERRORS:
            built.skipped["the story cannot be traced"] += 1
    return built
