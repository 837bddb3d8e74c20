"""Writing a generated dataset's split files, and re-checking its guarantees on the rows."""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Iterable

from .rendering import COLUMNS
from .split import SPLIT_NAMES

def dumps_row(row: dict) -> str:
    return json.dumps({k: row[k] for k in COLUMNS}, ensure_ascii=False)


def write_splits(result: GenerationResult, out_dir: Path) -> list[Path]:
    """Write ``<split>.jsonl`` files (atomically, each through a temporary file)."""
    out_dir.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SPLIT_NAMES:
        path = out_dir / f"{name}.jsonl"
        tmp = path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8", newline="\n") as fh:
            for row in result.splits[name]:
                fh.write(dumps_row(row) + "\n")
        try:
            os.replace(tmp, path)
        except OSError as err:  # a directory in the way, say: name it, leave no temporary
            tmp.unlink(missing_ok=True)
            raise OSError(err.errno, err.strerror, str(path)) from None
        paths.append(path)
    return paths


def label_counts(rows: Iterable[dict], key: str) -> dict[str, Counter]:
    out: dict[str, Counter] = {}
    for r in rows:
        out.setdefault(str(r[key]), Counter())[r["label"]] += 1
    return dict(sorted(out.items()))


def verify(result: GenerationResult) -> list[str]:
    """The dataset's guarantees, re-checked on the rows; returns the broken ones."""
    problems: list[str] = []
    seen_pairs: set[tuple[str, str]] = set()
    seen_ids: set[str] = set()
    premise_split: dict[str, str] = {}
    for name in SPLIT_NAMES:
        for r in result.splits[name]:
            if r["id"] in seen_ids:
                problems.append(f"id {r['id']} is used twice")
            seen_ids.add(r["id"])
            pair = (r["premise"], r["hypothesis"])
            if pair in seen_pairs:
                problems.append(f"duplicate (premise, hypothesis) in {name}: {r['id']}")
            seen_pairs.add(pair)
            other = premise_split.setdefault(r["premise"], name)
            if other != name:
                problems.append(f"premise of {r['id']} is in both {other} and {name}")
    for setup, counts in label_counts(result.rows, "setup").items():
        if counts["entailment"] != counts["not_entailment"]:
            problems.append(f"setup {setup} is not balanced: {dict(counts)}")
    return problems
