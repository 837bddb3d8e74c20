"""Batches: many problems through the official binary, fast and fault-tolerant.

:func:`run_tasks` packs consecutive packable problems into one call (see :mod:`.packing`),
runs up to ``workers`` calls at a time, and yields one :class:`Outcome` per task — in input
order, or as they complete (``ordered=False``, each tagged with its key).

When a packed call fails, every task whose answers were printed before the failure keeps
them; the rest are retried: split in two after an error (so a parse or sanity error, a crash
or garbage is traced to the one task that causes it in a few calls), or one by one after a
time-out (so only a task that alone exceeds the limit is reported as timed out).  A task
that fails alone gets that error; the batch goes on.

:func:`ordered_map` is the same streaming, order-keeping parallel map for backends that
compute in Python (worker processes),; writing the results (and resuming) is the
caller's job (``pyfront.checking.results``).
"""

from __future__ import annotations

import os
import threading
from collections import deque
from concurrent.futures import Executor, Future  # the pools are imported where used
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

from smcdel_bridge.errors import BackendError, SmcdelError
from smcdel_bridge.official.output import Transcript
from smcdel_bridge.official.packing import atom_count, pack, unpackable_reason
from smcdel_bridge.program import Answer, CheckInput
from smcdel_bridge.values import value


@value(frozen=True, slots=True)
class Task:
    """One problem for the binary.

    ``program`` is what to answer; ``text`` is the input as its author wrote it (with the
    same jobs), used when the task runs alone so that error positions refer to it.  At
    least one of them is given; without ``program`` the task always runs alone.
    """

    key: Hashable
    program: CheckInput | None = None
    text: str | None = None


@value(frozen=True, slots=True)
class Outcome:
    """The answers to a task's jobs, or why there are none."""

    key: Hashable
    answers: list[Answer] | None
    error: SmcdelError | None = None


# -- one call and its retries ---------------------------------------------------------

def _render(program: CheckInput) -> str:
    from smcdel_bridge.syntax import render_input

    return render_input(program)


class Interrupted(BackendError):
    """The batch was stopped before this task ran."""


def _transcript(backend, text: str, stop: threading.Event | None) -> Transcript:
    from smcdel_bridge.official.process import LaunchError

    if stop is not None and stop.is_set():
        return Transcript(error=Interrupted("the batch was interrupted before this call"))
    try:
        return backend.transcript(text)
    except LaunchError as err:
        return Transcript(error=err)


def _matching_prefix(transcript: Transcript, kinds: Sequence[str]) -> list[Answer]:
    """The answers whose job kinds match ``kinds`` position by position."""
    answers = []
    for job, kind in zip(transcript.jobs, kinds):
        if job.kind != kind:
            break
        answers.append(job.answer)
    return answers


def run_alone(backend, task: Task, stop: threading.Event | None = None) -> Outcome:
    """Run one task in its own call (its author's text when there is one)."""
    try:
        text = task.text if task.text is not None else _render(task.program)
    except SmcdelError as err:
        return Outcome(task.key, None, err)
    transcript = _transcript(backend, text, stop)
    if transcript.error is not None:
        return Outcome(task.key, None, transcript.error)
    if task.program is None:
        return Outcome(task.key, transcript.answers)
    kinds = [job.kind for job in task.program.jobs]
    answers = _matching_prefix(transcript, kinds)
    if len(answers) != len(kinds) or len(transcript.jobs) != len(kinds):
        return Outcome(task.key, None, BackendError(
            f"smcdel gave {len(transcript.jobs)} answer(s) for {len(kinds)} job(s)"))
    return Outcome(task.key, answers)


def run_packed(backend, tasks: Sequence[Task],
               stop: threading.Event | None = None) -> list[Outcome]:
    """Run packable ``tasks`` in one call; trace any failure to the tasks that cause it."""
    from smcdel_bridge.official.process import CallTimeout, LaunchError

    if len(tasks) == 1:
        return [run_alone(backend, tasks[0], stop)]
    combined = pack([t.program for t in tasks])
    transcript = _transcript(backend, _render(combined.program), stop)
    if isinstance(transcript.error, (LaunchError, Interrupted)):
        return [Outcome(t.key, None, transcript.error) for t in tasks]
    answers = _matching_prefix(transcript, combined.kinds)
    complete = transcript.error is None and len(transcript.jobs) == len(combined.kinds)
    outcomes: dict[int, Outcome] = {}
    unresolved: list[int] = []
    for i, (task, part) in enumerate(zip(tasks, combined.split(answers))):
        if part is not None and (complete or transcript.error is not None):
            outcomes[i] = Outcome(task.key, part)
        else:
            unresolved.append(i)
    if unresolved:
        rest = [tasks[i] for i in unresolved]
        if isinstance(transcript.error, CallTimeout) or len(rest) == 1:
            retried = [run_alone(backend, t, stop) for t in rest]
        else:
            half = len(rest) // 2
            retried = run_packed(backend, rest[:half], stop) + run_packed(backend, rest[half:], stop)
        outcomes.update(zip(unresolved, retried))
    return [outcomes[i] for i in range(len(tasks))]


# -- planning calls ---------------------------------------------------------------------

def plan_calls(
    tasks: Iterable[Task], pack_size: int, max_atoms: int
) -> Iterator[tuple[bool, list[tuple[int, Task]]]]:
    """Group numbered tasks into calls: ``(packed, [(index, task), …])``.

    Packable tasks are gathered until ``pack_size`` tasks or ``max_atoms`` atoms; the
    others go alone at once.
    """
    buffer: list[tuple[int, Task]] = []
    atoms = 0
    for index, task in enumerate(tasks):
        if task.program is None or unpackable_reason(task.program) is not None:
            yield False, [(index, task)]
            continue
        size = atom_count(task.program)
        if buffer and atoms + size > max_atoms:
            yield True, buffer
            buffer, atoms = [], 0
        buffer.append((index, task))
        atoms += size
        if len(buffer) >= pack_size:
            yield True, buffer
            buffer, atoms = [], 0
    if buffer:
        yield True, buffer


def _execute(backend, packed: bool, entries: list[tuple[int, Task]], stop: threading.Event):
    tasks = [t for _, t in entries]
    outcomes = run_packed(backend, tasks, stop) if packed else [run_alone(backend, tasks[0], stop)]
    return [(i, o) for (i, _), o in zip(entries, outcomes)]


def run_tasks(
    tasks: Iterable[Task],
    backend,
    *,
    ordered: bool = True,
    workers: int | None = None,
) -> Iterator[Outcome]:
    """Answer ``tasks`` with ``backend`` (an :class:`~.official.OfficialBackend`).

    Yields one :class:`Outcome` per task, in input order (``ordered=True``) or as calls
    complete.  Reads ``tasks`` lazily and keeps at most about ``2 × workers`` calls in
    flight, so large batches stream.
    """
    from smcdel_bridge.official.process import LIVE

    workers = workers or getattr(backend, "workers", 1) or 1
    calls = plan_calls(tasks, backend.pack_size, backend.max_atoms)
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="smcdel")
    pending: deque[Future] = deque()
    stop = threading.Event()
    ready: dict[int, Outcome] = {}
    next_index = 0
    finished = False
    try:
        exhausted = False
        while True:
            while not exhausted and len(pending) < 2 * workers:
                try:
                    packed, entries = next(calls)
                except StopIteration:
                    exhausted = True
                    break
                pending.append(pool.submit(_execute, backend, packed, entries, stop))
            if not pending:
                break
            if ordered:
                results = pending.popleft().result()
            else:
                from concurrent.futures import FIRST_COMPLETED, wait

                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                results = []
                for fut in done:
                    pending.remove(fut)
                    results.extend(fut.result())
            if not ordered:
                for _, outcome in results:
                    yield outcome
                continue
            ready.update(results)
            while next_index in ready:
                yield ready.pop(next_index)
                next_index += 1
        finished = True
    finally:
        stop.set()
        for fut in pending:
            fut.cancel()
        if not finished:  # interrupted or closed early: end the calls still running
            LIVE.kill_all()
        pool.shutdown(wait=True, cancel_futures=True)


# -- parallel maps for Python backends -------------------------------------------------

def ordered_map(
    fn: Callable[[Any], Any],
    items: Iterable[Any],
    *,
    workers: int = 1,
    processes: bool = True,
    initializer: Callable[..., None] | None = None,
    initargs: tuple = (),
) -> Iterator[Any]:
    """``map(fn, items)`` on ``workers`` processes (or threads), streaming, in order.

    With one worker, or when ``items`` holds a single element, everything runs here
    without starting a pool.  At most ``2 × workers`` items are in flight.
    """
    iterator = iter(items)
    try:
        first = next(iterator)
    except StopIteration:
        return
    try:
        second = next(iterator)
    except StopIteration:
        if initializer is not None:
            initializer(*initargs)
        yield fn(first)
        return
    if workers <= 1:
        if initializer is not None:
            initializer(*initargs)
        yield fn(first)
        yield fn(second)
        for item in iterator:
            yield fn(item)
        return
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    pool: Executor
    if processes:
        import multiprocessing

        context = multiprocessing.get_context("fork" if os.name == "posix" else "spawn")
        pool = ProcessPoolExecutor(workers, mp_context=context,
                                   initializer=initializer, initargs=initargs)
    else:
        pool = ThreadPoolExecutor(workers, initializer=initializer, initargs=initargs)
    pending: deque[Future] = deque()
    source = iter([first, second])
    try:
        for stream in (source, iterator):
            for item in stream:
                pending.append(pool.submit(fn, item))
                if len(pending) >= 2 * workers:
                    yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    finally:
        for fut in pending:
            fut.cancel()
        pool.shutdown(wait=True, cancel_futures=True)
