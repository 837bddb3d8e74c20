"""Limits that hold: each checked item is stopped at its time or memory limit (``check
--timeout S --max-memory SIZE``), becomes a one-line failure, and the others go on.

The embedded engines run Python and BDD code that no signal can interrupt halfway (one
call into the BDD library, or the encoding of a large puzzle, may take minutes), so the
limit is kept from outside: items are sent to forked child processes, killed at their
limit (:mod:`.children`).  Items the caller declares light (``light``: small work in
Python code alone, such as a MindGames row on the explicit engine) are answered in this
process instead, under a timer signal that stops them just as surely (:mod:`.inline`),
and runs of the other items go to children between them, in order.

Usage::

    >>> from pyfront.checking.limits import Limits, limited_map, parse_memory
    >>> parse_memory("1.5G") == 3 << 29
    True
    >>> list(limited_map(abs, [-2, 3], limits=Limits(timeout=5, memory=None),
    ...                  on_limit=lambda item, why: why))
    [2, 3]

Without ``fork`` (not POSIX) every item is answered in this process, by the same code
and within the same limits as light items (:meth:`.inline.InProcess.answer_all`); there a
single call into the BDD library is not interrupted, only the Python code around it.
Memory is read from ``/proc`` (Linux); elsewhere only time is bounded.
"""

from __future__ import annotations

import os
from itertools import islice
from typing import Any, Callable, Iterable, Iterator

from pyfront.errors import UserError
from smcdel_bridge.values import value

from .stops import UNITS, LimitExceeded, memory_text

__all__ = ["Limits", "LimitExceeded", "call_within", "default_memory", "limited_map",
           "parse_memory", "memory_text", "RUN"]

#: light items answered here between two looks at the items' kind and the memory
RUN = 32


@value(frozen=True, kw_only=True)
class Limits:
    """Seconds and bytes one item may take (None: no bound)."""

    timeout: float | None = None
    memory: int | None = None


def parse_memory(text: str) -> int | None:
    """``--max-memory``: bytes from ``500M``, ``2G``, ``1.5G`` or a plain byte count;
    ``0`` or ``none``: no bound."""
    value = text.strip().upper().removesuffix("B").removesuffix("I")
    if value in ("0", "NONE"):
        return None
    unit = value[-1:] if value[-1:] in UNITS and value[-1:] else ""
    try:
        number = float(value[: len(value) - len(unit)])
    except ValueError:
        number = float("nan")
    if not number > 0 or number == float("inf"):
        raise UserError(f"--max-memory must be a size such as 500M or 2G (0: no bound): "
                        f"got {text!r}")
    return int(number * UNITS[unit])


def default_memory(workers: int = 1) -> int | None:
    """Half of the machine's memory, shared among ``workers`` children (None when the
    machine does not say how much it has)."""
    try:
        total = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None
    return total // 2 // max(1, workers)


def limited_map(fn: Callable[[Any], Any], items: Iterable[Any], *, limits: Limits,
                on_limit: Callable[[Any, str], Any], workers: int = 1,
                initializer: Callable[..., None] | None = None, initargs: tuple = (),
                light: Callable[[Any], bool] | None = None) -> Iterator[Any]:
    """``map(fn, items)`` in ``workers`` child processes, in order, each call within
    ``limits``; a call past them yields ``on_limit(item, message)`` instead.

    ``light(item)`` true: the item is answered in this process (:mod:`.inline`), within
    the same limits, whenever no child holds an item; ``light`` must only be true of
    items whose work is small and in Python code alone.  It cannot go with an
    ``initializer``, which prepares children only."""
    if light is not None and initializer is not None:
        raise ValueError("light items run in this process, which no initializer prepares")
    if not hasattr(os, "fork"):
        yield from _here(fn, items, limits, on_limit, initializer, initargs)
        return
    pools = []  # started at the first item for children (a light run needs none)

    def pool():
        if not pools:
            from .children import ChildPool

            pools.append(ChildPool(fn, limits, workers, initializer, initargs))
        return pools[0]

    here = None
    try:
        if light is None:
            yield from pool().run(iter(items), on_limit)
        else:
            from .inline import InProcess

            here = InProcess(fn, limits, on_limit=on_limit, light=light)
            yield from _mixed(iter(items), here, pool, on_limit)
    finally:
        if pools:
            pools[0].close()
        if here is not None:
            here.close()


def call_within(fn: Callable[[], Any], limits: Limits, *, light: bool = False) -> Any:
    """``fn()`` in a child process within ``limits`` (a command's whole computation,
    writing its own output): its value, or the exception it raised, raised here again;
    :class:`LimitExceeded` (its one-line reason) past a limit.  This process waits in a
    loop that signals interrupt at once: Ctrl-C or SIGTERM stop the child within a tick.
    ``light``: the work is provably small and all Python code, and is done in this
    process, under the same limits (:mod:`.inline`), when they can be kept here.

    >>> call_within(lambda: 6 * 7, Limits(timeout=5))
    42
    """
    import pickle
    import sys

    parent = os.getpid()

    def outcome(_):
        moved = _capture(sys) if os.getpid() != parent else {}
        try:
            value = ("value", fn())
            for stream in (sys.stdout, sys.stderr):  # (the child ends without flushing)
                stream.flush()
        except Exception as err:  # noqa: BLE001 - raised again in the parent
            value = ("raised", err)
        try:
            pickle.dumps(value)
        except Exception:  # noqa: BLE001 - (an exception that cannot travel)
            from .stops import failure_message

            value = ("raised", RuntimeError(failure_message(value[1])))
        texts = {}
        for name, stream in moved.items():
            texts[name] = getattr(sys, name).getvalue()
            setattr(sys, name, stream)
        return (*value, texts)

    def on_limit(item, why):
        return "limit", why, {}

    done = []
    if light and hasattr(os, "fork"):
        from .inline import InProcess

        here = InProcess(outcome, limits, on_limit=on_limit, light=lambda item: True)
        try:
            done = here.answer_run([None])
        finally:
            here.close()
    if not done:
        done = list(limited_map(outcome, [None], limits=limits, on_limit=on_limit))
    (kind, payload, texts), = done
    for name, text in texts.items():  # written by the child into streams of this one
        getattr(sys, name).write(text)
    if kind == "value":
        return payload
    if kind == "raised":
        raise payload
    raise LimitExceeded(payload)


def _capture(sys) -> dict:
    """In a child process: ``sys.stdout`` and ``sys.stderr`` that are not files (a test's
    capture, an embedding program's buffer) replaced by ``io.StringIO``, whose text goes
    back to the parent with the answer; the streams replaced, by name."""
    import io

    moved = {}
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        try:
            stream.fileno()
        except (AttributeError, OSError, ValueError):
            moved[name] = stream
            setattr(sys, name, io.StringIO())
    return moved


def _mixed(items: Iterator, here, pool, on_limit) -> Iterator[Any]:
    """Runs of light items answered here; from the first other item on, children take
    the items until they are all answered and the next item is light again (``pool()``:
    the children)."""
    back: list = []  # the light item that ended the children's run

    def to_children(first: list):
        yield from first
        for item in items:
            if pool().quiet() and here.light(item):
                back.append(item)
                return
            yield item

    while True:
        run = back + list(islice(items, RUN - len(back)))
        back.clear()
        if not run:
            return
        answers = here.answer_run(run)
        yield from answers
        if len(answers) < len(run):
            yield from pool().run(to_children(run[len(answers):]), on_limit)


def _here(fn, items, limits, on_limit, initializer, initargs):
    """Every item answered in this process (no ``fork``: no child can take them)."""
    from .inline import InProcess

    if initializer is not None:
        initializer(*initargs)
    here = InProcess(fn, limits, on_limit=on_limit, light=lambda item: True)
    try:
        yield from here.answer_all(items)
    finally:
        here.close()
