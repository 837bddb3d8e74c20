"""A class picture as Graphviz DOT with every position pinned (``neato -n2``), for the
formats Graphviz writes and a browser does not need (``explain --graph DIR
--graph-format png``).  The places, outlines and routes are those of :mod:`.class_svg`;
Graphviz only paints them.

    >>> from pyfront.explain.class_picture import Axis, ClassPicture, Grid, World
    >>> grid = Grid(Axis("p", ("0", "1"), ("0", "1")), Axis("q", ("0",), ("0",)))
    >>> dot = class_dot(ClassPicture("t", ("Ann",), grid, (World("00", ("00",), (None, "0", "0")),
    ...     World("10", ("10",), (None, "1", "0"))), ((0, ("00", "10")),)))
    >>> dot.count('shape="box"'), "cannot tell apart" in dot
    (4, True)
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from .class_picture import ClassPicture, occupation, pieces
from .class_svg import (COMPACT_CLASSES, Frame, grid_place, panel_headers, piece_rect, route,
                        spanning_links)
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


#: the SVG file's extra bands (:func:`.class_svg.class_svg` with ``standalone``): the title
#: above, the legend and the note below
TITLE_BAND, LEGEND_BAND, NOTE_BAND = 28.0, 44.0, 22.0
LEGEND_TEXT = "a box holds the worlds an agent cannot tell apart:"


def _text_width(text: str, size: float, mono: bool = False) -> float:
    """How wide ``text`` is set, at most (Courier: 0.6 em a letter; Helvetica bold, as
    Graphviz draws it, up to about 0.62 em): a plaintext node is placed by its centre."""
    return len(text) * size * (0.6 if mono else 0.66)


def _start(canvas: _Canvas, x: float, y: float, text: str, size: float = 12, **attrs) -> None:
    """Text that begins at ``x``, as SVG's ``text-anchor="start"``: a node of a fixed
    width from ``x`` whose label is left-justified in it (DOT's ``\\l`` line end)."""
    width = _text_width(text, size)
    name = canvas.node(x + width / 2, y, shape="plaintext", fixedsize="true", margin="0",
                       width=f"{width / 72:.3f}", height=f"{size * 1.4 / 72:.3f}",
                       fontsize=f"{size:g}", **attrs)
    canvas.lines.append(f"  {name} [label={_q(text)[:-1]}\\l\"];")


def _headers(canvas: _Canvas, frame: Frame, dy: float) -> None:
    """Axis names and header texts of every panel, where :mod:`.class_svg` puts them."""
    grid = frame.grid
    for ox, oy, title, middle, cols, rows in panel_headers(frame):
        canvas.node(middle, oy + dy + 10, shape="plaintext", label=title, fontsize="12",
                    fontname="Helvetica-Bold", fontcolor="#333344")
        if grid.rows.title:  # Graphviz does not turn text: the name stands over the row headers
            _start(canvas, ox + 4, oy + dy + frame.top - 24, grid.rows.title,
                   fontname="Helvetica-Bold", fontcolor="#333344")
        for x, label in cols:
            canvas.node(x, oy + dy + frame.top - 12, shape="plaintext", label=label,
                        fontsize="10", fontname="Courier", fontcolor="#444455")
        for y, label in rows:
            canvas.node(ox + frame.left - 8 - _text_width(label, 10, mono=True) / 2, y + dy,
                        shape="plaintext", label=label, fontsize="10", fontname="Courier",
                        fontcolor="#444455")


def _legend(canvas: _Canvas, picture: ClassPicture, y: float) -> None:
    _start(canvas, 8, y + 10, LEGEND_TEXT, fontcolor="#555566")
    x = 8.0
    for position, agent in enumerate(picture.agents):
        colour, style = agent_style(position)
        canvas.box(x, y + 20, 30, 14, color=colour, style=f"rounded,{style}", penwidth="1.7")
        _start(canvas, x + 36, y + 27, agent, fontcolor=colour, fontname="Helvetica-Bold")
        x += 52 + len(agent) * 8.5


def class_dot(picture: ClassPicture) -> str:
    """The picture as DOT: what the SVG file shows (title, axis names, headers, classes,
    worlds, legend and note), each at its SVG place."""
    frame = Frame(picture, picture.compact)
    dy = TITLE_BAND
    height = dy + frame.height + LEGEND_BAND + (NOTE_BAND if picture.note else 0)
    canvas = _Canvas(height)
    _start(canvas, 8, 12, picture.title, size=14, fontname="Helvetica-Bold")
    live = {w.name: w.cell for w in picture.live}
    occupied = occupation(picture.grid, live)
    # as the SVG file: on a picture of dots, the classes of at most COMPACT_CLASSES worlds
    drawn = picture.classes if not picture.compact or len(live) <= COMPACT_CLASSES else ()
    for position, members in sorted(drawn, key=lambda c: (-len(c[1]), c[0])):
        colour, style = agent_style(position)
        parts = pieces(picture.grid, set(members), live, occupied)
        rects = [piece_rect(frame, p, position, len(parts) > 1) for p in parts]
        for rect, p in zip(rects, parts):
            if len(parts) == 1 or (p[1], p[3]) != (p[2], p[4]):
                x, y, w, h = rect
                canvas.box(x, y + dy, w, h, color=colour, style=f"rounded,{style}", penwidth="1.7")
        for i, j in spanning_links(rects) if len(rects) > 1 else ():
            points = route(frame, rects[i], rects[j], position)
            canvas.path([(x, y + dy) for x, y in points], colour, style)
    for world in picture.worlds:
        x, y = frame.centre(world.cell[0], *grid_place(picture.grid, world.cell))
        w, h = frame.box_w, frame.box_h
        if world.removed:
            canvas.box(x - w / 2, y + dy - h / 2, w, h, style="rounded,dashed", color="#B8BEC8",
                       fontcolor="#A0A7B3", label="\n".join(world.label))
        else:
            actual = world.name in picture.actual
            canvas.box(x - w / 2, y + dy - h / 2, w, h, style="rounded,filled,bold" if actual else
                       "rounded,filled", fillcolor="#FFE08A" if actual else "#FFFFFF",
                       peripheries="2" if actual else "1",
                       label="" if frame.compact else "\n".join(world.label))
    _headers(canvas, frame, dy)
    _legend(canvas, picture, dy + frame.height)
    if picture.note:
        _start(canvas, 8, dy + frame.height + LEGEND_BAND + 12, picture.note, fontcolor="#555566")
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
