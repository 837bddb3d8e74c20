"""What every picture shares: each agent's colour and line style, file names, and
Graphviz's ``dot`` (found, and run on a DOT file).

Problems and puzzles are drawn by their classes (:mod:`.class_picture`), stories by their
belief arrows (:mod:`.story_graph`); both give an agent the colour and style of
:func:`agent_style`, as the web page does.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from smcdel_bridge.values import value


#: colour-blind friendly palette (Okabe-Ito), then line styles, one pair per agent
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
STYLES = ("solid", "dashed", "dotted", "bold")

#: seconds allowed to ``dot`` for one picture
RENDER_TIMEOUT = 60

#: stories with more worlds are not drawn: their belief arrows would be a tangle
MAX_PICTURE_STATES = 64


def agent_style(position: int) -> tuple[str, str]:
    """(colour, line style) of the agent at ``position``: all pairs differ up to 32 agents."""
    return COLOURS[position % len(COLOURS)], STYLES[(position // len(COLOURS) + position) % len(STYLES)]


def slug(text: str) -> str:
    """A file-name-safe version of a problem name."""
    cleaned = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")
    return cleaned or "problem"


@value(frozen=True)
class GraphFiles:
    """What :func:`write_graphs` produced."""

    dot: tuple[Path, ...]
    rendered: tuple[Path, ...]
    #: why nothing was rendered (no ``dot`` tool), or None
    note: str | None = None


def dot_tool() -> str | None:
    """Path of Graphviz's ``dot``, or None when it is not installed."""
    return shutil.which("dot")


def render_dot(path: Path, fmt: str = "svg", tool: str | None = None) -> Path:
    """Render one DOT file with Graphviz; raises RuntimeError with dot's message on failure."""
    tool = tool or dot_tool()
    if tool is None:
        raise RuntimeError("Graphviz's `dot` is not installed")
    out = path.with_suffix(f".{fmt}")
    try:
        proc = subprocess.run(
            [tool, f"-T{fmt}", str(path), "-o", str(out)],
            capture_output=True, text=True, timeout=RENDER_TIMEOUT,
        )
    except subprocess.TimeoutExpired:
        raise RuntimeError(f"{path}: dot took more than {RENDER_TIMEOUT} s") from None
    if proc.returncode != 0:
        message = (proc.stderr.strip().splitlines() or ["failed"])[0]
        raise RuntimeError(f"{path}: dot: {message}")
    return out
