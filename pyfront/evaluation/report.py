"""``report.md`` and its SVG plots, from metrics.json."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from .svg import accuracy_bars

#: (field, title, plot file) — a plot is drawn when the run has two groups or more
SECTIONS = (
    ("setting", "setting", "by-setting.svg"),
    ("hypothesis_depth", "hypothesis depth", "by-depth.svg"),
    ("setup", "setup", "by-setup.svg"),
    ("n_agents", "number of agents", "by-agents.svg"),
    ("kind", "question kind", "by-kind.svg"),
    ("distractors", "distractors (easy vs hard)", "by-distractors.svg"),
    ("probe", "probe (with vs without none of the above)", "by-probe.svg"),
    ("order", "belief order", "by-order.svg"),
    ("question_type", "question type", "by-question-type.svg"),
    ("story_type", "story type", "by-story-type.svg"),
    ("framing", "framing (context- vs state-driven)", "by-framing.svg"),
)


def write_report(run_dir: Path, metrics: dict[str, Any]) -> list[Path]:
    """report.md and the plots it shows; returns the files written."""
    import jinja2

    written: list[Path] = []
    sections = []
    for field, title, plot in SECTIONS:
        groups = metrics.get("by", {}).get(field)
        if not groups:
            continue
        rows = list(groups.items())
        plot_name = None
        if len(rows) >= 2:
            svg = accuracy_bars(f"accuracy by {title}", [k for k, _ in rows],
                                [s["accuracy"] for _, s in rows], [s["ci95"] for _, s in rows])
            (run_dir / plot).write_text(svg, encoding="utf-8", newline="\n")
            written.append(run_dir / plot)
            plot_name = plot
        sections.append({"field": field, "title": title, "rows": rows, "plot": plot_name})
    text = resources.files("pyfront.evaluation").joinpath("templates/report.md.j2").read_text("utf-8")
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False,
                             keep_trailing_newline=True)
    body = env.from_string(text).render(
        model=metrics.get("model", "?"), dataset=metrics.get("dataset", "?"), m=metrics,
        usage=metrics.get("usage") if metrics.get("usage", {}).get("replies_with_usage") else None,
        skipped=sorted(metrics.get("skipped", {}).items()), sections=sections,
    )
    (run_dir / "report.md").write_text(body, encoding="utf-8", newline="\n")
    written.append(run_dir / "report.md")
    return written
