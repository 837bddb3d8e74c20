"""The audit's tables say what their marks mean: ``!`` (a cell that fails the audit) and
``*`` (a question kind above the margin, reported without a verdict), in the terminal
tables and in the Markdown of dataset cards."""

from __future__ import annotations

import io

from rich.console import Console

from pyfront.audit.table import markdown, rich_table, rich_tracker_tables, tracker_markdown


def _cell(accuracy: float, chance: float, leaks: bool = False) -> dict:
    return {"accuracy": accuracy, "chance": chance, "margin": accuracy - chance, "leaks": leaks}


def _result() -> dict:
    """An audit result written here: one baseline fails, one tracker is above the margin
    on one question kind only."""
    baselines = {name: {"accuracy": 0.5, "leaks": False, "margin": 0.0}
                 for name in ("premise-blind", "position", "majority", "length")}
    baselines["length"] = {"accuracy": 0.62, "leaks": True, "margin": 0.12}
    tracker = {"overall": _cell(0.51, 0.5), "by_order": {0: _cell(0.5, 0.5), 1: _cell(0.52, 0.5)},
               "by_kind": {"memory": _cell(0.5, 0.5), "reality": _cell(0.61, 0.5)}}
    setting = {"setting": "nli/retrospective", "items": 400, "chance": 0.5,
               "baselines": baselines, "positions": [], "nota": None}
    return {"folds": 5, "margin": 0.05, "passed": False,
            "sources": [{"source": "d/test.jsonl", "settings": [setting],
                         "trackers": {"rows": 400, "form": "nli", "unanswered": 0,
                                      "trackers": {"last-seen": tracker}}}]}


def _printed(renderable) -> str:
    out = io.StringIO()
    Console(file=out, width=300).print(renderable)
    return " ".join(out.getvalue().split())  # a caption wraps at the table's width


def test_the_tracker_tables_say_what_a_star_means():
    result = _result()
    md = tracker_markdown(result)
    assert "0.610 / 0.500 *" in md  # the mark is there
    terminal = "".join(_printed(t) for t in rich_tracker_tables(result))
    for text in (md, terminal):
        assert "*: this question kind is more than 5 points above chance" in text
        assert "reported, not judged" in text
        assert "!: fails the audit" in text


def test_the_baseline_table_says_what_a_bang_means():
    result = _result()
    md = markdown(result)
    assert "0.620 !" in md
    for text in (md, _printed(rich_table(result))):
        assert "!: fails the audit (more than 5 points above chance" in text
