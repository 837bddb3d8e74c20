"""Knowledge structures with BDD state laws: the semantics of ``SMCDEL.Symbolic.S5``.

A knowledge structure is a vocabulary, a state law (here a BDD) and the atoms each agent
observes.  Every formula is translated into a BDD that is equivalent to it on the
structure (the reference's ``bddOf``):

- ``K a f`` is ``forall (V minus O_a) (law -> f)``; ``Kw`` is ``K f or K ~f``;
- ``Dk G f`` quantifies over the atoms no member of ``G`` observes;
- ``Ck G f`` is the greatest fixed point of ``z = f and (forall i in G: K_i z)``;
- ``[! f] g`` is ``f -> g'`` with ``g'`` the BDD of ``g`` on the structure whose law is
  conjoined with ``f``; ``[?! f] g`` chooses the ``f`` or ``~f`` update by an if-then-else,
  both computed at once as the announcement of ``f`` to every agent (below);
- ``[G ! f] g`` adds a fresh atom ``k`` (one above the largest atom of the vocabulary) with
  law ``k <-> f`` that only ``G`` observes, and restricts the BDD of ``g`` to ``k``;
- ``Forall``/``Exists`` quantify the BDD of their formula.

Like the reference, the state law is only turned into a BDD when an operator needs it, and
conjunctions (disjunctions) stop at the first part whose BDD is false (true), in the law as
in formulas, so a non-Boolean law fails (``boolBddOf failed``) exactly when the reference
fails.

Variables are ordered by who observes them (:func:`interleaved_order`), not by number;
``WHERE?`` answers are still listed in the reference's numeric-order walk.

BDDs of subformulas are memoised per structure, and structures with the same law (the
same announcement reached again, in another job or another branch) share one memo table,
so a repeated announcement costs one conjunction.  A structure references its parent but
never its children: no reference cycles keep BDD nodes alive past their manager.
Formulas are interned (equal subtrees get one integer key), so memo look-ups never hash a
deep tree twice.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .. import language as L
from ..errors import NotBooleanError, TooLargeError, UnsupportedFormula
from .bdd_manager import BddManager
from .order import list_difference

_GROUPED = (L.Ck, L.Ckw, L.Dk, L.Dkw)


class FormulaInterner:
    """Gives every distinct formula one small integer, computed bottom-up once per object."""

    def __init__(self) -> None:
        self._by_id: dict[int, tuple[L.Form, int]] = {}
        self._by_shape: dict[tuple, int] = {}

    def key(self, f: L.Form) -> int:
        hit = self._by_id.get(id(f))
        if hit is not None and hit[0] is f:
            return hit[1]
        shape = self._shape(f)
        k = self._by_shape.get(shape)
        if k is None:
            k = len(self._by_shape)
            self._by_shape[shape] = k
        self._by_id[id(f)] = (f, k)  # keeps f alive, so its id stays unique
        return k

    def _shape(self, f: L.Form) -> tuple:
        t = type(f)
        if t is L.Prp:
            return (t, f.n)
        if t in (L.Top, L.Bot):
            return (t,)
        if t in (L.Conj, L.Disj, L.Xor):
            return (t, *(self.key(g) for g in f.fs))
        if t in (L.Neg,):
            return (t, self.key(f.f))
        if t in (L.Impl, L.Equi):
            return (t, self.key(f.a), self.key(f.b))
        if t in (L.Forall, L.Exists):
            return (t, tuple(f.props), self.key(f.f))
        if t in (L.K, L.Kw):
            return (t, f.agent, self.key(f.f))
        if t in _GROUPED:
            return (t, tuple(f.group), self.key(f.f))
        if t in (L.PubAnnounce, L.PubAnnounceW):
            return (t, self.key(f.ann), self.key(f.f))
        if t in (L.Announce, L.AnnounceW):
            return (t, tuple(f.group), self.key(f.ann), self.key(f.f))
        if isinstance(f, L.Form):
            raise UnsupportedFormula.node(f, "the S5 checker")
        raise TypeError(f"not a formula: {f!r}")


class Context:
    """What structures of one problem share: the BDD manager, the interner, law sharing."""

    def __init__(self, manager: BddManager):
        self.manager = manager
        self.interner = FormulaInterner()
        self._memo_by_law: dict[tuple, dict[int, object]] = {}

    def memo_for(self, law, props: tuple[int, ...], obs) -> dict[int, object]:
        """One memo table per (law, vocabulary, observations)."""
        key = (law, props, obs)
        memo = self._memo_by_law.get(key)
        if memo is None:
            memo = self._memo_by_law[key] = {}
        return memo


class SymbolicStructure:
    """An S5 knowledge structure ``(V, law, O_1 … O_n)`` with the law as a BDD.

    ``props`` is the vocabulary as the reference keeps it (order and repetitions of the
    input, sorted after a fresh atom was added); ``obs`` the agents in input order with
    their observed atoms.
    """

    def __init__(
        self,
        context: Context,
        props: tuple[int, ...],
        obs: tuple[tuple[str, tuple[int, ...]], ...],
        law: Callable[[], object],
        unobserved: dict[tuple, tuple[int, ...]] | None = None,
        parent: "SymbolicStructure | None" = None,
    ):
        self.context = context
        self.manager = context.manager
        self.props = props
        self.obs = obs
        self._law_thunk: Callable[[], object] | None = law
        self._parent = parent  # the structure this one was announced from
        self._law = None
        self._memo: dict[int, object] | None = None
        self._early: dict[int, object] = {}  # BDDs computed before the law was known
        # shared with structures of the same vocabulary and observations
        self._unobserved: dict[tuple, tuple[int, ...]] = {} if unobserved is None else unobserved

    # --- construction ----------------------------------------------------------------

    @classmethod
    def from_parts(
        cls,
        vocab: Iterable[int],
        law: L.Form,
        obs: Iterable[tuple[str, Iterable[int]]],
        manager: BddManager | None = None,
        extra_atoms: Iterable[int] = (),
    ) -> "SymbolicStructure":
        """The structure of an SMCDEL input (``VARS``, ``LAW``, ``OBS``).

        ``extra_atoms`` are declared up front too (atoms of the queries), so that the
        manager's variable order stays numeric.
        """
        props = tuple(vocab)
        obs_t = tuple((a, tuple(ps)) for a, ps in obs)
        if manager is None:
            manager = BddManager()
        atoms = set(props) | set(law.atoms()) | set(extra_atoms)
        for _, ps in obs_t:
            atoms.update(ps)
        if manager.impl == "cudd":
            manager.declare_in_order(interleaved_order(atoms, obs_t))
        else:
            manager.declare(atoms)
        context = Context(manager)
        return cls(context, props, obs_t, lambda: bool_bdd_of(manager, law))

    @property
    def law(self):
        """The state law as a BDD (computed on first use, as the reference does)."""
        if self._law is None:
            self._law = self._law_thunk()  # kept until it succeeds: a failure repeats
            self._law_thunk = None
        return self._law

    def _current_memo(self) -> dict[int, object]:
        """The memo table: shared by structures with the same law once the law is known."""
        if self._memo is not None:
            return self._memo
        if self._law is None:
            if self._parent is None or self._parent._law is None:
                return self._early  # the law may not be Boolean: only force it on need
            self.law  # one conjunction, and it cannot fail once the parent's law is known
        self._memo = self.context.memo_for(self._law, self.props, self.obs)
        self._memo.update(self._early)
        self._early = {}
        return self._memo

    def fresh_atom(self) -> int:
        """The reference's ``freshp``: one above the largest atom (1 for no atoms)."""
        return max(self.props) + 1 if self.props else 1

    def agents(self) -> tuple[str, ...]:
        """The agents of ``OBS``, each once, in input order."""
        return tuple(dict.fromkeys(a for a, _ in self.obs))

    def observed(self, agent: str) -> tuple[int, ...]:
        for a, ps in self.obs:
            if a == agent:
                return ps
        raise KeyError(agent)

    def unobserved(self, agent: str) -> tuple[int, ...]:
        """Atoms the agent does not observe: ``V \\\\ O_a`` (list difference, as the reference)."""
        key = ("K", agent)
        hit = self._unobserved.get(key)
        if hit is None:
            hit = self._unobserved[key] = tuple(list_difference(self.props, self.observed(agent)))
        return hit

    def unobserved_by_group(self, agents: tuple[str, ...]) -> tuple[int, ...]:
        """Atoms no member of the group observes: ``V \\\\ nub (concat O_i)``."""
        key = ("D", agents)
        hit = self._unobserved.get(key)
        if hit is None:
            seen: list[int] = []
            for a in agents:
                for p in self.observed(a):
                    if p not in seen:
                        seen.append(p)
            hit = self._unobserved[key] = tuple(list_difference(self.props, seen))
        return hit

    # --- updates ---------------------------------------------------------------------

    def update(self, form: L.Form) -> "SymbolicStructure":
        """The structure after the public announcement of ``form``: law and ``form``."""
        fbdd = self.bdd_of(form)
        return SymbolicStructure(
            self.context, self.props, self.obs, lambda: self.law & fbdd, self._unobserved, self
        )

    def update_not(self, form: L.Form) -> "SymbolicStructure":
        """The structure after announcing that ``form`` is false."""
        fbdd = ~self.bdd_of(form)
        return SymbolicStructure(
            self.context, self.props, self.obs, lambda: self.law & fbdd, self._unobserved, self
        )

    def announce(self, group: tuple[str, ...], form: L.Form) -> "SymbolicStructure":
        """The structure after ``form`` is announced to ``group`` (a fresh atom they observe)."""
        k = self.fresh_atom()
        fbdd = self.bdd_of(form)
        self.manager.declare_fresh(k, fbdd)
        kvar = self.manager.var(k)
        props = tuple(sorted((k, *self.props)))
        members = set(group)
        obs = tuple(
            (a, self.observed(a) + ((k,) if a in members else ())) for a, _ in self.obs
        )
        equiv = self.manager.equiv
        return SymbolicStructure(
            self.context, props, obs, lambda: self.law & equiv(kvar, fbdd), parent=self
        )

    # --- translation -------------------------------------------------------------------

    def bdd_of(self, f: L.Form):
        """A BDD equivalent to ``f`` on this structure (the reference's ``bddOf``)."""
        k = self.context.interner.key(f)
        hit = self._current_memo().get(k)
        if hit is not None:
            return hit
        result = self._translate(f)
        self._current_memo()[k] = result
        return result

    def _knows(self, unobserved: tuple[int, ...], f):
        return self.manager.forall_implies(unobserved, self.law, f)

    def _knows_whether_atom(self, unobserved: tuple[int, ...], atom: int):
        """``Kw`` of one atom, in one or two quantifications instead of two and-exists.

        With ``H`` the unobserved atoms: when the agent sees ``p`` it knows whether ``p``
        (the BDD is true).  Otherwise ``K p | K ~p`` is ``~(E H (law & p) & E H (law & ~p))``,
        that is ``~ forall p (E H' law)`` with ``H' = H - {p}`` (the muddy children's
        "knows whether I am muddy": ``~ forall p law``)."""
        law = self.law
        if atom not in unobserved:
            return self.manager.true
        rest = tuple(q for q in unobserved if q != atom)
        return ~self.manager.forall((atom,), self.manager.exists(rest, law))

    def _translate(self, f: L.Form):
        m = self.manager
        t = type(f)
        if t is L.Prp:
            return m.var(f.n)
        if t is L.Top:
            return m.true
        if t is L.Bot:
            return m.false
        if t is L.Neg:
            return ~self.bdd_of(f.f)
        if t is L.Conj:  # stops at a conjunct that is false, as the reference's conSet
            false = m.false
            parts = []
            for g in f.fs:
                v = self.bdd_of(g)
                if v == false:
                    return false
                parts.append(v)
            return _fold(parts, _and, m.true)
        if t is L.Disj:  # stops at a disjunct that is true (disSet)
            true = m.true
            parts = []
            for g in f.fs:
                v = self.bdd_of(g)
                if v == true:
                    return true
                parts.append(v)
            return _fold(parts, _or, m.false)
        if t is L.Xor:
            out = m.false
            for g in f.fs:
                out = m.xor(out, self.bdd_of(g))
            return out
        if t is L.Impl:
            return m.implies(self.bdd_of(f.a), self.bdd_of(f.b))
        if t is L.Equi:
            return m.equiv(self.bdd_of(f.a), self.bdd_of(f.b))
        if t is L.Forall:
            return m.forall(f.props, self.bdd_of(f.f))
        if t is L.Exists:
            return m.exists(f.props, self.bdd_of(f.f))
        if t is L.K:
            return self._knows(self.unobserved(f.agent), self.bdd_of(f.f))
        if t is L.Kw:
            others = self.unobserved(f.agent)
            g = self.bdd_of(f.f)
            atom = _literal_atom(f.f)
            if atom is not None:
                return self._knows_whether_atom(others, atom)
            return self._knows(others, g) | self._knows(others, ~g)
        if t is L.Dk:
            return self._knows(self.unobserved_by_group(tuple(f.group)), self.bdd_of(f.f))
        if t is L.Dkw:
            others = self.unobserved_by_group(tuple(f.group))
            g = self.bdd_of(f.f)
            return self._knows(others, g) | self._knows(others, ~g)
        if t is L.Ck:
            return self._common(tuple(f.group), self.bdd_of(f.f))
        if t is L.Ckw:
            group = tuple(f.group)
            g = self.bdd_of(f.f)
            return self._common(group, g) | self._common(group, ~g)
        if t is L.PubAnnounce:
            return m.implies(self.bdd_of(f.ann), self.update(f.ann).bdd_of(f.f))
        if t is L.PubAnnounceW:
            # announcing whether: the announcement to every agent of a fresh atom k <-> ann.
            # The k = 1 half of that structure is the update with ann and the k = 0 half the
            # update with ~ann (every agent observes k, so no relation crosses the halves,
            # and every BDD restricted to one half is the one of that update): one structure
            # instead of two, so a sequence of d such announcements costs d, not 2^d.
            k = self.fresh_atom()
            after = self.announce(self.agents(), f.ann).bdd_of(f.f)
            return m.ite(
                self.bdd_of(f.ann), m.restrict(after, k, True), m.restrict(after, k, False)
            )
        if t is L.Announce:
            k = self.fresh_atom()
            after = self.announce(tuple(f.group), f.ann).bdd_of(f.f)
            return m.implies(self.bdd_of(f.ann), m.restrict(after, k, True))
        if t is L.AnnounceW:
            k = self.fresh_atom()
            after = self.announce(tuple(f.group), f.ann).bdd_of(f.f)
            return m.ite(
                self.bdd_of(f.ann), m.restrict(after, k, True), m.restrict(after, k, False)
            )
        if isinstance(f, L.Form):
            raise UnsupportedFormula.node(f, "the S5 checker")
        raise TypeError(f"not a formula: {f!r}")

    def _common(self, group: tuple[str, ...], g):
        """Greatest fixed point of ``z = g and (for every i in group: K_i z)``, from top."""
        unobserved = [self.unobserved(a) for a in group]
        if g == self.manager.false:  # the reference's conjunction stops here, law untouched
            return g
        current = self.manager.true
        while True:
            step = g
            for others in unobserved:
                step = step & self._knows(others, current)
            if step == current:
                return current
            current = step

    # --- questions ---------------------------------------------------------------------

    def valid(self, f: L.Form) -> bool:
        """``VALID?``: the law implies the formula's BDD."""
        law = self.law
        return (~law | self.bdd_of(f)) == self.manager.true

    def true_at(self, state: Iterable[int], f: L.Form) -> bool:
        """``TRUE?``: the formula's BDD evaluated at the given true atoms (law not checked)."""
        return self.manager.evaluate(self.bdd_of(f), state)

    def where(self, f: L.Form) -> list[tuple[int, ...]]:
        """``WHERE?``: states of the law where ``f`` holds, in the reference's order."""
        law = self.law
        return enumerate_states(self.manager, law & self.bdd_of(f), self.props)

    def states(self) -> list[tuple[int, ...]]:
        """All states of the structure, in the reference's order."""
        return enumerate_states(self.manager, self.law, self.props)


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
                                f"(2^{MAX_LISTED_STATES.bit_length() - 1}); ask VALID? or TRUE? instead")
        base = [a for a, v in path.items() if v]
        _complete(missing, 0, base, out)
    return out


def _complete(missing: list[int], i: int, trues: list[int], out: list) -> None:
    if i == len(missing):
        out.append(tuple(sorted(trues)))
        return
    _complete(missing, i + 1, trues, out)
    _complete(missing, i + 1, trues + [missing[i]], out)


def _and(u, v):
    return u & v


def _or(u, v):
    return u | v


def _literal_atom(f: L.Form) -> int | None:
    """The atom of a formula ``p`` or ``~p`` (whose ``Kw`` is the same), else ``None``."""
    if type(f) is L.Neg:
        f = f.f
    return f.n if type(f) is L.Prp else None


def _fold(parts: list, op, unit):
    """``parts`` combined left to right (a balanced tree of pairs builds far larger
    intermediate BDDs on the muddy children's "nobody knows")."""
    out = unit
    for v in parts:
        out = op(out, v)
    return out


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
    operator raises :class:`NotBooleanError`."""
    t = type(f)
    if t is L.Prp:
        return manager.var(f.n)
    if t is L.Top:
        return manager.true
    if t is L.Bot:
        return manager.false
    if t is L.Neg:
        return ~bool_bdd_of(manager, f.f)
    if t is L.Conj:
        out = manager.true
        for g in f.fs:
            v = bool_bdd_of(manager, g)
            if v == manager.false:
                return v
            out = out & v
        return out
    if t is L.Disj:
        out = manager.false
        for g in f.fs:
            v = bool_bdd_of(manager, g)
            if v == manager.true:
                return v
            out = out | v
        return out
    if t is L.Xor:
        out = manager.false
        for g in f.fs:
            out = manager.xor(out, bool_bdd_of(manager, g))
        return out
    if t is L.Impl:
        return manager.implies(bool_bdd_of(manager, f.a), bool_bdd_of(manager, f.b))
    if t is L.Equi:
        return manager.equiv(bool_bdd_of(manager, f.a), bool_bdd_of(manager, f.b))
    if t is L.Forall:
        return manager.forall(f.props, bool_bdd_of(manager, f.f))
    if t is L.Exists:
        return manager.exists(f.props, bool_bdd_of(manager, f.f))
    raise NotBooleanError()
