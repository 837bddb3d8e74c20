"""``mindgames eval --score steps`` from end to end: read the stories (dataset rows with a
DSL story, or a DSL file), build the trace questions, ask the model through the same runner
as every eval (cache, resumption, the model's failures kept with what was scored), grade
each reply and write ``results.jsonl``, ``metrics.json`` and ``report.md``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..errors import UserError
from .metrics import usage_tally
from .models import Model
from .pipeline import SPLIT_FILES, EvalRun, read_dataset
from .runner import METRICS, REPORT, run_items
from .step_items import StepsBuilt, build_step_items
from .step_scores import step_metrics, step_record

__all__ = ["evaluate_steps", "write_steps_report"]


def _built(dataset: Path, limit: int | None) -> StepsBuilt:
    """A dataset file's rows, or the stories of a DSL file (any other suffix)."""
    if dataset.suffix not in SPLIT_FILES:
        from ..data.loading import load_document
        from ..problem.model import Problem

        stories = [s for s in load_document(dataset) if not isinstance(s, Problem)]
        built = build_step_items(stories=stories)
        if limit is not None:
            built.items = built.items[:limit]
        return built
    rows = read_dataset(dataset)
    return build_step_items(rows=rows[:limit] if limit is not None else rows)


def evaluate_steps(dataset: Path, model: Model, run_dir: Path, *, seed: int = 0,
                   limit: int | None = None, cache: Path | None = None,
                   on_scored=None) -> EvalRun:
    built = _built(dataset, limit)
    if not built.items:
        reasons = "; ".join(f"{k}: {v}" for k, v in sorted(built.skipped.items())[:3])
        raise UserError("no story question to trace" + (f" ({reasons})" if reasons else ""),
                        file=str(dataset))
    for stale in (METRICS, REPORT):  # an earlier run's: never beside other results
        (run_dir / stale).unlink(missing_ok=True)
    outcome = run_items(built.items, model, run_dir, cache_path=cache, on_scored=on_scored,
                        record=step_record)
    run = EvalRun(dataset, built.items, built, outcome)
    if outcome.complete:
        extra = {"model": model.spec, "scoring": "steps", "dataset": str(dataset), "seed": seed,
                 "skipped": dict(sorted(built.skipped.items()))}
        if model.cached:
            extra["usage"] = usage_tally(outcome.usages)
        m = step_metrics(outcome.results, seed=seed, extra=extra)
        (run_dir / METRICS).write_text(json.dumps(m, indent=2, ensure_ascii=False) + "\n",
                                       encoding="utf-8", newline="\n")
        run.metrics = m
        run.written = [run_dir / METRICS, write_steps_report(run_dir, m)]
    return run


def write_steps_report(run_dir: Path, metrics: dict[str, Any]) -> Path:
    """report.md of a steps run (wording in ``templates/report_steps.md.j2``)."""
    from importlib import resources

    import jinja2

    text = (resources.files("pyfront.evaluation").joinpath("templates/report_steps.md.j2")
            .read_text("utf-8"))
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True)
    usage = metrics.get("usage")
    body = env.from_string(text).render(
        m=metrics, usage=usage if usage and usage.get("replies_with_usage") else None,
        skipped=sorted(metrics.get("skipped", {}).items()),
        sections=[(name, list(groups.items())) for name, groups in metrics.get("by", {}).items()])
    path = run_dir / REPORT
    path.write_text(body, encoding="utf-8", newline="\n")
    return path
