"""The check summary as plain text, for a file or a pipe, without loading rich.

Into a file or a pipe rich draws no colour, so the summary is plain text: this module
writes the same characters rich writes there (the table of :meth:`Summary.render` with its
``SIMPLE_HEAD`` box, the verdict, the lists of problems), and says None when the summary
holds anything it does not lay out the same way (a line wider than the page, wide or
control characters, the backends' disagreement table, an environment that asks rich for
colour); the caller then lets rich draw it.
"""

from __future__ import annotations

import os

from .report import Summary

#: variables with which rich draws styles into files and pipes too
_STYLE_VARIABLES = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


def _plain(text: str) -> bool:
    return text.isascii() and text.isprintable()


def summary_text(summary: Summary, width: int) -> str | None:
    """The summary as rich prints it into a file ``width`` columns wide, or None."""
    if any(os.environ.get(name) for name in _STYLE_VARIABLES):
        return None
    if summary.disagreements or not summary.rows:
        return None
    columns, body, total = summary.cells()
    table = [columns, *body] + ([total] if total is not None else [])
    if not all(_plain(cell) for row in table for cell in row):
        return None
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    line_width = sum(widths) + len(widths) - 1
    if line_width > width:
        return None

    def line(row: list[str]) -> str:
        return " ".join([row[0].ljust(widths[0])] + [cell.rjust(w) for cell, w in
                                                     zip(row[1:], widths[1:])])

    lines = ["mindgames check".ljust(line_width), line(columns), "─" * line_width]
    lines += [line(row) for row in table[1:]]
    lines.append(summary.total_verdict())
    for title, entries, count in (
            ("failed items", summary.failures, summary.counts["failed"]),
            ("labels that differ from the expected ones", summary.mismatches,
             summary.counts["disagree"])):
        if not entries:
            continue
        lines.append(f"{title} ({count}):")
        lines += [f"  {entry}" for entry in entries]
        if count > len(entries):
            lines.append(f"  … and {count - len(entries)} more")
    if not all(len(text) <= width and _plain(text.replace("…", "").replace("─", ""))
               for text in lines):
        return None
    return "\n".join(lines) + "\n"
