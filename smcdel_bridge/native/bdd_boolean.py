"""The Boolean side of BDD knowledge structures: the state law's BDD (the reference's
``boolBddOf``), the variable order, and listing the states of a BDD as ``WHERE?`` does."""

from __future__ import annotations

from typing import Iterable

from .. import language as L
from ..errors import NotBooleanError, TooLargeError
from .bdd_manager import BddManager
from .chains import chain_value
from .order import list_difference


def interleaved_order(atoms: Iterable[int], obs) -> list[int]:
    """A variable order that keeps each agent's observed atoms together: the atoms nobody
    observes first, then agent by agent (input order) the atoms not placed yet.

    Knowledge quantifies exactly the atoms an agent does not see; with what one agent sees
    on neighbouring levels, the BDDs of laws and announcements that relate an agent's atoms
    (the coins and payers of the dining cryptographers) stay narrow.
    """
    atoms = set(atoms)
    placed: dict[int, None] = {}
    seen = {p for _, ps in obs for p in ps}
    for p in sorted(atoms - seen):
        placed[p] = None
    for _, ps in obs:
        for p in sorted(ps):
            if p in atoms:
                placed.setdefault(p, None)
    for p in sorted(atoms):
        placed.setdefault(p, None)
    return list(placed)


def bool_bdd_of(manager: BddManager, f: L.Form):
    """The BDD of the law (the reference's ``boolBddOf``), evaluated as lazily as there:
    a conjunction stops at a conjunct whose BDD is false, a disjunction at one whose BDD
    is true, so ``Bot & K a p`` is the law ``Bot``; meeting an epistemic or dynamic
    operator raises :class:`NotBooleanError`.  A subformula the law shares (the parser
    makes equal subformulas one object) is translated once; chains of ``&`` (``|``) along
    their length (:mod:`.chains`)."""
    return _Translation(manager)(f)


class _Translation:
    """One law's translation and its memo.  A class, not a closure that calls itself: such
    a closure is a reference cycle holding BDD nodes, and the collector may free the
    manager of a cycle before its nodes (CUDD then reports nodes still referenced)."""

    __slots__ = ("manager", "memo")

    def __init__(self, manager: BddManager):
        self.manager = manager
        self.memo: dict[int, object] = {}

    def __call__(self, g):
        hit = self.memo.get(id(g))
        if hit is None:
            hit = self.memo[id(g)] = _bool_node(self.manager, g, self, self.memo)
        return hit


def _bool_node(manager: BddManager, f: L.Form, of, memo: dict[int, object]):
    t = type(f)
    if t is L.Prp:
        return manager.var(f.n)
    if t is L.Top:
        return manager.true
    if t is L.Bot:
        return manager.false
    if t is L.Neg:
        return ~of(f.f)
    if t is L.Conj or t is L.Disj:
        conj = t is L.Conj
        return chain_value(f, of, lambda g: memo.get(id(g)), _nothing, _recorder(memo),
                           manager.false if conj else manager.true,
                           manager.true if conj else manager.false, _and if conj else _or)
    if t is L.Xor:
        return manager.xor_all([of(g) for g in f.fs])
    if t is L.Impl:
        return manager.implies(of(f.a), of(f.b))
    if t is L.Equi:
        return manager.equiv(of(f.a), of(f.b))
    if t is L.Forall:
        return manager.forall(f.props, of(f.f))
    if t is L.Exists:
        return manager.exists(f.props, of(f.f))
    raise NotBooleanError()


def _nothing(_):
    return None


def _recorder(memo: dict[int, object]):
    def record(g, v):
        memo[id(g)] = v
    return record


def _and(u, v):
    return u & v


def _or(u, v):
    return u | v


#: most states a ``WHERE?`` answer may list: as many as the explicit engine can hold
#: (a list of 2^20000 states would only end when memory does)
MAX_LISTED_STATES = 1 << 20


def enumerate_states(manager: BddManager, u, props: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Satisfying assignments of ``u`` completed over ``props``, as sorted true atoms.

    Paths are taken then-branch first; each path is completed with the vocabulary atoms it
    leaves out, in vocabulary order, false before true (the reference's ``allSatsWith``).
    More than :data:`MAX_LISTED_STATES` states raise :class:`TooLargeError`.
    """
    out: list[tuple[int, ...]] = []
    listed = 0
    for path in manager.paths(u):
        missing = list_difference(props, sorted(path))
        listed += 1 << len(missing)
        if listed > MAX_LISTED_STATES:
            raise TooLargeError(f"WHERE? would list more than {MAX_LISTED_STATES} states "
                                f"(2^{MAX_LISTED_STATES.bit_length() - 1}); ask VALID? or TRUE? instead",
                                size=listed, limit=MAX_LISTED_STATES, unit="states")
        base = [a for a, v in path.items() if v]
        _complete(missing, 0, base, out)
    return out


def _complete(missing: list[int], i: int, trues: list[int], out: list) -> None:
    if i == len(missing):
        out.append(tuple(sorted(trues)))
        return
    _complete(missing, i + 1, trues, out)
    _complete(missing, i + 1, trues + [missing[i]], out)
