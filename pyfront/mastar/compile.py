"""Turn a read mA* problem into the planning domain of the belief engines
(:class:`smcdel_bridge.planning.mastar.MastarPlanning`) and its task.

Usage::

    from pyfront.mastar.dsl import read_text
    from pyfront.mastar.compile import planning_of
    p = read_text("fluent f; action a; agent i; a determines f; i observes a; "
                  "initially f; goal B(i, f);")
    domain, task = planning_of(p)
    len(domain.actions())     # 1
"""

from __future__ import annotations

from smcdel_bridge.dynamic.errors import DelModelError
from smcdel_bridge.dynamic.mastar import initial_model
from smcdel_bridge.language import Conj
from smcdel_bridge.planning import PlanningTask
from smcdel_bridge.planning.mastar import MastarPlanning

from ..errors import UserError
from .model import MastarProblem


def planning_of(problem: MastarProblem) -> tuple[MastarPlanning, PlanningTask]:
    """The domain (initial model built as deep builds it) and the shortest-plan task
    (every goal formula at once; no kept formulas; an action that changes nothing is
    never part of a shortest plan anyway)."""
    try:
        start = initial_model(len(problem.fluents), problem.agents, problem.pointed,
                              fixed=problem.fixed, laws=problem.laws,
                              knows_whether=problem.knows_whether)
    except DelModelError as err:
        raise UserError(f"mA*: {err}", file=problem.path) from None
    goal = problem.goal[0] if len(problem.goal) == 1 else Conj(problem.goal)
    domain = MastarPlanning(problem.agents, start, problem.actions)
    return domain, PlanningTask(goal=goal, require_change=True)
