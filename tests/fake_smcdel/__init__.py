"""Stand-ins for the official ``smcdel`` binary (see ``stand_in.py``).

:func:`make` writes an executable wrapper that runs ``stand_in.py`` in one of its modes
with the interpreter running the tests, so the stand-in can import the toolkit.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

STAND_IN = Path(__file__).resolve().parent / "stand_in.py"
MODES = ("replay", "embedded", "hang", "crash", "killed", "garbage", "truncated", "liar")


def make(directory: Path, mode: str = "replay", name: str | None = None,
         base: str = "replay") -> Path:
    """An executable ``directory/<name>`` behaving like ``smcdel`` in ``mode``; the fault
    modes ``truncated`` and ``liar`` start from ``base``'s answers (``replay``: recorded
    answers only; ``embedded``: the embedded engine's, for tests of mechanics)."""
    if mode not in MODES or base not in ("replay", "embedded"):
        raise ValueError(f"unknown stand-in mode {mode!r} or base {base!r}")
    if base != "replay":
        mode = f"{mode}:{base}"
    path = Path(directory) / (name or f"smcdel-{mode.replace(':', '-')}")
    path.write_text(
        "#!/bin/sh\n"
        f"exec {shlex.quote(sys.executable)} {shlex.quote(str(STAND_IN))} {mode} \"$@\"\n"
    )
    path.chmod(0o755)
    return path
