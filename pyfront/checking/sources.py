"""From the paths given to ``mindgames check`` to a stream of check items.

A path is a DSL file (``.del``: one item per hypothesis), an SMCDEL input file
(``.smcdel.txt``: one item per job, see :func:`smcdel_file_items`), a directory (every
``.del`` inside, sorted), or a dataset (``.csv`` / ``.jsonl``) with an ``smcdel_problem``
column and optional ``label`` and ``pbcheck`` columns.  Datasets are read row by row, so
large ones stream.  A row or file that cannot be read becomes an :class:`ItemFailure`
naming file and row, and the stream goes on.

A dataset row whose fields are plainly usable (text problem, a known label or none,
text ``pbcheck`` or none) becomes its item with no message prepared and every field
given in order (the value class's quickest construction); any other row takes the full
checks, which word its failure.  Measured on 3,725 generated rows: 4% of the
instructions of a whole ``mindgames check -o``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator

from pyfront.data.rows import LABELS, RowError, expected_label, iter_rows
from pyfront.errors import STDIN, UserError, shown
from smcdel_bridge.values import value

from pyfront.data.items import CheckItem

DATASET_SUFFIXES = (".csv", ".jsonl", ".ndjson")
SMCDEL_SUFFIX = ".smcdel.txt"


@value(frozen=True)
class ItemFailure:
    """An item that could not even be read (bad row, bad file)."""

    source: str
    row: int | None
    message: str
    name: str | None = None
    line: int | None = None


def first_dataset_row(path: str) -> dict | None:
    """The first readable row of a dataset file (``None`` for anything else or no such row):
    what tells a dataset's family apart before any item is read."""
    p = Path(path)
    if not p.is_file() or not p.name.lower().endswith(DATASET_SUFFIXES):
        return None
    try:
        for _, _, fields in iter_rows(path):
            if not isinstance(fields, RowError):
                return fields
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return None


def stdin_kind() -> str:
    """What standard input holds, from its first statement: ``smcdel`` when it is
    ``VARS`` (after ``--`` comments), else ``dsl``.  Read whole, once (both readers read
    it whole anyway): a peek saw only the bytes written so far, and a comment sent first
    made an SMCDEL input a DSL text.  Unreadable input is left to the reader to report."""
    from pyfront.data.loading import stdin_bytes

    try:
        head = stdin_bytes()
    except (AttributeError, OSError, ValueError):
        return "dsl"
    for line in head.decode("utf-8-sig", "replace").splitlines():
        text = line.strip()
        if text and not text.startswith(("--", "#")):
            return "smcdel" if text.startswith("VARS") else "dsl"
    return "dsl"


def kind_of(path: Path) -> str:
    """``dsl``, ``smcdel``, ``dataset`` or ``directory``; UserError for anything else.
    ``-`` is standard input: a DSL text or an SMCDEL input (:func:`stdin_kind`)."""
    if str(path) == STDIN:
        return stdin_kind()
    if path.is_dir():
        return "directory"
    name = path.name.lower()
    if name.endswith(SMCDEL_SUFFIX):
        return "smcdel"
    if name.endswith(".del"):
        return "dsl"
    if name.endswith(DATASET_SUFFIXES):
        return "dataset"
    raise UserError(
        "cannot check this kind of file: give a .del file, an .smcdel.txt file, "
        "a directory or a .csv/.jsonl dataset"
        + (" (ToMi stories: --format tomi)" if name.endswith(".txt") else ""),
        file=str(path),
    )


def check_paths(paths: list[str]) -> None:
    """Fail early (one line, exit 1) on paths that do not exist or have an unknown kind."""
    for p in paths:
        path = Path(p)
        if p == STDIN:
            if paths.count(STDIN) > 1:
                raise UserError("standard input can be given once", file=p)
            continue
        if not path.exists():
            raise UserError("no such file or directory", file=p)
        kind_of(path)


#: why a path of each kind gave no item (a run that checks nothing is no success)
_NOTHING = {
    "directory": "no .del file in this directory",
    "dsl": "no hypothesis to check",
    "smcdel": "no job to check",
    "dataset": "no row to check",
}


def iter_items(paths: list[str]) -> Iterator[CheckItem | ItemFailure]:
    """Every item of every path, in order; a path without any is a failure."""
    for p in paths:
        path = Path(p)
        kind = kind_of(path)
        if kind == "directory":
            try:
                files = dsl_files(path)
            except OSError as err:  # unreadable: say so, not "no .del file"
                yield ItemFailure(p, None, f"{err.filename or p}: {err.strerror or err}")
                continue
            items = (item for sub in files for item in dsl_items(str(sub)))
        elif kind == "dsl":
            items = dsl_items(p)
        elif kind == "smcdel":
            items = smcdel_file_items(p)
        else:
            items = dataset_items(p)
        empty = True
        for item in items:
            empty = False
            yield item
        if empty:
            yield ItemFailure(p, None, f"{p}: {_NOTHING[kind]}")


def dsl_files(folder: Path) -> list[Path]:
    """The ``.del`` files under ``folder``, sorted; the OSError of a folder in it that
    cannot be read (``Path.rglob`` passes over those in silence)."""
    import os

    def fail(err: OSError):
        raise err

    for _ in os.walk(folder, onerror=fail):
        pass
    return [sub for sub in sorted(folder.rglob("*.del")) if sub.is_file()]


def dsl_items(path: str) -> Iterator[CheckItem | ItemFailure]:
    """One item per hypothesis of a DSL file (a bad file is one failure)."""
    from smcdel_bridge.errors import SmcdelError

    from pyfront.data.loading import dsl_check_items

    try:
        items = dsl_check_items(path)
    except (UserError, SmcdelError) as err:
        yield ItemFailure(path, None, _file_message(path, err))
        return
    except (OSError, UnicodeDecodeError) as err:
        yield ItemFailure(path, None, f"{shown(path)}: {getattr(err, 'strerror', None) or err}")
        return
    yield from items


def _file_message(path: str, err: Exception) -> str:
    text, name = str(err), shown(path)
    return text if text.startswith(name) else f"{name}: {text}"


def smcdel_file_items(path: str) -> Iterator[CheckItem | ItemFailure]:
    """One item per job of an SMCDEL input file.

    Item ``row`` is the job's 0-based position in the file and its problem is the file's
    structure with that one job.  The item's ``valid`` is the job's answer for ``VALID?``
    and ``TRUE?`` (for ``TRUE?``: whether the formula is true at the given state) and
    whether the formula holds at every state for ``WHERE?`` (whose states are reported
    too); ``contradictory`` tells whether the announcements that open the job's formula
    leave no state.
    """
    from smcdel_bridge.errors import SmcdelError
    from smcdel_bridge.program import CheckInput
    from smcdel_bridge.syntax import parse_input, render_input

    try:
        if path == STDIN:
            from pyfront.data.loading import stdin_bytes

            text = stdin_bytes().decode("utf-8-sig")
        else:
            text = Path(path).read_text(encoding="utf-8-sig")  # as standard input
    except (OSError, UnicodeDecodeError) as err:
        yield ItemFailure(path, None, f"{shown(path)}: {getattr(err, 'strerror', None) or err}")
        return
    try:
        program = parse_input(text)
    except SmcdelError as err:
        yield ItemFailure(path, None, f"{shown(path)}: {err}", line=getattr(err, "line", None))
        return
    for k, job in enumerate(program.jobs):
        single = CheckInput(program.structure, (job,))
        try:
            problem = render_input(single)
        except ValueError as err:  # what SMCDEL reads but cannot write: a negative atom
            yield ItemFailure(path, k, f"{shown(path)}: {job.kind} job {k + 1}: {err}")
            continue
        yield CheckItem(source=path, row=k, problem=problem, name=f"{job.kind} job {k + 1}")


def dataset_items(path: str) -> Iterator[CheckItem | ItemFailure]:
    """One item per dataset row; rows that cannot be used become failures (a CSV without
    an ``smcdel_problem`` column is one failure)."""
    from pyfront.data.rows import require_columns

    try:
        require_columns(path, ("smcdel_problem",))
    except UserError as err:
        yield ItemFailure(path, None, str(err), line=err.line)
        return
    try:
        for row, line, fields in iter_rows(path):
            yield _row_item(path, row, line, fields)
    except (OSError, UnicodeDecodeError) as err:
        yield ItemFailure(path, None, f"{shown(path)}: {getattr(err, 'strerror', None) or err}")


def _row_item(path: str, row: int, line: int | None,
              fields: dict | RowError) -> CheckItem | ItemFailure:
    if fields.__class__ is dict:  # the common case, with the fewest look-ups
        problem = fields.get("smcdel_problem")
        label = fields.get("label")
        pbcheck = fields.get("pbcheck")
        name = fields.get("name")
        if (problem.__class__ is str and problem.strip()
                and (label is None or label in LABELS)
                and (pbcheck is None or pbcheck.__class__ is str)):
            # every field given, in order: the value class's quickest construction
            return CheckItem(path, row, problem, pbcheck or None, label,
                             name if name.__class__ is str else None, line, None)
    return _row_failure(path, row, line, fields)


def _row_failure(path: str, row: int, line: int | None,
                 fields: dict | RowError) -> CheckItem | ItemFailure:
    """:func:`_row_item` for every row the quick test above leaves: the failures, and
    rows whose label needs normalising (spaces around it)."""
    where = f"{path}: row {row}"
    if isinstance(fields, RowError):
        return ItemFailure(path, row, f"{where} (line {line}): {fields}", line=line)
    problem = fields.get("smcdel_problem")
    if not isinstance(problem, str) or not problem.strip():
        what = "missing" if problem in (None, "") else "not text"
        return ItemFailure(path, row, f"{where}: smcdel_problem is {what}", line=line)
    try:
        expected = expected_label(fields.get("label"))
    except ValueError as err:
        return ItemFailure(path, row, f"{where}: {err}", line=line)
    pbcheck = fields.get("pbcheck")
    if pbcheck is not None and not isinstance(pbcheck, str):
        return ItemFailure(path, row, f"{where}: pbcheck is not text", line=line)
    name = fields.get("name") if isinstance(fields.get("name"), str) else None
    return CheckItem(source=path, row=row, problem=problem, pbcheck=pbcheck or None,
                     expected=expected, name=name, line=line)
