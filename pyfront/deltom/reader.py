"""Reading a folder as DEL-ToM's generator writes it: ``Tell|No_Tell/MC|CoT/length_L/
sample_S/`` with ``order_0.txt`` … ``order_4.txt`` (one question each about one story) and
``trace.jsonl`` (one line per story sentence: ``t``, ``real``, ``first`` … ``fourth``).

A story is a folder that holds an ``order_K.txt`` or a ``trace.jsonl``; its questions are
read as Hi-ToM's (:class:`pyfront.hitom.reader.HitomQuestion`, one per file, ``row`` 0,
``line`` the ``Question:`` line), so Hi-ToM's sentence reader and certifier answer them.  A
file that cannot be read gives its question (or the story's trace) one
``FILE:LINE:COL: message`` and the rest is read as usual.

    >>> story_key("D/Tell/MC/length_2/sample_10") < story_key("D/Tell/MC/length_2/sample_9")
    False
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Iterator

from smcdel_bridge.values import value

from ..hitom.reader import HitomQuestion
from ..tomi.reader import Line

__all__ = ["DeltomStory", "ORDER_FILE", "TRACE_FILE", "iter_stories", "read_question",
           "read_trace", "story_key", "story_folders"]

ORDER_FILE = re.compile(r"^order_(\d+)\.txt$")
TRACE_FILE = "trace.jsonl"
_NUMBERED = re.compile(r"^(\d+) (.*)$")
_TRACE_KEYS = ("real", "first", "second", "third", "fourth")


@value(frozen=True)
class DeltomStory:
    """One story folder: its questions (by order), its trace lines, what its path says."""

    #: the folder
    source: str
    #: 0-based position of the folder among those read
    row: int
    questions: tuple[HitomQuestion, ...]
    #: the trace's lines as read (None: no trace.jsonl)
    trace: tuple[dict, ...] | None
    #: ``Tell`` or ``No_Tell`` (None: the path does not say)
    tell: str | None = None
    #: ``MC`` or ``CoT``
    prompting_type: str | None = None
    #: chapters (``length_L``)
    length: int | None = None
    #: ``FILE:LINE:COL: message`` when trace.jsonl could not be read
    trace_error: str | None = None
    #: ``FOLDER: message`` when the folder holds no question that could be read
    error: str | None = None


def story_key(path: str) -> tuple:
    """Sort key of folders: numbers inside names compare as numbers."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(path)))


def story_folders(root: str) -> list[Path]:
    """Every folder under ``root`` (itself included) that holds a story's files, sorted."""
    base = Path(root)
    found = {p.parent for p in base.rglob("*") if p.is_file()
             and (p.name == TRACE_FILE or ORDER_FILE.match(p.name))}
    return sorted(found, key=lambda p: story_key(str(p)))


def _path_facts(folder: Path) -> dict:
    parts = folder.parts
    tell = next((p for p in parts if p in ("Tell", "No_Tell")), None)
    kind = next((p for p in parts if p in ("MC", "CoT")), None)
    length = next((int(p.split("_")[1]) for p in parts if re.fullmatch(r"length_\d+", p)), None)
    return {"tell": tell, "prompting_type": kind, "length": length}


def read_question(path: str, order: int, facts: dict) -> HitomQuestion:
    """The question of one ``order_K.txt``."""
    def bad(n: int, col: int, message: str, **known) -> HitomQuestion:
        return HitomQuestion(source=path, row=0, line=n, story=(), question=known.get("q", ""),
                             expected=known.get("a", ""), question_order=order,
                             error=f"{path}:{n}:{col}: {message}")

    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return bad(1, 1, "not UTF-8 text")
    except OSError as err:
        return bad(1, 1, f"cannot be read ({err.strerror})")
    lines: list[Line] = []
    question = answer = None
    q_line = 0
    in_story = False
    for n, raw in enumerate(text.split("\n"), 1):
        t = raw.strip()
        if t == "Story:":
            in_story = True
        elif t.startswith("Question:"):
            question, q_line, in_story = t[len("Question:"):].strip(), n, False
        elif t.startswith("Answer:"):
            answer = t[len("Answer:"):].strip()
        elif in_story and t:
            m = _NUMBERED.match(t)
            if m is None:
                return bad(n, 1, f"malformed story line {t[:40]!r} (want 'NUMBER SENTENCE')")
            if int(m.group(1)) != len(lines) + 1:
                return bad(n, 1, f"sentence {m.group(1)} after sentence {len(lines)}")
            lines.append(Line(n, int(m.group(1)), m.group(2).strip()))
    end = len(text.split("\n"))
    if question is None or answer is None or not lines:
        what = ", ".join(w for w, v in (("Story:", lines), ("Question:", question),
                                        ("Answer:", answer)) if not v)
        return bad(q_line or end, 1, f"no {what} (an order file has a story, a question and "
                                     "its answer)", q=question or "", a=answer or "")
    return HitomQuestion(source=path, row=0, line=q_line, story=tuple(lines), question=question,
                         expected=answer, question_order=order,
                         deception=None if facts["tell"] is None else facts["tell"] == "Tell",
                         story_length=facts["length"], prompting_type=facts["prompting_type"])


def read_trace(path: str) -> tuple[tuple[dict, ...] | None, str | None]:
    """The lines of a ``trace.jsonl`` (each checked for its keys), or the first problem as
    ``FILE:LINE:COL: message``."""
    out: list[dict] = []
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None, f"{path}:1:1: not UTF-8 text"
    for n, raw in enumerate(text.split("\n"), 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as err:
            return None, f"{path}:{n}:{err.colno}: not a JSON object ({err.msg})"
        except (RecursionError, ValueError) as err:  # (a number too long to convert)
            why = "nested too deeply" if isinstance(err, RecursionError) else str(err)
            return None, f"{path}:{n}:1: not a JSON object ({why})"
        if not isinstance(data, dict) or not isinstance(data.get("t"), int):
            return None, f"{path}:{n}:1: not a trace line (a JSON object with an integer t)"
        for key in _TRACE_KEYS:
            v = data.get(key)
            ok = v is None or (isinstance(v, str) if key == "real" else isinstance(v, dict))
            if not ok:
                return None, f"{path}:{n}:1: {key!r} is neither null nor a " + (
                    "container" if key == "real" else "map of chains")
        if data["t"] != len(out) + 1:
            return None, f"{path}:{n}:1: line t={data['t']} after t={len(out)}"
        out.append(data)
    return tuple(out), None


def read_story(folder: Path, row: int) -> DeltomStory:
    """One story folder."""
    facts = _path_facts(folder)
    orders = sorted((int(m.group(1)), p) for p in folder.iterdir()
                    if (m := ORDER_FILE.match(p.name)) and p.is_file())
    questions = tuple(read_question(str(p), k, facts) for k, p in orders)
    trace = error = None
    if (folder / TRACE_FILE).is_file():
        trace, error = read_trace(str(folder / TRACE_FILE))
    none_read = not questions or all(q.error for q in questions)
    return DeltomStory(source=str(folder), row=row, questions=questions, trace=trace,
                       trace_error=error, **facts,
                       error=f"{folder}: no question that could be read" if none_read else None)


def iter_stories(root: str) -> Iterator[DeltomStory]:
    """Every story folder under ``root``, in order."""
    for row, folder in enumerate(story_folders(root)):
        yield read_story(folder, row)
