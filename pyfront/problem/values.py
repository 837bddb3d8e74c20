"""Variables with values in problems (``month: May, June``, ``x: 2..99``) and the
questions asked about them ("which possibilities remain?", "what is x?").

A problem with variables is an S5 knowledge structure whose states are valuations: every
combination of values that satisfies the law.  Agents observe terms over the variables
(``Sum observes x + y``); formulas compare terms (:class:`smcdel_bridge.terms.Cmp`) and say
that an agent knows a value (:class:`smcdel_bridge.terms.Kv`).  The Boolean encoding of
such a problem, for SMCDEL, is :mod:`pyfront.problem.encode`.
"""

from __future__ import annotations

from typing import Any, Literal

from pyfront.problem.record import EXCLUDED, Record, one_of
from smcdel_bridge.values import field, value

#: the largest domain a variable may have (a range beyond is refused with its position)
MAX_VALUES = 1 << 16

ENCODINGS = ("binary", "onehot")


@value(frozen=True, kw_only=True)
class Variable(Record):
    """A variable of a problem: a name and its values (ints for a number, else names)."""

    name: str
    values: tuple[int | str, ...]
    #: written ``low..high`` (ints, consecutive)
    is_range: bool = False
    #: how SMCDEL atoms encode it: ``binary`` (⌈log2 n⌉ atoms, the value's position in
    #: binary) or ``onehot`` (one atom per value); None: binary for numbers, one-hot else
    encoding: Literal["binary", "onehot"] | None = None
    #: English for the variable ("the month"); None: its name
    phrase: str | None = None

    _read = {"values": tuple}

    def __post_init__(self):
        object.__setattr__(self, "values", tuple(self.values))
        if self.encoding is not None:
            one_of(self.encoding, ENCODINGS, f"the encoding of variable {self.name!r}")
        if not self.values:
            raise ValueError(f"variable {self.name!r} has no value")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"variable {self.name!r} lists a value twice")
        kinds = {isinstance(v, int) for v in self.values}
        if len(kinds) > 1:
            raise ValueError(f"variable {self.name!r} mixes numbers and names")
        if len(self.values) > MAX_VALUES:
            raise ValueError(f"variable {self.name!r} has {len(self.values)} values "
                             f"(at most {MAX_VALUES} can be encoded)")

    @property
    def numeric(self) -> bool:
        return isinstance(self.values[0], int)

    @property
    def chosen_encoding(self) -> str:
        return self.encoding or ("binary" if self.numeric else "onehot")

    def value_of(self, word: str | int) -> int | str | None:
        """The value written ``word`` (``"16"`` or 16 for a number), or None."""
        if self.numeric:
            try:
                n = int(word)
            except (TypeError, ValueError):
                return None
            return n if n in self.values else None
        return word if word in self.values else None

    def said(self) -> str:
        """How the English names it: its phrase, "the month", or "x" for a number."""
        return self.phrase or (self.name if self.numeric else f"the {self.name}")


@value(frozen=True, kw_only=True)
class ValueQuestion(Record):
    """A question answered by a list of valuations: which possibilities remain (all
    variables), or what the given variables are (their distinct values)."""

    name: str
    kind: Literal["remain", "value"]
    #: the variables asked about (all of them for ``remain``)
    variables: tuple[str, ...] = ()
    #: the expected answer: valuations (``[{"x": 4, "y": 13}]``) or a number of them
    expected: tuple[dict[str, Any], ...] | int | None = None
    #: announcements made before it (it is answered after them)
    after: int = 0
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"variables": tuple, "expected": lambda v: v if isinstance(v, int) else tuple(v)}

    def __post_init__(self):
        one_of(self.kind, ("remain", "value"), "a question's kind")
        object.__setattr__(self, "variables", tuple(self.variables))
        if self.expected is not None and not isinstance(self.expected, int):
            object.__setattr__(self, "expected", tuple(self.expected))

    def agrees(self, answer: list[dict]) -> bool | None:
        if self.expected is None:
            return None
        if isinstance(self.expected, int):
            return len(answer) == self.expected
        return sorted(map(_key, answer)) == sorted(map(_key, self.expected))

    def expected_text(self) -> str | None:
        if self.expected is None:
            return None
        if isinstance(self.expected, int):
            return f"{self.expected} possibilities"
        rows = list(self.expected)
        return answer_text(rows) if len(rows) <= 12 else f"{len(rows)} possibilities"


def _key(row: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in row.items()))


def answer_text(answer: list[dict]) -> str:
    """``x = 4, y = 13; x = 5, y = 7`` (a short text for summaries)."""
    return "; ".join(", ".join(f"{k} = {v}" for k, v in row.items()) for row in answer) or "none"
