"""The check summary written without rich into a file or pipe is the text rich writes there."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.checking.report import Summary
from pyfront.checking.report_text import summary_text

SOURCES = st.sampled_from(["a.del", "examples/puzzles/cheryls_birthday.del", "rows.jsonl",
                           "x" * 70, "data/très.del", "[b]bracket.del"])


@st.composite
def records(draw):
    out = []
    for i, source in enumerate(draw(st.lists(SOURCES, min_size=1, max_size=4))):
        for k in range(draw(st.integers(1, 25))):
            label = draw(st.sampled_from(["entailment", "not_entailment", "tails", None]))
            record = {"source": f"{source}{i}", "row": k, "name": f"p/h{k}",
                      "line": draw(st.sampled_from([None, k + 1])), "expected": "entailment",
                      "label": label or "error", "agrees": draw(st.sampled_from([True, False, None])),
                      "contradictory": draw(st.booleans())}
            if label is None:
                record["error"] = f"{source}:{k}: cannot read" + "!" * draw(st.integers(0, 150))
            out.append(record)
    return out


def _rich(summary: Summary) -> str:
    from rich.console import Console

    buf = io.StringIO()
    summary.render(Console(file=buf, width=160))
    return buf.getvalue()


@settings(max_examples=150, deadline=None)
@given(records())
def test_plain_summary_is_what_rich_writes(rows):
    summary = Summary()
    for record in rows:
        summary.add(record)
    text = summary_text(summary, 160)
    drawn = _rich(summary)
    odd = any(not r["source"].isascii() for r in rows)  # "très": rich's business
    if text is not None:
        assert text == drawn
        assert not odd
    else:  # rich draws it: a character the plain writer does not lay out, or a failure
        # line longer than the page (160 columns, with its indent), which rich folds
        assert odd or any(len(r.get("error", "")) + 2 > 160 for r in rows)


def test_plain_summary_is_used_for_ordinary_runs(monkeypatch):
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    summary = Summary()
    for k in range(3):
        summary.add({"source": "a.del", "row": k, "label": "entailment", "agrees": k != 1,
                     "expected": "not_entailment", "line": k + 2, "name": f"p/h{k}"})
    text = summary_text(summary, 160)
    assert text == _rich(summary)
    assert "a.del:3 (p/h1): entailment, expected not_entailment" in text
    monkeypatch.setenv("FORCE_COLOR", "1")  # rich would draw colours: it draws the summary
    assert summary_text(summary, 160) is None
