"""What a dataset row is to the audit: its form (NLI or question answering), its options,
and whether it carries its answer (a blind test split does not)."""

from __future__ import annotations

import json
from typing import Any


def parse_choices(value: Any) -> list[str] | None:
    """A row's ``choices`` (a list or its JSON text) as strings; None unless two or more."""
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except ValueError:
            return None
    return [str(v) for v in value] if isinstance(value, list) and len(value) >= 2 else None


def row_form(fields: dict[str, Any]) -> str | None:
    """``nli`` (premise, hypothesis, and a label unless the row is blind), ``qa`` (story or
    premise, question, choices, and an answer unless blind) or None."""
    if {"question", "choices"} <= fields.keys() and (fields.get("story") or fields.get("premise")):
        return "qa"
    if fields.get("premise") and fields.get("hypothesis"):
        return "nli"
    return None


def answered(row: dict[str, Any], form: str) -> bool:
    """Whether the row of ``form`` has an answer to score against: a ``label`` (NLI), an
    ``answer`` among its ``choices`` (QA)."""
    if form == "qa":
        opts = parse_choices(row.get("choices"))
        return bool(opts) and row.get("answer") not in (None, "") and str(row["answer"]) in opts
    from pyfront.evaluation.items import label_value

    return label_value(row.get("label")) is not None


def fold_group(fields: dict[str, Any], default: str = "") -> str:
    """The unit the audit's folds keep together: the row's ``item`` when it has one (the
    framings of one functional item), else its premise or story."""
    return str(fields.get("item") or fields.get("premise") or fields.get("story")
               or fields.get("smcdel_problem") or default)
