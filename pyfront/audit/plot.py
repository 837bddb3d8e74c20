"""The audit's plot: every baseline's accuracy per setting, and every heuristic tracker's
overall, per order and per question kind (kinds are not judged: no "!"), beside chance and the allowed margin, as a small SVG written by
hand (same numbers, same bytes)."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from ..evaluation.svg import close_with_axis
from .baselines import BASELINES, MARGIN
from .trackers import TRACKERS

WIDTH, BAR_H, GAP, GROUP_GAP, LEFT, RIGHT, TOP = 680, 12, 2, 14, 290, 60, 58
COLOURS = {"premise-blind": "#4c78a8", "position": "#f58518", "majority": "#54a24b",
           "length": "#b279a2", "last-seen": "#e45756", "last-mentioned": "#72b7b2",
           "first-mentioned": "#eeca3b", "last-speaker": "#9d755d"}


def _groups(result: dict[str, Any]) -> list[tuple[str, float, int, list[tuple[str, float, bool]]]]:
    """(label, chance, items, [(bar, accuracy, fails)]) per group of bars."""
    out = []
    for src in result["sources"]:
        for st in src["settings"]:
            bars = [(n, st["baselines"][n]["accuracy"], st["baselines"][n]["leaks"])
                    for n in BASELINES]
            out.append((f"{src['source']}: {st['setting']}", st["chance"], st["items"], bars))
        tr = (src.get("trackers") or {}).get("trackers")
        if not tr:
            continue
        first = tr[TRACKERS[0]]
        for where, pick in [("all", lambda e: e["overall"])] + [
                (f"order {o}", lambda e, o=o: e["by_order"][o]) for o in first["by_order"]] + [
                (k, lambda e, k=k: {**e["by_kind"][k], "leaks": False}) for k in first["by_kind"]]:
            s0 = pick(first)
            bars = [(t, pick(tr[t])["accuracy"], pick(tr[t])["leaks"]) for t in TRACKERS]
            out.append((f"{src['source']}: trackers, {where}", s0["chance"], s0["n"], bars))
    return out


def audit_svg(result: dict[str, Any]) -> str:
    groups = _groups(result)
    plot_w = WIDTH - LEFT - RIGHT
    per_group = max((len(b) for *_, b in groups), default=len(BASELINES))
    group_h = per_group * (BAR_H + GAP) + GROUP_GAP
    height = TOP + len(groups) * group_h + 40

    def x(v: float) -> float:
        return round(LEFT + max(0.0, min(1.0, v)) * plot_w, 1)

    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
           f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="11">',
           '<title>mindgames audit</title>',
           f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="16" text-anchor="middle" font-size="13">baselines and '
           f'trackers against chance (grey: chance to chance + {100 * MARGIN:g} points)</text>']
    for row, names in enumerate((BASELINES, TRACKERS)):
        for j, name in enumerate(names):
            lx, ly = LEFT - 150 + j * 110, 24 + row * 16
            out.append(f'<rect x="{lx}" y="{ly}" width="10" height="10" fill="{COLOURS[name]}"/>')
            out.append(f'<text x="{lx + 14}" y="{ly + 9}">{escape(name)}</text>')
    for g, (label, ch, items, bars) in enumerate(groups):
        y0 = TOP + g * group_h
        band_h = len(bars) * (BAR_H + GAP)
        out.append(f'<rect x="{x(ch)}" y="{y0}" width="{round(x(ch + MARGIN) - x(ch), 1)}" '
                   f'height="{band_h}" fill="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y0 + band_h / 2 + 4}" text-anchor="end">'
                   f'{escape(label)} ({items})</text>')
        for j, (name, acc, fails) in enumerate(bars):
            y = y0 + j * (BAR_H + GAP)
            out.append(f'<rect x="{LEFT}" y="{y}" width="{x(acc) - LEFT}" '
                       f'height="{BAR_H}" fill="{COLOURS[name]}"/>')
            mark = " !" if fails else ""
            out.append(f'<text x="{x(acc) + 3}" y="{y + BAR_H - 2}">{acc:.3f}{mark}</text>')
        out.append(f'<line x1="{x(ch)}" y1="{y0 - 1}" x2="{x(ch)}" y2="{y0 + band_h}" '
                   'stroke="black"/>')
    return close_with_axis(out, x, LEFT, TOP + len(groups) * group_h)
