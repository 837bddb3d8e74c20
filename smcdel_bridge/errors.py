"""Errors a checker reports, worded as the reference SMCDEL words them.

``str(err)`` is always one line, ready for stderr after the program name.
"""

from __future__ import annotations


class SmcdelError(Exception):
    """Base class: bad SMCDEL input or a failed check."""

    kind = "error"
    #: answers to the jobs before the failing one (set by the backend that raised it)
    partial: tuple = ()

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message

    def __reduce__(self):
        # rebuilt from its fields, not by calling __init__ with the message: every
        # subclass crosses from a checking child to its parent whatever its signature
        return rebuild_error, (type(self), self.args, self.__dict__)


def rebuild_error(cls: type, args: tuple, state: dict) -> Exception:
    """An error made again from its class, ``args`` and fields (unpickling)."""
    err = Exception.__new__(cls)
    err.args = args
    err.__dict__.update(state)
    return err


class LexError(SmcdelError):
    """``lexical error at line L, column C``."""

    kind = "lexical"

    def __init__(self, line: int, column: int):
        super().__init__(f"lexical error at line {line}, column {column}")
        self.line, self.column = line, column


class ParseError(SmcdelError):
    """``Parse error in line L, column C``."""

    kind = "parse"

    def __init__(self, line: int, column: int):
        super().__init__(f"Parse error in line {line}, column {column}")
        self.line, self.column = line, column


class SanityError(SmcdelError):
    """``Sanity check failed:`` followed by the reasons the reference gives."""

    kind = "sanity"

    def __init__(self, reasons: list[str] | tuple[str, ...]):
        self.reasons = tuple(reasons)
        super().__init__("Sanity check failed: " + "; ".join(self.reasons))


class NotBooleanError(SmcdelError):
    """``boolBddOf failed: Not a boolean formula.`` (e.g. an epistemic law)."""

    kind = "boolean"

    def __init__(self):
        super().__init__("boolBddOf failed: Not a boolean formula.")


class TooLargeError(SmcdelError):
    """The explicit engine was asked about more states than it can enumerate: ``size``
    things of ``unit`` (atoms, valuations, states) where ``limit`` is the most it takes."""

    kind = "too-large"

    def __init__(self, message: str, *, size: int | None = None, limit: int | None = None,
                 unit: str = ""):  # defaults: unpickling calls it with the message only
        super().__init__(message)
        self.size, self.limit, self.unit = size, limit, unit


class UnsupportedFormula(SmcdelError):
    """A formula node this checker has no meaning for (an event-model modality given to
    an S5 checker, a Boolean quantifier given to the Kripke-model engine)."""

    kind = "unsupported"

    @classmethod
    def node(cls, f, checker: str) -> "UnsupportedFormula":
        what = type(f).__name__
        label = getattr(getattr(f, "action", None), "label", None)
        if label:
            what += f" (event model {label!r})"
        return cls(f"{checker} cannot handle {what} formulas")


class BackendError(SmcdelError):
    """A backend failed to answer (missing binary, crash, hang, garbage output)."""

    kind = "backend"
