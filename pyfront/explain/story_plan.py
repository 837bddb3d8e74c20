"""A story's plans explained step by step: the plan a plan item finds, played as the
story's events (the story up to the item, then the plan's events) with the steps of
:func:`.story.explain_story`, and in one line a step what changed: whose belief about
which variable moved, and whether the goal and the kept formulas hold after it.

Usage::

    from pyfront.explain.story_plan import explain_story_plans
    from pyfront.explain.plan import plan_text
    # for p in explain_story_plans(story, "s.del"): print("\\n".join(plan_text(p)))
"""

from __future__ import annotations

from .plan import PlanExplanation

__all__ = ["belief_changes", "explain_story_plans"]


def _beliefs(engine, state, story) -> dict:
    """(agent, variable) -> the values the agent believes possible."""
    from ..story.model import belief_id

    out = {}
    for a in story.agents:
        for v in story.variables:
            forms = [story.value_form(v.name, x) for x in v.values]
            seen = engine.possible(state, (belief_id(a),), forms)
            out[(a, v.name)] = tuple(x for x, ok in zip(v.values, seen) if ok)
    return out


def belief_changes(story, engine, states, names, task) -> tuple[str, ...]:
    """One line a step of a played plan (``states``: the start and after each step)."""
    from ..story.dsl_print import value_text, var_text

    def values(var, xs):
        where = "in " if var.function == "location" else ""
        return where + (" or ".join(value_text(var, x) for x in xs) or "nothing")

    out = []
    for k in range(1, len(states)):
        before, after = _beliefs(engine, states[k - 1], story), _beliefs(engine, states[k], story)
        moved = []
        for (a, name), xs in after.items():
            if xs != before[(a, name)]:
                var = story.variable(name)
                moved.append(f"{a} now believes {var_text(story, var)} is {values(var, xs)} "
                             f"(before: {values(var, before[(a, name)])})")
        goal = engine.holds(states[k], task.goal)
        kept = all(engine.holds(states[k], f) for f in task.keep)
        tail = ("the goal holds" if goal else "the goal does not hold yet") + (
            "" if kept else "; a kept formula is broken")
        out.append(f"step {k}: {names[k - 1]}: "
                   + ("; ".join(moved) if moved else "nobody's belief about a variable changes")
                   + f"; {tail}")
    return tuple(out)


def explain_story_plans(story, source: str = "<string>", engine: str = "auto"
                        ) -> list[PlanExplanation]:
    """Every plan item of ``story`` answered on the belief engine ``engine`` and, when it
    has a plan, played (a plan another item found from the same point is played once,
    with the first; explained as ``explain`` explains a story on that engine)."""
    from smcdel_bridge.planning import shortest_plan

    from ..planning.stories import story_domain, story_plan_record
    from .story import explain_story
    from .story_symbolic import explain_engine, explain_story_symbolic

    out = []
    played_before: set = set()  # (step, plan): played once, however many items find it
    for item in story.planning.plans if story.planning is not None else ():
        record = story_plan_record(story, item, source, None, engine)
        if record.get("plan") is None:
            out.append(PlanExplanation(story.name, item.name, record, None, ()))
            continue
        domain, task, names, _ = story_domain(story, item, (), engine)
        found = shortest_plan(domain, task).plan
        chosen = [story.planning.actions[domain.choices.index(a)] for a in found]
        states = [domain.initial()]
        for action in found:
            states.append(domain.update(states[-1], action))
        played = story.model_copy(update={
            "name": f"{story.name} (plan {item.name})", "hypotheses": [], "questions": [],
            "planning": None, "events": [*story.events[:item.step], *chosen]})
        names = [domain.action_name(a) for a in found]
        changes = belief_changes(story, domain.engine, states, names, task)
        seen = (item.step, tuple(names)) in played_before
        played_before.add((item.step, tuple(names)))
        told = None
        if not seen:
            symbolic = explain_engine(played, engine) == "symbolic"
            told = (explain_story_symbolic if symbolic else explain_story)(played)
        out.append(PlanExplanation(story.name, item.name, record, told, changes))
    return out
