"""Reading ToMi files: ``FILE.txt`` (bAbI-style numbered sentences, a question line ends a
story) and, when it lies beside it, ``FILE.trace`` (one line per question: action types,
question type, story type).

A story restarts when a line is numbered 1; a question line is
``question<TAB>answer<TAB>supporting line``.  Every question keeps the file lines of its
story's sentences, so that any later error can name ``FILE:LINE``.  A line that cannot be
read does not stop the reader: the questions of the story it belongs to carry the problem
(:attr:`TomiQuestion.error`) and the other stories are read as usual.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterator

from smcdel_bridge.values import field, value

from ..errors import UserError

_NUMBERED = re.compile(r"^(\d+) (.*)$")


@value(frozen=True)
class Line:
    """One sentence of a story: its file line and its text (number stripped)."""

    line: int
    number: int
    text: str


@value(frozen=True)
class TomiQuestion:
    """One question of a ToMi file with the story it ends."""

    source: str
    #: 0-based position of the question in the file (None: a bad line no question follows)
    row: int | None
    #: file line of the question
    line: int
    story: tuple[Line, ...]
    question: str
    #: ToMi's answer (a container)
    expected: str
    question_type: str | None = None
    story_type: str | None = None
    #: the trace's action types (empty without a trace)
    actions: tuple[str, ...] = ()
    #: ``FILE:LINE: message`` when the story or question could not be read
    error: str | None = None


@value
class _Pending:
    lines: list[Line] = field(default_factory=list)
    error: str | None = None
    last: int = 0
    #: a question ended the story (its error, if any, was reported with it)
    asked: bool = False
    error_line: int = 0

    def fail(self, line: int, message: str) -> None:
        if self.error is None:
            self.error, self.error_line = message, line


def trace_path(path: str | Path) -> Path:
    p = Path(path)
    return p.with_suffix(".trace")


def read_trace(path: Path) -> list[list[str] | str]:
    """Per question: the trace's fields, or an error line for a malformed trace line."""
    out: list[list[str] | str] = []
    with open(path, "rb") as fh:
        for n, raw in _lines(fh, str(path)):
            if raw is None:
                out.append(f"{path}:{n}: not UTF-8 text")
                continue
            text = raw.rstrip("\n").rstrip("\r")
            parts = [p.strip() for p in text.split(",")]
            if len(parts) < 2 or not all(parts):
                out.append(f"{path}:{n}: malformed trace line (want ACTIONS…,QUESTION_TYPE,STORY_TYPE)")
            else:
                out.append(parts)
    return out


def iter_questions(path: str, *, use_trace: bool = True) -> Iterator[TomiQuestion]:
    """Every question of a ToMi file, in order, each with its story."""
    p = Path(path)
    if not p.is_file():
        raise UserError("not a file" if p.exists() else "no such file", file=path)
    trace: list[list[str] | str] | None = None
    tpath = trace_path(p)
    if use_trace and tpath.is_file() and tpath != p:
        trace = read_trace(tpath)
    try:
        fh = open(p, "rb")
    except OSError as err:
        raise UserError(err.strerror or str(err), file=path) from None
    with fh:
        yield from _questions(fh, path, trace, tpath)


def _lines(fh, path: str) -> Iterator[tuple[int, str | None]]:
    """Numbered lines of a binary file, decoded one by one (None: not UTF-8)."""
    for n, raw in enumerate(fh, 1):
        if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            yield n, raw.decode("utf-8")
        except UnicodeDecodeError:
            yield n, None


def _questions(fh, path: str, trace, tpath) -> Iterator[TomiQuestion]:
    story = _Pending()
    row = 0
    for n, raw in _lines(fh, path):
        if raw is None:
            story.fail(n, f"{path}:{n}: not UTF-8 text")
            story.asked = False
            continue
        text = raw.rstrip("\n").rstrip("\r")
        if not text.strip():
            continue
        m = _NUMBERED.match(text)
        if m is None:
            # an unnumbered line: it cannot be placed, the story it falls in is unusable
            story.fail(n, f"{path}:{n}: malformed line (want 'NUMBER SENTENCE')")
            story.asked = False
            continue
        number, body = int(m.group(1)), m.group(2)
        if number == 1:
            if story.error and not story.asked:
                yield _orphan(path, story)
            story = _Pending()
        elif number != story.last + 1:
            story.fail(n, f"{path}:{n}: line numbered {number} after {story.last}")
        story.last = number
        if "\t" in body:
            parts = body.split("\t")
            q_text = parts[0].strip()
            answer = parts[1].strip() if len(parts) > 1 else ""
            error = story.error
            if error is None and (len(parts) < 2 or not answer):
                error = f"{path}:{n}: question line without an answer (want QUESTION<TAB>ANSWER<TAB>LINE)"
            qtype = stype = None
            actions: tuple[str, ...] = ()
            if trace is not None:
                if row < len(trace):
                    t = trace[row]
                    if isinstance(t, str):
                        error = error or t
                    else:
                        actions, qtype, stype = tuple(t[:-2]), t[-2], t[-1]
                else:
                    error = error or f"{tpath}: no trace line for question {row} (line {n})"
            yield TomiQuestion(source=path, row=row, line=n, story=tuple(story.lines),
                               question=q_text, expected=answer, question_type=qtype,
                               story_type=stype, actions=actions, error=error)
            # bAbI files may ask several questions of one story: a next line not
            # numbered 1 continues it
            row += 1
            story.asked = True
        else:
            story.lines.append(Line(n, number, body.strip()))
            story.asked = False
    if story.error and not story.asked:
        yield _orphan(path, story)


def _orphan(path: str, story: _Pending) -> TomiQuestion:
    """A bad line in a story that no question ends: reported on its own (``row`` None)."""
    return TomiQuestion(source=path, row=None, line=story.error_line, story=(), question="",
                        expected="", error=story.error)
