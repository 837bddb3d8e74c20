"""``mindgames eval compare RUN_DIR…``: the runs' accuracies side by side."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from ..errors import UserError


def load_metrics(run_dir: str | Path) -> dict[str, Any]:
    path = Path(run_dir) / "metrics.json"
    if not path.is_file():
        raise UserError("no metrics.json (not a finished eval run)", file=str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:
        raise UserError(f"invalid JSON: {getattr(err, 'msg', err)}", file=str(path),
                        line=getattr(err, "lineno", None), column=getattr(err, "colno", None)) from None
    if not _figures(data):
        raise UserError("metrics.json has no accuracy and n", file=str(path))
    by = data.get("by", {})
    if not (data.get("macro_f1") is None or _number(data["macro_f1"])) or not (
            isinstance(by, dict) and all(isinstance(groups, dict) and all(
                _figures(s) for s in groups.values()) for groups in by.values())):
        raise UserError("metrics.json has a macro_f1 or a group under 'by' that is not "
                        "figures", file=str(path))
    return data


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _figures(s: Any) -> bool:
    """Whether ``s`` has the accuracy and n a cell shows."""
    return isinstance(s, dict) and _number(s.get("accuracy")) and isinstance(s.get("n"), int)


def _cell(s: dict[str, Any] | None) -> str:
    if not s:
        return "–"
    return f"{s['accuracy']:.3f} ({s['n']})"


def compare_table(run_dirs: Sequence[str | Path]) -> str:
    """A Markdown table: one column per run, one row per group (accuracy and n)."""
    runs = [(str(d), load_metrics(d)) for d in run_dirs]
    head = ["", *[f"{m.get('model', '?')}<br>`{Path(d).name}`" for d, m in runs]]
    lines = ["| " + " | ".join(head) + " |", "|---" + "|---:" * len(runs) + "|"]
    lines.append("| **all** | " + " | ".join(_cell(m) for _, m in runs) + " |")
    lines.append("| macro-F1 | " + " | ".join(f"{m['macro_f1']:.3f}" if m.get("macro_f1") is not None else "–"
                                         for _, m in runs) + " |")
    lines.append("| unparsed | " + " | ".join(str(m.get("unparsed", 0)) for _, m in runs) + " |")
    fields: list[str] = []
    for _, m in runs:
        for f in m.get("by", {}):
            if f not in fields:
                fields.append(f)
    for f in fields:
        values: list[str] = []
        for _, m in runs:
            for v in m.get("by", {}).get(f, {}):
                if v not in values:
                    values.append(v)
        for v in values:
            cells = [_cell(m.get("by", {}).get(f, {}).get(v)) for _, m in runs]
            lines.append(f"| {f} = {v} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
