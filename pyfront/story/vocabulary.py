"""The vocabulary of a story: its variables (each with several values, exactly one of which
holds, or a true/false proposition) and its rooms.

Usage::

    from pyfront.story.vocabulary import Variable
    v = Variable(name="location(marble)", values=("basket", "box"), room="kitchen")
    (v.function, v.subject, v.n_atoms)      # ('location', 'marble', 2)
"""

from __future__ import annotations

import re

from pyfront.problem.record import EXCLUDED, names
from smcdel_bridge.values import field

from .parts import Names, Part, part

_APPLIED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\((.+)\)\Z")


@part
class Variable(Part):
    """A feature of the world with several values, exactly one of which holds."""

    #: as written: ``location(marble)``, ``coin``, ``card(Ann)``
    name: str
    #: the values, in order (``true``, ``false`` for a Boolean variable)
    values: Names
    #: a proposition: one atom, values ``true``/``false``
    boolean: bool = False
    #: optional English for "V is v", with ``{value}``: ``"the marble is in the {value}"``
    phrase: str | None = None
    #: a proposition's English when it is false (``"the exam goes ahead"``); None: derived
    #: from ``phrase`` (:func:`pyfront.words.negate`)
    negative: str | None = None
    #: the room it is in (``location(apple) in the kitchen: …``); None: no room of its own
    #: (it can be changed, looked at, from anywhere)
    room: str | None = None
    line: int | None = field(default=None, metadata=EXCLUDED)

    _read = {"values": names}

    def __post_init__(self):
        super().__post_init__()
        if self.boolean and self.values != ("true", "false"):
            raise ValueError(f"a Boolean variable has the values true, false (not {', '.join(self.values)})")
        if self.negative is not None and not (self.boolean and self.phrase):
            raise ValueError("only a proposition with a phrase has a phrase for false")
        if not self.boolean and len(self.values) < 2:
            raise ValueError(f"variable {self.name!r} needs at least two values")
        if len(set(self.values)) != len(self.values):
            raise ValueError(f"variable {self.name!r} lists a value twice")

    @property
    def function(self) -> str | None:
        """``location`` in ``location(marble)``; None for a plain name."""
        m = _APPLIED.match(self.name)
        return m.group(1) if m else None

    @property
    def subject(self) -> str:
        """``marble`` in ``location(marble)``; the name itself for a plain name."""
        m = _APPLIED.match(self.name)
        return m.group(2) if m else self.name

    @property
    def n_atoms(self) -> int:
        return 1 if self.boolean else len(self.values)

    def same_sort(self, other: "Variable") -> bool:
        """Whether ``other`` is a variable of the same sort: the same function
        (``location(apple)`` and ``location(pear)``), or, for a plain name, itself."""
        f = self.function
        return other.name == self.name if f is None else other.function == f


@part
class Room(Part):
    name: str


