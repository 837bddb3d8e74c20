"""The audit as a terminal table (rich) and as Markdown (dataset cards, docs)."""

from __future__ import annotations

from typing import Any

from .baselines import BASELINES


def _positions(st: dict[str, Any]) -> str:
    return "; ".join(f"{p['options']}: {'/'.join(map(str, p['counts']))} (p {p['p']:.3f})"
                     for p in st["positions"])


def _nota(st: dict[str, Any]) -> str:
    n = st.get("nota")
    return f"{n['share']:.3f} (expected {n['expected']:.3f})" if n else "–"


def rows(result: dict[str, Any]) -> list[list[str]]:
    out = []
    for src in result["sources"]:
        for st in src["settings"]:
            cells = [src["source"], st["setting"], str(st["items"]), f"{st['chance']:.3f}"]
            for name in BASELINES:
                b = st["baselines"][name]
                cells.append(f"{b['accuracy']:.3f}" + (" !" if b["leaks"] else ""))
            cells += [_positions(st), _nota(st)]
            out.append(cells)
    return out


HEAD = ["source", "setting", "items", "chance", *BASELINES,
        "right answer's position: counts (chi-square p)", "nota right"]


def rich_table(result: dict[str, Any]):
    from rich.table import Table

    verdict = "passed" if result["passed"] else "FAILED"
    t = Table(title=f"mindgames audit ({result['folds']} folds; {verdict}: a baseline more "
                    f"than {100 * result['margin']:g} points above chance fails)",
              title_justify="left")
    for col in HEAD:
        t.add_column(col, justify="left" if col in ("source", "setting") else "right")
    for cells in rows(result):
        t.add_row(*cells)
    return t


def shortcut_lines(result: dict[str, Any]) -> list[str]:
    out = []
    for src in result["sources"]:
        sc = src.get("shortcut")
        if sc and sc.get("form"):
            what = "story, question and option" if sc["form"] == "qa" else "premise and hypothesis"
            out.append(f"{src['source']}: shortcut model (n-gram logistic regression over the "
                       f"words of {what}, cross-fitted) {sc['accuracy']:.3f} on {sc['n']} "
                       f"{sc['form']} rows")
    return out


def markdown(result: dict[str, Any]) -> str:
    lines = ["| " + " | ".join(HEAD) + " |", "|" + "---|" * 2 + "---:|" * (len(HEAD) - 2)]
    for cells in rows(result):
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines) + "\n"
