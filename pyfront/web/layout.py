"""A small SVG layout of Kripke pictures for machines without Graphviz.

Worlds named by rows of 0/1 go on a grid whose rows and columns follow a Gray code of the
two halves of the row, so that worlds differing in one proposition (the usual edges of an
agent who cannot see it) sit side by side; other worlds go on a circle.  Edges are straight
(arcs when two agents join the same pair), loops are small circles, arrows end at the box.
"""

from __future__ import annotations

import math
from xml.sax.saxutils import escape

from ..explain.graph import agent_style
from .picture_model import DASHES, Picture

CHAR_W, LINE_H, PAD_X, PAD_Y = 7.2, 15.0, 10.0, 7.0
GAP_X, GAP_Y, MARGIN = 46.0, 54.0, 24.0


def _gray(n: int) -> list[str]:
    if n == 0:
        return [""]
    rest = _gray(n - 1)
    return ["0" + c for c in rest] + ["1" + c for c in reversed(rest)]


def _box(label: str) -> tuple[float, float]:
    lines = label.split("\n")
    return (max(len(s) for s in lines) * CHAR_W + 2 * PAD_X, len(lines) * LINE_H + 2 * PAD_Y)


def _positions(picture: Picture) -> dict[str, tuple[float, float]]:
    names = [n for n, _ in (*picture.worlds, *picture.removed)]
    sizes = {n: _box(label) for n, label in (*picture.worlds, *picture.removed)}
    cell_w = max(w for w, _ in sizes.values()) + GAP_X
    cell_h = max(h for _, h in sizes.values()) + GAP_Y
    width = len(names[0]) if names else 0
    if names and all(len(n) == width and set(n) <= {"0", "1"} for n in names) and width <= 12:
        rows_bits, cols_bits = width // 2, width - width // 2
        rows = [r for r in _gray(rows_bits) if any(n.startswith(r) for n in names)]
        cols = [c for c in _gray(cols_bits) if any(n.endswith(c) for n in names)]
        return {n: (cols.index(n[rows_bits:]) * cell_w + cell_w / 2,
                    rows.index(n[:rows_bits]) * cell_h + cell_h / 2) for n in names}
    if len(names) <= 3:
        return {n: (i * cell_w + cell_w / 2, cell_h / 2) for i, n in enumerate(names)}
    radius = max(cell_w, cell_h) * len(names) / (2 * math.pi) * 0.9
    return {n: (radius + cell_w / 2 + radius * math.cos(2 * math.pi * i / len(names) - math.pi / 2),
                radius + cell_h / 2 + radius * math.sin(2 * math.pi * i / len(names) - math.pi / 2))
            for i, n in enumerate(names)}


def _clip(x0, y0, x1, y1, w, h) -> tuple[float, float]:
    """Where the segment from the box centre (x1, y1) towards (x0, y0) leaves the box."""
    dx, dy = x0 - x1, y0 - y1
    if dx == 0 and dy == 0:
        return x1, y1
    t = min((w / 2) / abs(dx) if dx else math.inf, (h / 2) / abs(dy) if dy else math.inf)
    return x1 + dx * t, y1 + dy * t


def _crosses(p0, control, p1, others) -> bool:
    """Whether the quadratic curve p0 -> p1 (through ``control``) passes over a box."""
    for i in range(1, 20):
        s = i / 20
        x = (1 - s) ** 2 * p0[0] + 2 * (1 - s) * s * control[0] + s ** 2 * p1[0]
        y = (1 - s) ** 2 * p0[1] + 2 * (1 - s) * s * control[1] + s ** 2 * p1[1]
        for (cx, cy), (w, h) in others:
            if abs(x - cx) < w / 2 + 4 and abs(y - cy) < h / 2 + 4:
                return True
    return False


def _bend_around(p0, p1, others) -> float:
    """How far to bend the edge p0 -p1 sideways so that it passes over no other world:
    0 (straight) when it can, else the smallest bend that works on either side."""
    length = math.hypot(p1[0] - p0[0], p1[1] - p0[1]) or 1
    nx, ny = -(p1[1] - p0[1]) / length, (p1[0] - p0[0]) / length
    mid = ((p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2)
    for bend in (0, 30, -30, 60, -60, 95, -95, 130, -130, 180, -180):
        # the control point sits at twice the curve's distance from the chord
        control = (mid[0] + nx * bend * 2, mid[1] + ny * bend * 2)
        if not _crosses(p0, control, p1, others):
            return bend * 2
    return 60.0


def layout_svg(picture: Picture) -> str:
    pos = _positions(picture)
    sizes = {n: _box(label) for n, label in (*picture.worlds, *picture.removed)}
    xs = [pos[n][0] + s * sizes[n][0] / 2 for n in pos for s in (-1, 1)] or [0.0]
    ys = [pos[n][1] + s * sizes[n][1] / 2 for n in pos for s in (-1, 1)] or [0.0]
    out = ["<defs>"]
    for position in range(len(picture.agents)):
        colour, _ = agent_style(position)
        out.append(f'<marker id="arrow{position}" viewBox="0 0 10 10" refX="10" refY="5" '
                   f'markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
                   f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>')
    out.append("</defs>")
    seen: dict[frozenset, int] = {}
    for position, a, b in picture.edges:
        colour, style = agent_style(position)
        dash = f' stroke-dasharray="{DASHES[style]}"' if DASHES[style] else ""
        stroke = 2.6 if style == "bold" else 1.6
        agent = escape(picture.agents[position])
        (xa, ya), (xb, yb) = pos[a], pos[b]
        marker = f' marker-end="url(#arrow{position})"' if picture.directed else ""
        out.append(f'<g class="edge"><title>{agent}</title>')
        if a == b:  # a loop above the box
            w, h = sizes[a]
            cx, cy = xa + w / 2 - 4 - 9 * (position % 4), ya - h / 2
            xs.append(cx + 10)
            ys.append(cy - 24)
            out.append(f'<path d="M{cx - 6:.1f},{cy:.1f} a9,11 0 1,1 12,0" fill="none" '
                       f'stroke="{colour}" stroke-width="{stroke}"{dash}{marker}/>')
            out.append("</g>")
            continue
        pair = frozenset((a, b))
        k = seen[pair] = seen.get(pair, -1) + 1
        others = [(pos[n], sizes[n]) for n in pos if n not in (a, b)]
        base = _bend_around(pos[a], pos[b], others)
        # the next agents' edges between the same worlds bend further, to either side
        bend = base + (14 * ((k + 1) // 2) * (1 if k % 2 else -1) if k else 0)
        length = math.hypot(xb - xa, yb - ya) or 1
        mx = (xa + xb) / 2 - (yb - ya) / length * bend
        my = (ya + yb) / 2 + (xb - xa) / length * bend
        sx, sy = _clip(mx, my, xa, ya, *sizes[a])
        ex, ey = _clip(mx, my, xb, yb, *sizes[b])
        if bend == 0:
            out.append(f'<path d="M{sx:.1f},{sy:.1f} L{ex:.1f},{ey:.1f}" fill="none" '
                       f'stroke="{colour}" stroke-width="{stroke}"{dash}{marker}/>')
        else:
            xs.append((sx + 2 * mx + ex) / 4)
            ys.append((sy + 2 * my + ey) / 4)
            out.append(f'<path d="M{sx:.1f},{sy:.1f} Q{mx:.1f},{my:.1f} {ex:.1f},{ey:.1f}" '
                       f'fill="none" stroke="{colour}" stroke-width="{stroke}"{dash}{marker}/>')
        out.append("</g>")
    for name, label in picture.removed:
        (x, y), (w, h) = pos[name], sizes[name]
        out.append(f'<g class="node removed"><title>x{escape(name)}</title>')
        out.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
                   'rx="6" fill="none" stroke="#B8BEC8" stroke-dasharray="4,3"/>')
        lines = label.split("\n")
        for i, text in enumerate(lines):
            ty = y - (len(lines) - 1) * LINE_H / 2 + i * LINE_H + 4
            out.append(f'<text x="{x:.1f}" y="{ty:.1f}" text-anchor="middle" fill="#A0A7B3" '
                       f'font-family="Helvetica,Arial,sans-serif" font-size="12">{escape(text)}</text>')
        out.append("</g>")
    for name, label in picture.worlds:
        (x, y), (w, h) = pos[name], sizes[name]
        actual = name in picture.actual
        fill = "#FFE08A" if actual else "#FFFFFF"
        out.append(f'<g class="node"><title>w{escape(name)}</title>')
        if actual:
            out.append(f'<rect x="{x - w / 2 - 4:.1f}" y="{y - h / 2 - 4:.1f}" width="{w + 8:.1f}" '
                       f'height="{h + 8:.1f}" rx="9" fill="none" stroke="#000" stroke-width="1"/>')
        out.append(f'<rect x="{x - w / 2:.1f}" y="{y - h / 2:.1f}" width="{w:.1f}" height="{h:.1f}" '
                   f'rx="6" fill="{fill}" stroke="#000" stroke-width="{2 if actual else 1}"/>')
        lines = label.split("\n")
        for i, text in enumerate(lines):
            ty = y - (len(lines) - 1) * LINE_H / 2 + i * LINE_H + 4
            out.append(f'<text x="{x:.1f}" y="{ty:.1f}" text-anchor="middle" '
                       f'font-family="Helvetica,Arial,sans-serif" font-size="12">{escape(text)}</text>')
        out.append("</g>")
    left, top = min(xs) - MARGIN, min(ys) - MARGIN
    width, height = max(xs) - left + MARGIN, max(ys) - top + MARGIN
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}pt" '
            f'height="{height:.0f}pt" viewBox="{left:.1f} {top:.1f} {width:.1f} {height:.1f}" '
            'class="builtin-layout">')
    return "\n".join([head, *out, "</svg>"])
