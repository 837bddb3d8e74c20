"""Answering check items with a backend, and the JSON line each item becomes.

An item's SMCDEL problem holds one job (the published form: ``VALID? [ ! a1 ] … h``).
Its premise is contradictory when no state survives the announcements: that comes from
the item's ``pbcheck`` input when it has one, otherwise from a premise check added to the
problem itself (:mod:`smcdel_bridge.premise`), so that it rides in the same call (for a
``WHERE?`` job, whose states the premise check's fresh atom would double, it is a second
program).

Records follow the command-line contract — ``source``, ``row``, ``valid``, ``label``,
``contradictory``, ``expected``, ``agrees`` — plus ``name`` (when the item has one),
``job`` and ``states`` (SMCDEL input files), ``error`` (a failed item) and, when both
backends run, ``backends`` (each one's answer) and ``backends_agree``.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache, partial
from itertools import tee
from typing import Iterable, Iterator

from smcdel_bridge.errors import SmcdelError
from smcdel_bridge.program import CheckInput, StatesAnswer, ValidQ, WhereQ

from pyfront.data.items import AnsweredItem, CheckItem, PlanEntry, StoryItem, ToldEntry
from pyfront.errors import STDIN, shown
from smcdel_bridge.values import field, value

from .light import light_answers
from .records import OMIT, check_record
from .sources import SMCDEL_SUFFIX, ItemFailure

@value
class Plan:
    """What to ask a backend about one item, and how to read the answers."""

    item: CheckItem
    #: (program, its author's text or None) — the main problem first, then its pbcheck
    programs: list[tuple[CheckInput, str | None]] = field(default_factory=list)
    kind: str = "VALID?"
    #: the main program carries the premise check as its last job
    derived: bool = True
    error: str | None = None


def where(item: CheckItem | ItemFailure) -> str:
    """How messages name an item: ``file: row N`` (DSL items: ``file:line: name``)."""
    source = shown(item.source)
    if (item.source.endswith(".del") or item.source == STDIN) and item.line is not None:
        return f"{source}:{item.line}" + (f": {item.name}" if item.name else "")
    return source if item.row is None else f"{source}: row {item.row}"


def _part(item: CheckItem, what: str) -> str:
    return what if not item.source.endswith((".del", SMCDEL_SUFFIX)) else what.replace(
        "smcdel_problem", "problem")


def plan_item(item: CheckItem) -> Plan:
    """Parse the item's SMCDEL text(s); a parse error or a wrong job count ends the plan."""
    from smcdel_bridge.premise import premise_input, with_premise_checks
    from smcdel_bridge.syntax import parse_input

    plan = Plan(item)
    if item.puzzle is not None:  # written by the encoding, premise check included
        try:
            program, text = item.puzzle.checked_input()
        except (SmcdelError, ValueError) as err:
            plan.error = f"{where(item)}: {err}"
            return plan
        plan.kind = program.jobs[0].kind
        plan.programs.append((program, text))
        return plan
    try:
        text = item.problem
        program = parse_input(text)
    except SmcdelError as err:
        plan.error = f"{where(item)}: {_part(item, 'smcdel_problem')}: {err}"
        return plan
    if len(program.jobs) != 1:
        plan.error = (f"{where(item)}: {_part(item, 'smcdel_problem')} must hold exactly one "
                      f"job, it holds {len(program.jobs)}")
        return plan
    (job,) = program.jobs
    plan.kind = job.kind
    extra = (ValidQ(job.form),) if isinstance(job, WhereQ) else ()
    if item.pbcheck is not None:
        try:
            pbcheck = parse_input(item.pbcheck)
        except SmcdelError as err:
            plan.error = f"{where(item)}: pbcheck: {err}"
            return plan
        if len(pbcheck.jobs) != 1 or not isinstance(pbcheck.jobs[0], ValidQ):
            plan.error = f"{where(item)}: pbcheck must hold exactly one VALID? job"
            return plan
        plan.derived = False
        if extra:
            plan.programs.append((CheckInput(program.structure, (job,) + extra), None))
        else:
            plan.programs.append((program, text))
        plan.programs.append((pbcheck, item.pbcheck))
        return plan
    if extra:
        # WHERE? lists states, which the premise check's fresh atom would double: the
        # premise check is a second program
        plan.derived = False
        plan.programs.append((CheckInput(program.structure, (job,) + extra), None))
        plan.programs.append((premise_input(program, job), None))
        return plan
    plan.programs.append((with_premise_checks(program), None))
    return plan


def base_record(item: CheckItem | ItemFailure) -> dict:
    line = getattr(item, "line", None)
    # the hypothesis's line in the DSL file
    return check_record(item.source, item.row, name=item.name,
                        line=line if line is not None and item.source.endswith(".del")
                        else OMIT, expected=getattr(item, "expected", None))


def ready_record(entry: ItemFailure | AnsweredItem) -> dict:
    """The record of an item that needs no checker: a failure, or one already answered."""
    if isinstance(entry, AnsweredItem):
        return dict(entry.record)
    if isinstance(entry, (PlanEntry, ToldEntry)):  # the embedded engines only
        from .told import embedded_record

        return embedded_record(entry)
    return failure_record(entry)


def failure_record(failure: ItemFailure) -> dict:
    record = base_record(failure)
    record["error"] = failure.message
    return record


def decide(plan: Plan, results: list[list | SmcdelError]) -> dict:
    """The record of a planned item from its programs' answers (or errors)."""
    item = plan.item
    record = base_record(item)
    if item.source.endswith(SMCDEL_SUFFIX):
        record["job"] = plan.kind
    if plan.error is not None:
        record["error"] = plan.error
        return record
    names = [_part(item, "smcdel_problem"), "pbcheck"]
    for what, result in zip(names, results):
        if isinstance(result, SmcdelError):
            record["error"] = f"{where(item)}: {what}: {result}"
            return record
    main = results[0]
    try:
        if plan.kind == "WHERE?":
            states = main[0]
            valid = main[1].value
            assert isinstance(states, StatesAnswer)
            record["states"] = [list(s) for s in states.states]
        else:
            valid = main[0].value
        contradictory = main[-1].value if plan.derived else results[1][0].value
        assert isinstance(valid, bool) and isinstance(contradictory, bool)
    except (IndexError, AttributeError, AssertionError):
        record["error"] = f"{where(item)}: the checker's answers do not fit the jobs asked"
        return record
    answered(record, plan.kind, valid, contradictory)
    return record if item.puzzle is None else item.puzzle.finish(record)


def answered(record: dict, kind: str, valid: bool, contradictory: bool) -> dict:
    """``record`` with an item's answers, its label and whether it agrees."""
    record["valid"] = valid
    # an entailment label answers VALID? only: TRUE? asks about one state, WHERE? for states
    if kind == "VALID?":
        record["label"] = "entailment" if valid else "not_entailment"
    record["contradictory"] = contradictory
    if record["expected"] is not None:
        record["agrees"] = record["label"] == record["expected"]
    return record


# -- the embedded checker -----------------------------------------------------------------

@lru_cache(maxsize=None)
def _native(engine: str):
    """The embedded checker for ``engine``, one per process (worker processes too)."""
    from smcdel_bridge.backend import get_backend

    return get_backend("native", engine=engine)


def _run_native(program: CheckInput, engine: str):
    try:
        return _native(engine).run(program)
    except SmcdelError as err:
        return err


def native_item(entry, engine: str = "auto") -> tuple[object, dict]:
    """The record of one item on the embedded checker's ``engine`` (in a child of
    :func:`evaluate_native`, which holds the item's limits)."""
    if entry.__class__ is CheckItem and entry.puzzle is None:  # (the most common first)
        quick = light_answers(entry, engine)  # a published row: the engine's answers
        if quick is not None:
            record = base_record(entry)
            if entry.source.endswith(SMCDEL_SUFFIX):
                record["job"] = "VALID?"
            return entry, answered(record, "VALID?", *quick)
    elif isinstance(entry, (ItemFailure, AnsweredItem)):
        return entry, ready_record(entry)
    elif isinstance(entry, StoryItem):  # a record per hypothesis and question
        return _story_answers(entry, engine)
    elif isinstance(entry, (PlanEntry, ToldEntry)):
        from .told import embedded_record

        return entry, embedded_record(entry, engine)
    elif entry.puzzle is not None and engine != "symbolic":
        record = _puzzle_record(entry, engine)
        if record is not None:
            return entry, record
    plan = plan_item(entry)
    # the premise check first: its structure is the problem's and a fresh atom, and the
    # symbolic engine answers the problem on the structure it kept (smcdel_bridge.native.kept)
    results = [] if plan.error else [_answers_of(p, t, engine)
                                     for p, t in reversed(plan.programs)][::-1]
    return entry, decide(plan, results)


def _story_answers(entry: StoryItem, engine: str):
    """A story's records streamed one by one as they are answered (the child process
    sends each at once: a story stopped at its limit keeps them, :func:`limit_record`);
    the generator returns ``(entry, records)``."""
    from pyfront.data.story_stops import story_item_stream

    records = yield from story_item_stream(entry, engine)
    return entry, records


def limit_record(entry, why: str, done: list | tuple = ()) -> tuple[object, dict]:
    """An item stopped at its time or memory limit: a one-line failure (a story: after
    the records ``done`` it gave before)."""
    if isinstance(entry, (ItemFailure, AnsweredItem)):
        return entry, ready_record(entry)
    if isinstance(entry, StoryItem):
        from pyfront.data.story_stops import story_failure

        from . import marks

        return entry, story_failure(entry, why, done, marks.reached())
    record = base_record(entry)
    record["error"] = f"{where(entry)}: {why}"
    return entry, record


def _puzzle_record(item: CheckItem, engine: str) -> dict | None:
    """A problem with variables, answered on the value engine (explicit and auto); None
    when ``auto`` meets an operator that engine lacks (the BDD engine answers instead)."""
    from smcdel_bridge.errors import UnsupportedFormula

    record = base_record(item)
    try:
        return item.puzzle.native_record(record)
    except UnsupportedFormula as err:
        if engine == "auto":
            return None
        record["error"] = f"{where(item)}: {err}"
        return record
    except SmcdelError as err:
        record["error"] = f"{where(item)}: {err}"
        return record


#: answers by engine and input text: a dataset's pbcheck inputs repeat (one per premise,
#: not per row)
_ANSWERS: dict[tuple[str, str], object] = {}
_ANSWERS_LIMIT = 1 << 16


def _answers_of(program: CheckInput, text: str | None, engine: str):
    if text is None:
        return _run_native(program, engine)
    hit = _ANSWERS.get((engine, text))
    if hit is None:
        if len(_ANSWERS) >= _ANSWERS_LIMIT:
            _ANSWERS.clear()
        hit = _ANSWERS[engine, text] = _run_native(program, engine)
    return hit


def evaluate_native(entries: Iterable, *, engine: str = "auto", workers: int = 1,
                    timeout: float | None = None, max_memory: int | None = None):
    """(item, record) for every entry, with the embedded checker, in order.

    Items run in ``workers`` child processes (:mod:`.limits`), light ones
    (:mod:`.light`) in this process: an item past ``timeout`` seconds or ``max_memory``
    bytes is stopped and becomes a one-line failure, and the next items go on."""
    from .light import light_item
    from .limits import Limits, limited_map

    limits = Limits(timeout=timeout if timeout and timeout > 0 else None, memory=max_memory)
    # light items (a MindGames row) are answered in this process, within the same limits
    yield from limited_map(partial(native_item, engine=engine), entries, limits=limits,
                           on_limit=limit_record, workers=workers,
                           light=partial(light_item, engine=engine))


# -- the official binary -------------------------------------------------------------------

def evaluate_official(entries: Iterable, backend) -> Iterator[tuple[object, dict]]:
    """(item, record) for every entry, with the official binary, in order.

    Items are planned here and their programs streamed to :func:`smcdel_bridge.official.batch.run_tasks`
    (packed, parallel); answers come back in order and are matched to their items.
    """
    from smcdel_bridge.official.batch import Task

    waiting: deque[tuple[object, Plan | None, int]] = deque()

    def tasks():
        for n, entry in enumerate(entries):
            if isinstance(entry, (ItemFailure, AnsweredItem, PlanEntry, ToldEntry)):
                waiting.append((entry, None, 0))
                continue
            plan = plan_item(entry)
            programs = [] if plan.error else plan.programs
            waiting.append((entry, plan, len(programs)))
            for k, (program, text) in enumerate(programs):
                # a puzzle's input runs alone, as written (too large to repack)
                yield Task(key=(n, k), program=None if entry.puzzle is not None else program,
                           text=text)

    def ready_without_tasks():
        while waiting and waiting[0][2] == 0:
            entry, plan, _ = waiting.popleft()
            yield entry, (ready_record(entry) if plan is None else decide(plan, []))

    collected: list = []
    for outcome in backend.run_tasks(tasks()):
        yield from ready_without_tasks()
        collected.append(outcome.error if outcome.error is not None else outcome.answers)
        entry, plan, count = waiting[0]
        if len(collected) == count:
            waiting.popleft()
            yield entry, decide(plan, collected)
            collected = []
    yield from ready_without_tasks()


# -- both, compared --------------------------------------------------------------------------

def _answer_of(record: dict) -> dict:
    if "error" in record:
        return {"error": record["error"]}
    # .get: a story's question has an answer and no valid
    out = {"valid": record.get("valid"), "contradictory": record.get("contradictory")}
    for key in ("states", "answer"):
        if key in record:
            out[key] = record[key]
    return out


def merge_both(native: dict, official: dict) -> dict:
    """One record from both backends' records: the reference's answer, each one's answer,
    and whether they agree (the same answers, or the same error).  When either failed the
    item is failed and its answer fields are null."""
    mine, ref = _answer_of(native), _answer_of(official)
    record = dict(official)
    failed = [(name, r["error"]) for name, r in (("native", native), ("smcdel", official))
              if "error" in r]
    if failed:
        if len(failed) == 2 and failed[0][1] == failed[1][1]:
            record["error"] = failed[0][1]
        else:
            record["error"] = "; ".join(f"{name}: {msg}" for name, msg in failed)
        for key in ("valid", "label", "contradictory", "agrees"):
            record[key] = None
        record.pop("states", None)
    record["backends"] = {"native": mine, "smcdel": ref}
    record["backends_agree"] = mine == ref
    return record


def evaluate_both(entries: Iterable, backend, *, engine: str = "auto", workers: int = 1,
                  timeout: float | None = None, max_memory: int | None = None):
    """(item, record) with both backends compared, in order (``workers``: processes of
    the embedded checker; the official backend has its own)."""
    left, right = tee(entries)
    for (item, native), (_, official) in zip(
        evaluate_native(left, engine=engine, workers=workers, timeout=timeout,
                        max_memory=max_memory),
        evaluate_official(right, backend),
    ):
        if (isinstance(item, AnsweredItem) and "backends" in native
                or isinstance(item, (PlanEntry, ToldEntry))):  # compared, or embedded only
            yield item, native
            continue
        yield item, merge_both(native, official)
