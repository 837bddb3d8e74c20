"""The plan items of stories answered: ``check`` records, ``mindgames plan FILE.del``.

A story plan item (``plan [NAME:] within N steps [expect …]``) asks for a sequence of the
story's ``may`` events, from the state after the events written above the item, that makes
its ``goal`` true at every actual world, every ``keep`` formula true after each step
(:class:`smcdel_bridge.planning.beliefs.BeliefPlanning` on the story's belief engine,
``explicit``, ``symbolic`` or ``auto`` as for the story's other questions
(:func:`pyfront.story.engines.engine_name`): an event can happen when its precondition
holds at an actual world, states deduplicated by bisimulation).  A candidate event is read
as if told next in the story (who is in which room and whom one trusts: as at the plan
item).  The record has the fields of a
problem's plan record (:mod:`pyfront.planning.problems`): ``plan`` (the events as DSL
sentences), ``length``, ``label``, ``expected``, ``agrees``, ``engine`` and, for
``expect plan``, ``verdict``.

Usage::

    from pyfront.planning.stories import story_plan_records
    from pyfront.story.dsl import parse_story
    story = parse_story('''story s
      agents Sally, Anne
      location(marble): basket, box
      actually the marble is in the box
      goal Anne believes that the marble is in the box
      may announce the marble is in the box
      plan within 2 steps expect length 1
    ''')
    [r["length"] for r in story_plan_records(story, "s.del")]      # [1]
"""

from __future__ import annotations

__all__ = ["story_domain", "story_plan_record", "story_plan_records", "story_verdict_words"]


def _action(prefix, ev):
    """The plausibility action model of ``ev`` told right after ``prefix``'s events."""
    from pyfront.story.compile import event_action

    told = prefix.model_copy(update={"events": [*prefix.events, ev]})
    return event_action(told, len(prefix.events))


def story_domain(story, item, extra=(), engine: str = "auto"):
    """The :class:`~smcdel_bridge.planning.beliefs.BeliefPlanning` of one plan item of
    ``story``, its task and the event sentences of its candidates; ``extra``: further
    events to compile the same way (a given plan's), returned as a fourth element;
    ``engine``: the belief engine's name (``auto``: the one the story's questions get)."""
    from smcdel_bridge.dynamic.belief.backend import get_belief_engine
    from smcdel_bridge.planning import PlanningTask
    from smcdel_bridge.planning.beliefs import BeliefPlanning

    from pyfront.story.compile import compile_story
    from pyfront.story.dsl_print import event_text
    from pyfront.story.engines import engine_name

    p = story.planning
    prefix = story.model_copy(update={"events": list(story.events[:item.step]),
                                      "hypotheses": [], "questions": [], "planning": None})
    engine = get_belief_engine(engine_name(story, engine))
    compiled = compile_story(prefix, engine)
    start = compiled.state_at(item.step)
    if start is None:
        raise compiled.run()[1]
    names = [event_text(story, ev) for ev in p.actions]
    actions = [_action(prefix, ev) for ev in p.actions]
    domain = BeliefPlanning(engine, start, actions, names)
    task = PlanningTask(goal=p.goal, keep=tuple(p.keep), max_steps=item.max_steps)
    given = [_action(prefix, ev) for ev in extra]
    return domain, task, names, given


def story_verdict_words(verdict, names: list[str]) -> list[str]:
    """What a checked plan of events does, one phrase a step (``names``: its events)."""
    out = []
    for step in verdict.steps:
        say = f"step {step.index + 1} ({names[step.index]})"
        if not step.executable:
            out.append(f"{say}: its precondition is false at the actual world, it cannot "
                       "happen")
            continue
        parts = ["changes nothing"] if step.unchanged else []
        parts += [f"breaks kept formula {k + 1}" for k in step.broken]
        if step.goal:
            parts.append("reaches the goal")
        out.append(f"{say}: " + (", ".join(parts) if parts else "fine"))
    return out


def _answer(story, item, engine: str) -> dict:
    from smcdel_bridge.planning import shortest_plan, verify_plan

    from pyfront.story.dsl_print import event_text

    domain, task, names, given = story_domain(story, item, item.expect_plan or (), engine)
    found = shortest_plan(domain, task).plan
    text = None if found is None else [domain.action_name(a) for a in found]
    out: dict = {"plan": text, "length": None if found is None else len(found),
                 "label": "none" if found is None else f"length {len(found)}"}
    if item.expect == "none":
        out["agrees"] = found is None
    elif item.expect == "length":
        out["agrees"] = found is not None and len(found) == item.expect_length
    elif item.expect == "plan":
        verdict = verify_plan(domain, task, given)
        works = (verdict.ok and len(given) <= item.max_steps
                 and verdict.first_goal == len(given) - 1
                 and not any(s.unchanged for s in verdict.steps))
        words = [event_text(story, ev) for ev in item.expect_plan]
        out.update(label="plan" if works else "not a plan", agrees=works,
                   verdict=story_verdict_words(verdict, words))
    out["engine"] = domain.engine.name
    return out


def story_plan_record(story, item, source: str, row: int | None = None,
                      engine: str = "auto") -> dict:
    """The record of one plan item of ``story`` (a failure is a record with ``error``) on
    the belief engine ``engine`` (see :func:`story_domain`)."""
    from pyfront.planning import item_record

    return item_record(source, row, story.name, item, lambda: _answer(story, item, engine))


def story_plan_records(story, source: str, engine: str = "auto") -> list[dict]:
    """The records of every plan item of ``story``, in order."""
    items = story.planning.plans if story.planning is not None else []
    return [story_plan_record(story, item, source, None, engine) for item in items]
