"""Planning cases as JSON objects (the shape of ``planning-conformance/cases.jsonl``), read
into an :class:`~.planning.S5Problem` and a :class:`~..planning.PlanningTask`, and answered.

A case has ``structure`` (SMCDEL input text without jobs), ``state`` (the true atoms),
``actions``, ``safety``, ``goal`` (formula texts in SMCDEL's syntax) and ``max_steps``;
``id`` and a recorded ``plans`` list are optional.  :func:`solve_case` answers with
SMCDEL's ``offlineSearch`` list (``mode="all"``) or the one shortest plan
(``mode="shortest"``), each plan a list of the case's own action texts.

Usage::

    from smcdel_bridge.native.planning_cases import read_case, solve_case
    case = {"structure": "VARS 1\\nLAW Top\\nOBS a: 1\\n    b: 1\\n", "state": [1],
            "actions": ["1"], "safety": [], "goal": "b knows that 1", "max_steps": 1}
    assert solve_case(case, engine="symbolic") == [[]]
"""

from __future__ import annotations

from typing import Mapping

from ..errors import SmcdelError
from ..planning import PlanningTask, all_plans, shortest_plan
from .planning import S5Problem, get_s5_domain

MODES = ("all", "shortest")


class CaseError(SmcdelError):
    """A case that cannot be read: ``field`` names the part, ``reason`` says why."""

    def __init__(self, field: str, reason: str):
        super().__init__(f"{field}: {reason}")
        self.field = field
        self.reason = reason


def _formula(field: str, text) -> object:
    from ..syntax.parser import parse_formula

    if not isinstance(text, str):
        raise CaseError(field, "expected a formula text")
    try:
        return parse_formula(text)
    except SmcdelError as err:
        raise CaseError(field, f"{err} in {text!r}") from None


def read_case(case: Mapping) -> tuple[S5Problem, PlanningTask, dict]:
    """The problem, the task, and each action formula's text (a plan names its actions
    as the case wrote them)."""
    from ..syntax.parser import parse_input

    if not isinstance(case, Mapping):
        raise CaseError("case", "expected a JSON object")
    for name in ("structure", "state", "actions", "goal", "max_steps"):
        if name not in case:
            raise CaseError(name, "missing")
    try:
        structure = parse_input(case["structure"]).structure
    except SmcdelError as err:
        raise CaseError("structure", str(err)) from None
    except TypeError:
        raise CaseError("structure", "expected SMCDEL input text") from None
    steps = case["max_steps"]
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise CaseError("max_steps", "expected a whole number, 0 or more")
    state = case["state"]
    if not isinstance(state, list) or not all(isinstance(a, int) for a in state):
        raise CaseError("state", "expected a list of atoms")
    texts = case["actions"]
    if not isinstance(texts, list):
        raise CaseError("actions", "expected a list of formula texts")
    actions = tuple(_formula(f"actions[{i}]", t) for i, t in enumerate(texts))
    safety = case.get("safety") or []
    keep = tuple(_formula(f"safety[{i}]", t) for i, t in enumerate(safety))
    goal = _formula("goal", case["goal"])
    problem = S5Problem(structure, tuple(sorted(set(state))), actions)
    problem.sanity_check(goal, *keep)
    names = {}
    for form, text in zip(actions, texts):
        names.setdefault(form, text)
    return problem, PlanningTask(goal=goal, keep=keep, max_steps=steps), names


def solve_case(case: Mapping, engine: str = "auto", mode: str = "all") -> list[list[str]]:
    """The case's plans as lists of action texts: every plan in ``offlineSearch``'s order
    (``all``), or the one shortest plan, ``[]`` when there is none (``shortest``)."""
    return solve_read(*read_case(case), engine=engine, mode=mode)


def solve_read(problem, task, names: dict, *, engine: str = "auto", mode: str = "all",
               **options) -> list[list[str]]:
    """:func:`solve_case` on a case :func:`read_case` has read (``options``: the engine's,
    see :func:`~.planning.get_s5_domain`)."""
    domain = get_s5_domain(engine, problem, **options)
    if mode == "all":
        plans = all_plans(domain, task)
    elif mode == "shortest":
        found = shortest_plan(domain, task).plan
        plans = [] if found is None else [found]
    else:
        raise ValueError(f"unknown mode {mode!r}; choose one of {', '.join(MODES)}")
    return [[names[a] for a in plan] for plan in plans]


__all__ = ["CaseError", "MODES", "read_case", "solve_case", "solve_read"]
