"""Why a formula is true or false at a state, read off the engine.

Every truth value comes from the engine (:meth:`KripkeStep.holds`) and every "cannot tell
apart" from its indistinguishability relation (:meth:`KripkeStep.cell`); this module only
chooses which of those facts to show: the conjunct that fails, the state an agent confuses
with the real one, the chain of states that breaks common knowledge.  It never decides a
truth value by itself.
"""

from __future__ import annotations

from typing import Callable

from smcdel_bridge.language import (
    Bot,
    Ck,
    Ckw,
    Conj,
    Disj,
    Dk,
    Dkw,
    Equi,
    Form,
    Impl,
    K,
    Kw,
    Neg,
    Prp,
    PubAnnounce,
    PubAnnounceW,
    Top,
    Xor,
)

from smcdel_bridge.values import value

from .kripke import KripkeStep, bits
from .model import Reason, State


#: an agent's block this small gets a sub-reason for each of its states
_SMALL_BLOCK = 2


@value(frozen=True)
class Context:
    """How to name things while justifying."""

    show: Callable[[Form], str]
    state: Callable[[frozenset[int]], State]
    agent: Callable[[str], str]
    #: how many levels of sub-reasons to give (the top level counts as one)
    depth: int = 4


def justify(model: KripkeStep, form: Form, index: int, ctx: Context) -> Reason:
    """The reason why ``form`` has, at state ``index`` of ``model``, the value the engine gives."""
    return _Justifier(ctx).reason(model, form, index, ctx.depth)


class _Justifier:
    def __init__(self, ctx: Context):
        self.ctx = ctx

    def reason(self, m: KripkeStep, f: Form, i: int, depth: int) -> Reason:
        value = m.true_at(f, i)
        node = dict(
            formula=self.ctx.show(f), form=f, state=self.ctx.state(m.states[i]), value=value
        )
        deeper = depth > 1
        sub = (lambda g, j: self.reason(m, g, j, depth - 1)) if deeper else None

        if isinstance(f, (Top, Bot)):
            return Reason(kind="constant", **node)
        if isinstance(f, Prp):
            return Reason(kind="atom", **node)
        if isinstance(f, Neg):
            return Reason(kind="negation", subformula=self.ctx.show(f.f),
                          children=self._kids(sub, (f.f, i)), **node)
        if isinstance(f, (Conj, Disj)):
            return self._junction(m, f, i, node, sub)
        if isinstance(f, Impl):
            if not value:
                return Reason(kind="implication_fails",
                              children=self._kids(sub, (f.a, i), (f.b, i)), **node)
            if not m.true_at(f.a, i):
                return Reason(kind="antecedent_false", children=self._kids(sub, (f.a, i)), **node)
            return Reason(kind="consequent_true", children=self._kids(sub, (f.b, i)), **node)
        if isinstance(f, (Equi, Xor)):
            parts = (f.a, f.b) if isinstance(f, Equi) else f.fs
            return Reason(kind="truth_table",
                          children=self._kids(sub, *((g, i) for g in parts)), **node)
        if isinstance(f, (K, Kw)):
            return self._knowledge(m, f, i, node, sub)
        if isinstance(f, (Dk, Dkw)):
            return self._distributed(m, f, i, node, sub)
        if isinstance(f, (Ck, Ckw)):
            return self._common(m, f, i, node, sub)
        if isinstance(f, PubAnnounce):
            return self._announcement(m, f, i, node, depth)
        if isinstance(f, PubAnnounceW):
            return Reason(kind="announce_whether", subformula=self.ctx.show(f.ann), **node)
        # group announcements and boolean quantifiers: the engine's value, no breakdown
        return Reason(kind="engine", **node)

    # -- helpers -----------------------------------------------------------------------
    @staticmethod
    def _kids(sub, *pairs) -> tuple[Reason, ...]:
        """Sub-reasons; an atom's or a constant's value is already said by its parent."""
        if sub is None:
            return ()
        return tuple(sub(g, j) for g, j in pairs if not isinstance(g, (Prp, Top, Bot)))

    def _junction(self, m, f, i, node, sub) -> Reason:
        values = [m.true_at(g, i) for g in f.fs]
        conj = isinstance(f, Conj)
        decisive = False if conj else True  # the value of one part that decides the whole
        if node["value"] != conj:
            # decided by one part: a false conjunct / a true disjunct
            g = f.fs[values.index(decisive)]
            kind = "conjunct_fails" if conj else "disjunct_holds"
            return Reason(kind=kind, subformula=self.ctx.show(g),
                          children=self._kids(sub, (g, i)), **node)
        kind = "all_conjuncts" if conj else "no_disjunct"
        return Reason(kind=kind, children=self._kids(sub, *((g, i) for g in f.fs)), **node)

    def _states(self, m: KripkeStep, mask: int) -> tuple[State, ...]:
        return tuple(self.ctx.state(m.states[j]) for j in bits(mask))

    def _pick(self, m: KripkeStep, *indices: int) -> tuple[State, ...]:
        return tuple(self.ctx.state(m.states[j]) for j in indices)

    def _knowledge(self, m, f, i, node, sub) -> Reason:
        agent = self.ctx.agent(f.agent)
        cell = m.cell(f.agent, i)
        body = m.holds(f.f)
        common = dict(agent=agent, subformula=self.ctx.show(f.f), **node)
        small = tuple(bits(cell)) if cell.bit_count() <= _SMALL_BLOCK else ()
        if isinstance(f, K):
            if node["value"]:
                return Reason(kind="knows", witnesses=self._states(m, cell),
                              children=self._kids(sub, *((f.f, j) for j in small)), **common)
            j = _other(cell & ~body, i)
            return Reason(kind="knows_not", witnesses=self._pick(m, j),
                          children=self._kids(sub, (f.f, j)), **common)
        if node["value"]:
            kind = "knows_whether_true" if body >> i & 1 else "knows_whether_false"
            return Reason(kind=kind, witnesses=self._states(m, cell),
                          children=self._kids(sub, *((f.f, j) for j in small)), **common)
        here = bool(body >> i & 1)
        j = _other(cell & (~body if here else body), i)
        return Reason(kind="knows_whether_not", witnesses=self._pick(m, j), subvalue=here,
                      children=self._kids(sub, (f.f, i), (f.f, j)), **common)

    def _distributed(self, m, f, i, node, sub) -> Reason:
        cell = m.distributed_cell(f.group, i)
        body = m.holds(f.f)
        common = dict(group=tuple(self.ctx.agent(a) for a in f.group),
                      subformula=self.ctx.show(f.f), **node)
        if isinstance(f, Dk):
            if node["value"]:
                return Reason(kind="distributed", witnesses=self._states(m, cell), **common)
            j = _other(cell & ~body, i)
            return Reason(kind="distributed_not", witnesses=self._pick(m, j),
                          children=self._kids(sub, (f.f, j)), **common)
        if node["value"]:
            return Reason(kind="distributed_whether", witnesses=self._states(m, cell), **common)
        here = bool(body >> i & 1)
        j = _other(cell & (~body if here else body), i)
        return Reason(kind="distributed_whether_not", witnesses=self._pick(m, j), subvalue=here,
                      children=self._kids(sub, (f.f, i), (f.f, j)), **common)

    def _common(self, m, f, i, node, sub) -> Reason:
        group = tuple(f.group)
        reach = m.reachable(group, i)
        body = m.holds(f.f)
        common = dict(group=tuple(self.ctx.agent(a) for a in group),
                      subformula=self.ctx.show(f.f), **node)
        if isinstance(f, Ck):
            if node["value"]:
                return Reason(kind="common", witnesses=self._states(m, reach), **common)
            target = _first(reach & ~body, prefer=i)
            return Reason(kind="common_not", witnesses=self._pick(m, target),
                          path=self._path(m, group, i, target),
                          children=self._kids(sub, (f.f, target)), **common)
        if node["value"]:
            return Reason(kind="common_whether", witnesses=self._states(m, reach), **common)
        yes, no = _first(reach & body), _first(reach & ~body)
        return Reason(kind="common_whether_not",
                      witnesses=self._pick(m, yes, no),
                      path=self._path(m, group, yes, no), **common)

    def _path(self, m: KripkeStep, group, start: int, goal: int) -> tuple[tuple[str, State], ...]:
        """A shortest chain start ~a1 s1 ~a2 … goal through the group's relations."""
        previous: dict[int, tuple[int, str]] = {start: (start, "")}
        frontier = [start]
        while frontier and goal not in previous:
            nxt = []
            for j in frontier:
                for a in group:
                    for k in bits(m.cell(a, j)):
                        if k not in previous:
                            previous[k] = (j, a)
                            nxt.append(k)
            frontier = nxt
        chain = []
        j = goal
        while j != start:
            back, a = previous[j]
            chain.append((self.ctx.agent(a), self.ctx.state(m.states[j])))
            j = back
        return tuple(reversed(chain))

    def _announcement(self, m, f, i, node, depth) -> Reason:
        shown = self.ctx.show(f.ann)
        if not m.true_at(f.ann, i):
            return Reason(kind="announcement_false", subformula=shown, **node)
        after = m.announce(f.ann)
        j = after.index(m.states[i])
        kids = (self.reason(after, f.f, j, depth - 1),) if depth > 1 else ()
        return Reason(kind="after_announcement", subformula=shown, children=kids, **node)


def _other(mask: int, index: int) -> int:
    """A state of ``mask`` other than ``index`` when there is one (the confusable state)."""
    rest = mask & ~(1 << index)
    return _first(rest) if rest else index


def _first(mask: int, prefer: int | None = None) -> int:
    """The preferred index when it is in ``mask``, else the lowest one (reference order)."""
    if not mask:
        # a truth value without its witness: the engine's truth sets and relations disagree
        raise RuntimeError("no witness state for a value the engine computed")
    if prefer is not None and mask >> prefer & 1:
        return prefer
    return (mask & -mask).bit_length() - 1
