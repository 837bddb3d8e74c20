"""The plan items of DSL problems answered: ``check`` records, ``mindgames plan FILE.del``
(a story's plan items: :mod:`pyfront.planning.stories`).

A plan item (``plan [NAME:] within N steps [expect …]``) asks for plans of the problem's
``may announce`` formulas from its actual state, after the announcements written above the
item, to its ``goal``, every ``keep`` formula true after each step (SMCDEL's
``offlineSearch``: truthful announcements that change the structure).  Its record has
``name`` (``problem/plan``), ``line``, ``plan`` (the first shortest plan, its
announcements in DSL syntax, ``null`` when there is none within the bound), ``length``,
``label`` (the answer in an expectation's words), ``expected``, ``agrees`` and ``engine``; ``expect plans …`` adds ``plans`` (every plan, SMCDEL's
order) and ``expect plan …`` adds ``verdict`` (what the given plan does, step by step).

Usage::

    from pyfront.planning.problems import plan_records
    from pyfront.problem.dsl import parse_problem
    pb = parse_problem('''problem p
      agents Ann, Ben
      setup forehead
      actually muddy(Ann)
      goal Ann knows whether muddy(Ann)
      may announce someone
      plan within 2 steps expect length 1
    ''')
    [r["length"] for r in plan_records(pb, "p.del")]      # [1]
"""

from __future__ import annotations

from pyfront.errors import UserError
from pyfront.planning import PLAN_FIELDS
from pyfront.problem.model import Problem

__all__ = ["PLAN_FIELDS", "s5_problem", "plan_entry_record", "plan_records", "plan_record",
           "run_format",
           "verdict_words"]


def s5_problem(pb, item):
    """The :class:`~smcdel_bridge.native.planning.S5Problem` and the task of one plan
    item of ``pb``."""
    from smcdel_bridge.native.planning import S5Problem
    from smcdel_bridge.planning import PlanningTask
    from smcdel_bridge.program import Structure

    from pyfront.problem.to_smcdel import obs_entries

    if pb.has_values:
        raise UserError(f"{pb.name}/{item.name}: plans are for problems without variables "
                        "with values", line=item.line)
    p = pb.planning
    anns = [a.formula for a in pb.announcements]
    anns = anns[:len(anns) if item.after is None else item.after]
    plans = [f for plan in item.expect_plans or () for f in plan]
    vocab, entries = obs_entries(pb, [pb.law, *anns, p.goal, *p.keep, *p.actions, *plans])
    structure = Structure(tuple(vocab), pb.law, tuple((i, tuple(r)) for i, r in entries))
    problem = S5Problem(structure, tuple(p.actual), tuple(p.actions), tuple(anns))
    task = PlanningTask(goal=p.goal, keep=tuple(p.keep), max_steps=item.max_steps)
    return problem, task


def verdict_words(verdict, task, names: list[str]) -> list[str]:
    """What a checked plan does, one phrase a step (``names``: its announcements)."""
    out = []
    for step in verdict.steps:
        say = f"step {step.index + 1} ({names[step.index]})"
        if not step.executable:
            out.append(f"{say}: false at the actual state, it cannot be announced")
            continue
        parts = ["changes nothing"] if step.unchanged else []
        parts += [f"breaks kept formula {k + 1}" for k in step.broken]
        if step.goal:
            parts.append("reaches the goal")
        out.append(f"{say}: " + (", ".join(parts) if parts else "fine"))
    return out


#: a plan record's fields, in the order written (then ``name`` and ``line``)
def plan_record(pb, item, source: str, row: int | None = None, engine: str = "auto") -> dict:
    """The record of one plan item (a failure is a record with ``error``).  ``label`` is
    the answer in the words of an expectation: ``none``, ``length K``, ``plan`` / ``not a
    plan`` (a given plan checked), ``K plans`` (every plan listed)."""
    from pyfront.planning import item_record

    return item_record(source, row, pb.name, item, lambda: _answer(pb, item, engine))


def _answer(pb, item, engine: str) -> dict:
    from smcdel_bridge.native.planning import get_s5_domain, s5_engine_name
    from smcdel_bridge.planning import all_plans, shortest_plan, verify_plan

    from pyfront.problem.dsl_print import formula_text

    problem, task = s5_problem(pb, item)
    name = s5_engine_name(engine, problem)
    domain = get_s5_domain(name, problem)
    found = shortest_plan(domain, task).plan
    text = lambda plan: [formula_text(pb, f) for f in plan]  # noqa: E731
    out: dict = {"plan": None if found is None else text(found),
                 "length": None if found is None else len(found),
                 "label": "none" if found is None else f"length {len(found)}"}
    if item.expect == "none":
        out["agrees"] = found is None
    elif item.expect == "length":
        out["agrees"] = found is not None and len(found) == item.expect_length
    elif item.expect == "plans":
        plans = all_plans(domain, task)
        out.update(label=f"{len(plans)} plans", plans=[text(p) for p in plans],
                   agrees=[list(p) for p in plans] == item.expect_plans)
    elif item.expect == "plan":
        given = item.expect_plans[0]
        verdict = verify_plan(domain, task, given)
        works = (verdict.ok and len(given) <= item.max_steps
                 and verdict.first_goal == len(given) - 1
                 and not any(s.unchanged for s in verdict.steps))
        out.update(label="plan" if works else "not a plan", agrees=works,
                   verdict=verdict_words(verdict, task, text(given)))
    out["engine"] = name
    return out


def plan_entry_record(entry, engine: str = "auto") -> dict:
    """The record of a ``check`` item (:class:`pyfront.data.items.PlanEntry`): a
    problem's plan item, or a story's (:mod:`pyfront.planning.stories`, on the belief
    engine ``engine`` names)."""
    from pyfront.problem.model import Problem

    pb = entry.problem
    item = pb.planning.plans[entry.index]
    if not isinstance(pb, Problem):
        from pyfront.planning.stories import story_plan_record

        return story_plan_record(pb, item, entry.source, entry.row, engine)
    return plan_record(pb, item, entry.source, entry.row, engine)


def plan_records(pb, source: str, engine: str = "auto") -> list[dict]:
    """The records of every plan item of ``pb``, in order."""
    items = pb.planning.plans if pb.planning is not None else []
    return [plan_record(pb, item, source, None, engine) for item in items]


def _answer_problem(job: tuple) -> list[dict]:
    pb, source, engine = job
    if not isinstance(pb, Problem):
        from pyfront.planning.stories import story_plan_records

        return story_plan_records(pb, source, engine)
    return plan_records(pb, source, engine)


def run_format(args, limits) -> int:
    """``mindgames plan FILE.del``: one line per plan item (each problem in a child
    process within the limits), then exit 1 when one failed or disagreed."""
    import json
    import sys

    from pyfront.checking.limits import limited_map
    from pyfront.data.loading import load_document

    problems = [pb for pb in load_document(args.file)
                if pb.planning is not None and pb.planning.plans]
    if not problems:
        raise UserError("no plan item ('plan … within N steps') in a problem or a story",
                        file=args.file)

    def stopped(job, why):
        pb = job[0]
        return [dict(source=args.file, name=f"{pb.name}/{i.name}", line=i.line,
                     error=f"{args.file}:{i.line}: {pb.name}/{i.name}: {why}")
                for i in pb.planning.plans]

    failed = 0
    jobs = ((pb, args.file, args.engine) for pb in problems)
    for records in limited_map(_answer_problem, jobs, limits=limits, on_limit=stopped):
        for record in records:
            record.pop("row", None)
            if not args.json:
                record = {k: record[k] for k in ("name", "line", "plan", "length", "expected",
                                                 "agrees", "plans", "verdict", "error")
                          if k in record}
            print(json.dumps(record, ensure_ascii=False), flush=True)
            if "error" in record or record.get("agrees") is False:
                failed += 1
                print(record.get("error") or f"{args.file}:{record['line']}: {record['name']}: "
                      f"the answer disagrees with 'expect {record['expected']}'",
                      file=sys.stderr)
    return 1 if failed else 0
