"""A class picture as Graphviz DOT with every position pinned (``neato -n2``), for the
formats Graphviz writes and a browser does not need (``explain --graph DIR
--graph-format png``).  The places, outlines and routes are those of :mod:`.class_svg`;
Graphviz only paints them.

    >>> from pyfront.explain.class_picture import Axis, ClassPicture, Grid, World
    >>> grid = Grid(Axis("p", ("0", "1"), ("0", "1")), Axis("q", ("0",), ("0",)))
    >>> dot = class_dot(ClassPicture("t", ("Ann",), grid, (World("00", ("00",), (None, "0", "0")),
    ...     World("10", ("10",), (None, "1", "0"))), ((0, ("00", "10")),)))
    >>> dot.count("shape=box")
    3
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from .class_picture import ClassPicture, occupation, pieces
from .class_svg import Frame, grid_place, piece_rect, route, spanning_links
from .graph import RENDER_TIMEOUT, agent_style, dot_tool


def _q(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


class _Canvas:
    def __init__(self, height: float):
        self.height = height
        self.lines: list[str] = []
        self.count = 0

    def node(self, x: float, y: float, **attrs) -> str:
        self.count += 1
        name = f"n{self.count}"
        attrs.setdefault("label", "")
        text = ", ".join(f"{k}={_q(str(v))}" for k, v in attrs.items())
        self.lines.append(f'  {name} [pos="{x:.1f},{self.height - y:.1f}!", {text}];')
        return name

    def box(self, x, y, w, h, **attrs) -> str:
        return self.node(x + w / 2, y + h / 2, shape="box", fixedsize="true",
                         width=f"{w / 72:.3f}", height=f"{h / 72:.3f}", **attrs)

    def path(self, points, colour: str, style: str) -> None:
        names = [self.node(x, y, shape="point", width="0.01", style="invis") for x, y in points]
        for a, b in zip(names, names[1:]):
            self.lines.append(f"  {a} -- {b} [color={_q(colour)}, style={style}, penwidth=1.8];")


def class_dot(picture: ClassPicture) -> str:
    frame = Frame(picture, picture.compact)
    canvas = _Canvas(frame.height + 30)
    canvas.node(frame.width / 2, 10, shape="plaintext", label=picture.title, fontsize="14",
                fontname="Helvetica-Bold")
    live = {w.name: w.cell for w in picture.live}
    occupied = occupation(picture.grid, live)
    for position, members in sorted(picture.classes, key=lambda c: (-len(c[1]), c[0])):
        colour, style = agent_style(position)
        parts = pieces(picture.grid, set(members), live, occupied)
        rects = [piece_rect(frame, p, position, len(parts) > 1) for p in parts]
        for rect, p in zip(rects, parts):
            if len(parts) == 1 or (p[1], p[3]) != (p[2], p[4]):
                canvas.box(*rect, color=colour, style=f"rounded,{style}", penwidth="1.7")
        for i, j in spanning_links(rects) if len(rects) > 1 else ():
            canvas.path(route(frame, rects[i], rects[j], position), colour, style)
    for world in picture.worlds:
        x, y = frame.centre(world.cell[0], *grid_place(picture.grid, world.cell))
        w, h = frame.box_w, frame.box_h
        if world.removed:
            canvas.box(x - w / 2, y - h / 2, w, h, style="rounded,dashed", color="#B8BEC8",
                       fontcolor="#A0A7B3", label="\n".join(world.label))
        else:
            actual = world.name in picture.actual
            canvas.box(x - w / 2, y - h / 2, w, h, style="rounded,filled,bold" if actual else
                       "rounded,filled", fillcolor="#FFE08A" if actual else "#FFFFFF",
                       peripheries="2" if actual else "1",
                       label="" if frame.compact else "\n".join(world.label))
    first = None if picture.grid.groups is None else picture.grid.groups.keys[0]
    for c, label in enumerate(picture.grid.cols.labels):
        x, _ = frame.centre(first, 0, c)
        canvas.node(x, 30, shape="plaintext", label=label, fontsize="10", fontname="Courier")
    for r, label in enumerate(picture.grid.rows.labels):
        _, y = frame.centre(first, r, 0)
        canvas.node(frame.left / 2, y, shape="plaintext", label=label, fontsize="10",
                    fontname="Courier")
    head = ['graph classes {', '  bgcolor=white; pad=0.2; splines=false; outputorder=nodesfirst;',
            '  node [fontname="Helvetica", fontsize=12];']
    return "\n".join(head + canvas.lines + ["}"]) + "\n"


def render_class_png(picture: ClassPicture, path: Path) -> Path:
    """Write the picture as PNG with Graphviz; RuntimeError when it is not installed or fails."""
    tool = dot_tool()
    if tool is None:
        raise RuntimeError("Graphviz's `dot` is not installed: PNG pictures need it "
                           "(SVG pictures do not: --graph-format svg)")
    neato = str(Path(tool).with_name("neato"))
    try:
        proc = subprocess.run([neato, "-n2", "-Tpng", "-o", str(path)], input=class_dot(picture),
                              capture_output=True, text=True, timeout=RENDER_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as err:
        raise RuntimeError(f"{path}: neato failed: {type(err).__name__}") from None
    if proc.returncode != 0:
        raise RuntimeError(f"{path}: neato: {(proc.stderr.strip().splitlines() or ['failed'])[0]}")
    return path
