"""The planning part of a story in English: the events that may happen (each told as the
story tells its events, as if it happened next) and each plan item as a question ("Which
of these events, at most 2, make Anne believe that the marble is in the box, while Sally
still does not believe that the marble is in the box?").  The sentences are the story's
own (:mod:`pyfront.verbalize.story`); this module only joins them, as
:mod:`pyfront.verbalize.planning` does for problems.

Usage::

    from pyfront.verbalize.story_planning import story_planning_lines
    # print("\\n".join(story_planning_lines(story)))
"""

from __future__ import annotations

__all__ = ["story_plan_question", "story_planning_lines"]


def _clause(story, form, w) -> str:
    """A formula as a clause: the story's sentence without its full stop, a first word
    that is not an agent's name in lower case."""
    from .story import hypothesis_text

    text = hypothesis_text(story, form, w).rstrip(".")
    if not any(text.startswith(a + " ") or text.startswith(a + "'") for a in story.agents):
        text = text[:1].lower() + text[1:]
    return text


def _split(story, text: str, verb: str) -> tuple[str, str] | None:
    for a in story.agents:
        if text.startswith(f"{a} {verb} "):
            return a, text[len(a) + len(verb) + 2:]
    return None


def _goal_words(story, form, w) -> str:
    text = _clause(story, form, w)
    for verb, base in (("believes", "believe"), ("knows", "know"), ("thinks", "think")):
        split = _split(story, text, verb)
        if split:
            return f"make {split[0]} {base} {split[1]}"
    return f"make it true that {text}"


def _kept_words(story, form, w) -> str:
    text = _clause(story, form, w)
    for verb in ("does not believe", "does not know", "does not think"):
        split = _split(story, text, verb)
        if split:
            return f"{split[0]} still {verb} {split[1]}"
    return f"it stays true that {text}"


def story_plan_question(story, index: int, w=None) -> str:
    """Plan item ``index`` of ``story`` as a question."""
    from .story_words import StoryWords

    w = w or StoryWords(story)
    p = story.planning
    item = p.plans[index]
    steps = "one" if item.max_steps == 1 else str(item.max_steps)
    question = f"Which of these events, at most {steps}, {_goal_words(story, p.goal, w)}"
    kept = [_kept_words(story, f, w) for f in p.keep]
    if kept:
        question += ", while " + " and ".join(kept)
    return question + "?"


def story_planning_lines(story) -> list[str]:
    """The events that may happen and every plan question (none without a goal)."""
    from .story import event_sentence
    from .story_words import StoryWords

    p = story.planning
    if p is None:
        return []
    w = StoryWords(story)
    lines = ["The events that may happen, each only when it can, in this order:"]
    for k, ev in enumerate(p.actions, 1):
        told = story.model_copy(update={"events": [*story.events, ev]})
        lines.append(f"  ({k}) {event_sentence(told, len(story.events), w)}")
    for i, item in enumerate(p.plans):
        exp = f"  [expected: {item.expected_text}]" if item.expect is not None else ""
        after = "" if item.step == len(story.events) else f" (after event {item.step})"
        lines.append(f"  {item.name}{after}: {story_plan_question(story, i, w)}{exp}")
    return lines
