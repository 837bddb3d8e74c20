"""``mindgames plan FILE --format mastar``: the shortest plan of an mA* planning domain, a
row of :data:`pyfront.commands.plan.FORMATS`.

The search runs in a child process within ``--timeout`` and ``--max-memory``
(:func:`pyfront.checking.limits.call_within`, as every command that can compute for long);
the search itself stops at the time limit with the states it expanded, a moment before the
child would be stopped.
"""

from __future__ import annotations

import argparse

#: seconds the child is given beyond ``--timeout``, so that the search says how far it got
GRACE = 2.0


def run_format(args: argparse.Namespace, limits) -> int:
    """``mindgames plan FILE --format mastar``: a line (``--json``: a JSON line) per file;
    exit 1 when it has no plan.  ``--to dsl``: the domain as a DSL story instead
    (:mod:`pyfront.mastar.to_dsl`)."""
    from ..checking.limits import Limits, call_within
    from ..checking.stops import LimitExceeded

    if getattr(args, "to", None) == "dsl":  # the domain printed, nothing searched
        from pathlib import Path

        from ..errors import UserError
        from ..mastar.to_dsl import mastar_dsl

        try:
            text = Path(args.file).read_text(encoding="utf-8")
        except OSError as err:
            raise UserError(f"cannot read the file: {err.strerror}", file=args.file) from None
        print(mastar_dsl(text, args.file), end="")
        return 0
    hard = Limits(timeout=None if limits.timeout is None else limits.timeout + GRACE,
                  memory=limits.memory)
    try:
        return call_within(lambda: plan_paths([args.file], args.json, limits.timeout), hard)
    except LimitExceeded as err:
        raise LimitExceeded(err.message, file=args.file) from None


def plan_paths(paths: list[str], full: bool, timeout: float | None) -> int:
    """Plan every file; a line each (a JSON line with ``full``); 1 when one has no plan."""
    import json

    from ..mastar.run import PlanOptions, plan_file

    options = PlanOptions(timeout=timeout)
    status = 0
    for path in paths:
        for record in plan_file(path, options):
            if full:
                print(json.dumps(record), flush=True)
            elif record["plan"] is None:
                print(f"{path}: no plan")
            else:
                print(f"{path}: {record['length']} steps: {' '.join(record['plan'])} "
                      f"({record['expanded']} states expanded, {record['seconds']:.2f} s)")
            if record["plan"] is None:
                status = 1
    return status
