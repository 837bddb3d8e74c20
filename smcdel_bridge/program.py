"""What an SMCDEL input holds: a knowledge structure and the jobs asked about it,
and the answers a checker gives.  Every backend speaks these types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from .language import Agent, Form


@dataclass(frozen=True, slots=True)
class Structure:
    """An S5 knowledge structure as written in SMCDEL input: ``VARS``, ``LAW``, ``OBS``.

    ``obs`` keeps the agents in the order of the input (the reference's order).
    """

    vocab: tuple[int, ...]
    law: Form
    obs: tuple[tuple[Agent, tuple[int, ...]], ...]

    @property
    def agents(self) -> tuple[Agent, ...]:
        return tuple(a for a, _ in self.obs)

    def observed(self, agent: Agent) -> tuple[int, ...]:
        for a, ps in self.obs:
            if a == agent:
                return ps
        raise KeyError(agent)


@dataclass(frozen=True, slots=True)
class TrueQ:
    """``TRUE? {state} f``: is ``f`` true at the state (the set of true atoms)?"""

    state: tuple[int, ...]
    form: Form
    kind = "TRUE?"


@dataclass(frozen=True, slots=True)
class ValidQ:
    """``VALID? f``: is ``f`` true at every state of the structure?"""

    form: Form
    kind = "VALID?"


@dataclass(frozen=True, slots=True)
class WhereQ:
    """``WHERE? f``: at which states is ``f`` true (in the reference's order)?"""

    form: Form
    kind = "WHERE?"


Job = Union[TrueQ, ValidQ, WhereQ]


@dataclass(frozen=True, slots=True)
class CheckInput:
    """One whole SMCDEL input: a structure and its jobs."""

    structure: Structure
    jobs: tuple[Job, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class BoolAnswer:
    """Answer to ``VALID?`` or ``TRUE?``."""

    job: str  # "VALID?" or "TRUE?"
    value: bool

    def to_json(self) -> dict:
        return {"job": self.job, "value": self.value}


@dataclass(frozen=True, slots=True)
class StatesAnswer:
    """Answer to ``WHERE?``: states as sorted tuples of true atoms, in the reference's order."""

    states: tuple[tuple[int, ...], ...]
    job: str = "WHERE?"

    def to_json(self) -> dict:
        return {"job": "WHERE?", "states": [list(s) for s in self.states]}


Answer = Union[BoolAnswer, StatesAnswer]
