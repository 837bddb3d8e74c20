"""Reading what the official ``smcdel`` binary prints.

The binary writes an info line (``SMCDEL 1.3.0 -- https://…``), a blank line, then for
every job a header and its answer, and ends with ``Doei!``::

    Is <formula> valid on F?            Is <formula> true at [1,3]?
    ESC[97mTrue                         ESC[97mFalse
                                        (blank line)
    ESC[m                               ESC[m

    At which states is <formula> true?
    ESC[97m[1,3]
    ESC[m...                            (one coloured line per state, then a blank line)

Answers are wrapped in colour codes even into a pipe; the reader strips them (and also
accepts uncoloured text).  Errors go to standard error as ``smcdel: <message>`` followed
by a Haskell call-stack trailer that is not part of the message.  Because the binary
answers jobs one by one, a failure can come after some answers were printed: the reader
keeps every complete answer it finds and reports the failure separately, so callers
never lose work that was done.
"""

from __future__ import annotations

import re
import signal

from smcdel_bridge.errors import (
    BackendError,
    LexError,
    NotBooleanError,
    ParseError,
    SanityError,
    SmcdelError,
)
from smcdel_bridge.program import Answer, BoolAnswer, StatesAnswer
from smcdel_bridge.values import field, value

ANSI_CODE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")

_INFO = re.compile(r"^SMCDEL (\S+)(?: by .*?)? -- \S+\s*$")
_VALID = re.compile(r"^Is (.*) valid on (?:F|the given structure)\?$")
_TRUE = re.compile(r"^Is (.*) true at \[([0-9,]*)\]\?$")
_WHERE = re.compile(r"^At which states is (.*) true\?$")
_STATE = re.compile(r"^\[([0-9]+(?:,[0-9]+)*)?\]$")
_BYE = "Doei!"

_PROG = r"(?:[^\s:]+: )?"
_PARSE = re.compile(rf"^{_PROG}Parse error in line (\d+), column (\d+)\s*$")
_LEX = re.compile(rf"^{_PROG}lexical error at line (\d+), column (\d+)\s*$")
_SANITY = re.compile(rf"^{_PROG}Sanity check failed:\s*(.*)$")
_BOOL = re.compile(rf"^{_PROG}boolBddOf failed: Not a boolean formula\.?\s*$")
_TRAILER = "CallStack (from HasCallStack):"


def strip_colour(text: str) -> str:
    """``text`` without ANSI escape sequences."""
    return ANSI_CODE.sub("", text)


@value(frozen=True, slots=True)
class JobOutput:
    """One answered job as the binary printed it."""

    kind: str  # "VALID?", "TRUE?" or "WHERE?"
    formula: str  # the reference's own pretty-printing of the parsed formula
    answer: Answer
    state: tuple[int, ...] | None = None  # the state of a TRUE? job, as printed


@value(slots=True)
class Transcript:
    """Everything recovered from one call of the binary."""

    version: str | None = None
    jobs: list[JobOutput] = field(default_factory=list)
    #: ``Doei!`` was printed: the binary got to the end of its input
    finished: bool = False
    #: why the call failed (reference error, crash, garbage), or None
    error: SmcdelError | None = None
    #: a header printed without its answer (the job the binary was busy with)
    pending: str | None = None

    @property
    def answers(self) -> list[Answer]:
        return [j.answer for j in self.jobs]

    @property
    def ok(self) -> bool:
        return self.error is None


def read_error(stderr: str) -> SmcdelError | None:
    """The reference's error message on ``stderr`` as an :class:`SmcdelError`.

    The call-stack trailer is dropped.  Returns None when ``stderr`` is empty; an
    unrecognised message becomes a :class:`BackendError` quoting its first line.
    """
    text = strip_colour(stderr)
    head = text.split(_TRAILER, 1)[0]
    lines = [ln.rstrip() for ln in head.splitlines()]
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        return None
    for i, line in enumerate(lines):
        if m := _PARSE.match(line):
            return ParseError(int(m[1]), int(m[2]))
        if m := _LEX.match(line):
            return LexError(int(m[1]), int(m[2]))
        if _BOOL.match(line):
            return NotBooleanError()
        if m := _SANITY.match(line):
            reasons = [m[1].strip()] if m[1].strip() else []
            reasons += [ln.strip() for ln in lines[i + 1:] if ln.startswith((" ", "\t"))]
            return SanityError(reasons)
    first = re.sub(rf"^{_PROG}", "", lines[0].strip())
    return BackendError(f"smcdel failed: {first}")


def _exit_error(returncode: int | None, stderr: str) -> SmcdelError | None:
    if returncode is None or returncode == 0:
        return None
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return BackendError(f"smcdel was killed by {name}")
    err = read_error(stderr)
    if err is None:
        return BackendError(f"smcdel exited with status {returncode} and no message")
    if isinstance(err, BackendError) and not err.message.startswith("smcdel exited"):
        return BackendError(f"smcdel exited with status {returncode}: "
                            + err.message.removeprefix("smcdel failed: "))
    return err


def _garbage(lineno: int, line: str, what: str) -> BackendError:
    shown = line if len(line) <= 60 else line[:57] + "..."
    return BackendError(f"unexpected output from smcdel at line {lineno} ({what}): {shown!r}")


def read_transcript(stdout: str, stderr: str = "", returncode: int | None = 0) -> Transcript:
    """Recover the answers, the version and the failure (if any) of one call.

    ``returncode`` is the exit status (negative: killed by that signal; None: unknown,
    e.g. the call timed out and was killed by us — the caller sets the error then).
    Complete answers printed before any failure are always kept; a last line cut in
    the middle is ignored.
    """
    out = Transcript()
    lines = strip_colour(stdout).split("\n")
    partial = lines.pop()  # "" when the output ends with a newline
    if partial == _BYE:
        lines.append(partial)
    n = len(lines)
    i = 0
    if n:
        m = _INFO.match(lines[0])
        if not m:
            return _finish(out, returncode, stderr, _garbage(1, lines[0], "no info line"))
        out.version = m[1]
        i = 2 if n > 1 and lines[1] == "" else 1
    while i < n:
        line = lines[i]
        if line == "":
            if i + 1 < n and lines[i + 1] == _BYE:
                if i + 2 < n:
                    return _finish(out, returncode, stderr,
                                   _garbage(i + 3, lines[i + 2], "text after the end"))
                out.finished = True
                break
            if i + 1 == n:  # output cut right after a blank line
                break
            return _finish(out, returncode, stderr, _garbage(i + 1, line, "stray blank line"))
        state = None
        if m := _VALID.match(line):
            kind = "VALID?"
        elif m := _TRUE.match(line):
            kind = "TRUE?"
            state = tuple(int(x) for x in m[2].split(",")) if m[2] else ()
        elif m := _WHERE.match(line):
            kind = "WHERE?"
        else:
            return _finish(out, returncode, stderr, _garbage(i + 1, line, "expected a job"))
        formula = m[1]
        i += 1
        if kind == "WHERE?":
            states: list[tuple[int, ...]] = []
            while i < n and (sm := _STATE.match(lines[i])):
                states.append(tuple(int(x) for x in sm[1].split(",")) if sm[1] else ())
                i += 1
            if i >= n:  # cut while listing states
                out.pending = line
                break
            if lines[i] != "":
                return _finish(out, returncode, stderr,
                               _garbage(i + 1, lines[i], "expected a state"))
            i += 1
            out.jobs.append(JobOutput(kind, formula, StatesAnswer(tuple(states))))
            continue
        # VALID? / TRUE?: "True" or "False", then a blank line
        if i >= n:
            out.pending = line
            break
        word = lines[i]
        if word not in ("True", "False"):
            return _finish(out, returncode, stderr, _garbage(i + 1, word, "expected True or False"))
        out.jobs.append(JobOutput(kind, formula, BoolAnswer(kind, word == "True"), state))
        i += 1
        if i < n:
            if lines[i] != "":
                return _finish(out, returncode, stderr,
                               _garbage(i + 1, lines[i], "expected a blank line"))
            i += 1
    return _finish(out, returncode, stderr, None)


def _finish(out: Transcript, returncode, stderr: str, garbage: SmcdelError | None) -> Transcript:
    # an error the binary reports outranks garbage seen on stdout
    err = _exit_error(returncode, stderr)
    if err is None and returncode == 0 and stderr.strip() and not out.finished:
        err = read_error(stderr)
    out.error = err or garbage
    if out.error is None and returncode == 0 and not out.finished:
        out.error = BackendError(
            "smcdel output ended early"
            + (f" after {len(out.jobs)} answer(s)" if out.jobs else "")
            + " without its closing line"
        )
    return out


def answers_for(transcript: Transcript, jobs: list[str] | tuple[str, ...]) -> list[Answer]:
    """The answers to ``jobs`` (their kinds, in order) or the call's error.

    Checks that the binary answered exactly these jobs; raises :class:`SmcdelError`
    otherwise (the reference's own error when it gave one).
    """
    if transcript.error is not None:
        raise transcript.error
    got = [j.kind for j in transcript.jobs]
    if len(got) != len(jobs):
        raise BackendError(f"smcdel gave {len(got)} answer(s) for {len(jobs)} job(s)")
    for k, (have, want) in enumerate(zip(got, jobs)):
        if have != want:
            raise BackendError(f"smcdel answered job {k + 1} as {have} but it is a {want} job")
    return transcript.answers
