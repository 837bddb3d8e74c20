"""Where things are in a DSL text: the lines of one problem or story, the line after which a
statement goes to be read after a given step, and the text with a line put there.

The page plays and asks by editing the text itself (a move is one more line, a question
one more hypothesis), so that the engines answer it as they answer any text, and what the
student did can be copied back as DSL.

    >>> text = "problem p\\n  agents A\\n  announce true\\n\\n# end\\nproblem q\\n  agents B\\n"
    >>> insert_after(text.splitlines(), start=1, end=5, before=None)
    3
"""

from __future__ import annotations

from smcdel_bridge.values import value


@value(frozen=True)
class Place:
    """Where to put a statement: after line ``after`` (1-based), indented like the block."""

    after: int
    indent: str


def block_end(items: list, index: int, n_lines: int) -> int:
    """The last line of item ``index`` (the line before the next item starts)."""
    if index + 1 < len(items) and items[index + 1].line:
        return items[index + 1].line - 1
    return n_lines


def insert_after(lines: list[str], start: int, end: int, before: int | None) -> int:
    """The line after which a statement goes: just before line ``before`` (a statement
    it must precede), or after the block's last statement (trailing comments and blank
    lines stay after it)."""
    if before is not None:
        return before - 1
    last = start
    for number in range(start, end + 1):
        text = lines[number - 1].strip() if number - 1 < len(lines) else ""
        if text and not text.startswith("#"):
            last = number
    return last


def step_lines(item) -> list[int | None]:
    """The line of each step's statement: announcements of a problem, events of a story."""
    from ..story.model import Story

    steps = item.events if isinstance(item, Story) else item.announcements
    return [getattr(s, "line", None) for s in steps]


def place(lines: list[str], items: list, index: int, step: int | None) -> Place:
    """Where a statement read after ``step`` steps goes (None: after the last one)."""
    item = items[index]
    starts = step_lines(item)
    before = starts[step] if step is not None and step < len(starts) else None
    after = insert_after(lines, item.line or 1, block_end(items, index, len(lines)), before)
    indent = "  "
    for number in range((item.line or 1) + 1, min(after, len(lines)) + 1):
        text = lines[number - 1]
        if text.strip():
            indent = text[: len(text) - len(text.lstrip())] or indent
            break
    return Place(after, indent)


def with_line(source: str, where: Place, statement: str) -> str:
    """``source`` with ``statement`` on a line of its own after line ``where.after``."""
    lines = source.split("\n")
    lines.insert(where.after, where.indent + statement)
    return "\n".join(lines)
