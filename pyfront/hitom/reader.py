"""Reading Hi-ToM files: JSON lines, one question a line, each with its whole story.

A row has ``prompting_type``, ``deception``, ``story_length``, ``question_order``,
``sample_id``, ``story`` (numbered sentences, ``\\n``-separated; a ``VP`` story may start
with an unnumbered instruction line, and some end with a ``***`` line, skipped),
``question``, ``choices`` and ``answer``.  A row that
cannot be read does not stop the reader: its question carries the problem
(:attr:`HitomQuestion.error`) and the other rows are read as usual.  Messages name
``FILE:LINE`` (the JSON line) and the sentence number where there is one.
"""

from __future__ import annotations

import re
from typing import Iterator

from smcdel_bridge.values import value

from ..data.rows import RowError, json_value, not_json, numbered_lines
from ..tomi.reader import Line


_NUMBERED = re.compile(r"^(\d+) (.*)$")
_INSTRUCTION = re.compile(r"^(Read the following story|Story:|Note:)")
#: a separator some of Hi-ToM's stories end with: no sentence
_SEPARATOR = re.compile(r"^\*{3,}$")


@value(frozen=True)
class HitomQuestion:
    """One question of a Hi-ToM file with its story."""

    source: str
    #: 0-based position of the row in the file
    row: int
    #: file line of the row
    line: int
    #: the story's sentences; ``Line.line`` is the file line, ``Line.number`` the sentence's
    story: tuple[Line, ...]
    question: str
    #: Hi-ToM's answer (a container)
    expected: str
    question_order: int | None = None
    deception: bool | None = None
    story_length: int | None = None
    prompting_type: str | None = None
    sample_id: int | None = None
    #: ``FILE:LINE: message`` when the row could not be read
    error: str | None = None


def iter_questions(path: str) -> Iterator[HitomQuestion]:
    """Every question of a Hi-ToM file, in order."""
    for row, n, raw in numbered_lines(path):
        yield _question(path, row, n, raw)


def _question(path: str, row: int, n: int, raw: bytes) -> HitomQuestion:
    def bad(message: str, **known) -> HitomQuestion:
        return HitomQuestion(source=path, row=row, line=n, story=(), question=known.get("q", ""),
                             expected=known.get("a", ""), error=f"{path}:{n}: {message}")

    try:
        data = json_value(raw.decode("utf-8"))
    except UnicodeDecodeError:
        return bad("not UTF-8 text")
    if isinstance(data, RowError):
        return bad(not_json(data))
    if not isinstance(data, dict):
        return bad("not a JSON object")
    missing = [k for k in ("story", "question", "answer") if not isinstance(data.get(k), str)]
    if missing:
        return bad(f"no {', '.join(missing)} (a Hi-ToM row has story, question and answer)",
                   q=str(data.get("question", "")), a=str(data.get("answer", "")))
    lines, error = [], None
    for text in data["story"].split("\n"):
        text = text.strip()
        if not text or _INSTRUCTION.match(text) or _SEPARATOR.match(text):
            continue
        m = _NUMBERED.match(text)
        if m is None:
            error = error or f"{path}:{n}: malformed story line {text[:40]!r} (want 'NUMBER SENTENCE')"
            continue
        number = int(m.group(1))
        if number != len(lines) + 1:
            error = error or f"{path}:{n}: sentence {number} after sentence {len(lines)}"
        lines.append(Line(n, number, m.group(2).strip()))
    order = data.get("question_order")
    return HitomQuestion(
        source=path, row=row, line=n, story=tuple(lines), question=data["question"].strip(),
        expected=data["answer"].strip(),
        question_order=order if isinstance(order, int) else None,
        deception=data.get("deception") if isinstance(data.get("deception"), bool) else None,
        story_length=data.get("story_length") if isinstance(data.get("story_length"), int) else None,
        prompting_type=data.get("prompting_type"), sample_id=data.get("sample_id"), error=error)
