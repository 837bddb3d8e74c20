"""Reading problems from files: DSL files, and MindGames datasets (CSV or JSON lines).

``load_problems`` and ``dsl_check_items`` are what other commands use to turn a DSL file
into problems or into check items; ``read_rows`` / ``load_dataset_problems`` read datasets
row by row so that batch commands can report a bad row and go on.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from .errors import UserError
from .items import CheckItem
from .problem import Problem


def load_problems(path: str | Path) -> list[Problem]:
    """Every problem of a DSL file, in order."""
    from .dsl import parse_problems

    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise UserError(f"not UTF-8 text ({err.reason})", file=str(path)) from None
    return parse_problems(text, filename=str(path))


def dsl_check_items(path: str | Path) -> list[CheckItem]:
    """One check item per hypothesis of a DSL file.

    ``row`` counts hypotheses across the whole file from 0, ``name`` is
    ``problem/hypothesis``, ``line`` the hypothesis's line, ``expected`` its expectation
    as ``entailment`` / ``not_entailment`` (None when it states none).
    """
    source = str(path)
    items: list[CheckItem] = []
    for pb in load_problems(path):
        for i, h in enumerate(pb.hypotheses):
            try:
                problem, pbcheck = pb.to_smcdel(i), pb.to_smcdel(i, pbcheck=True)
            except ValueError as err:  # a formula SMCDEL input cannot write
                raise UserError(f"{pb.name}/{h.name}: {err}", file=source, line=h.line) from None
            items.append(
                CheckItem(
                    source=source,
                    row=len(items),
                    problem=problem,
                    pbcheck=pbcheck,
                    expected=h.expected_label,
                    name=f"{pb.name}/{h.name}",
                    line=h.line,
                )
            )
    return items


def read_rows(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(0-based row, fields) for every row of a ``.csv`` / ``.jsonl`` / ``.json`` dataset
    (``-`` reads JSON lines from standard input)."""
    p = str(path)
    if p == "-":
        yield from _jsonl_rows(sys.stdin, "-")
        return
    suffix = Path(p).suffix.lower()
    if suffix == ".csv":
        csv.field_size_limit(1 << 30)
        with open(p, newline="", encoding="utf-8") as fh:
            yield from enumerate(csv.DictReader(fh))
    elif suffix in (".jsonl", ".ndjson"):
        with open(p, encoding="utf-8") as fh:
            yield from _jsonl_rows(fh, p)
    elif suffix == ".json":
        with open(p, encoding="utf-8") as fh:
            try:
                data = json.load(fh)
            except json.JSONDecodeError as err:
                raise UserError(f"invalid JSON: {err.msg}", file=p, line=err.lineno, column=err.colno) from None
        if not isinstance(data, list):
            raise UserError("a .json dataset must hold a list of rows", file=p)
        yield from enumerate(data)
    else:
        raise UserError(f"unknown dataset format {suffix or '(none)'!r}: use .csv or .jsonl", file=p)


def _jsonl_rows(fh, name: str) -> Iterator[tuple[int, dict[str, Any]]]:
    row = 0
    for lineno, line in enumerate(fh, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as err:
            raise UserError(f"invalid JSON: {err.msg}", file=name, line=lineno, column=err.colno) from None
        if not isinstance(obj, dict):
            raise UserError("each line must be a JSON object", file=name, line=lineno)
        yield row, obj
        row += 1


def row_problem(path: str | Path, row: int, fields: dict[str, Any]) -> Problem:
    """Import one dataset row as a problem named after its position."""
    from .mindgames_import import problem_from_row

    return problem_from_row(fields, name=f"row{row}", source=str(path))
