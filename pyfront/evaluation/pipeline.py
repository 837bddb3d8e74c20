"""``mindgames eval`` from end to end: find the dataset's files, build the items, fit the
baselines on the train split, run the model, write results, metrics and report."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

from smcdel_bridge.values import field, value

from ..errors import UserError
from .items import Built, EvalItem, Setting, build_items
from .metrics import metrics, usage_tally
from .models import Model
from .runner import METRICS, REPORT, RunOutcome, run_items

SPLIT_FILES = (".jsonl", ".csv", ".json")


def form_folders(path: str | Path) -> list[Path]:
    """The forms of a folder that holds no split file itself but one sub-folder per form
    with split files (``generate --family stories`` writes ``qa/`` and ``nli/``), in name
    order; [] for anything else."""
    p = Path(path)
    if not p.is_dir() or any((p / f"{s}{ext}").is_file() for s in ("train", "validation", "test")
                             for ext in SPLIT_FILES):
        return []
    return sorted(sub for sub in p.iterdir() if sub.is_dir() and any(
        (sub / f"{s}{ext}").is_file() for s in ("train", "validation", "test")
        for ext in SPLIT_FILES))


def dataset_file(path: str | Path, split: str = "test") -> Path:
    """The file to evaluate: ``path`` itself, or ``path/<split>.jsonl`` for a folder."""
    p = Path(path)
    if p.is_dir():
        for ext in SPLIT_FILES:
            if (p / f"{split}{ext}").is_file():
                return p / f"{split}{ext}"
        raise UserError(f"no {split}.jsonl in this folder", file=str(p))
    if not p.exists():
        raise UserError("no such file or folder", file=str(p))
    return p


def train_file(dataset: Path, explicit: str | None) -> Path | None:
    """``--train``, else the ``train`` file beside the evaluated one (never itself)."""
    if explicit:
        p = Path(explicit)
        if not p.is_file():
            raise UserError("no such train file", file=explicit)
        return p
    for ext in SPLIT_FILES:
        cand = dataset.parent / f"train{ext}"
        if cand.is_file() and cand.resolve() != dataset.resolve():
            return cand
    return None


def read_dataset(path: Path, unreadable: list[str] | None = None
                 ) -> list[tuple[int, dict[str, Any]]]:
    """The rows of ``path``.  A row that cannot be read (not JSON, not UTF-8) is left out
    and named (``FILE:LINE:COL: why``) in ``unreadable`` when it is given, so that one bad
    row does not hide the others; without it the first such row is raised."""
    from pyfront.data.rows import RowError, iter_rows

    rows = []
    for row, line, fields in iter_rows(path):
        if isinstance(fields, RowError):
            err = fields.user_error(str(path), line)
            if unreadable is None:
                raise err
            unreadable.append(str(err))
        else:
            rows.append((row, fields))
    return rows


@value
class EvalRun:
    dataset: Path
    items: list[EvalItem]
    built: Built
    outcome: RunOutcome
    metrics: dict[str, Any] | None = None
    written: list[Path] = field(default_factory=list)
    #: ``FILE:LINE:COL: why`` of each row of the dataset that could not be read (left out)
    unreadable: list[str] = field(default_factory=list)


def evaluate(dataset: Path, model: Model, run_dir: Path, sets: Sequence[Setting], *,
             seed: int = 0, train: Path | None = None, limit: int | None = None,
             cache: Path | None = None, on_scored=None,
             nota_share: float | None = None) -> EvalRun:
    unreadable: list[str] = []
    rows = read_dataset(dataset, unreadable)
    if limit is not None:
        rows = rows[:limit]
    built = build_items(rows, sets, seed=seed, nota_share=nota_share)
    if not built.items and rows and not any(s.format == "mcq" for s in sets) and all(
            {"question", "answer", "choices"} <= fields.keys() for _, fields in rows[:50]):
        raise UserError("these rows are multiple-choice questions (question, answer, choices), "
                        "not NLI items: give --format mcq", file=str(dataset))
    if not rows and unreadable:
        raise UserError(f"{unreadable[0]} (no row of the dataset could be read)")
    if not built.items:
        why = "the dataset has no rows" if not rows else "no row has the columns these settings need"
        reasons = "; ".join(f"{k}: {v}" for k, v in sorted(built.skipped.items())[:3])
        raise UserError(f"no item to evaluate: {why}" + (f" ({reasons})" if reasons else ""),
                        file=str(dataset))
    if model.needs_train:
        if train is None:
            raise UserError(f"{model.spec} learns from a train split: give --train FILE "
                            "(or evaluate a file that has train.jsonl beside it)")
        train_built = build_items(read_dataset(train), sets, seed=seed, nota_share=nota_share)
        if not train_built.items:
            raise UserError("no train item for these settings", file=str(train))
        model.fit(train_built.items)
    for stale in (METRICS, REPORT):  # an earlier run's: never beside other results
        (run_dir / stale).unlink(missing_ok=True)
    outcome = run_items(built.items, model, run_dir, cache_path=cache, on_scored=on_scored)
    run = EvalRun(dataset, built.items, built, outcome, unreadable=unreadable)
    if outcome.complete:
        from .report import write_report

        extra = {
            "model": model.spec,
            "scoring": model.scoring,
            "dataset": str(dataset),
            "seed": seed,
            "settings": [s.tag for s in sets],
            "skipped": dict(sorted(built.skipped.items())),
        }
        if model.cached:
            extra["usage"] = usage_tally(outcome.usages)
        m = metrics(outcome.results, seed=seed, extra=extra)
        (run_dir / METRICS).write_text(json.dumps(m, indent=2, ensure_ascii=False) + "\n",
                                       encoding="utf-8", newline="\n")
        run.metrics = m
        run.written = [run_dir / METRICS, *write_report(run_dir, m)]
    return run
