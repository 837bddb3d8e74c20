"""``mindgames plan FILE --format mastar``: the shortest plan of an mA* file, breadth
first over contracted pointed Kripke models.

Usage::

    from pyfront.mastar.run import PlanOptions, plan_file
    # plan_file("CoinBox/Coin_in_the_Box__pl_3.txt", PlanOptions(timeout=60))
    # -> [{"file": ..., "plan": [...], "length": 3, "expanded": ..., "seconds": ...}]
"""

from __future__ import annotations

import time

from smcdel_bridge.dynamic.errors import DelModelError
from smcdel_bridge.planning import shortest_plan
from smcdel_bridge.values import field, value

from ..errors import UserError
from .compile import planning_of
from .dsl import read_file


@value(frozen=True)
class PlanOptions:
    """The search's own time limit (None: none); memory is held by the process that runs
    it (:func:`pyfront.checking.limits.call_within`)."""

    timeout: float | None = field(default=None)


def plan_file(path: str, options: PlanOptions) -> list[dict]:
    """One record for the file: ``plan`` (action names, None when there is none),
    ``length``, ``expanded`` (states expanded), ``seen`` (distinct states) and
    ``seconds`` (reading included)."""
    began = time.perf_counter()
    problem = read_file(path)
    domain, task = planning_of(problem)
    deadline = None if options.timeout is None else began + options.timeout

    def tick(expanded: int) -> None:
        if deadline is not None and time.perf_counter() > deadline:
            raise UserError(f"no plan found within {options.timeout:g} s "
                            f"({expanded} states expanded)", file=path)

    try:
        found = shortest_plan(domain, task, tick)
    except MemoryError:
        raise UserError("the search went past --max-memory", file=path) from None
    except DelModelError as err:
        raise UserError(f"mA*: {err}", file=path) from None
    plan = None if found.plan is None else [domain.action_name(a) for a in found.plan]
    return [{"file": str(path), "plan": plan, "length": None if plan is None else len(plan),
             "expanded": found.expanded, "seen": found.seen,
             "seconds": round(time.perf_counter() - began, 4)}]
