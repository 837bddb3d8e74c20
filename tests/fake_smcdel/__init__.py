"""Stand-ins for the official ``smcdel`` binary (see ``stand_in.py``).

:func:`make` writes an executable wrapper that runs ``stand_in.py`` in one of its modes
with the interpreter running the tests, so the stand-in can import the toolkit.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

STAND_IN = Path(__file__).resolve().parent / "stand_in.py"
MODES = ("replay", "hang", "crash", "killed", "garbage", "truncated", "liar")


def make(directory: Path, mode: str = "replay", name: str | None = None) -> Path:
    """An executable ``directory/<name>`` behaving like ``smcdel`` in ``mode``."""
    if mode not in MODES:
        raise ValueError(f"unknown stand-in mode {mode!r}")
    path = Path(directory) / (name or f"smcdel-{mode}")
    path.write_text(
        "#!/bin/sh\n"
        f"exec {shlex.quote(sys.executable)} {shlex.quote(str(STAND_IN))} {mode} \"$@\"\n"
    )
    path.chmod(0o755)
    return path
