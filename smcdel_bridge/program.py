"""What an SMCDEL input holds: a knowledge structure and the jobs asked about it,
and the answers a checker gives.  Every backend speaks these types."""

from __future__ import annotations

from typing import Union

from .values import set_field, value
from .language import Agent, Form


@value(frozen=True)
class Structure:
    """An S5 knowledge structure as written in SMCDEL input: ``VARS``, ``LAW``, ``OBS``.

    ``obs`` keeps the agents in the order of the input (the reference's order).
    """

    __slots__ = ("vocab", "law", "obs")

    def __init__(self, vocab: tuple[int, ...], law: Form,
                 obs: tuple[tuple[Agent, tuple[int, ...]], ...]) -> None:
        set_field(self, "vocab", vocab)
        set_field(self, "law", law)
        set_field(self, "obs", obs)

    @property
    def agents(self) -> tuple[Agent, ...]:
        return tuple(a for a, _ in self.obs)

    def observed(self, agent: Agent) -> tuple[int, ...]:
        for a, ps in self.obs:
            if a == agent:
                return ps
        raise KeyError(agent)


@value(frozen=True)
class TrueQ:
    """``TRUE? {state} f``: is ``f`` true at the state (the set of true atoms)?"""

    kind = "TRUE?"
    __slots__ = ("state", "form")

    def __init__(self, state: tuple[int, ...], form: Form) -> None:
        set_field(self, "state", state)
        set_field(self, "form", form)


@value(frozen=True)
class ValidQ:
    """``VALID? f``: is ``f`` true at every state of the structure?"""

    kind = "VALID?"
    __slots__ = ("form",)

    def __init__(self, form: Form) -> None:
        set_field(self, "form", form)


@value(frozen=True)
class WhereQ:
    """``WHERE? f``: at which states is ``f`` true (in the reference's order)?"""

    kind = "WHERE?"
    __slots__ = ("form",)

    def __init__(self, form: Form) -> None:
        set_field(self, "form", form)


Job = Union[TrueQ, ValidQ, WhereQ]


@value(frozen=True)
class CheckInput:
    """One whole SMCDEL input: a structure and its jobs."""

    __slots__ = ("structure", "jobs")

    def __init__(self, structure: Structure, jobs: tuple[Job, ...] = ()) -> None:
        set_field(self, "structure", structure)
        set_field(self, "jobs", jobs)


@value(frozen=True)
class BoolAnswer:
    """Answer to ``VALID?`` or ``TRUE?``."""

    __slots__ = ("job", "value")

    def __init__(self, job: str, value: bool) -> None:  # job: "VALID?" or "TRUE?"
        set_field(self, "job", job)
        set_field(self, "value", value)

    def to_json(self) -> dict:
        return {"job": self.job, "value": self.value}


@value(frozen=True)
class StatesAnswer:
    """Answer to ``WHERE?``: states as sorted tuples of true atoms, in the reference's order."""

    __slots__ = ("states", "job")

    def __init__(self, states: tuple[tuple[int, ...], ...], job: str = "WHERE?") -> None:
        set_field(self, "states", states)
        set_field(self, "job", job)

    def to_json(self) -> dict:
        return {"job": "WHERE?", "states": [list(s) for s in self.states]}


Answer = Union[BoolAnswer, StatesAnswer]
