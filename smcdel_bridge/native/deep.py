"""Running recursive evaluation on deeply nested formulas.

The engines walk formulas recursively, which is fast and clear for the formulas people
write; a formula nested thousands of levels deep (``~~~~…1``) would exceed Python's
default recursion limit.  :func:`call_deep` reruns such a computation in a helper thread
with a large stack and a raised recursion limit.
"""

from __future__ import annotations

import sys
import threading
from typing import Callable, TypeVar

T = TypeVar("T")

#: Stack of the helper thread (bytes) and the recursion limit while it runs.
STACK_SIZE = 512 * 1024 * 1024
RECURSION_LIMIT = 1_000_000

_lock = threading.Lock()


def call_deep(fn: Callable[..., T], *args) -> T:
    """``fn(*args)`` on a thread with a deep stack; returns its result or raises its error."""
    box: dict[str, object] = {}

    def target() -> None:
        try:
            box["value"] = fn(*args)
        except BaseException as err:  # handed back to the caller below
            box["error"] = err

    with _lock:
        old_limit = sys.getrecursionlimit()
        old_stack = threading.stack_size()
        try:
            threading.stack_size(STACK_SIZE)
            sys.setrecursionlimit(RECURSION_LIMIT)
            # a daemon: when Ctrl-C stops the caller, the process does not wait for it
            worker = threading.Thread(target=target, name="deep-evaluation", daemon=True)
            worker.start()
            worker.join()
        finally:
            threading.stack_size(old_stack)
            sys.setrecursionlimit(old_limit)
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]
