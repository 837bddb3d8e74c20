"""The audit ``mindgames generate`` runs on what it made (both families): the shortcut
model's columns on every row, the baselines of the dataset's own forms, and the verdict
that decides whether the dataset is written (see :mod:`pyfront.audit`)."""

from __future__ import annotations

from typing import Any, Sequence

from pyfront.data.card import Feature

#: the shortcut model's columns, as the dataset cards declare them
SHORTCUT_FEATURES = (
    Feature("shortcut_pred", "string",
            doc="the cross-fitted n-gram shortcut model's answer (`mindgames audit`), like the "
                "published `deberta_pred`"),
    Feature("shortcut_confidence", "float64", doc="its probability of that answer"),
    Feature("difficulty", "float64",
            doc="1 − confidence when the shortcut model is right, 1 + confidence when wrong "
                "(the published column's definition): high is hard. With `shortcut_pred` it "
                "gives the answer back: never show either to a model"),
)


def audit_rows(sources: Sequence[tuple[str, list[dict[str, Any]]]], *, seed: int) -> dict[str, Any]:
    """Audit ``(name, rows)`` sources in their own forms; adds the shortcut columns to
    every row (in place)."""
    from pyfront.audit.run import Source, audit, default_settings

    srcs = []
    for name, rows in sources:
        indexed = list(enumerate(rows))
        srcs.append(Source(name, indexed, default_settings(indexed)))
    return audit(srcs, dataset="generated", seed=seed)


def card_context(result: dict[str, Any]) -> dict[str, Any]:
    """What a card's audit section shows."""
    from pyfront.audit.table import markdown, shortcut_lines, tracker_markdown

    return {"table": markdown(result), "shortcut": shortcut_lines(result),
            "trackers": tracker_markdown(result),
            "passed": result["passed"], "leaks": result["leaks"],
            "margin": round(100 * result["margin"]), "folds": result["folds"]}


def card_section(result: dict[str, Any] | None) -> str:
    """The card's audit section (empty without an audit)."""
    if result is None:
        return ""
    from importlib import resources

    import jinja2

    text = resources.files("pyfront.generate").joinpath("templates/audit_section.md.j2").read_text("utf-8")
    env = jinja2.Environment(undefined=jinja2.StrictUndefined, autoescape=False)
    return env.from_string(text).render(audit=card_context(result)).strip()
