"""The planning algorithms, written once against :class:`~.domain.PlanningDomain`.

- :func:`all_plans`: every plan up to the depth bound, depth first, actions in the
  domain's order, a plan never going past a state where the goal holds: SMCDEL 1.3.0's
  ``offlineSearch`` exactly (``[[]]`` when the goal holds at the start, ``[]`` when there
  is no plan).  Answers are memoised per (state key, steps left), which changes nothing
  in the list but lets equal states reached by different prefixes share their work.
- :func:`shortest_plan`: breadth first, states deduplicated by :meth:`key`, the first
  plan in the domain's action order among the shortest ones.
- :func:`verify_plan`: a given plan executed step by step: where it cannot happen, which
  kept formula breaks where, whether (and where first) the goal holds.

Usage::

    from smcdel_bridge.planning.search import all_plans, shortest_plan, verify_plan
    # all_plans(domain, task) -> list of tuples of actions (SMCDEL's order)
    # shortest_plan(domain, task).plan -> a tuple of actions, or None
"""

from __future__ import annotations

from collections import deque
from typing import Callable, Hashable, Sequence

from ..values import value
from .domain import PlanningDomain, PlanningTask


@value(frozen=True)
class SearchResult:
    """A shortest-plan search: ``plan`` (``None``: none within the bound), the states
    expanded (successors generated) and the distinct states seen."""

    plan: tuple | None
    expanded: int
    seen: int


@value(frozen=True)
class PlanStep:
    """One step of a verified plan: its index (0-based), whether it could happen, the
    kept formulas false after it (indices into ``task.keep``), whether the goal holds after
    it, and whether it changed nothing."""

    index: int
    executable: bool
    broken: tuple[int, ...] = ()
    goal: bool = False
    unchanged: bool = False


@value(frozen=True)
class Verdict:
    """A plan checked: ``steps`` (up to the first that could not happen), whether it ran
    to the end, whether the goal holds at its end, and where it first held (``-1``: at the
    start, ``None``: never)."""

    steps: tuple[PlanStep, ...]
    executed: bool
    reaches_goal: bool
    first_goal: int | None

    @property
    def ok(self) -> bool:
        """Executable, no kept formula broken, the goal reached at the end."""
        return self.executed and self.reaches_goal and all(not s.broken for s in self.steps)


def _successors(domain: PlanningDomain, task: PlanningTask, state, key: Hashable):
    """(action, new state, its key) for each action the task allows from ``state``."""
    for action in domain.actions():
        if not domain.executable(state, action):
            continue
        new = domain.update(state, action)
        new_key = domain.key(new)
        if task.require_change and new_key == key:
            continue
        if all(domain.satisfies(new, f) for f in task.keep):
            yield action, new, new_key


def all_plans(domain: PlanningDomain, task: PlanningTask) -> list[tuple]:
    """Every plan of at most ``task.max_steps`` actions, in ``offlineSearch``'s order."""
    if task.max_steps is None:
        raise ValueError("all_plans needs a depth bound (task.max_steps)")
    memo: dict[tuple[Hashable, int], list[tuple]] = {}
    start = domain.initial()
    try:
        return _plans(domain, task, memo, start, domain.key(start), task.max_steps)
    finally:
        # the keys may be BDD nodes: release them now, not with a later garbage cycle
        # (a recursive closure would make one, freeing the manager before its nodes)
        memo.clear()


def _plans(domain: PlanningDomain, task: PlanningTask, memo: dict, state, key: Hashable,
           left: int) -> list[tuple]:
    known = memo.get((key, left))
    if known is not None:
        return known
    if domain.satisfies(state, task.goal):
        found: list[tuple] = [()]
    elif left == 0:
        found = []
    else:
        found = [(action, *rest)
                 for action, new, new_key in _successors(domain, task, state, key)
                 for rest in _plans(domain, task, memo, new, new_key, left - 1)]
    memo[(key, left)] = found
    return found


def shortest_plan(domain: PlanningDomain, task: PlanningTask,
                  tick: Callable[[int], None] | None = None) -> SearchResult:
    """Breadth first from the initial state; ``tick(expanded)`` is called before each
    expansion (a caller's limit or progress hook may raise there)."""
    start = domain.initial()
    if domain.satisfies(start, task.goal):
        return SearchResult((), 0, 1)
    start_key = domain.key(start)
    parents: dict[Hashable, tuple[Hashable, object] | None] = {start_key: None}
    frontier = deque([(start, start_key, 0)])
    expanded = 0
    while frontier:
        state, key, depth = frontier.popleft()
        if task.max_steps is not None and depth >= task.max_steps:
            continue
        if tick is not None:
            tick(expanded)
        expanded += 1
        for action, new, new_key in _successors(domain, task, state, key):
            if new_key in parents:
                continue
            parents[new_key] = (key, action)
            if domain.satisfies(new, task.goal):
                return SearchResult(_path(parents, new_key), expanded, len(parents))
            frontier.append((new, new_key, depth + 1))
    return SearchResult(None, expanded, len(parents))


def _path(parents: dict, key: Hashable) -> tuple:
    steps = []
    while parents[key] is not None:
        key, action = parents[key]
        steps.append(action)
    return tuple(reversed(steps))


def verify_plan(domain: PlanningDomain, task: PlanningTask, plan: Sequence) -> Verdict:
    """Run ``plan`` from the initial state and say what happens at each step."""
    state = domain.initial()
    key = domain.key(state)
    first_goal = -1 if domain.satisfies(state, task.goal) else None
    steps: list[PlanStep] = []
    for i, action in enumerate(plan):
        if not domain.executable(state, action):
            steps.append(PlanStep(i, False))
            return Verdict(tuple(steps), False, False, first_goal)
        new = domain.update(state, action)
        new_key = domain.key(new)
        broken = tuple(j for j, f in enumerate(task.keep) if not domain.satisfies(new, f))
        goal = domain.satisfies(new, task.goal)
        if goal and first_goal is None:
            first_goal = i
        steps.append(PlanStep(i, True, broken, goal, new_key == key))
        state, key = new, new_key
    return Verdict(tuple(steps), True, domain.satisfies(state, task.goal), first_goal)
