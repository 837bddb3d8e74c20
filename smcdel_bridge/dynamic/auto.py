"""The event-model engine ``auto``: the explicit engine (:mod:`.explicit`) while a case's
product stays small, the symbolic one (:mod:`.symbolic.engine`) beyond, by the rule of
:mod:`smcdel_bridge.engines` (at most
:data:`~smcdel_bridge.engines.AUTO_PRODUCT_WORLDS` worlds, each update bounded by the
number of its events).

Usage::

    from smcdel_bridge.dynamic import KripkeModel
    from smcdel_bridge.dynamic.auto import AutoEventBackend
    m = KripkeModel(("a",), ("w",), {"w": {1}}, {"a": {"w": {"w"}}}, ("w",))
    AutoEventBackend().pick(m).name          # 'explicit'
"""

from __future__ import annotations

from ..engines import AUTO_PRODUCT_WORLDS
from .backend import EventBackend
from .explicit import ExplicitEventBackend

__all__ = ["AutoEventBackend"]


class AutoEventBackend(EventBackend):
    """The explicit engine while a case's product stays small (at most
    :attr:`MAX_EXPLICIT` worlds, bounding each update by the number of events), the
    symbolic one beyond."""

    name = "auto"
    MAX_EXPLICIT = AUTO_PRODUCT_WORLDS

    def __init__(self):
        from .symbolic.engine import SymbolicEventBackend

        self.explicit, self.symbolic = ExplicitEventBackend(), SymbolicEventBackend()

    def pick(self, model, actions=()) -> EventBackend:
        """The engine for ``model`` followed by ``actions``."""
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
