"""``mindgames check`` on story datasets: every row's DSL problem is parsed and answered
again by the checker, and the answer compared with the row's ``answer`` (QA rows) or
``label`` (NLI rows) and with the expectation written in the problem.

A story dataset is a ``.jsonl``/``.csv`` file whose rows carry a ``problem`` column holding
a ``story`` block and no ``smcdel_problem``; :func:`is_story_dataset` tells from the first
row.  One JSON line per row, a summary per question type, exit 1 on any disagreement or
unreadable row.
"""

from __future__ import annotations

import sys
from collections import Counter

from pyfront.checking.sources import first_dataset_row
from pyfront.data.rows import RowError, iter_rows
from smcdel_bridge.values import value


def _is_story_problem(text) -> bool:
    if not isinstance(text, str):
        return False
    for line in text.splitlines():
        s = line.strip()
        if s and not s.startswith("#"):
            return s.startswith("story ") or s == "story"
    return False


def is_story_dataset(path: str) -> bool:
    """Whether the first readable row of ``path`` is a story row."""
    fields = first_dataset_row(path)
    return (fields is not None and "smcdel_problem" not in fields
            and _is_story_problem(fields.get("problem")))


def story_key(problem: str) -> str:
    """The problem without its name, questions and hypotheses: rows with the same key tell
    the same story, which is compiled once."""
    keep = []
    for ln in problem.splitlines():
        s = ln.strip()
        if s.startswith(("question ", "hypothesis ", "story ")) or not s or s.startswith("#"):
            continue
        keep.append(s)
    return "\n".join(keep)


#: a story row's record, in the order written
FIELDS = ("source", "row", "question_type", "expected", "answer", "agrees")


@value(frozen=True)
class StoryRow:
    """One row of a story dataset, as read (``fields``: its columns, or why it cannot be
    read)."""

    source: str
    row: int
    line: int | None
    fields: object


def _where(source: str, row: int, line: int | None) -> str:
    return f"{source}:{line}" if line is not None else f"{source}: row {row}"


def _base(source: str, row: int, fields) -> dict:
    from ...checking.records import check_record

    record = check_record(source, row, fields=FIELDS)
    if not isinstance(fields, RowError):
        record["question_type"] = fields.get("question_type")
    return record


def _expected(fields: dict):
    return fields.get("answer") if "answer" in fields else fields.get("label")


def check_row(source: str, row: int, line: int | None, fields, cache: dict | None = None,
              engine: str = "auto") -> dict:
    from ...errors import UserError
    from ...story.compile import evaluate
    from ...story.dsl import parse_story
    from smcdel_bridge.errors import SmcdelError

    where = _where(source, row, line)
    record = _base(source, row, fields)
    if isinstance(fields, RowError):
        record["error"] = f"{where}: {fields}"
        return record
    problem = fields.get("problem")
    if not _is_story_problem(problem):
        record["error"] = f"{where}: the problem column holds no story"
        return record
    qa = "answer" in fields
    expected = record["expected"] = _expected(fields)
    try:
        story = parse_story(problem, f"{where} (problem)")
        compiled = None
        if cache is not None:
            from ...story.compile import answer_engine, compile_story

            key = story_key(problem)
            compiled = cache.get(key)
            if compiled is None:
                cache.clear()  # rows come grouped by story: keep one
                compiled = cache[key] = compile_story(story, answer_engine(story, engine))
        results = evaluate(story, compiled, engine)
    except (UserError, SmcdelError, ValueError) as err:
        record["error"] = f"{where}: {err}"
        return record
    if len(results) != 1:
        record["error"] = f"{where}: the problem asks {len(results)} questions, not one"
        return record
    (res,) = results
    if qa:
        answer = list(res.answer) if isinstance(res.answer, tuple) else res.answer
        record["answer"] = answer[0] if isinstance(answer, list) and len(answer) == 1 else answer
        record["agrees"] = bool(record["answer"] == expected and res.agrees is not False)
    else:
        if not isinstance(res.answer, bool):
            record["error"] = f"{where}: an NLI row's problem must state a hypothesis"
            return record
        record["answer"] = "entailment" if res.answer else "not_entailment"
        record["agrees"] = bool(record["answer"] == expected and res.agrees is not False)
    return record


def story_rows(path: str):
    """The rows of a story dataset, those of one story (shuffled across the file) together,
    so that each story is compiled once; every record names its row."""
    rows = list(iter_rows(path))
    order: dict[str, list[int]] = {}
    for k, (_, _, fields) in enumerate(rows):
        problem = fields.get("problem") if isinstance(fields, dict) else None
        order.setdefault(story_key(problem) if isinstance(problem, str) else f"#{k}",
                         []).append(k)
    for k in (k for group in order.values() for k in group):
        yield StoryRow(path, *rows[k])


def source(args, options):
    """The check source of story datasets: each row answered in a child process within
    the limits (a child keeps the last story compiled)."""
    from ...checking.pipeline import Source
    from ...errors import UserError

    if getattr(args, "backend", "native") != "native":
        raise UserError("story rows are checked by the event-model engine: --backend "
                        f"{args.backend} does not apply")
    cache: dict = {}  # each child process fills its own copy

    def answer(item: StoryRow) -> dict:
        return check_row(item.source, item.row, item.line, item.fields, cache, options.engine)

    def on_limit(item: StoryRow, why: str) -> dict:
        record = _base(item.source, item.row, item.fields)
        if isinstance(item.fields, dict):
            record["expected"] = _expected(item.fields)
        record["error"] = f"{_where(item.source, item.row, item.line)}: {why}"
        return record

    return Source(items=lambda: (r for p in args.paths for r in story_rows(p)), answer=answer,
                  on_limit=on_limit, report=StoryRowsReport(), echo_errors=True)


class StoryRowsReport:
    """A table per question type: items, agree, disagree, failed; then the problems."""

    def __init__(self, title: str = "mindgames check (story rows)") -> None:
        self.title = title
        self.cells: dict[str, Counter] = {}
        self.problems: list[str] = []

    def add(self, record: dict, item=None) -> None:
        c = self.cells.setdefault(record.get("question_type") or "?", Counter())
        c["items"] += 1
        if record.get("error"):
            c["failed"] += 1
            self.problems.append(record["error"])
        elif record["agrees"]:
            c["agree"] += 1
        else:
            c["disagree"] += 1
            self.problems.append(f"{record['source']}: row {record['row']}: expected "
                                 f"{record['expected']}, the checker says {record['answer']}")

    def finish(self, quiet: bool, to_stdout: bool) -> int:
        if not quiet:
            from rich import box
            from rich.console import Console
            from rich.table import Table

            stream = sys.stderr if to_stdout else sys.stdout
            console = Console(file=stream, width=None if stream.isatty() else 160)
            table = Table(box=box.SIMPLE_HEAD, title=self.title,
                          title_justify="left")
            for i, col in enumerate(("question type", "items", "agree", "disagree", "failed")):
                table.add_column(col, justify="left" if i == 0 else "right")
            total = Counter()
            for name, c in sorted(self.cells.items()):
                table.add_row(name, *(str(c[k]) for k in ("items", "agree", "disagree",
                                                          "failed")))
                total.update(c)
            table.add_row("total", *(str(total[k]) for k in ("items", "agree", "disagree",
                                                             "failed")), style="bold")
            console.print(table)
            for p in self.problems[:20]:
                console.print(f"  {p}", markup=False, highlight=False)
        return 1 if self.problems else 0
