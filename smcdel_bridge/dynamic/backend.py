"""The event-model backend interface, written down once, and the backends by name.

An :class:`EventBackend` gives the two halves of dynamic epistemic logic as SMCDEL has
them: a semantics (:meth:`EventBackend.truth_set`, where a formula holds) and an update
(:meth:`EventBackend.update`, the product with an action model), with the check that an
action can happen (:meth:`EventBackend.executable`) before it.  The engines sit beside
this module, named by how they keep the model: :mod:`.explicit` lists the worlds,
:mod:`.symbolic` keeps laws and relations as BDDs; :mod:`.auto` picks one of the two by
the size of each case (the rule of :mod:`smcdel_bridge.engines`).  Callers (the
``mindgames del`` command, tests) pick one by name with :func:`get_event_backend` and
speak to it through the interface only, so every engine answers the same questions; the
reference library answers through it too (:mod:`smcdel_bridge.official.kripke_reference`).

Usage::

    from smcdel_bridge.dynamic.backend import event_backend_names, get_event_backend
    event_backend_names()                  # ('explicit', 'symbolic', 'auto')
    engine = get_event_backend("symbolic")
    engine.name                            # 'symbolic'
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Sequence

from smcdel_bridge.values import value

from ..engines import ENGINE_NAMES
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

    #: the name it is registered under (``explicit``, ``symbolic``, ``auto``)
    name: str = "abstract"

    @abstractmethod
    def update(self, model: KripkeModel, action: ActionModel) -> KripkeModel:
        """Product update (raises :class:`InexecutableAction` when no actual world survives:
        :meth:`executable` tells beforehand)."""

    @abstractmethod
    def truth_set(self, model: KripkeModel, form: Form) -> frozenset[str]:
        """The worlds where ``form`` holds."""

    def executable(self, model: KripkeModel, action: ActionModel) -> bool:
        """Whether ``action`` can happen: the precondition of an actual event holds at an
        actual world (SMCDEL's ``preOf`` check; :meth:`update` needs it)."""
        actual = frozenset(model.actual)
        events = {e.name: e for e in action.events}
        return any(actual & self.truth_set(model, events[e].pre) for e in action.actual)

    def holds(self, model: KripkeModel, world: str, form: Form) -> bool:
        """True at ``world``."""
        return world in self.truth_set(model, form)

    def valid(self, model: KripkeModel, form: Form) -> bool:
        """True at every world."""
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


_AUTO, _EXPLICIT, _SYMBOLIC = ENGINE_NAMES
_REGISTRY: dict[str, str] = {
    # name -> "module:class"; imported when asked for (the symbolic engine loads the BDDs)
    _EXPLICIT: "smcdel_bridge.dynamic.explicit:ExplicitEventBackend",
    _SYMBOLIC: "smcdel_bridge.dynamic.symbolic.engine:SymbolicEventBackend",
    _AUTO: "smcdel_bridge.dynamic.auto:AutoEventBackend",
}


def event_backend_names() -> tuple[str, ...]:
    """The names :func:`get_event_backend` takes."""
    return tuple(_REGISTRY)


def get_event_backend(name: str = _EXPLICIT) -> EventBackend:
    """The backend called ``name`` (see :func:`event_backend_names`)."""
    import importlib

    try:
        target = _REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown event backend {name!r}; choose one of "
                         f"{', '.join(_REGISTRY)}") from None
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(module), attr)()
