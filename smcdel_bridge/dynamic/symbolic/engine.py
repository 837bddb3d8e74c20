"""The symbolic event-model engine (:class:`smcdel_bridge.dynamic.backend.EventBackend` on
BDDs): a Kripke model given world by world is encoded (:mod:`.encode`), action models
update it as transformers (:mod:`.model`), and a model small enough is read back world by
world (:mod:`.decode`) where a caller asks for the model itself.  It takes every relation
(K, KD45, S5).

Usage::

    from smcdel_bridge.dynamic import KripkeModel, public_announcement
    from smcdel_bridge.dynamic.symbolic.engine import SymbolicEventBackend
    from smcdel_bridge.language import K, Prp
    m = KripkeModel(("a",), ("w", "v"), {"w": {1}, "v": set()},
                    {"a": {"w": {"w", "v"}, "v": {"w", "v"}}}, ("w",))
    told = public_announcement(m.agents, Prp(1))
    case = SymbolicEventBackend().run(m, [told], [K("a", Prp(1))])
    case.answers                 # ((True, True),)
    case.final_worlds            # 1
"""

from __future__ import annotations

from ..backend import CaseAnswers, EventBackend

__all__ = ["SymbolicEventBackend"]


class SymbolicEventBackend(EventBackend):
    """Laws and relations as BDDs, action models as transformers (:mod:`.model`)."""

    name = "symbolic"

    def update(self, model, action):
        from .decode import explicit_update

        return explicit_update(model, action)

    def truth_set(self, model, form):
        from .encode import encode_kripke

        sm, codes = encode_kripke(model)
        t = sm.table(form)
        t &= sm.law
        return frozenset(w for w in model.worlds if (codes.x[w] & t) != sm.space.false)

    def run(self, model, actions, queries):
        from .encode import symbolic_kripke

        sm = symbolic_kripke(model)
        for action in actions:
            sm, _ = sm.transform(action)
        return CaseAnswers(tuple((sm.holds_at_actual(q), sm.valid(q)) for q in queries),
                           sm.size())
