"""The explicit event-model engine (:class:`.backend.EventBackend` with the worlds
listed): the product update and the truth definition of :mod:`.semantics`, on the
indexed models of :mod:`.indexed` (worlds numbered, relations as bitsets).

Usage::

    from smcdel_bridge.dynamic import KripkeModel, public_announcement
    from smcdel_bridge.dynamic.explicit import ExplicitEventBackend
    from smcdel_bridge.language import K, Prp
    m = KripkeModel(("a",), ("w", "v"), {"w": {1}, "v": set()},
                    {"a": {"w": {"w", "v"}, "v": {"w", "v"}}}, ("w",))
    engine = ExplicitEventBackend()
    engine.at_actual(m, K("a", Prp(1)))                  # False
    told = public_announcement(m.agents, Prp(1))
    engine.executable(m, told)                           # True
    engine.at_actual(engine.update(m, told), K("a", Prp(1)))   # True
"""

from __future__ import annotations

from .backend import CaseAnswers, EventBackend

__all__ = ["ExplicitEventBackend"]


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
