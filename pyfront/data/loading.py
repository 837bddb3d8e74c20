"""Reading problems from files: DSL files, and MindGames datasets (CSV or JSON lines).

``load_problems`` and ``dsl_check_items`` are what other commands use to turn a DSL file
into problems or into check items.  Datasets are read through :mod:`.datasets`:
``row_problems`` imports every row (a row that cannot be read or imported is reported in
its place, so batch commands go on), ``read_rows`` stops at the first unreadable row.
"""

from __future__ import annotations

import re
import sys
import weakref
from pathlib import Path
from typing import Any, Iterator

from smcdel_bridge.errors import SmcdelError

from pyfront.data.rows import RowError, iter_rows
from pyfront.errors import UserError, shown
from pyfront.data.items import CheckItem, PlanEntry, StoryItem, ToldEntry
from pyfront.problem.model import Problem


def load_problems(path: str | Path) -> list[Problem]:
    """Every problem of a DSL file (``-``: standard input), in order."""
    from pyfront.problem.dsl import parse_problems

    return parse_problems(*_read_dsl(path))


def load_document(path: str | Path) -> list:
    """Every problem and story of a DSL file (``-``: standard input), in order."""
    return parse_document(*_read_dsl(path))


def load_explainable(path: str | Path) -> tuple[list, list]:
    """What ``explain`` tells from a file: its problems and stories, or, for an SMCDEL
    program (an ``.smcdel.txt`` file or text that starts with ``VARS``), the problems of
    :mod:`pyfront.data.smcdel_program`; and the jobs left to ``mindgames smcdel`` (number,
    kind)."""
    from pyfront.data.smcdel_program import is_smcdel, problems_from_smcdel

    text, name = _read_dsl(path)
    if is_smcdel(text, str(path)):
        converted = problems_from_smcdel(text, name)
        return converted.problems, converted.skipped
    return parse_document(text, name), []


#: a line that opens a story block (the story reader is loaded only for such files)
_STORY_LINE = re.compile(r"^[ \t]*story\b", re.MULTILINE)


def parse_document(text: str, filename: str) -> list:
    """Every problem and story of a DSL text, in order: the story reader's
    :func:`pyfront.story.dsl.parse_document`, without loading it for a text of problems."""
    if not _STORY_LINE.search(text):
        from pyfront.problem.dsl import ProblemBuilder, parse_tree

        tree = parse_tree(text, filename)
        kinds = [getattr(t, "data", None) for t in tree.children]
        if "story" not in kinds:
            out: list = []
            seen: dict[str, int] = {}
            for t in tree.children:
                if getattr(t, "data", None) != "problem":
                    continue
                item = ProblemBuilder(t, filename).build()
                if item.name in seen:  # worded as the story reader words it
                    raise UserError(f"{item.name!r} is defined twice (first on line "
                                    f"{seen[item.name]})", file=filename, line=item.line)
                seen[item.name] = item.line or 0
                out.append(item)
            return out
    from pyfront.story.dsl import parse_document as parse_with_stories

    return parse_with_stories(text, filename)


#: standard input as read, by the stream it was read from: it can be read only once, and a
#: second reader in the same process (the reference side of ``check --backend both``, the
#: report of a stop) gets the same bytes
_READ: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def stdin_bytes() -> bytes:
    """Standard input, read once however often asked (see ``_READ``)."""
    stream = sys.stdin
    got = _READ.get(stream)
    if got is None:
        got = _READ[stream] = stream.buffer.read()
    return got


def _read_dsl(path: str | Path) -> tuple[str, str]:
    if str(path) == "-":
        path, data = Path("<stdin>"), stdin_bytes()
    else:
        path = Path(path)
        data = path.read_bytes()
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is no statement
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        column = err.start - (data.rfind(b"\n", 0, err.start) + 1) + 1
        raise UserError(f"not UTF-8 text ({err.reason})", file=str(path), line=line,
                        column=column) from None
    return text, str(path)


def dsl_check_items(path: str | Path) -> list:
    """One check item per hypothesis of a DSL file, and one per story.

    ``row`` counts hypotheses (and a story's questions) across the whole file from 0,
    ``name`` is ``problem/hypothesis``, ``line`` the hypothesis's line, ``expected`` its
    expectation as ``entailment`` / ``not_entailment`` (None when it states none).  A
    story is one :class:`StoryItem`, answered by the story engine
    (:func:`pyfront.data.story_stops.story_item_records`).
    """
    source = str(path)
    items: list = []
    rows = 0
    for pb in load_document(path):
        if not isinstance(pb, Problem):  # a story
            count = len(pb.queries())
            items.append(StoryItem(source, rows, pb, count, pb.name, pb.line))
            rows = _plan_entries(items, pb, source, rows + count)
            continue
        if pb.has_values:
            from pyfront.problem.puzzle_check import puzzle_jobs

            for _, line, job in puzzle_jobs(pb):
                part = pb.hypotheses[job.index] if job.kind == "hypothesis" else job.question
                expected = part.expected_label if job.kind == "hypothesis" else \
                    part.expected_text()
                items.append(CheckItem(source=source, row=rows, problem="",
                                       expected=expected, name=f"{pb.name}/{part.name}",
                                       line=line or None, puzzle=job))
                rows += 1
            rows = _plan_entries(items, pb, source, rows)
            continue
        if pb.has_told:  # an event model: the event-model engines answer it
            for i, h in enumerate(pb.hypotheses):
                items.append(ToldEntry(source, rows, pb, i, f"{pb.name}/{h.name}", h.line,
                                       h.expected_label))
                rows += 1
            continue
        from pyfront.problem.to_smcdel import render as smcdel_text  # not for number puzzles

        for i, h in enumerate(pb.hypotheses):
            try:
                problem, pbcheck = smcdel_text(pb, i), smcdel_text(pb, i, pbcheck=True)
            except ValueError as err:  # a formula SMCDEL input cannot write
                raise UserError(f"{pb.name}/{h.name}: {err}", file=source, line=h.line) from None
            items.append(
                CheckItem(
                    source=source,
                    row=rows,
                    problem=problem,
                    pbcheck=pbcheck,
                    expected=h.expected_label,
                    name=f"{pb.name}/{h.name}",
                    line=h.line,
                )
            )
            rows += 1
        rows = _plan_entries(items, pb, source, rows)
    return items


def _plan_entries(items: list, pb, source: str, rows: int) -> int:
    """Append an item per plan item of ``pb`` (a problem or a story; rows from
    ``rows``); the next row."""
    for k, item in enumerate(pb.planning.plans if pb.planning is not None else ()):
        items.append(PlanEntry(source, rows, pb, k, f"{pb.name}/{item.name}", item.line,
                               item.expected_text))
        rows += 1
    return rows


def story_records(story, source: str, first_row: int = 0, engine: str = "auto",
                  on_event=None) -> list[dict]:
    """The check records of a story's hypotheses and questions, in the order written
    (:func:`iter_story_records`)."""
    return list(iter_story_records(story, source, first_row, engine, on_event))


def iter_story_records(story, source: str, first_row: int = 0, engine: str = "auto",
                       on_event=None):
    """The check records of a story's hypotheses and questions, in the order written,
    each as soon as it is answered.

    A hypothesis has ``valid`` (true at the actual situation), ``label``
    (``entailment``/``not_entailment``) and ``expected`` as for problems; a question has
    ``answer`` (the values the nested belief allows), ``label`` and ``expected`` as those
    values joined by ``", "``.  An event that cannot happen ends the story there: the
    hypotheses and questions before it are answered, and one more record carries its
    one-line ``error`` (``FILE:LINE: …``).
    """
    from pyfront.checking.records import QUESTION_FIELDS, check_record
    from pyfront.story.compile import iter_results
    from pyfront.story.engines import engine_note

    note = engine_note(story, engine)
    if note is not None:  # the explicit engine chosen where it is the slow one
        print(f"mindgames: {source}:{story.line}: note: {note}", file=sys.stderr, flush=True)
    results = iter_results(story, engine=engine, on_event=on_event)
    k = 0
    while True:
        try:
            r = next(results)
        except StopIteration as stop:
            failure = stop.value
            break
        name, row = f"{story.name}/{r.name}", first_row + k
        k += 1
        if r.kind == "hypothesis":
            yield check_record(
                source, row, name=name, line=r.line, valid=r.answer,
                label="entailment" if r.answer else "not_entailment", contradictory=False,
                expected=None if r.expected is None else
                ("entailment" if r.expected else "not_entailment"), agrees=r.agrees)
            continue
        label = ", ".join(r.answer)
        expected = None if r.expected is None else ", ".join(sorted(
            r.expected, key=list(r.answer + tuple(r.expected)).index))
        if r.expected is not None and r.agrees:
            expected = label
        yield check_record(source, row, name=name, line=r.line, fields=QUESTION_FIELDS,
                           answer=list(r.answer), label=label, contradictory=False,
                           expected=expected, agrees=r.agrees)
    if failure is not None:
        failure.file = shown(source)
        yield check_record(source, first_row + k, name=f"{story.name}/event",
                           line=failure.line, error=str(failure))


def read_rows(path: str | Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(0-based row, fields) for every row of a ``.csv`` / ``.jsonl`` / ``.json`` dataset
    (``-`` reads JSON lines from standard input); the first row that cannot be read is a
    UserError naming file and line (batch commands use :func:`row_problems` or
    :func:`pyfront.data.rows.iter_rows`, which report such rows in their place instead)."""
    p = str(path)
    for row, line, fields in iter_rows(p):
        if isinstance(fields, RowError):
            raise fields.user_error(p, line)
        yield row, fields


def row_problem(path: str | Path, row: int, fields: dict[str, Any]) -> Problem:
    """Import one dataset row as a problem named after its position."""
    from pyfront.data.mindgames_import import problem_from_row

    return problem_from_row(fields, name=f"row{row}", source=str(path))


#: what importing or rendering one dataset row may raise: batch commands report it for
#: that row and go on
ROW_ERRORS = (UserError, SmcdelError, ValueError)


def row_error_text(err: Exception) -> str:
    """The one-line reason of a row error (without file and line: the caller names the row)."""
    if isinstance(err, UserError):
        return err.message
    lines = str(err).splitlines()
    return lines[0] if lines else type(err).__name__


def row_problems(path: str | Path
                 ) -> Iterator[tuple[int, int | None, dict[str, Any], Problem | str]]:
    """(row, line, fields, problem) for every row of a dataset (``line``: where the row
    starts, from 1); in place of the problem, the one-line reason when the row cannot be
    read (fields then ``{}``) or imported."""
    p = str(path)
    for row, line, fields in iter_rows(p):
        if isinstance(fields, RowError):
            yield row, line, {}, fields.message
            continue
        try:
            result: Problem | str = row_problem(p, row, fields)
        except ROW_ERRORS as err:
            result = row_error_text(err)
        yield row, line, fields, result


def row_place(row: int, line: int | None) -> str:
    """``row 3 (line 5)``: a dataset row as the batch commands name it (rows from 0, as the
    files written are numbered; the line, from 1, where the row starts)."""
    return f"row {row}" if line is None else f"row {row} (line {line})"
