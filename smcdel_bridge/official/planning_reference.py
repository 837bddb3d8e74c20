"""SMCDEL's own planner asked live: ``SMCDEL.Other.Planning.offlineSearch`` through a driver
compiled against the reference library (``haskell/PlanDriver.hs``, built and cached like
the event-model driver, :mod:`.reference_driver`).

Each case (the shape of ``planning-conformance/cases.jsonl``) is one request line; the
answer is the list of plans as the case's action texts, in the reference's order.

``PlanningReference(home)`` needs the reference's build folder (``$MINDGAMES_SMCDEL_HOME``)
and ``ghc``; ``reference.plans(case)`` then gives ``[[action text, …], …]``.  A request::

    from smcdel_bridge.official.planning_reference import request_line
    request_line({"structure": "VARS 1 LAW Top OBS a: 1", "state": [1], "actions": ["1"],
                  "goal": "a knows that 1", "max_steps": 1})
    # '(1,"VARS 1 LAW Top OBS a: 1",[1],["1"],[],"a knows that 1")'
"""

from __future__ import annotations

import json
import os
from typing import Mapping

from .reference_driver import DEFAULT_TIMEOUT, DriverError, DriverProcess, build_driver

__all__ = ["PlanningReference", "request_line"]


def _text(s: str) -> str:
    """A Haskell string literal (JSON's escapes are Haskell's for ASCII text)."""
    if not s.isascii():
        raise DriverError("the reference driver takes ASCII formula texts")
    return json.dumps(s)


def request_line(case: Mapping) -> str:
    """The driver's request for ``case``: a Haskell tuple ``read`` parses."""
    texts = lambda xs: "[" + ",".join(_text(x) for x in xs) + "]"  # noqa: E731
    return (f"({int(case['max_steps'])},{_text(case['structure'])},"
            f"[{','.join(str(int(a)) for a in case['state'])}],{texts(case['actions'])},"
            f"{texts(case.get('safety') or [])},{_text(case['goal'])})")


class PlanningReference:
    """One driver process answering planning cases in turn."""

    def __init__(self, home: str | os.PathLike | None = None, *,
                 timeout: float | None = DEFAULT_TIMEOUT):
        self._process = DriverProcess(build_driver(home, "PlanDriver"), timeout)

    def plans(self, case: Mapping) -> list[list[str]]:
        """``offlineSearch``'s answer for ``case``, as lists of its action texts."""
        tokens = self._process.ask(request_line(case))
        if not tokens or tokens[0] != "OK":
            raise DriverError("the reference planner failed: " + " ".join(tokens[1:]))
        actions = case["actions"]
        return [[] if plan == "-" else [actions[int(i)] for i in plan.split(",")]
                for plan in tokens[1:]]

    @property
    def seconds(self) -> float:
        """Seconds spent waiting for the reference's answers."""
        return self._process.seconds

    def close(self) -> None:
        self._process.close()

    def __enter__(self) -> "PlanningReference":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
