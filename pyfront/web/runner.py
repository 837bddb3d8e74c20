"""Run checks in worker processes, each under a time and memory limit, with a cache.

A check is CPU work that can take long (a large model) or forever (a hostile input), and
Python threads cannot be stopped: so each check runs in its own process, forked from a
fork server that has the toolkit imported, and is killed when its time is up.  (Not
:func:`pyfront.checking.limits.call_within`, which forks the command's own process: the
server has threads, and a fork copies their locks as they happen to be held.)  At most
``workers`` checks run at once; the others wait their turn (up to ``queue_limit``
seconds).  Identical requests arriving together share one check, and recent answers are
kept (at most ``cache_size`` of them and ``cache_bytes`` in all: one answer with pictures
of a large model is megabytes), so fifty readers of one example cost one check.  A story
marks how far it has got in a word the worker shares with the server
(:mod:`pyfront.checking.marks`), so a story stopped at the limit is reported with the event
it was at.
"""

from __future__ import annotations

import multiprocessing
import pickle
import struct
import threading
from collections import OrderedDict
from concurrent.futures import Future
from typing import Any, Hashable


def _child(conn, payload: dict, memory_limit: int | None, shared=None) -> None:
    from .tasks import run_task

    if shared is not None:  # how far a story has got (read by the parent if it is stopped)
        from ..checking import marks

        marks.attach(shared, 0)

    if memory_limit:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (memory_limit, memory_limit))
    try:
        result = run_task(**payload)
    except MemoryError:
        result = failure("the check needed more than "
                         f"{(memory_limit or 0) >> 20} MiB of memory and was stopped; "
                         "try a smaller problem")
    except BaseException as err:  # noqa: BLE001 - the parent gets one line, never a trace
        result = {"ok": False, "error": {"message": f"internal error: {type(err).__name__}",
                                         "line": None, "column": None,
                                         "text": f"internal error: {type(err).__name__}"}}
    try:  # as bytes: the parent weighs the answer before it keeps it
        conn.send_bytes(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
    finally:
        conn.close()


def failure(message: str, line: int | None = None) -> dict:
    return {"ok": False, "error": {"message": message, "line": line, "column": None,
                                   "text": message}}


def timed_out(limit: float, source, word: int) -> dict:
    """The answer for a check stopped at the time limit: with the story it was in and how
    far that story got, when its mark (``word``, :mod:`pyfront.checking.marks`) says, the
    line of the event it was at marked in the editor."""
    from ..checking import marks

    said = f"the check took more than {limit:g} s and was stopped"
    mark, line = marks.split(word)
    got = None
    if line and isinstance(source, str):
        from ..data.story_stops import story_where
        from ..story.dsl import parse_document

        try:  # (read once already by the check, so no new error)
            got = story_where(parse_document(source), line, mark)
        except Exception:  # noqa: BLE001 - the plain message then
            got = None
    if got is None:
        return failure(said + "; try a smaller problem")
    story, how, at = got
    return failure(f"{said} in story {story.name}{how}; try a smaller story", at)


class Runner:
    """Time-limited checks in worker processes, shared and cached by request."""

    def __init__(self, workers: int = 2, time_limit: float = 10.0, queue_limit: float = 60.0,
                 cache_size: int = 256, memory_limit: int | None = 3 << 30,
                 cache_bytes: int = 64 << 20):
        self.time_limit = time_limit
        self.memory_limit = memory_limit
        self.queue_limit = queue_limit
        self._context = multiprocessing.get_context("forkserver")
        self._context.set_forkserver_preload(["pyfront.web.preload"])
        self._slots = threading.BoundedSemaphore(workers)
        self._lock = threading.Lock()
        self._cache: OrderedDict[Hashable, tuple[dict, int]] = OrderedDict()
        self._cache_size = cache_size
        self._cache_bytes = cache_bytes
        self._cached_bytes = 0
        self._running: dict[Hashable, Future] = {}
        self._children: set = set()

    def run(self, key: Hashable, payload: dict[str, Any]) -> dict:
        """The result of ``tasks.run_task(**payload)`` for this key."""
        with self._lock:
            if key in self._cache:
                self._cache.move_to_end(key)
                return self._cache[key][0]
            future = self._running.get(key)
            leader = future is None
            if leader:
                future = self._running[key] = Future()
        if not leader:
            return future.result()
        try:
            result, size = self._compute(payload)
        except BaseException as err:  # noqa: BLE001
            result, size = failure(f"the check failed: {type(err).__name__}"), None
        with self._lock:
            del self._running[key]
            if size is not None and size <= self._cache_bytes:
                self._cache[key] = (result, size)
                self._cached_bytes += size
                while len(self._cache) > self._cache_size or \
                        self._cached_bytes > self._cache_bytes:
                    self._cached_bytes -= self._cache.popitem(last=False)[1][1]
        future.set_result(result)
        return result

    def cached_bytes(self) -> int:
        """The size of the answers kept (pickled), at most ``cache_bytes``."""
        with self._lock:
            return self._cached_bytes

    def _compute(self, payload: dict) -> tuple[dict, int | None]:
        """(the answer, its size when it may be kept, else None)."""
        if not self._slots.acquire(timeout=self.queue_limit):
            return failure(f"the server is busy: no worker was free within "
                           f"{self.queue_limit:g} s; try again"), None
        try:
            return self._in_child(payload)
        finally:
            self._slots.release()

    def _in_child(self, payload: dict) -> tuple[dict, int | None]:
        receive, send = self._context.Pipe(duplex=False)
        shared = self._context.RawArray("b", 8)  # the child's mark (pyfront.checking.marks)
        process = self._context.Process(target=_child, daemon=True,
                                        args=(send, payload, self.memory_limit, shared))
        process.start()
        send.close()
        with self._lock:
            self._children.add(process)
        try:
            if receive.poll(self.time_limit):
                try:
                    data = receive.recv_bytes()
                except EOFError:
                    return failure("the check stopped without an answer (out of memory?)"), None
                return pickle.loads(data), len(data)
            process.kill()
            word = struct.unpack("<q", bytes(shared))[0]
            return timed_out(self.time_limit, payload.get("source"), word), None
        finally:
            receive.close()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(1)
            with self._lock:
                self._children.discard(process)

    def warm_up(self) -> None:
        """Start the fork server now, so that the first reader does not wait for it."""
        self._in_child({"source": "", "use_dot": False})

    def close(self) -> None:
        with self._lock:
            children = list(self._children)
        for process in children:
            if process.is_alive():
                process.kill()
