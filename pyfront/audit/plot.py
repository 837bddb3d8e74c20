"""The audit's plot: every baseline's accuracy per setting beside chance and the allowed
margin, as a small SVG written by hand (same numbers, same bytes)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from ..evaluation.svg import close_with_axis
from .baselines import BASELINES, MARGIN

WIDTH, BAR_H, GAP, GROUP_GAP, LEFT, RIGHT, TOP = 640, 12, 2, 14, 250, 60, 40
COLOURS = {"premise-blind": "#4c78a8", "position": "#f58518", "majority": "#54a24b",
           "length": "#b279a2"}


def audit_svg(result: dict[str, Any]) -> str:
    groups = [(f"{src['source']}: {st['setting']}", st) for src in result["sources"]
              for st in src["settings"]]
    plot_w = WIDTH - LEFT - RIGHT
    group_h = len(BASELINES) * (BAR_H + GAP) + GROUP_GAP
    height = TOP + len(groups) * group_h + 40

    def x(v: float) -> float:
        return round(LEFT + max(0.0, min(1.0, v)) * plot_w, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">',
           '<title>mindgames audit</title>',
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13">baselines against '
           f'chance (grey: chance to chance + {100 * MARGIN:g} points)</text>']
    for j, name in enumerate(BASELINES):
        lx = LEFT + j * 95
        out.append(f'<rect x="{lx}" y="24" width="10" height="10" fill="{COLOURS[name]}"/>')
        out.append(f'<text x="{lx + 14}" y="33">{escape(name)}</text>')
    for g, (label, st) in enumerate(groups):
        y0 = TOP + g * group_h
        ch = st["chance"]
        band_h = len(BASELINES) * (BAR_H + GAP)
        out.append(f'<rect x="{x(ch)}" y="{y0}" width="{round(x(ch + MARGIN) - x(ch), 1)}" '
                   f'height="{band_h}" fill="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y0 + band_h / 2 + 4}" text-anchor="end">'
                   f'{escape(label)} ({st["items"]})</text>')
        for j, name in enumerate(BASELINES):
            b = st["baselines"][name]
            y = y0 + j * (BAR_H + GAP)
            out.append(f'<rect x="{LEFT}" y="{y}" width="{x(b["accuracy"]) - LEFT}" '
                       f'height="{BAR_H}" fill="{COLOURS[name]}"/>')
            mark = " !" if b["leaks"] else ""
            out.append(f'<text x="{x(b["accuracy"]) + 3}" y="{y + BAR_H - 2}">'
                       f'{b["accuracy"]:.3f}{mark}</text>')
        out.append(f'<line x1="{x(ch)}" y1="{y0 - 1}" x2="{x(ch)}" y2="{y0 + band_h}" '
                   'stroke="black"/>')
    return close_with_axis(out, x, LEFT, TOP + len(groups) * group_h)
