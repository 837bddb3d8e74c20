"""What a worker process does for one request of the page: ``explain`` a text
(:func:`.compute.explain_source`), ``ask`` a formula at a step (:func:`.ask.ask`), or list
the ``moves`` that can be played next (:func:`.moves.moves`), or find and check a
``plan`` (:func:`.plan.plan`).

    >>> run_task("explain", source="problem p\\n  agents A\\n")["ok"]
    True
"""

from __future__ import annotations


def run_task(task: str = "explain", **payload) -> dict:
    if task == "ask":
        from .ask import ask

        return ask(**payload)
    if task == "plan":
        from .plan import plan

        return plan(**payload)
    if task == "moves":
        from .moves import moves

        return moves(**payload)
    from .compute import explain_source

    return explain_source(**payload)
