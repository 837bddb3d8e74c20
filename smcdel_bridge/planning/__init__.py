"""Epistemic planning on the engines: which actions make a goal true.

The search (:mod:`.search`) is written once against :class:`.domain.PlanningDomain`, the
interface a level offers a planner (update, the check that an update can happen, truth,
and a canonical key for state equality); each level implements it beside its engines.

Usage::

    from smcdel_bridge.planning import PlanningTask, all_plans, shortest_plan, verify_plan
"""

from .domain import PlanningDomain, PlanningTask
from .search import PlanStep, SearchResult, Verdict, all_plans, shortest_plan, verify_plan

__all__ = ["PlanningDomain", "PlanningTask", "PlanStep", "SearchResult", "Verdict",
           "all_plans", "shortest_plan", "verify_plan"]
