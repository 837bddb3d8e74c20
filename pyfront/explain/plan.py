"""Plans explained step by step: the plan a plan item finds, played on the explicit model
with the announcement steps of :func:`.build.explain_problem` (the states each step
removes, the model after it, what each agent knows at the actual state), and in one line a
step what changed: the states removed and who came to know what.

Usage::

    from pyfront.explain.plan import explain_plans, plan_text
    from pyfront.problem.dsl import parse_problem
    pb = parse_problem('''problem p
      agents Ann, Ben
      setup forehead
      actually muddy(Ann)
      goal Ann knows whether muddy(Ann)
      may announce someone
      plan within 2 steps expect length 1
    ''')
    print("\\n".join(plan_text(explain_plans(pb)[0])))
"""

from __future__ import annotations

from smcdel_bridge.values import value

__all__ = ["PlanExplanation", "explain_plans", "plan_text"]


@value(frozen=True)
class PlanExplanation:
    """One plan item: its record (:func:`pyfront.planning.problems.plan_record`), the
    problem explained with the plan's announcements (None without a plan), and a line a
    plan step saying what it changed."""

    problem: str
    item: str
    record: dict
    explanation: object | None
    changes: tuple[str, ...]


def _known(frame) -> dict:
    return {(agent, prop): value for agent, row in frame.knowledge for prop, value in row}


def _changes(explanation, first: int) -> tuple[str, ...]:
    """What steps ``first + 1 …`` did (earlier steps are the problem's own announcements)."""
    out = []
    frames = explanation.frames
    for step in explanation.steps[first:]:
        before, after = _known(frames[step.number - 1]), _known(frames[step.number])
        learnt = [f"{agent} comes to know that {prop} is {'true' if v else 'false'}"
                  for (agent, prop), v in after.items()
                  if v is not None and before.get((agent, prop)) is None]
        removed = ", ".join(s.name for s in step.removed) or "none"
        words = f"removes {len(step.removed)} state(s) ({removed})"
        out.append(f"step {step.number - first}: {step.formula}: {words}"
                   + ("; " + "; ".join(learnt) if learnt else "; nobody learns a proposition"))
    return tuple(out)


def explain_plans(pb, source: str = "<string>") -> list[PlanExplanation]:
    """Every plan item of ``pb`` (read from ``source``) answered and, when it has a plan
    and the problem is small enough to list its states, explained."""
    from smcdel_bridge.errors import TooLargeError

    from .build import explain_problem
    from pyfront.planning.problems import plan_record, s5_problem
    from pyfront.problem.model import Announcement

    out = []
    for index, item in enumerate(pb.planning.plans if pb.planning is not None else ()):
        record = plan_record(pb, item, source, None)
        found = None
        if record.get("plan") is not None:
            problem, task = s5_problem(pb, item)
            from smcdel_bridge.native.planning import get_s5_domain
            from smcdel_bridge.planning import shortest_plan

            found = shortest_plan(get_s5_domain("explicit", problem), task).plan
        if found is None:
            out.append(PlanExplanation(pb.name, item.name, record, None, ()))
            continue
        before = list(problem.announced)
        played = pb.model_copy(update={
            "name": f"{pb.name} (plan {item.name})", "hypotheses": [], "planning": None,
            "announcements": [Announcement(formula=f) for f in (*before, *found)]})
        actual = ",".join(str(a) for a in pb.planning.actual) or "none"
        try:
            explanation = explain_problem(played, actual=actual)
        except TooLargeError as err:  # the plan stands; its states are too many to list
            out.append(PlanExplanation(pb.name, item.name, record, None,
                                       (f"(not played state by state: {err})",)))
            continue
        out.append(PlanExplanation(pb.name, item.name, record, explanation,
                                   _changes(explanation, len(before))))
    return out


def plan_text(plan: PlanExplanation) -> list[str]:
    """The plan item's answer and its steps, as lines of text."""
    r = plan.record
    head = f"Plan {plan.problem}/{plan.item}"
    if "error" in r:
        return [f"{head}: {r['error']}"]
    if r["plan"] is None:
        lines = [f"{head}: no plan within the bound"]
    else:
        lines = [f"{head}: {r['length']} step(s): " + "; ".join(r["plan"] or ["(none needed)"])]
    lines += ["  " + c for c in plan.changes]
    if r.get("verdict"):
        lines.append("  the expected plan: " + "; ".join(r["verdict"]))
    if r.get("expected") is not None:
        lines.append(f"  expected {r['expected']}: "
                     + ("agrees" if r["agrees"] else f"differs (found {r['label']})"))
    return lines
