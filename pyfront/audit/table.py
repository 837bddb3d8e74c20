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


def legend(result: dict[str, Any], *, kinds: bool = False) -> str:
    """What the marks in the cells mean: ``!`` a failed cell, with ``kinds`` also ``*`` (a
    question kind above the margin, which the audit reports without judging it)."""
    points = f"{100 * result.get('margin', 0.05):g}"
    text = (f"!: fails the audit (more than {points} points above chance, its 95 % interval "
            f"above chance)")
    if kinds:
        text += (f"; *: this question kind is more than {points} points above chance "
                 f"(reported, not judged: the kinds are not what the audit balances)")
    return text


def rich_table(result: dict[str, Any]):
    from rich.table import Table

    verdict = "passed" if result["passed"] else "FAILED"
    t = Table(title=f"mindgames audit ({result['folds']} folds; {verdict}: a baseline more "
                    f"than {100 * result['margin']:g} points above chance fails)",
              title_justify="left", caption=legend(result), caption_justify="left")
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
    return "\n".join(lines) + "\n\n" + legend(result) + "\n"


# --- heuristic trackers --------------------------------------------------------------------------

def _cell(s: dict[str, Any]) -> str:
    return f"{s['accuracy']:.3f} / {s['chance']:.3f}" + (" !" if s["leaks"] else "")


def tracker_tables(result: dict[str, Any]) -> list[tuple[str, list[str], list[list[str]]]]:
    """Per source with trackers: a title, the header and one row per tracker (each cell
    "accuracy / chance", "!" when it fails the audit: overall or on an order)."""
    out = []
    for src in result["sources"]:
        tr = src.get("trackers")
        if not tr or not tr.get("trackers"):
            continue
        first = next(iter(tr["trackers"].values()))
        orders, kinds = list(first["by_order"]), list(first["by_kind"])
        head = ["tracker", "all", *(f"order {o}" for o in orders), *kinds]
        body = []
        for name, e in tr["trackers"].items():
            cells = [name, _cell(e["overall"]), *(_cell(e["by_order"][o]) for o in orders)]
            # kinds are reported, not judged: "!" there only marks the margin
            cells += [_cell({**e["by_kind"][k], "leaks": False}) + (
                " *" if e["by_kind"][k]["margin"] > result.get("margin", 0.05) else "")
                for k in kinds]
            body.append(cells)
        title = (f"{src['source']}: heuristic trackers on {tr['rows']} {tr['form']} rows "
                 f"(cross-fitted accuracy / chance"
                 + (f"; {tr['unanswered']} rows without an answer not scored" if tr["unanswered"]
                    else "") + ")")
        out.append((title, head, body))
    return out


def rich_tracker_tables(result: dict[str, Any]) -> list:
    from rich.table import Table

    out = []
    for title, head, body in tracker_tables(result):
        t = Table(title=title, title_justify="left", caption=legend(result, kinds=True),
                  caption_justify="left")
        for col in head:
            t.add_column(col, justify="left" if col == "tracker" else "right")
        for cells in body:
            t.add_row(*cells)
        out.append(t)
    return out


def tracker_markdown(result: dict[str, Any]) -> str:
    parts = []
    for title, head, body in tracker_tables(result):
        lines = [f"{title}:", "", "| " + " | ".join(head) + " |", "|---|" + "---:|" * (len(head) - 1)]
        lines += ["| " + " | ".join(cells) + " |" for cells in body]
        parts.append("\n".join(lines) + "\n\n" + legend(result, kinds=True) + "\n")
    return "\n".join(parts)
