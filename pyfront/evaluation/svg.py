"""Small SVG bar charts (accuracy per group with its 95 % interval), written by hand:
no plotting library, the same bytes for the same numbers."""

from __future__ import annotations

from typing import Sequence
from xml.sax.saxutils import escape

WIDTH, BAR_H, GAP, LEFT, RIGHT, TOP = 560, 22, 8, 170, 60, 34


def accuracy_bars(title: str, labels: Sequence[str], values: Sequence[float],
                  intervals: Sequence[Sequence[float]]) -> str:
    """Horizontal bars from 0 to 1, whiskers for the intervals."""
    plot_w = WIDTH - LEFT - RIGHT
    height = TOP + len(labels) * (BAR_H + GAP) + 30

    def x(v: float) -> float:
        return round(LEFT + max(0.0, min(1.0, v)) * plot_w, 1)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12">',
        f'<title>{escape(title)}</title>',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    for i, (label, v, (lo, hi)) in enumerate(zip(labels, values, intervals)):
        y = TOP + i * (BAR_H + GAP)
        mid = y + BAR_H / 2
        out.append(f'<text x="{LEFT - 6}" y="{mid + 4}" text-anchor="end">{escape(label)}</text>')
        out.append(f'<rect x="{LEFT}" y="{y}" width="{x(v) - LEFT}" height="{BAR_H}" fill="#4c78a8"/>')
        out.append(f'<line x1="{x(lo)}" y1="{mid}" x2="{x(hi)}" y2="{mid}" stroke="black"/>')
        for end in (lo, hi):
            out.append(f'<line x1="{x(end)}" y1="{mid - 5}" x2="{x(end)}" y2="{mid + 5}" stroke="black"/>')
        out.append(f'<text x="{x(max(v, hi)) + 4}" y="{mid + 4}">{v:.3f}</text>')
    return close_with_axis(out, x, LEFT, TOP + len(labels) * (BAR_H + GAP))


def close_with_axis(out: list[str], x, left: float, axis_y: float) -> str:
    """The 0…1 axis under the bars, then the end of the document."""
    out.append(f'<line x1="{left}" y1="{axis_y}" x2="{x(1)}" y2="{axis_y}" stroke="#555"/>')
    for t in (0, 0.25, 0.5, 0.75, 1):
        out.append(f'<line x1="{x(t)}" y1="{axis_y}" x2="{x(t)}" y2="{axis_y + 4}" stroke="#555"/>')
        out.append(f'<text x="{x(t)}" y="{axis_y + 16}" text-anchor="middle">{t:g}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
