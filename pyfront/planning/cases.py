"""Planning cases (``planning-conformance/cases.jsonl``'s shape) answered for ``mindgames plan``.

Each case is answered within the command's time and memory limits
(:func:`pyfront.checking.limits.limited_map`): in a child process on the symbolic engine,
in this process under a timer on the explicit engine (Python code alone, which the timer
stops).  Each gives one line, in input order:
``{"id", "plans"}`` (``--mode all``: SMCDEL's ``offlineSearch`` list; ``shortest``: the
one shortest plan, ``[]`` when there is none), or ``{"id", "error"}``.  ``--json`` adds
``engine``, ``n_plans``, ``length`` (of the shortest plan listed, ``null`` for none),
``seconds`` and ``agrees`` (with the case's recorded ``plans``, ``null`` without them;
in ``shortest`` mode: the plan found is one of the shortest recorded).
A case that fails, or whose recorded ``plans`` differ, is also reported on stderr as one
line ``FILE:LINE:COL: …`` (column 1 for a case that is JSON); the exit code is then 1.

Usage::

    from pyfront.planning.cases import answer_case
    answer_case(("f.jsonl", 1, {"structure": "VARS 1\\nLAW Top\\nOBS a: 1\\n", "state": [],
                 "actions": [], "goal": "a knows that ~ 1", "max_steps": 0}, "auto", "all"))
    # -> {"plans": [[]], "engine": "explicit", "seconds": ...}
"""

from __future__ import annotations

import json
import sys
import time

__all__ = ["CaseAnswerer", "agrees_with", "answer_case", "plan_cases", "run_format"]


class CaseAnswerer:
    """Answers one case at a time: ``(file, line, case, engine, mode)`` -> ``{"plans",
    "engine", "seconds"}`` or ``{"error"}`` (in this process or a child).  The symbolic
    engine's cases share one BDD manager, made at the first of them."""

    def __init__(self):
        self._manager = None

    def __call__(self, job: tuple) -> dict:
        from smcdel_bridge.errors import SmcdelError
        from smcdel_bridge.native.planning import s5_engine_name
        from smcdel_bridge.native.planning_cases import read_case, solve_read

        _, _, case, engine, mode = job
        start = time.perf_counter()
        try:
            problem, task, names = read_case(case)
            name = s5_engine_name(engine, problem)
            options = {}
            if name == "symbolic":
                if self._manager is None:
                    from smcdel_bridge.native.bdd_manager import BddManager

                    self._manager = BddManager()
                options["manager"] = self._manager
            plans = solve_read(problem, task, names, engine=name, mode=mode, **options)
        except SmcdelError as err:
            return {"error": str(err)}
        return {"plans": plans, "engine": name,
                "seconds": round(time.perf_counter() - start, 6)}


def answer_case(job: tuple) -> dict:
    """One case answered on its own (see :class:`CaseAnswerer`)."""
    return CaseAnswerer()(job)


def light_job(job: tuple) -> bool:
    """Whether a case runs on the explicit engine (Python code alone, which the timer
    signal of :mod:`pyfront.checking.inline` stops): answered in this process, saving
    its trip to a child and back; symbolic cases (calls into the BDD library) go to
    children."""
    import re

    from smcdel_bridge.engines import AUTO_EXPLICIT_ATOMS

    _, _, case, engine, _ = job
    if engine != "auto":
        return engine == "explicit"
    found = re.match(r"\s*VARS\s+([0-9,\s]*)", case.get("structure") or "") \
        if isinstance(case, dict) and isinstance(case.get("structure"), str) else None
    if found is None:
        return False
    return len(set(found.group(1).replace(",", " ").split())) <= AUTO_EXPLICIT_ATOMS


def _case_id(item) -> object:
    obj = item.obj
    return obj.get("id", f"line {item.line}") if isinstance(obj, dict) else f"line {item.line}"


def agrees_with(recorded: list, plans: list, mode: str) -> bool:
    """Whether ``plans`` agree with a recorded ``offlineSearch`` list: equal to it (``all``),
    or one of its shortest plans, or none when it is empty (``shortest``)."""
    if mode == "all":
        return recorded == plans
    if not recorded:
        return plans == []
    return len(plans) == 1 and plans[0] in recorded and \
        len(plans[0]) == min(map(len, recorded))


def _record(item, answer: dict, full: bool, mode: str) -> tuple[dict, str | None]:
    """The output line of one case and, when it failed or disagreed, the stderr line."""
    record = {"id": _case_id(item)}
    if "error" in answer:
        record["error"] = answer["error"]
        return record, f"{item.where}:1: case {record['id']}: {answer['error']}"
    record["plans"] = answer["plans"]
    recorded = item.obj.get("plans")
    agrees = None if recorded is None else agrees_with(recorded, answer["plans"], mode)
    if full:
        plans = answer["plans"]
        record.update(engine=answer["engine"], n_plans=len(plans),
                      length=min(map(len, plans)) if plans else None,
                      seconds=answer["seconds"], agrees=agrees)
    if agrees is False:
        return record, (f"{item.where}:1: case {record['id']}: the plans found differ from "
                        f"the {len(recorded)} recorded")
    return record, None


def _sendable(item):
    """``item``, or an error item when its case is nested too deeply to be handed to a
    child process: that line fails alone (as ``check`` words it), the others are answered."""
    import pickle

    if item.error is not None:
        return item
    try:
        pickle.dumps(item.obj)
    except RecursionError:
        from pyfront.data.del_cases import Item

        return Item(item.file, item.line, error=f"{item.where}:1: invalid JSON: nested too deeply")
    return item


def plan_cases(path: str, *, engine: str, mode: str, full: bool, limits,
               out=None, err=None) -> int:
    """Answer every case of ``path`` (``.jsonl``, ``.json`` or ``-``), write the lines,
    return the exit code (1: a case failed or disagreed)."""
    from pyfront.checking.limits import limited_map
    from pyfront.data.del_cases import read_cases
    from pyfront.data.guard import guarded

    out = sys.stdout if out is None else out
    err = sys.stderr if err is None else err
    # no case, or none readable: one line, before anything is written
    items = [_sendable(i) for i in guarded(read_cases(path), "<stdin>" if path == "-" else path,
                                           "planning case")]
    good = [i for i in items if i.error is None]
    jobs = ((i.file, i.line, i.obj, engine, mode) for i in good)
    answers = iter(limited_map(CaseAnswerer(), jobs, limits=limits, light=light_job,
                               on_limit=lambda job, why: {"error": why}))
    failed = 0
    for item in items:
        if item.error is not None:
            record, problem = {"id": f"line {item.line}", "error": item.error}, item.error
        else:
            record, problem = _record(item, next(answers), full, mode)
        out.write(json.dumps(record) + "\n")
        out.flush()
        if problem is not None:
            failed += 1
            print(problem, file=err)
    return 1 if failed else 0


def run_format(args, limits) -> int:
    """``mindgames plan FILE --format cases``."""
    return plan_cases(args.file, engine=args.engine, mode=args.mode, full=args.json,
                      limits=limits)
