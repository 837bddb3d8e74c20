"""Reading a problem's planning lines: ``actually``, ``goal``, ``keep``, ``may announce`` and
``plan [NAME:] within N steps [expect none | length K | plan F; G … | plans F; G / H …]``.

:class:`pyfront.problem.dsl.ProblemBuilder` calls :func:`read_planning` once a problem;
what it reads becomes ``Problem.planning``::

    from pyfront.problem.dsl import parse_problem
    pb = parse_problem('''problem p
      agents Ann, Ben
      setup forehead
      actually muddy(Ann)
      goal Ann knows whether muddy(Ann)
      may announce someone
      plan quick: within 2 steps expect length 1
    ''')
    pb.planning.actual, pb.planning.plans[0].name       # ([1], 'quick')
"""

from __future__ import annotations

from pyfront.problem.planning import PlanItem, Planning

__all__ = ["read_planning"]


def _one(builder, by_kind: dict, kind: str, what: str):
    nodes = by_kind.get(kind, [])
    if len(nodes) > 1:
        raise builder.error(f"a problem has at most one '{what}'", nodes[1])
    return nodes[0] if nodes else None


def _actual(builder, node) -> list[int]:
    if node.data == "actual_nothing":
        return []
    atoms = []
    for t in node.children:
        if t.data == "applied":
            atoms.append(builder.applied(t))
        elif t.data == "prop":
            atoms.append(builder.atom_of_prop(t.children[0]))
        else:
            raise builder.error("'actually' lists atoms (muddy(Ann), a proposition), "
                                "not terms", t)
    return atoms


def _plan(builder, node, after: int, index: int) -> PlanItem:
    label, steps, expect = node.children
    from pyfront.problem.dsl_syntax import unquote

    name = unquote(str(label)) if label is not None else f"plan{index}"
    kwargs: dict = {}
    if expect is not None:
        if expect.data == "expect_none":
            kwargs["expect"] = "none"
        elif expect.data == "expect_length":
            kwargs.update(expect="length", expect_length=int(str(expect.children[0])))
        else:
            plans = [[builder.formula(f) for f in steps.children] for steps in expect.children]
            kwargs.update(expect="plan" if expect.data == "expect_plan" else "plans",
                          expect_plans=plans)
    return PlanItem(name=name, max_steps=int(str(steps)), after=after,
                    line=node.meta.line, **kwargs)


def read_planning(builder, by_kind: dict, plan_nodes: list, taken: set) -> Planning | None:
    """The problem's :class:`Planning` (None without ``goal`` and plan items);
    ``plan_nodes``: each plan item with the number of announcements above it; ``taken``:
    the hypothesis and question names (a plan's name must differ from them)."""
    goal = _one(builder, by_kind, "goal", "goal")
    actual = _one(builder, by_kind, "actual_state", "actually") or _one(
        builder, by_kind, "actual_nothing", "actually")
    if goal is None:
        for kind, what in (("plan_item", "plan"), ("keep", "keep"),
                           ("may_announce", "may announce")):
            if by_kind.get(kind):
                raise builder.error(f"'{what}' needs a 'goal' in the problem", by_kind[kind][0])
        if actual is not None:
            raise builder.error("'actually' is for planning: it needs a 'goal'", actual)
        return None
    if actual is None:
        raise builder.error("a problem with a goal needs its actual state: 'actually "
                            "muddy(Ann), …' (the atoms that are true) or 'actually nothing'",
                            goal)
    plans = []
    for i, (node, after) in enumerate(plan_nodes, 1):
        item = _plan(builder, node, after, i)
        if item.name in taken:
            raise builder.error(f"{item.name!r} is defined twice", node.children[0] or node)
        taken.add(item.name)
        plans.append(item)
    return Planning(actual=_actual(builder, actual),
                    goal=builder.formula(goal.children[0]),
                    keep=[builder.formula(k.children[0]) for k in by_kind.get("keep", [])],
                    actions=[builder.formula(a.children[0])
                             for a in by_kind.get("may_announce", [])],
                    plans=plans)
