"""One evaluation run: ask the model about every item (from the cache when it already
answered), score the replies, write ``results.jsonl``, ``metrics.json`` and ``report.md``.

``results.jsonl`` holds one line per item in item order, whatever order the replies come
in: the lines whose items are all answered are written as they arrive, and the whole file
is rewritten at the end, so an interrupted run leaves its answers behind (there and in
the cache) and the resumed run writes the same file an uninterrupted one would.
"""

from __future__ import annotations

import json
import os
import sys
import threading
from concurrent.futures import FIRST_COMPLETED, CancelledError, Future, ThreadPoolExecutor, wait
from pathlib import Path
from typing import Any, Callable, Sequence

from smcdel_bridge.values import field, value

from ..errors import UserError
from .answers import parse
from .cache import ResponseCache
from .items import EvalItem
from .models import Model, Reply, cache_key

RESULTS, METRICS, REPORT, CACHE = "results.jsonl", "metrics.json", "report.md", "cache.jsonl"


def result_record(item: EvalItem, response: str) -> dict[str, Any]:
    """One line of results.jsonl."""
    idx = parse(response, item.options, item.letters)
    rec: dict[str, Any] = {
        "id": item.id,
        "format": item.setting.format,
        "setting": item.setting.tag,
    }
    rec.update({k: v for k, v in item.meta.items()})
    rec.update({
        "prompt": item.prompt,
        "options": list(item.options),
        "response": response,
        "prediction": item.options[idx] if idx is not None else None,
        "prediction_index": idx,
        "gold": item.options[item.gold],
        "gold_index": item.gold,
        "correct": idx == item.gold,
    })
    return rec


@value
class RunOutcome:
    results: list[dict[str, Any]]
    usages: list[dict[str, int] | None]
    requests: int = 0
    from_cache: int = 0
    error: UserError | None = None
    complete: bool = True
    scored: int = field(default=0)


class _OrderedWriter:
    """Writes results.jsonl lines in item order as soon as every earlier one is known."""

    def __init__(self, path: Path, n: int):
        self.path = path
        self.slots: list[dict[str, Any] | None] = [None] * n
        self.next = 0
        self.lock = threading.Lock()
        self.fh = open(path, "w", encoding="utf-8", newline="\n")

    def put(self, index: int, record: dict[str, Any]) -> None:
        with self.lock:
            self.slots[index] = record
            if self.fh.closed:  # a reply that came in after an interruption: kept for finish()
                return
            while self.next < len(self.slots) and self.slots[self.next] is not None:
                self.fh.write(json.dumps(self.slots[self.next], ensure_ascii=False) + "\n")
                self.next += 1
            self.fh.flush()

    def finish(self) -> list[dict[str, Any]]:
        """Rewrite the file with every scored item, in order (atomically)."""
        with self.lock:
            self.fh.close()
            done = [r for r in self.slots if r is not None]
        tmp = self.path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for r in done:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        os.replace(tmp, self.path)
        return done


def run_items(items: Sequence[EvalItem], model: Model, run_dir: Path, *,
              cache_path: Path | None = None,
              on_scored: Callable[[int, int], None] | None = None,
              record: Callable[[Any, str], dict[str, Any]] = result_record) -> RunOutcome:
    """Answer and score every item (``record`` makes its results.jsonl line from the
    reply); never raises for the model's failures (they come back as ``error`` with the
    results scored before them)."""
    run_dir.mkdir(parents=True, exist_ok=True)
    cache = ResponseCache(cache_path or run_dir / CACHE) if model.cached else None
    if cache and cache.damaged:
        print(f"mindgames: note: {cache.path}: {_numbers(cache.damaged)}", file=sys.stderr)
    writer = _OrderedWriter(run_dir / RESULTS, len(items))
    usages: list[dict[str, int] | None] = [None] * len(items)
    keys = [cache_key(model, it) for it in items] if cache else []
    outcome = RunOutcome([], usages)
    todo: list[int] = []
    for i, item in enumerate(items):
        entry = cache.get(keys[i]) if cache else None
        if entry is not None:
            writer.put(i, record(item, entry["response"]))
            usages[i] = entry.get("usage")
            outcome.from_cache += 1
        else:
            todo.append(i)
    done = [outcome.from_cache]

    def finished(i: int, reply: Reply) -> None:
        if cache:
            cache.put(keys[i], reply.text, reply.usage)
        usages[i] = reply.usage
        writer.put(i, record(items[i], reply.text))
        done[0] += 1
        if on_scored:
            on_scored(done[0], len(items))

    try:
        if model.concurrency <= 1:
            for i in todo:
                reply = model.respond(items[i])
                outcome.requests += 1
                finished(i, reply)
        else:
            _concurrently(items, todo, model, finished, outcome)
    except UserError as err:
        outcome.error = err
    except BaseException:  # an interruption, or a fault: what was scored is written first
        model.close()
        writer.finish()
        if cache:
            cache.close()
        raise
    finally:
        model.close()
    outcome.results = writer.finish()
    outcome.scored = len(outcome.results)
    outcome.complete = outcome.scored == len(items)
    if cache:
        cache.close()
    return outcome


def _concurrently(items, todo, model: Model, finished, outcome: RunOutcome) -> None:
    """At most ``model.concurrency`` requests in flight; the first failure stops the
    rest (requests under way finish and are kept)."""
    pool = ThreadPoolExecutor(max_workers=model.concurrency)
    pending: dict[Future, int] = {}
    queue = list(reversed(todo))
    first_error: UserError | None = None
    try:
        while queue or pending:
            while queue and len(pending) < model.concurrency and first_error is None:
                i = queue.pop()
                pending[pool.submit(model.respond, items[i])] = i
            if not pending:
                break
            ready, _ = wait(list(pending), timeout=0.5, return_when=FIRST_COMPLETED)
            for fut in ready:
                i = pending.pop(fut)
                try:
                    reply = fut.result()
                except UserError as err:
                    if first_error is None:
                        first_error = err
                        model.close()
                    continue
                outcome.requests += 1
                finished(i, reply)
            if first_error is not None:
                queue.clear()
    except KeyboardInterrupt:
        model.close()
        pool.shutdown(wait=False, cancel_futures=True)
        _keep_under_way(pending, finished, outcome)
        raise
    pool.shutdown(wait=True)
    if first_error is not None:
        raise first_error


def _keep_under_way(pending: dict[Future, int], finished, outcome: RunOutcome) -> None:
    """Record the replies to the requests under way at an interruption: the process waits
    for their threads before it ends anyway, and a reply paid for is not asked twice."""
    for fut, i in list(pending.items()):
        try:
            reply = fut.result()
        except (CancelledError, Exception):  # noqa: BLE001 - cancelled, stopped or failed
            continue
        outcome.requests += 1
        finished(i, reply)


def _numbers(lines: list[int]) -> str:
    """``line 4 is not a cache entry, ignored`` or ``lines 2, 3, 4 (and 5 more) are …``."""
    if len(lines) == 1:
        return f"line {lines[0]} is not a cache entry, ignored"
    more = f" (and {len(lines) - 10} more)" if len(lines) > 10 else ""
    return f"lines {', '.join(map(str, lines[:10]))}{more} are not cache entries, ignored"


def progress_printer(stream=None) -> Callable[[int, int], None] | None:
    stream = stream or sys.stderr
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        stream.write(f"\reval: {done}/{total} items")
        if done == total:
            stream.write("\n")
        stream.flush()

    return show
