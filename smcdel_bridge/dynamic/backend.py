"""The event-model backend interface, written down once.

Callers (the ``mindgames del`` command, the story compiler, tests) speak to an
:class:`EventBackend` picked by name with :func:`get_event_backend`, so a symbolic (BDD)
engine (:class:`SymbolicEventBackend`) answers the same as the explicit one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

from smcdel_bridge.values import value

from ..engines import AUTO_PRODUCT_WORLDS
from ..language import Form
from .action import ActionModel
from .kripke import KripkeModel


@value(frozen=True)
class CaseAnswers:
    """Per query: ``(at_actual, valid)``; and the size of the final model."""

    answers: tuple[tuple[bool, bool], ...]
    final_worlds: int


class EventBackend(ABC):
    """A model checker for Kripke models and action models."""

    name: str = "abstract"

    @abstractmethod
    def update(self, model: KripkeModel, action: ActionModel) -> KripkeModel:
        """Product update (raises :class:`InexecutableAction` when no actual world survives)."""

    @abstractmethod
    def truth_set(self, model: KripkeModel, form: Form) -> frozenset[str]:
        """The worlds where ``form`` holds."""

    def holds(self, model: KripkeModel, world: str, form: Form) -> bool:
        return world in self.truth_set(model, form)

    def valid(self, model: KripkeModel, form: Form) -> bool:
        return self.truth_set(model, form) == frozenset(model.worlds)

    def at_actual(self, model: KripkeModel, form: Form) -> bool:
        """True at every actual world."""
        return frozenset(model.actual) <= self.truth_set(model, form)

    def run(self, model: KripkeModel, actions: Sequence[ActionModel],
            queries: Sequence[Form]) -> CaseAnswers:
        """Apply the actions in turn, then answer each query at the actual world(s) and
        on the whole model."""
        for action in actions:
            model = self.update(model, action)
        return CaseAnswers(tuple((self.at_actual(model, q), self.valid(model, q))
                                 for q in queries), len(model.worlds))


class ExplicitEventBackend(EventBackend):
    """Worlds enumerated, relations as bitsets (:mod:`.indexed`)."""

    name = "explicit"

    def update(self, model, action):
        from .update import product_update

        return product_update(model, action)

    def truth_set(self, model, form):
        from .semantics import truth_set

        return truth_set(model, form)

    def valid(self, model, form):
        from .semantics import valid

        return valid(model, form)

    def run(self, model, actions, queries):
        from .semantics import table
        from .update import product

        im = model.indexed
        for action in actions:
            im, _ = product(im, action)
        out = []
        for q in queries:
            t = table(im, q)
            out.append((all((t >> i) & 1 for i in im.actual), t == im.full))
        return CaseAnswers(tuple(out), im.n)


class SymbolicEventBackend(EventBackend):
    """Laws and relations as BDDs, action models as transformers
    (:mod:`.symbolic.model`); takes every relation (K, KD45, S5)."""

    name = "symbolic"

    def update(self, model, action):
        from .symbolic.decode import explicit_update

        return explicit_update(model, action)

    def truth_set(self, model, form):
        from .symbolic.encode import encode_kripke

        sm, codes = encode_kripke(model)
        t = sm.table(form)
        t &= sm.law
        return frozenset(w for w in model.worlds if (codes.x[w] & t) != sm.space.false)

    def run(self, model, actions, queries):
        from .symbolic.encode import symbolic_kripke

        sm = symbolic_kripke(model)
        for action in actions:
            sm, _ = sm.transform(action)
        return CaseAnswers(tuple((sm.holds_at_actual(q), sm.valid(q)) for q in queries),
                           sm.size())


class AutoEventBackend(EventBackend):
    """The explicit engine while a case's product stays small (at most
    :attr:`MAX_EXPLICIT` worlds, bounding each update by the number of events), the
    symbolic one beyond."""

    name = "auto"
    MAX_EXPLICIT = AUTO_PRODUCT_WORLDS

    def __init__(self):
        self.explicit, self.symbolic = ExplicitEventBackend(), SymbolicEventBackend()

    def pick(self, model, actions=()) -> EventBackend:
        size = len(model.worlds)
        for action in actions:
            size *= max(1, len(action.events))
        return self.explicit if size <= self.MAX_EXPLICIT else self.symbolic

    def update(self, model, action):
        return self.pick(model, (action,)).update(model, action)

    def truth_set(self, model, form):
        return self.pick(model).truth_set(model, form)

    def run(self, model, actions, queries):
        return self.pick(model, actions).run(model, actions, queries)


_REGISTRY = {"explicit": ExplicitEventBackend, "symbolic": SymbolicEventBackend,
             "auto": AutoEventBackend}


def event_backend_names() -> tuple[str, ...]:
    return tuple(_REGISTRY)


def get_event_backend(name: str = "explicit") -> EventBackend:
    try:
        return _REGISTRY[name]()
    except KeyError:
        raise ValueError(f"unknown event backend {name!r}; choose one of "
                         f"{', '.join(_REGISTRY)}") from None
