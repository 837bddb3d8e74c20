"""Reading dataset rows: the one reader of ``.csv``, ``.jsonl`` / ``.ndjson`` and ``.json``.

Every command that reads a MindGames-style dataset (``verbalize``, ``import``, ``check``)
goes through :func:`iter_rows`.  A row that cannot be read is not an exception but a
:class:`RowError` in the row's place, so batch commands can report it and go on; callers
that want to stop at the first bad row turn it into a :class:`~pyfront.errors.UserError`
with :meth:`RowError.user_error`.  In a CSV file, a quote never closed is one bad row on
the line where it opens (the rows after it are read again, not swallowed into its field),
and a row with more fields than the header is a bad row too; so is a row with a line that
is not UTF-8 (each line is decoded alone), and the rows after it are read as usual.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from pathlib import Path
from typing import IO, Any, Iterator

from pyfront.errors import UserError
from smcdel_bridge.values import value


@value(frozen=True)
class RowError:
    """Why one row of a dataset could not be read."""

    message: str
    column: int | None = None

    def __str__(self) -> str:
        return self.message

    def user_error(self, path: str, line: int | None) -> UserError:
        return UserError(self.message, file=path, line=line, column=self.column)


Row = tuple[int, "int | None", "dict[str, Any] | RowError"]

#: the values of a ``label`` column
LABELS = ("entailment", "not_entailment")


def expected_label(value: Any) -> str | None:
    """A row's ``label`` as ``entailment`` / ``not_entailment`` (None when empty); any
    other value is a ValueError, worded alike for every command."""
    if value in (None, ""):
        return None
    text = str(value).strip()
    if text not in LABELS:
        raise ValueError(f"label must be entailment or not_entailment, not {value!r}")
    return text


def require_dataset(path: str) -> None:
    """Fail before any work (one line) when ``path`` is no dataset file to read."""
    if path == "-":
        return
    p = Path(path)
    if not p.exists():
        raise UserError("no such file or directory", file=path)
    if p.is_dir():
        raise UserError("is a directory, not a dataset (.csv or .jsonl)", file=path)
    if p.suffix.lower() not in (".csv", ".jsonl", ".ndjson", ".json"):
        raise UserError(f"unknown dataset format {p.suffix or '(none)'!r}: use .csv or .jsonl",
                        file=path)


def require_columns(path: str, columns: tuple[str, ...]) -> None:
    """One error (line 1) when a CSV file's header lacks a column every row needs, rather
    than one error per row.  JSON lines have no header: their rows are judged one by one."""
    if path == "-" or Path(path).suffix.lower() != ".csv":
        return
    flaws: dict[int, UnicodeDecodeError] = {}
    try:
        with open(path, "rb") as fh:
            header = next(csv.reader(_decoded(fh, flaws)), None)
    except (OSError, csv.Error):
        return  # reading the rows reports it
    if header is None or flaws:
        return
    missing = [c for c in columns if c not in header]
    if missing:
        shown = ", ".join(h for h in header if h) or "none"
        names = ", ".join(missing[:-1]) + " and " + missing[-1] if len(missing) > 1 else missing[0]
        plural = "s" if len(missing) > 1 else ""
        raise UserError(f"the CSV header has no {names} column{plural} (its columns: {shown})",
                        file=path, line=1)


def numbered_lines(path: str) -> Iterator[tuple[int, int, bytes]]:
    """``(row, line number, raw line)`` for every non-blank line of a JSON-lines file (rows
    counted from 0, lines from 1); a missing or unreadable file is one line of error."""
    p = Path(path)
    if not p.is_file():
        raise UserError("no such file" if not p.exists() else "not a file", file=str(path))
    try:
        fh = open(p, "rb")
    except OSError as err:
        raise UserError(err.strerror or str(err), file=str(path)) from None
    row = 0
    with fh:
        for n, raw in enumerate(fh, 1):
            if raw.strip():
                yield row, n, raw
                row += 1


def iter_rows(path: str | Path) -> Iterator[Row]:
    """``(row, line, fields or RowError)`` for every row of a dataset, in order.

    ``row`` counts rows from 0 (a JSON line that cannot be read counts as a row), ``line``
    is the 1-based line where the row starts (None for rows of a ``.json`` list).  ``-``
    reads JSON lines from standard input.  A file of unknown format, or a ``.json`` file
    that is not valid JSON or not a list, is a :class:`UserError`; files that cannot be
    opened raise the OSError.
    """
    p = str(path)
    if p == "-":
        yield from _jsonl_rows(getattr(sys.stdin, "buffer", sys.stdin))
        return
    suffix = Path(p).suffix.lower()
    if suffix == ".csv":
        yield from _csv_rows(p)
    elif suffix in (".jsonl", ".ndjson"):
        yield from json_lines(p)
    elif suffix == ".json":
        yield from _json_rows(p)
    else:
        raise UserError(f"unknown dataset format {suffix or '(none)'!r}: use .csv or .jsonl", file=p)


def json_lines(path: str | Path) -> Iterator[Row]:
    """The rows of a file of JSON lines whatever its name says (what the project writes
    line by line, such as a trace, may be named ``.json``)."""
    with open(path, "rb") as fh:
        yield from _jsonl_rows(fh)


def _csv_rows(path: str) -> Iterator[Row]:
    csv.field_size_limit(1 << 30)
    with open(path, "rb") as fh:
        seen: list[str] = []  # the lines of the record being read
        flaws: dict[int, UnicodeDecodeError] = {}  # line -> why it is not UTF-8
        lines = _recording(_decoded(fh, flaws), seen)
        row, line = 0, 1
        try:
            header = next(csv.reader(lines), None)
            if header is None:
                return
            flaw = _flaw(flaws, 1, len(seen))
            if flaw is not None:  # no column can be named: no row can be read
                yield row, flaw[0], RowError(f"not UTF-8 text ({flaw[1].reason}) in the header; "
                                             "rows from here on are not read",
                                             column=flaw[1].start + 1)
                return
            while True:
                line += len(seen)
                seen.clear()
                reader = csv.DictReader(lines, fieldnames=header)
                for fields in reader:
                    start, span = line, len(seen)
                    if seen and seen[-1] is None:
                        # the record ran into the end of the file inside quotes: a quote
                        # never closed took every line after it.  It is reported on its
                        # own line, and the lines after that one are read again.
                        yield row, start, RowError(
                            f"unterminated quote: the field opened on line {start} runs to "
                            "the end of the file")
                        row += 1
                        line = start + 1
                        rest = [text for text in seen[1:] if text is not None]
                        seen = []
                        lines = _recording(iter(rest), seen)
                        break
                    flaw = _flaw(flaws, start, span) if flaws else None
                    if flaw is not None:
                        yield row, start, _not_utf8(start, *flaw)
                    elif None in fields:  # DictReader's key for the fields past the header
                        quoted = (f" (a quoted field runs from line {start} to line "
                                  f"{start + span - 1})" if span > 1 else "")
                        yield row, start, RowError(
                            f"{len(header) + len(fields[None])} fields, but the header has "
                            f"{len(header)}{quoted}")
                    else:
                        yield row, start, fields
                    row += 1
                    line += span
                    seen.clear()
                else:
                    return
        except csv.Error as err:
            yield row, line, RowError(f"unreadable CSV: {err}")


#: a carriage return that ends a line by itself (text mode with ``newline=""`` splits there)
_LONE_CR = re.compile(rb"(?<=\r)(?!\n)")


def _decoded(fh: IO[bytes], flaws: dict[int, UnicodeDecodeError]) -> Iterator[str]:
    """The lines of a CSV file, each decoded alone, so that a byte that is not UTF-8 spoils
    its own row and no other.  Such a line is recorded in ``flaws`` and still given, its
    bad bytes replaced: the quotes, commas and line breaks (ASCII) stay where they were,
    so the rows after it are found as they would be."""
    n = 0
    for chunk in fh:
        for raw in _LONE_CR.split(chunk) if b"\r" in chunk else (chunk,):
            if not raw:
                continue
            n += 1
            codec = "utf-8-sig" if n == 1 else "utf-8"
            try:
                yield raw.decode(codec)
            except UnicodeDecodeError as err:
                flaws[n] = err
                yield raw.decode(codec, "replace")


def _flaw(flaws: dict[int, UnicodeDecodeError], start: int, span: int
          ) -> tuple[int, UnicodeDecodeError] | None:
    """The first line of ``start``'s record (``span`` lines) that is not UTF-8."""
    return next(((n, flaws[n]) for n in range(start, start + span) if n in flaws), None)


def _not_utf8(start: int, line: int, err: UnicodeDecodeError) -> RowError:
    if line == start:
        return RowError(f"not UTF-8 text ({err.reason})", column=err.start + 1)
    return RowError(f"not UTF-8 text ({err.reason}) on line {line}, column {err.start + 1}, "
                    f"in a quoted field opened on line {start}")


def _recording(lines, seen: list) -> Iterator[str]:
    """``lines``, each also appended to ``seen`` as it is read, and None appended when
    they run out (asked for a line past the end: a record left open)."""
    for text in lines:
        seen.append(text)
        yield text
    seen.append(None)


def _jsonl_rows(fh: IO[bytes] | IO[str]) -> Iterator[Row]:
    """Rows of JSON lines; read as bytes, each line is decoded alone, so that a line that
    is not UTF-8 is one bad row."""
    row = 0
    for lineno, line in enumerate(fh, 1):
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8-sig" if lineno == 1 else "utf-8")
            except UnicodeDecodeError as err:
                yield row, lineno, RowError(f"not UTF-8 text ({err.reason})", column=err.start + 1)
                row += 1
                continue
        if not line or line.isspace():  # (as ``not line.strip()``, without the copy)
            continue
        yield row, lineno, _json_object(line)
        row += 1


#: the standard decoder's scanner (what ``json.loads`` runs), called on a line directly
_SCAN = json.JSONDecoder().scan_once


def json_value(line: str) -> Any:
    """The JSON value of one line, or a :class:`RowError` (the decoder's message, without
    a prefix) when there is none: the one reading of a JSON line for every reader, so
    that a line nested past Python's recursion limit is one bad row, not a crash."""
    # a line that is one object and its line break takes the scanner alone; anything else
    # (and every error, for its wording) goes through json.loads
    if line[:1] == "{":
        try:
            obj, end = _SCAN(line, 0)
        except (StopIteration, ValueError, RecursionError):
            pass
        else:
            if end == len(line) or not line[end:].strip(" \t\n\r"):
                return obj
    try:
        return json.loads(line)
    except ValueError as err:  # JSONDecodeError, or a number too long to convert
        return RowError(getattr(err, "msg", str(err)), column=getattr(err, "colno", None))
    except RecursionError:
        return RowError("nested too deeply")


def not_json(err: RowError) -> str:
    """The benchmark readers' wording of a line :func:`json_value` could not read."""
    where = "" if err.column is None else f", column {err.column}"
    return f"not a JSON object ({err}{where})"


def _json_object(line: str) -> dict[str, Any] | RowError:
    obj = json_value(line)
    if isinstance(obj, RowError):
        return RowError(f"invalid JSON: {obj}", column=obj.column)
    return obj if isinstance(obj, dict) else RowError("a JSON line must hold an object")


def _json_rows(path: str) -> Iterator[Row]:
    with open(path, encoding="utf-8") as fh:
        try:
            data = json.load(fh)
        except ValueError as err:
            raise UserError(f"invalid JSON: {getattr(err, 'msg', err)}", file=path,
                            line=getattr(err, "lineno", None),
                            column=getattr(err, "colno", None)) from None
        except RecursionError:
            raise UserError("invalid JSON: nested too deeply", file=path) from None
    if not isinstance(data, list):
        raise UserError("a .json dataset must hold a list of rows", file=path)
    for row, obj in enumerate(data):
        yield row, None, obj if isinstance(obj, dict) else RowError("a JSON row must hold an object")
