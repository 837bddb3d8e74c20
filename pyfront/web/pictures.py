"""Kripke pictures for the page, as SVG text.

A :class:`Picture` is what any step of any problem shows: named worlds, each agent's
edges (undirected for the partitions of public-announcement problems, arrows for the
beliefs of stories) and the actual world.  Graphviz's ``dot -Tsvg`` draws it when it is
installed; otherwise :mod:`.layout` does, so the page always has a picture.  Either way a
world is an SVG group of class ``node`` whose ``<title>`` is ``w`` + its name: the page
finds worlds by that title to highlight them.  A world removed by an earlier announcement
stays in the picture, greyed, as a group of classes ``node removed`` titled ``x`` + its
name.
"""

from __future__ import annotations

import subprocess

from ..explain.graph import agent_style, dot_tool
from .picture_model import DASHES, MAX_EDGES, MAX_WORLDS, Picture  # noqa: F401

#: seconds allowed to ``dot`` for one picture
DOT_TIMEOUT = 8



def partition_edges(blocks_by_agent) -> tuple[tuple[int, str, str], ...]:
    """Undirected edges joining the worlds of each block (no loops: every world is
    indistinguishable from itself)."""
    out = []
    for position, blocks in enumerate(blocks_by_agent):
        for block in blocks:
            for i, a in enumerate(block):
                for b in block[i + 1:]:
                    out.append((position, a, b))
    return tuple(out)


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def picture_dot(picture: Picture) -> str:
    """The picture as Graphviz DOT, in the style of ``mindgames explain --graph``."""
    kind, arrow = ("digraph", "->") if picture.directed else ("graph", "--")
    lines = [
        f"{kind} kripke {{",
        "  bgcolor=transparent; fontname=\"Helvetica\"; fontsize=13; pad=0.2;",
        "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#FFFFFF\", "
        "fontname=\"Helvetica\", fontsize=12];",
        "  edge [fontname=\"Helvetica\", fontsize=10, arrowsize=0.7];",
    ]
    live, gone = dict(picture.worlds), dict(picture.removed)
    for name in picture.order or (*live, *gone):
        if name in live:
            attrs = [f"label={_quote(live[name])}"]
            if name in picture.actual:
                attrs += ['style="rounded,filled,bold"', 'fillcolor="#FFE08A"', "peripheries=2",
                          'tooltip="the actual world"']
            else:
                attrs.append(f"tooltip={_quote(name)}")
            lines.append(f"  {_quote('w' + name)} [{', '.join(attrs)}];")
        elif name in gone:
            lines.append(f"  {_quote('x' + name)} [label={_quote(gone[name])}, class=\"removed\", "
                         "style=\"rounded,dashed\", color=\"#B8BEC8\", fontcolor=\"#A0A7B3\", "
                         "tooltip=\"removed\"];")
    shown = set(picture.edges)
    for position, a, b in picture.layout_edges:
        if (position, a, b) not in shown:
            prefix_a = "w" if a in live else "x"
            prefix_b = "w" if b in live else "x"
            lines.append(f"  {_quote(prefix_a + a)} {arrow} {_quote(prefix_b + b)} [style=invis];")
            continue
        lines.append(_edge(picture, position, a, b, arrow))
    drawn = set(picture.layout_edges)
    for position, a, b in picture.edges:
        if (position, a, b) not in drawn:
            lines.append(_edge(picture, position, a, b, arrow))
    lines.append("}")
    return "\n".join(lines) + "\n"


def _edge(picture: Picture, position: int, a: str, b: str, arrow: str) -> str:
    colour, style = agent_style(position)
    return (f"  {_quote('w' + a)} {arrow} {_quote('w' + b)} "
            f"[color={_quote(colour)}, style={style}, penwidth=1.6, "
            f"tooltip={_quote(picture.agents[position])}];")


def _strip_prologue(svg: str) -> str:
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def render_svgs(pictures: list[Picture], use_dot: bool = True) -> list[tuple[str, str]]:
    """(svg, engine) of each picture: drawn by one run of ``dot`` when it is available and
    willing, else by the built-in layout."""
    if not pictures:
        return []
    tool = dot_tool() if use_dot else None
    if tool is not None:
        try:
            proc = subprocess.run([tool, "-Tsvg"], input="".join(map(picture_dot, pictures)),
                                  capture_output=True, text=True, timeout=DOT_TIMEOUT)
        except (OSError, subprocess.TimeoutExpired):
            proc = None
        if proc is not None and proc.returncode == 0:
            svgs = [_strip_prologue(part) for part in proc.stdout.split("<?xml")
                    if "<svg" in part]
            if len(svgs) == len(pictures):
                return [(svg, "graphviz") for svg in svgs]
    from .layout import layout_svg

    return [(layout_svg(picture), "builtin") for picture in pictures]


def draw(pictures: list[Picture], use_dot: bool = True) -> list[dict]:
    """The picture part of each step: ``{"svg", "engine", "worlds"}``, or ``{"svg": None,
    "message", "worlds"}`` when the model is too large to draw."""
    drawn = iter(render_svgs([p for p in pictures if p.too_large() is None], use_dot))
    out = []
    for picture in pictures:
        why = picture.too_large()
        if why is not None:
            out.append({"svg": None, "message": why, "worlds": len(picture.worlds)})
        else:
            svg, engine = next(drawn)
            out.append({"svg": svg, "engine": engine, "worlds": len(picture.worlds)})
    return out
