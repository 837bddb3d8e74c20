"""Draw a :class:`.class_picture.ClassPicture` as SVG text.

Worlds are boxes (or dots, when there are many) in the cells of their grid, with the row
and column headers of a table; each agent's class of two or more worlds is an outline in
that agent's colour and line style, set a little further out for each agent so that
outlines of different agents never coincide.  A class that is not a block of the grid is
drawn as several outlines joined by lines.  The page finds a world by its group's
``<title>`` (``w`` + name; ``x`` + name for a removed one) and a class by its group's
``data-agent`` and ``data-worlds``.

    >>> from pyfront.explain.class_picture import Axis, ClassPicture, Grid, World
    >>> grid = Grid(Axis("p", ("0", "1"), ("0", "1")), Axis("q", ("0",), ("0",)))
    >>> picture = ClassPicture("t", ("Ann",), grid, (World("00", ("00",), (None, "0", "0")),
    ...     World("10", ("10",), (None, "1", "0"))), ((0, ("00", "10")),))
    >>> svg = class_svg(picture)
    >>> svg.count('class="node"'), svg.count('class="cls"')
    (2, 1)
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape, quoteattr

from .class_picture import ClassPicture, Grid, occupation, pieces
from .graph import agent_style

CHAR_W, LINE_H, PAD_X, PAD_Y = 7.0, 14.5, 9.0, 6.0
#: how far the first agent's outline stands off a box, and how much further each next one
OUTLINE_PAD, OUTLINE_STEP = 5.0, 5.0
DASHES = {"solid": "", "dashed": "7,4", "dotted": "2,3", "bold": ""}
FONT = 'font-family="Helvetica,Arial,sans-serif"'
HEADER_FONT = 'font-family="DejaVu Sans Mono,Menlo,monospace"'
#: most live worlds whose classes are drawn on a picture of dots
COMPACT_CLASSES = 900


class Frame:
    """Where each cell of the grid is, for one picture."""

    def __init__(self, picture: ClassPicture, compact: bool):
        grid = picture.grid
        self.grid = grid
        n_agents = max(1, len(picture.agents))
        if compact:
            step = 9.0 if max(len(grid.rows.keys), len(grid.cols.keys)) <= 80 else 6.0
            self.box_w = self.box_h = step * 0.62
            self.cell_w = self.cell_h = step
        else:
            labels = [w.label for w in picture.worlds] or [("",)]
            self.box_w = max(len(line) for label in labels for line in label) * CHAR_W + 2 * PAD_X
            self.box_h = max(len(label) for label in labels) * LINE_H + 2 * PAD_Y
            gap = 2 * (OUTLINE_PAD + OUTLINE_STEP * (n_agents - 1)) + 10
            self.cell_w, self.cell_h = self.box_w + gap, self.box_h + gap
        self.compact = compact
        row_text = max((len(x) for x in grid.rows.labels), default=1)
        self.left = max(row_text * 7.0 + 14, 24.0) + (18 if grid.rows.title else 0)
        self.top = 44.0 if not compact else 40.0
        groups = grid.groups.keys if grid.groups else (None,)
        self.panel_w = self.left + len(grid.cols.keys) * self.cell_w + 18
        self.panel_h = self.top + len(grid.rows.keys) * self.cell_h + 12
        per_row = max(1, min(len(groups), int(1500 // self.panel_w) or 1))
        self.origin = {g: ((i % per_row) * self.panel_w, (i // per_row) * self.panel_h)
                       for i, g in enumerate(groups)}
        self.width = per_row * self.panel_w
        self.height = math.ceil(len(groups) / per_row) * self.panel_h

    def centre(self, group, row: int, col: int) -> tuple[float, float]:
        ox, oy = self.origin[group]
        return (ox + self.left + col * self.cell_w + self.cell_w / 2,
                oy + self.top + row * self.cell_h + self.cell_h / 2)


def _text(x: float, y: float, text: str, extra: str = "", anchor: str = "middle") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" {FONT} font-size="12"'
            f'{extra}>{escape(text)}</text>')


def panel_headers(frame: Frame):
    """Per panel, what its headers say and where (one layout for the SVG and the PNG):
    ``(ox, oy, title, middle, col_ticks, row_ticks)``, the ticks as ``(x or y, label)``
    of the labels shown (every ``tick_step``-th)."""
    grid = frame.grid
    groups = grid.groups.keys if grid.groups else (None,)
    col_step = tick_step(frame, grid.cols.labels, frame.cell_w)
    row_step = tick_step(frame, grid.rows.labels, frame.cell_h, vertical=True)
    for gi, group in enumerate(groups):
        ox, oy = frame.origin[group]
        title = grid.cols.title
        if grid.groups is not None:
            title = f"{grid.groups.labels[gi]}    " + title
        middle = ox + frame.left + len(grid.cols.keys) * frame.cell_w / 2
        cols = [(frame.centre(group, 0, c)[0], label)
                for c, label in enumerate(grid.cols.labels) if c % col_step == 0]
        rows = [(frame.centre(group, r, 0)[1], label)
                for r, label in enumerate(grid.rows.labels) if r % row_step == 0]
        yield ox, oy, title, middle, cols, rows


def _headers(frame: Frame) -> list[str]:
    grid = frame.grid
    out = []
    for ox, oy, title, middle, cols, rows in panel_headers(frame):
        out.append(f'<text x="{middle:.1f}" y="{oy + 14:.1f}" text-anchor="middle" {FONT} '
                   f'font-size="12" font-weight="bold" fill="#334">{escape(title)}</text>')
        if grid.rows.title:
            y = oy + frame.top + len(grid.rows.keys) * frame.cell_h / 2
            out.append(f'<text x="{ox + 13:.1f}" y="{y:.1f}" text-anchor="middle" '
                       f'transform="rotate(-90 {ox + 13:.1f} {y:.1f})" {FONT} font-size="12" '
                       f'font-weight="bold" fill="#334">{escape(grid.rows.title)}</text>')
        for x, label in cols:
            out.append(f'<text x="{x:.1f}" y="{oy + frame.top - 8:.1f}" text-anchor="middle" '
                       f'{HEADER_FONT} font-size="11" fill="#445">{escape(label)}</text>')
        for y, label in rows:
            out.append(f'<text x="{ox + frame.left - 8:.1f}" y="{y + 4:.1f}" text-anchor="end" '
                       f'{HEADER_FONT} font-size="11" fill="#445">{escape(label)}</text>')
    return out


def tick_step(frame: Frame, labels, room: float, vertical: bool = False) -> int:
    """Label every k-th header so that labels do not run into each other."""
    need = 13.0 if vertical else max((len(x) for x in labels), default=1) * 6.8 + 6
    return max(1, math.ceil(need / room))


def outline_pad(position: int) -> float:
    return OUTLINE_PAD + OUTLINE_STEP * position


def piece_rect(frame: Frame, piece, position: int,
                several: bool = False) -> tuple[float, float, float, float]:
    group, r0, r1, c0, c1 = piece
    x0, y0 = frame.centre(group, r0, c0)
    x1, y1 = frame.centre(group, r1, c1)
    pad = outline_pad(position) if not frame.compact else 2.0 + 1.5 * position
    if several and (r0, c0) == (r1, c1):
        pad = 0.0  # joined at the box itself
    return (x0 - frame.box_w / 2 - pad, y0 - frame.box_h / 2 - pad,
            x1 - x0 + frame.box_w + 2 * pad, y1 - y0 + frame.box_h + 2 * pad)


def spanning_links(rects: list) -> list[tuple[int, int]]:
    """The pairs of a minimum spanning tree over the rectangles' centres (Prim)."""
    centres = [(x + w / 2, y + h / 2) for x, y, w, h in rects]
    inside, out = {0}, []
    while len(inside) < len(rects):
        i, j = min(((i, j) for i in inside for j in range(len(rects)) if j not in inside),
                   key=lambda p: math.dist(centres[p[0]], centres[p[1]]))
        inside.add(j)
        out.append((i, j))
    return out


def _outline(frame: Frame, picture: ClassPicture, position: int, members: tuple[str, ...],
             cells: dict, occupied: dict) -> list[str]:
    colour, style = agent_style(position)
    dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
    width = 2.6 if style == "bold" else 1.7
    agent = picture.agents[position]
    names = " ".join(members)
    out = [f'<g class="cls" data-agent="{position}" data-worlds={quoteattr(names)}>'
           f"<title>{escape(agent)} cannot tell apart {escape(', '.join(members))}</title>"]
    if frame.compact:
        points = sorted((frame.grid.index(cells[m]), m) for m in members)
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in
                        (frame.centre(cells[m][0], *grid_place(frame.grid, cells[m])) for _, m in points))
        out.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                   f'stroke-width="1.2" stroke-opacity="0.6"{dash}/>')
        out.append("</g>")
        return out
    parts = pieces(frame.grid, set(members), cells, occupied)
    # a class in several pieces: a piece of one world is joined by lines from its own
    # box (an outline around one world would read as a class of one)
    rects = [piece_rect(frame, p, position, len(parts) > 1) for p in parts]
    for (x, y, w, h), p in zip(rects, parts):
        if len(parts) > 1 and p[1] == p[2] and p[3] == p[4]:
            continue
        out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="11" '
                   f'fill="{colour}" fill-opacity="0.05" stroke="{colour}" '
                   f'stroke-width="{width}"{dash}/>')
    for i, j in spanning_links(rects) if len(rects) > 1 else ():
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in route(frame, rects[i], rects[j], position))
        out.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                   f'stroke-width="{width + 0.4:.1f}" stroke-linejoin="round"{dash}/>')
    out.append("</g>")
    return out


def grid_place(grid: Grid, cell) -> tuple[int, int]:
    _, r, c = grid.index(cell)
    return r, c


def route(frame: Frame, a, b, position: int) -> list[tuple[float, float]]:
    """A path from outline a to outline b along the gaps between the cells (never over a
    world): out of a into the row gap on b's side, along it, through the column gap next
    to b to b's row gap, along it, into b.  Each agent keeps to its own lane of the gaps."""
    lane = 2.5 * position
    ax, ay, aw, ah = a
    bx, by, bw, bh = b

    def pad(size: float, box: float, cell: float) -> float:  # how far it stands off its boxes
        return (size - box - math.floor((size - box) / cell + 1e-6) * cell) / 2

    half_h, half_w = (frame.cell_h - frame.box_h) / 2, (frame.cell_w - frame.box_w) / 2
    a_gap = half_h - pad(ah, frame.box_h, frame.cell_h) + lane
    b_gap = half_h - pad(bh, frame.box_h, frame.cell_h) + lane
    b_side = half_w - pad(bw, frame.box_w, frame.cell_w) + lane
    a_mid, b_mid = ax + aw / 2, bx + bw / 2
    same_rows = abs((by + bh / 2) - (ay + ah / 2)) < 1
    below = by + bh / 2 >= ay + ah / 2
    h_a = ay + ah + a_gap if below else ay - a_gap
    start = (a_mid, ay + ah if below else ay)
    if same_rows:
        return [start, (a_mid, h_a), (b_mid, h_a), (b_mid, by + bh)]
    h_b = by - b_gap if below else by + bh + b_gap
    v = bx - b_side if b_mid >= a_mid else bx + bw + b_side
    return [start, (a_mid, h_a), (v, h_a), (v, h_b), (b_mid, h_b), (b_mid, by if below else by + bh)]


def _world(frame: Frame, picture: ClassPicture, world) -> list[str]:
    x, y = frame.centre(world.cell[0], *grid_place(frame.grid, world.cell))
    w, h = frame.box_w, frame.box_h
    actual = world.name in picture.actual
    if world.removed:
        head = f'<g class="node removed"><title>x{escape(world.name)}</title>'
        if frame.compact:
            return [head, f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{w / 2:.1f}" fill="none" '
                          'stroke="#C5CAD3" stroke-width="0.8"/>', "</g>"]
        out = [head, f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" '
                     f'height="{h:.1f}" rx="6" fill="none" stroke="#B8BEC8" stroke-dasharray="4,3"/>']
        out += _label(x, y, world.label, ' fill="#A0A7B3"')
        return out + ["</g>"]
    fill = "#FFE08A" if actual else "#FFFFFF"
    out = [f'<g class="node"><title>w{escape(world.name)}</title>']
    if frame.compact:
        if actual:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{w:.1f}" fill="none" stroke="#000"/>')
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{w / 2:.1f}" fill="{"#E0A800" if actual else "#1d2433"}"/>')
        return out + ["</g>"]
    if actual:
        out.append(f'<rect x="{x - w / 2 - 4:.1f}" y="{y - h / 2 - 4:.1f}" width="{w + 8:.1f}" '
                   f'height="{h + 8:.1f}" rx="9" fill="none" stroke="#000" stroke-width="1"/>')
    out.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
               f'rx="6" fill="{fill}" stroke="#000" stroke-width="{2 if actual else 1}"/>')
    out += _label(x, y, world.label)
    return out + ["</g>"]


def _label(x: float, y: float, lines, extra: str = "") -> list[str]:
    return [_text(x, y - (len(lines) - 1) * LINE_H / 2 + i * LINE_H + 4, line, extra)
            for i, line in enumerate(lines)]


def _legend(picture: ClassPicture, y: float) -> list[str]:
    out = [_text(8, y + 12, "a box holds the worlds an agent cannot tell apart:", ' fill="#556"',
                 anchor="start")]
    x = 8.0
    for position, agent in enumerate(picture.agents):
        colour, style = agent_style(position)
        dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
        out.append(f'<rect x="{x:.1f}" y="{y + 20:.1f}" width="30" height="14" rx="5" fill="{colour}" '
                   f'fill-opacity="0.05" stroke="{colour}" stroke-width="1.7"{dash}/>')
        out.append(_text(x + 36, y + 31, agent, f' fill="{colour}" font-weight="bold"', anchor="start"))
        x += 52 + len(agent) * 8.5
    return out


def class_svg(picture: ClassPicture, standalone: bool = False) -> str:
    """The picture as an SVG document; ``standalone`` adds its title and a legend (for
    files, where no page says what the outlines mean)."""
    frame = Frame(picture, picture.compact)
    cells = {w.name: w.cell for w in picture.worlds}
    live_cells = {w.name: w.cell for w in picture.live}
    occupied = occupation(picture.grid, live_cells)
    body = _headers(frame)
    drawn = picture.classes if not picture.compact or len(live_cells) <= COMPACT_CLASSES else ()
    # the widest classes first, so that small ones stay on top
    for position, members in sorted(drawn, key=lambda c: (-len(c[1]), c[0])):
        body += _outline(frame, picture, position, members, live_cells, occupied)
    for world in sorted(picture.worlds, key=lambda w: not w.removed):
        body += _world(frame, picture, world)
    del cells
    top, height = 0.0, frame.height
    if standalone:
        top = -28.0
        body.insert(0, f'<text x="8" y="-10" {FONT} font-size="14" font-weight="bold">'
                       f"{escape(picture.title)}</text>")
        body += _legend(picture, frame.height)
        height += 28 + 44
    if picture.note:
        body.append(_text(8, top + height + 14, picture.note, ' fill="#556"', anchor="start"))
        height += 22
    width = max(frame.width, 420.0 if standalone else 0.0)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}pt" height="{height:.0f}pt" '
            f'viewBox="0 {top:.1f} {width:.1f} {height:.1f}" class="class-picture">')
    return "\n".join([head, *body, "</svg>"]) + "\n"
