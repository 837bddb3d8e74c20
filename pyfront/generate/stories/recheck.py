"""``mindgames check`` on story datasets: every row's DSL problem is parsed and answered
again by the checker, and the answer compared with the row's ``answer`` (QA rows) or
``label`` (NLI rows) and with the expectation written in the problem.

A story dataset is a ``.jsonl``/``.csv`` file whose rows carry a ``problem`` column holding
a ``story`` block and no ``smcdel_problem``; :func:`is_story_dataset` tells from the first
row.  One JSON line per row, a summary per question type, exit 1 on any disagreement or
unreadable row.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

from pyfront.data.rows import RowError, iter_rows

SUFFIXES = (".jsonl", ".ndjson", ".csv")


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
    p = Path(path)
    if not p.is_file() or not p.name.lower().endswith(SUFFIXES):
        return False
    try:
        for _, _, fields in iter_rows(path):
            if isinstance(fields, RowError):
                continue
            return "smcdel_problem" not in fields and _is_story_problem(fields.get("problem"))
    except (OSError, UnicodeDecodeError, ValueError):
        return False
    return False


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


def check_row(source: str, row: int, line: int | None, fields, cache: dict | None = None) -> dict:
    from ...errors import UserError
    from ...checking.deadline import ItemTimeout, item_deadline
    from ...story.compile import evaluate
    from ...story.dsl import parse_story
    from smcdel_bridge.errors import SmcdelError

    where = f"{source}:{line}" if line is not None else f"{source}: row {row}"
    record: dict = {"source": source, "row": row, "question_type": None, "expected": None,
                    "answer": None, "agrees": None}
    if isinstance(fields, RowError):
        record["error"] = f"{where}: {fields}"
        return record
    record["question_type"] = fields.get("question_type")
    problem = fields.get("problem")
    if not _is_story_problem(problem):
        record["error"] = f"{where}: the problem column holds no story"
        return record
    qa = "answer" in fields
    expected = fields.get("answer") if qa else fields.get("label")
    record["expected"] = expected
    try:
        story = parse_story(problem, f"{where} (problem)")
        compiled = None
        with item_deadline():  # check --timeout
            if cache is not None:
                from ...story.compile import answer_engine, compile_story

                key = story_key(problem)
                compiled = cache.get(key)
                if compiled is None:
                    cache.clear()  # rows come grouped by story: keep one
                    compiled = cache[key] = compile_story(story, answer_engine(story))
            results = evaluate(story, compiled)
    except (UserError, SmcdelError, ValueError, ItemTimeout) as err:
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


def run(args) -> int:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from ...errors import UserError

    if getattr(args, "backend", "native") != "native":
        raise UserError("story rows are checked by the event-model engine: --backend "
                        f"{args.backend} does not apply")
    from ...checking.results import check_output

    to_stdout = check_output(args, args.paths, resumable=False)
    cells: dict[str, Counter] = {}
    problems: list[str] = []
    out = open(args.output, "w", encoding="utf-8") if args.output else None
    from ...checking.progress import terminal_bar

    bar = terminal_bar(args.quiet, to_stdout)
    try:
        for path in args.paths:
            # rows of one story (shuffled across the file) are checked together, so that
            # each story is compiled once; every record names its row
            rows = list(iter_rows(path))
            order: dict[str, list[int]] = {}
            for k, (_, _, fields) in enumerate(rows):
                problem = fields.get("problem") if isinstance(fields, dict) else None
                order.setdefault(story_key(problem) if isinstance(problem, str) else f"#{k}",
                                 []).append(k)
            cache: dict = {}
            for k in (k for group in order.values() for k in group):
                row, line, fields = rows[k]
                record = check_row(path, row, line, fields, cache)
                if bar is not None:
                    bar.advance(record)
                text = json.dumps(record, ensure_ascii=False) + "\n"
                if out is not None:
                    out.write(text)
                    out.flush()
                if to_stdout:
                    sys.stdout.write(text)
                    sys.stdout.flush()
                c = cells.setdefault(record.get("question_type") or "?", Counter())
                c["items"] += 1
                if record.get("error"):
                    c["failed"] += 1
                    problems.append(record["error"])
                    print(f"mindgames: {record['error']}", file=sys.stderr)
                elif record["agrees"]:
                    c["agree"] += 1
                else:
                    c["disagree"] += 1
                    problems.append(f"{path}: row {row}: expected {record['expected']}, "
                                    f"the checker says {record['answer']}")
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
        if out is not None:
            out.close()
    if not args.quiet:
        stream = sys.stderr if to_stdout else sys.stdout
        console = Console(file=stream, width=None if stream.isatty() else 160)
        table = Table(box=box.SIMPLE_HEAD, title="mindgames check (story rows)",
                      title_justify="left")
        for i, col in enumerate(("question type", "items", "agree", "disagree", "failed")):
            table.add_column(col, justify="left" if i == 0 else "right")
        total = Counter()
        for name, c in sorted(cells.items()):
            table.add_row(name, *(str(c[k]) for k in ("items", "agree", "disagree", "failed")))
            total.update(c)
        table.add_row("total", *(str(total[k]) for k in ("items", "agree", "disagree", "failed")),
                      style="bold")
        console.print(table)
        for p in problems[:20]:
            console.print(f"  {p}", markup=False, highlight=False)
    return 1 if problems else 0
