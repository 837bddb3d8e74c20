"""Kripke pictures: Graphviz DOT of the model at each step, rendered by the ``dot`` tool.

A node is a state labelled with its valuation; an undirected edge joins two states an agent
cannot tell apart, in that agent's colour and line style (reflexive edges are left out, as
every state is indistinguishable from itself).  The actual state, when given, is drawn
filled with a double border.  A legend lists each agent's style.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

from .model import Frame, ProblemExplanation, State

#: colour-blind friendly palette (Okabe-Ito), then line styles, one pair per agent
COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442")
STYLES = ("solid", "dashed", "dotted", "bold")

#: seconds allowed to ``dot`` for one picture
RENDER_TIMEOUT = 60

#: models with more states are not drawn: the picture would be an unreadable tangle
#: (and its cliques of edges take Graphviz minutes)
MAX_PICTURE_STATES = 64


def agent_style(position: int) -> tuple[str, str]:
    """(colour, line style) of the agent at ``position``: all pairs differ up to 32 agents."""
    return COLOURS[position % len(COLOURS)], STYLES[(position // len(COLOURS) + position) % len(STYLES)]


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _node_id(state: State) -> str:
    return _quote("s" + state.name)


def frame_dot(frame: Frame, name: str, actual: State | None = None) -> str:
    """The DOT text of one frame."""
    lines = [
        f"graph {_quote(f'{name} step {frame.step}')} {{",
        f"  label={_quote(frame.title)};",
        "  labelloc=t; fontname=\"Helvetica\"; fontsize=14;",
        "  node [shape=box, style=\"rounded\", fontname=\"Helvetica\", fontsize=12];",
        "  edge [fontname=\"Helvetica\", fontsize=10];",
    ]
    for state in frame.states:
        attrs = [f"label={_quote(state.name + chr(10) + state.true_symbols)}"]
        if actual is not None and state.atoms == actual.atoms:
            attrs += ['style="rounded,filled,bold"', 'fillcolor="#FFE08A"', "peripheries=2",
                      'tooltip="actual state"']
        lines.append(f"  {_node_id(state)} [{', '.join(attrs)}];")
    for position, (agent, blocks) in enumerate(frame.partitions):
        colour, style = agent_style(position)
        for block in blocks:
            for a, b in combinations(block, 2):
                lines.append(
                    f"  {_node_id(a)} -- {_node_id(b)} "
                    f"[color={_quote(colour)}, style={style}, tooltip={_quote(agent)}];"
                )
    lines.extend(_legend(frame))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _legend(frame: Frame) -> list[str]:
    if not frame.partitions:
        return []
    out = [
        "  subgraph cluster_legend {",
        "    label=\"cannot tell apart\"; fontsize=11; style=\"rounded,dashed\"; color=\"#999999\";",
        "    node [shape=point, width=0.05, label=\"\"];",
    ]
    previous = None
    for position, (agent, _) in enumerate(frame.partitions):
        colour, style = agent_style(position)
        left, right = _quote(f"legend_{position}_a"), _quote(f"legend_{position}_b")
        out.append(f"    {{ rank=same; {left}; {right}; }}")
        out.append(
            f"    {left} -- {right} [color={_quote(colour)}, style={style}, "
            f"label={_quote(agent)}, fontcolor={_quote(colour)}, minlen=2];"
        )
        if previous is not None:  # keep the agents in order, top to bottom
            out.append(f"    {previous} -- {left} [style=invis];")
        previous = left
    out.append("  }")
    return out


def slug(text: str) -> str:
    """A file-name-safe version of a problem name."""
    cleaned = re.sub(r"[^A-Za-z0-9_.-]+", "-", text).strip("-.")
    return cleaned or "problem"


@dataclass(frozen=True)
class GraphFiles:
    """What :func:`write_graphs` produced."""

    dot: tuple[Path, ...]
    rendered: tuple[Path, ...]
    #: why nothing was rendered (no ``dot`` tool), or None
    note: str | None = None


def dot_tool() -> str | None:
    """Path of Graphviz's ``dot``, or None when it is not installed."""
    return shutil.which("dot")


def write_graphs(
    problem: ProblemExplanation, directory: Path, fmt: str = "svg", render: bool = True
) -> GraphFiles:
    """Write one DOT file per frame of ``problem`` into ``directory``, rendered to ``fmt``
    (``svg`` or ``png``) when Graphviz's ``dot`` is available."""
    directory.mkdir(parents=True, exist_ok=True)
    base = slug(problem.name)
    dots, skipped = [], []
    for frame in problem.frames:
        if len(frame.states) > MAX_PICTURE_STATES:
            skipped.append(frame)
            continue
        path = directory / f"{base}-step{frame.step}.dot"
        path.write_text(frame_dot(frame, problem.name, problem.actual), encoding="utf-8")
        dots.append(path)
    notes = []
    if skipped:
        steps = ", ".join(str(f.step) for f in skipped)
        notes.append(
            f"{problem.name}: step(s) {steps} not drawn: more than {MAX_PICTURE_STATES} states"
        )
    if not render or not dots:
        return GraphFiles(tuple(dots), (), "; ".join(notes) or None)
    tool = dot_tool()
    if tool is None:
        notes.append(
            "Graphviz's `dot` was not found, so only DOT files were written; install Graphviz "
            f"(Debian/Ubuntu: apt-get install graphviz) or render them elsewhere with "
            f"`dot -T{fmt} FILE.dot -o FILE.{fmt}`"
        )
        return GraphFiles(tuple(dots), (), "; ".join(notes))
    rendered = tuple(render_dot(p, fmt, tool) for p in dots)
    return GraphFiles(tuple(dots), rendered, "; ".join(notes) or None)


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
