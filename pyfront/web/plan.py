"""Plan: the page's planning card.  The student types a goal (and may type formulas to keep,
candidate moves and a plan of her own); the answer is the shortest plan, the given plan
checked step by step (where it cannot happen, which kept formula it breaks, or that the
goal is not reached), and the text with the plan played as moves, for the page to show
model after model.

As everywhere on the page, the question is asked by editing the text: the planning lines
(``actually``, ``goal``, ``keep``, ``may``, ``plan asked: within N steps``) go at the end of
the problem or story, and the planner answers them as ``check`` does
(:mod:`pyfront.planning.problems`, :mod:`pyfront.planning.stories`).  Without candidates,
the moves the Play card offers are the candidates (stories: all but comings and goings).

    >>> src = ("problem p\\n  agents A, B\\n  setup forehead\\n")
    >>> plan(src, 0, goal="A knows whether muddy(A)", actually="muddy(A)")["plan"]
    ['announce muddy(A)']
"""

from __future__ import annotations

from typing import Any

#: longest field the card accepts (each formula or move), candidates and steps at most
MAX_FIELD = 400
MAX_LINES = 40
MAX_STEPS = 6
#: the name of the plan item the card asks
ITEM = "asked"


def _fail(message: str, line: int | None = None, column: int | None = None) -> dict:
    return {"ok": False, "error": {"message": message, "line": line, "column": column,
                                   "text": message}}


def _default_candidates(item) -> list[str]:
    """The moves the Play card would offer, as candidates (stories: no comings and
    goings, which the planner does not take)."""
    from ..story.model import Story
    from .moves import problem_candidates, story_candidates

    if isinstance(item, Story):
        return [line for group, line in story_candidates(item)
                if group != "comings and goings"][:MAX_LINES]
    from pyfront.problem.dsl_print import formula_text

    return [f"announce {formula_text(item, f)}" for _, f in problem_candidates(item)]


def _lines(item, goal, keep, candidates, within, given, actually) -> list[str]:
    """The planning lines to put at the end of ``item``."""
    from ..story.model import Story

    out = []
    if actually and not isinstance(item, Story):
        out.append(f"actually {actually}")
    if goal:
        out.append(f"goal {goal}")
    out += [f"keep {k}" for k in keep]
    out += [f"may {c}" for c in candidates]
    line = f"plan {ITEM}: within {within} steps"
    if given:
        if isinstance(item, Story):
            line += " expect plan " + "; ".join(given)
        else:
            line += " expect plan " + "; ".join(g.removeprefix("announce ").strip() for g in given)
    return out + [line]


def _step_reasons(verdict, names: list[str], keep_texts: list[str]) -> list[dict]:
    out = []
    for step in verdict.steps:
        row: dict[str, Any] = {"move": names[step.index], "ok": True, "reason": None}
        if not step.executable:
            row.update(ok=False, reason="not executable: it cannot happen here (false, or "
                       "its precondition fails, at the actual world)")
        elif step.broken:
            row.update(ok=False, reason="breaks the formula to keep: "
                       + "; ".join(keep_texts[k] for k in step.broken))
        elif step.unchanged:
            row.update(ok=False, reason="changes nothing")
        row["goal"] = bool(step.executable and step.goal)
        out.append(row)
    return out


def _verdict(item, planning_item) -> tuple[Any, list[str]]:
    """(the given plan's verdict, its moves as lines)."""
    from smcdel_bridge.planning import verify_plan

    from ..story.model import Story

    if isinstance(item, Story):
        from ..planning.stories import story_domain
        from ..story.dsl_print import event_text

        domain, task, _, given = story_domain(item, planning_item, planning_item.expect_plan)
        return (verify_plan(domain, task, given),
                [event_text(item, ev) for ev in planning_item.expect_plan])
    from smcdel_bridge.native.planning import get_s5_domain

    from ..planning.problems import s5_problem
    from pyfront.problem.dsl_print import formula_text

    problem, task = s5_problem(item, planning_item)
    given = planning_item.expect_plans[0]
    return (verify_plan(get_s5_domain("explicit", problem), task, given),
            [f"announce {formula_text(item, f)}" for f in given])


def plan(source: str, index: int, goal: str = "", keep: list[str] | None = None,
         candidates: list[str] | None = None, within: int = 3, given: list[str] | None = None,
         actually: str = "") -> dict[str, Any]:
    """``{"ok", "plan": [move lines] | None, "length", "candidates", "given": {"ok",
    "steps": [{"move", "ok", "reason", "goal"}], "reason"} | None, "played": TEXT,
    "played_steps", "actual": STATE | None}``; ``played`` is ``source`` with the shortest plan (or the
    given plan, as far as it can happen) as moves at the end of the item."""
    from ..errors import UserError
    from ..story.dsl import parse_document
    from ..story.model import Story
    from .compute import SOURCE_NAME
    from .source_lines import place

    keep, candidates, given = list(keep or []), list(candidates or []), list(given or [])
    fields = [goal, actually, *keep, *candidates, *given]
    if any(len(f) > MAX_FIELD or "\n" in f for f in fields) or \
            max(len(keep), len(candidates), len(given)) > MAX_LINES:
        return _fail(f"each formula or move is one line of at most {MAX_FIELD} characters, "
                     f"at most {MAX_LINES} of each kind")
    if not 0 <= within <= MAX_STEPS:
        return _fail(f"plans here have at most {MAX_STEPS} steps")
    try:
        items = parse_document(source, SOURCE_NAME)
    except UserError:
        return _fail("the text has a mistake: correct it first")
    if not 0 <= index < len(items):
        return _fail("no such problem in the text")
    item = items[index]
    if not isinstance(item, Story) and item.has_values:
        return _fail("plans are for problems without variables with values, and stories")
    if item.planning is not None and goal.strip():
        return _fail("this text already has a goal: edit it there, or leave the goal empty "
                     "to plan for it")
    if item.planning is None and not goal.strip():
        return _fail("type a goal: a formula to make true")
    if not candidates and (item.planning is None or not item.planning.actions):
        candidates = _default_candidates(item)
    lines = source.split("\n")
    where = place(lines, items, index, None)
    asked_lines = _lines(item, goal.strip(), keep, candidates, within, given, actually.strip())
    asked = lines[:where.after] + [where.indent + x for x in asked_lines] + lines[where.after:]
    first = where.after + 1
    try:
        planned = parse_document("\n".join(asked), SOURCE_NAME)[index]
    except UserError as err:
        which = (err.line - first) if err.line is not None and err.line >= first else None
        what = asked_lines[which] if which is not None and which < len(asked_lines) else ""
        return _fail(f"{what}: {err.message}" if what else err.message)
    p = planned.planning
    planning_item = p.plans[-1]
    try:
        record = _record(planned, planning_item)
    except UserError as err:
        return _fail(err.message)
    if "error" in record:
        return _fail(record["error"].split(": ", 2)[-1])
    moves = None if record["plan"] is None else [
        m if isinstance(planned, Story) else f"announce {m}" for m in record["plan"]]
    out: dict[str, Any] = {"ok": True, "plan": moves, "length": record["length"],
                           "candidates": len(p.actions), "given": None}
    played_moves = moves or []
    if given:
        verdict, names = _verdict(planned, planning_item)
        keep_texts = keep or ["(a kept formula of the text)"] * len(p.keep)
        steps = _step_reasons(verdict, names, keep_texts)
        reason = next((f"step {k + 1} fails: {s['reason']}" for k, s in enumerate(steps)
                       if not s["ok"]), None)
        if reason is None and not verdict.reaches_goal:
            reason = "the goal is not reached at its end"
        elif reason is None and verdict.first_goal is not None and verdict.first_goal < len(names) - 1:
            reason = f"the goal already holds after step {verdict.first_goal + 1}"
        out["given"] = {"ok": reason is None, "steps": steps, "reason": reason}
        played_moves = names[:next((k for k, s in enumerate(steps)
                                    if not (s["ok"] or s["reason"] and "breaks" in s["reason"])),
                                   len(names))]
    out["played_steps"] = len(played_moves)
    out["played"] = "\n".join(lines[:where.after] + [where.indent + m for m in played_moves]
                              + lines[where.after:])
    out["actual"] = None
    if not isinstance(planned, Story):
        out["actual"] = ",".join(str(a) for a in p.actual) or "none"
    return out


def _record(item, planning_item) -> dict:
    from ..story.model import Story
    from .compute import SOURCE_NAME

    if isinstance(item, Story):
        from ..planning.stories import story_plan_record

        return story_plan_record(item, planning_item, SOURCE_NAME)
    from ..planning.problems import plan_record

    return plan_record(item, planning_item, SOURCE_NAME, None, "explicit")
