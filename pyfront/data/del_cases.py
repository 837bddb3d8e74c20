"""Reading JSON event-model cases and checking them one by one (``mindgames del``).

Cases are read lazily, answered one at a time, and each result line is written and
flushed before the next case starts, so an interrupted run keeps what it computed.
A line that is not JSON, or a case that cannot run, becomes an error line; the rest go on.
"""

from __future__ import annotations

import json
import time
from typing import IO, Iterator

from smcdel_bridge.errors import SmcdelError
from smcdel_bridge.native.deep import call_deep
from smcdel_bridge.values import value

from pyfront.errors import UserError


@value
class Item:
    """One case of the input: where it is, and its JSON (or why it is not JSON)."""

    file: str
    line: int
    obj: object = None
    error: str | None = None

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


def read_cases(path: str) -> Iterator[Item]:
    """The cases of a ``.json`` document (one case or a list) or of JSON lines."""
    import sys

    name = "<stdin>" if path == "-" else path
    try:
        fh = sys.stdin.buffer if path == "-" else open(path, "rb")
    except OSError as err:
        raise UserError(err.strerror or str(err), file=path) from None
    if path.endswith(".json"):
        with fh:
            data = fh.read()
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            raise UserError(f"not UTF-8 text ({err.reason})", file=name) from None
        return _document(text, name)
    return _lines(fh, name)


def _loads(text: str):
    """``json.loads``, also for values nested deeper than Python's recursion limit."""
    try:
        return json.loads(text)
    except RecursionError:
        return call_deep(json.loads, text)


def _document(text: str, name: str) -> Iterator[Item]:
    try:
        obj = _loads(text)
    except json.JSONDecodeError as err:
        yield Item(name, err.lineno, error=f"{name}:{err.lineno}:{err.colno}: "
                                           f"invalid JSON: {err.msg}")
        return
    if isinstance(obj, list):
        for i, case in enumerate(obj, 1):
            yield Item(name, _line_of(text, i), case)
    else:
        yield Item(name, 1, obj)


def _line_of(text: str, index: int) -> int:
    """Best effort: the line where the ``index``-th case of a list starts."""
    depth, count = 0, 0
    line = 1
    in_string = escape = False
    for ch in text:
        if ch == "\n":
            line += 1
        if in_string:
            if escape:
                escape = False
            elif ch == "\\":
                escape = True
            elif ch == '"':
                in_string = False
            continue
        if ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth == 2:
                count += 1
                if count == index:
                    return line
        elif ch in "]}":
            depth -= 1
    return 1


def _lines(fh, name: str) -> Iterator[Item]:
    """One item per non-blank line of a binary stream; a line that is not UTF-8 or not
    JSON is an error item, and the lines after it are read all the same.  A file that is
    no text at all (a NUL byte, or a first line that is not UTF-8) is one error (a file
    without any case, or none readable, is refused whole: :mod:`pyfront.data.guard`)."""
    with fh:
        for n, raw in enumerate(fh, 1):
            if b"\0" in raw:
                col = raw.index(b"\0") + 1
                yield Item(name, n, error=f"{name}:{n}:{col}: binary data, not JSON lines "
                                          "(the file is not read further)")
                return
            try:
                line = raw.decode("utf-8-sig" if n == 1 else "utf-8").rstrip("\r\n")
            except UnicodeDecodeError as err:
                rest = "; the file is not read further" if n == 1 else ""
                yield Item(name, n, error=f"{name}:{n}:{err.start + 1}: not UTF-8 text{rest}")
                if n == 1:
                    return
                continue
            if not line.strip():
                continue
            try:
                yield Item(name, n, _loads(line))
            except json.JSONDecodeError as err:
                yield Item(name, n, error=f"{name}:{n}:{err.colno}: invalid JSON: {err.msg}")


@value
class Summary:
    cases: int = 0
    answers: int = 0
    errors: int = 0
    disagreements: int = 0
    unchecked: int = 0
    engine_seconds: float = 0.0
    #: with two backends: cases they answered differently, and the reference's time
    backend_disagreements: int = 0
    reference_seconds: float | None = None
    engine_name: str = "engine"

    @property
    def ok(self) -> bool:
        return not self.errors and not self.disagreements and not self.backend_disagreements

    def text(self, wall: float) -> str:
        from pyfront.words import count

        both = times = ""
        if self.reference_seconds is not None:
            both = f", {self.backend_disagreements} answered differently by the two backends"
            ratio = (f" = {self.reference_seconds / self.engine_seconds:.1f} x engine"
                     if self.engine_seconds > 0 else "")
            times = f", reference {self.reference_seconds:.3f} s{ratio}"
        return (f"{count(self.cases, 'case')}, {count(self.answers, 'answer')}: "
                f"{self.cases - self.errors - self.disagreements - self.unchecked} agree, "
                f"{self.disagreements} disagree, {self.unchecked} without recorded answers, "
                f"{count(self.errors, 'error')}{both} ({self.engine_name} "
                f"{self.engine_seconds:.3f} s{times}, wall {wall:.3f} s)")


def _agrees(case, answers) -> tuple[bool | None, list[str]]:
    """Whether the answers equal those recorded (None: none recorded), and the mismatches."""
    if not case.has_answers:
        return None, []
    wrong = []
    for i, (q, (at, val)) in enumerate(zip(case.queries, answers), 1):
        for key, want, got in (("at_actual", q.at_actual, at), ("valid", q.valid, val)):
            if want is not None and want != got:
                wrong.append(f"query {i} {key}: recorded {json.dumps(want)}, got "
                             f"{json.dumps(got)}")
    return not wrong, wrong


def _timed(backend, case, summary: Summary, reference: bool = False):
    start = time.perf_counter()
    try:
        return backend.run(case.model, case.actions, [q.formula for q in case.queries])
    finally:
        spent = time.perf_counter() - start
        if reference:
            summary.reference_seconds = (summary.reference_seconds or 0.0) + spent
        else:
            summary.engine_seconds += spent


def _compare(case, mine, reference, summary: Summary) -> tuple[dict, str | None]:
    """The two backends' answers side by side (``reference``: answers or an error text)."""
    if isinstance(reference, str):
        return {"backends_agree": None, "reference_error": reference}, reference
    same = mine.answers == reference.answers and mine.final_worlds == reference.final_worlds
    extra: dict = {"backends_agree": same}
    if not same:
        summary.backend_disagreements += 1
        extra["backends"] = {
            name: {"answers": [{"at_actual": a, "valid": v} for a, v in r.answers],
                   "final_worlds": r.final_worlds}
            for name, r in (("native", mine), ("smcdel", reference))}
        return extra, f"{case.id}: the backends disagree"
    return extra, None


def _error_text(err: Exception) -> str:
    return str(err) if isinstance(err, SmcdelError) else (
        f"internal error: {type(err).__name__}: {str(err).splitlines()[0] if str(err) else ''}")


def check_one(item: Item, backend, summary: Summary,
              reference=None) -> tuple[dict, str | None]:
    """The result line of one case (``{"id", "answers", "agrees"}`` or ``{"id", "error"}``)
    and the one-line report of what went wrong, if anything.  With a ``reference``
    backend the case is answered by both and compared (``backends_agree``)."""
    from smcdel_bridge.dynamic.jsonio import case_from_json

    cid = item.obj.get("id") if isinstance(item.obj, dict) else None
    if item.error is not None:
        return {"id": cid, "error": item.error}, item.error

    def answer():
        case = case_from_json(item.obj)
        return case, _timed(backend, case, summary)

    try:
        try:
            case, result = answer()
        except RecursionError:  # a formula nested thousands of levels deep
            case, result = call_deep(answer)
    except Exception as err:  # noqa: BLE001 - one bad case must not stop the batch
        label = f"{cid}: " if cid else ""
        message = f"{item.where}: {label}{_error_text(err)}"
        if reference is not None:  # the reference's word on a case ours refuses
            try:
                _timed(reference, case_from_json(item.obj), summary, reference=True)
            except Exception as ref_err:  # noqa: BLE001
                message += f" (smcdel: {_error_text(ref_err)})"
            else:
                summary.backend_disagreements += 1
                message += " (smcdel answers it)"
        return {"id": cid, "error": message}, message
    agrees, wrong = _agrees(case, result.answers)
    out = {"id": case.id,
           "answers": [{"at_actual": a, "valid": v} for a, v in result.answers],
           "agrees": agrees}
    problem = f"{item.where}: {case.id}: disagrees: " + "; ".join(wrong) if wrong else None
    if reference is not None:
        try:
            ref = _timed(reference, case, summary, reference=True)
        except Exception as err:  # noqa: BLE001 - the reference failing on one case
            ref = f"{item.where}: {case.id}: smcdel: {_error_text(err)}"
            summary.errors += 1
        extra, note = _compare(case, result, ref, summary)
        out.update(extra)
        if note and not problem:
            problem = note if note.startswith(item.where) else f"{item.where}: {note}"
    return out, problem


def reference_backend(home: str | None, timeout: float):
    """The reference backend for event models, its driver compiled now: a missing library
    or a failed compilation is one line (UserError) before any case runs."""
    from smcdel_bridge.errors import BackendError
    from smcdel_bridge.official.kripke_reference import KripkeReference

    if not timeout > 0:
        raise UserError("--timeout must be positive")
    backend = KripkeReference(home, timeout=timeout)
    try:
        backend.process
    except BackendError as err:
        raise UserError(f"no reference backend for event models: {err}") from None
    return backend


def check_cases(items, backend, out: IO[str], err: IO[str], reference=None,
                engine_name: str = "engine") -> Summary:
    """Answer every item, writing each result line to ``out`` (flushed) and each problem
    to ``err`` as one line; returns the counts.  With ``reference`` every case is also
    answered by it and the two compared."""
    summary = Summary(engine_name=engine_name)
    if reference is not None:
        summary.reference_seconds = 0.0
    for item in items:
        row, problem = check_one(item, backend, summary, reference)
        summary.cases += 1
        if "error" in row:
            summary.errors += 1
        else:
            summary.answers += len(row["answers"])
            summary.disagreements += row["agrees"] is False
            summary.unchecked += row["agrees"] is None
        if problem:
            print(problem, file=err, flush=True)
        out.write(json.dumps(row) + "\n")
        out.flush()
    return summary
