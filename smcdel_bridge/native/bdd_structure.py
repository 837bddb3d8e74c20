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

Variables are ordered by who observes them (:func:`.bdd_boolean.interleaved_order`), not by number;
``WHERE?`` answers are still listed in the reference's numeric-order walk.

BDDs of subformulas are memoised per structure, shared between structures with the same
law (:mod:`.bdd_memo`).  A structure references its parent but never its children: no
reference cycles keep BDD nodes alive past their manager.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .. import language as L
from ..errors import UnsupportedFormula
from .bdd_boolean import bool_bdd_of, enumerate_states, interleaved_order
from .bdd_manager import BddManager
from .bdd_memo import Context
from .chains import chain_value
from .order import list_difference


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
        memo = self._memo  # (the shared table once there is one: see _current_memo)
        hit = (memo if memo is not None else self._current_memo()).get(k)
        if hit is not None:
            return hit
        result = self._translate(f)
        memo = self._memo  # (the translation may have forced the law)
        (memo if memo is not None else self._current_memo())[k] = result
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

    def knows_whether_list(self, f):
        """The BDD of a ``Conj`` (``Disj``) of parts ``Kw a p`` and ``~Kw a p``, nested
        ones flattened (:mod:`.kw_lists`), in one walk of the law per kind of part
        (:meth:`.bdd_manager.BddManager.each_quantified`); None for other formulas.
        With ``H`` what ``a`` leaves unobserved besides ``p`` and ``E = exists H law``,
        ``~Kw a p`` is ``forall p E`` and ``Kw a p`` is ``exists p ~E`` (true when ``a``
        sees ``p``).  A round of "nobody knows" of 300 muddy children: 0.1 s instead of
        2.3 s; the BDD is the one the parts give."""
        parts = self.context.kw_lists.leaves(f)
        if parts is None or len(parts) < 2:
            return None
        try:
            hidden = {agent: self.unobserved(agent) for _, agent, _ in parts}
        except KeyError:  # an unknown agent: the plain path meets it where the reference does
            return None
        conjunction, m = type(f) is L.Conj, self.manager
        law = self.law  # forced by every part, as by the first one on the plain path
        groups: dict[tuple, list[int]] = {}
        for negated, agent, atom in parts:
            if atom not in hidden[agent]:  # Kw is true
                if negated == conjunction:
                    return m.false if conjunction else m.true
                continue
            rest = frozenset(q for q in hidden[agent] if q != atom)
            # a conjunction's ~Kw and a disjunction's Kw (negated) quantify universally
            groups.setdefault((negated == conjunction, rest), []).append(atom)
        out = m.true
        for (universal, rest), atoms in groups.items():
            base = m.exists(tuple(sorted(rest)), law)
            out = out & m.each_quantified(atoms, base if universal else ~base, universal)
        return out if conjunction else ~out

    def _chain(self, f, stop, unit, op):
        """A ``Conj`` (``Disj``) and the chain of its kind below it (:mod:`.chains`)."""
        key = self.context.interner.key

        def cached(g):
            memo = self._memo
            return (memo if memo is not None else self._current_memo()).get(key(g))

        def record(g, v):
            memo = self._memo
            (memo if memo is not None else self._current_memo())[key(g)] = v

        other = self.context.kw_lists.not_a_list()

        def whole(g):
            return None if other(id(g)) else self.knows_whether_list(g)

        return chain_value(f, self.bdd_of, cached, whole, record,
                           stop, unit, op)

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
            return self._chain(f, m.false, m.true, _and)
        if t is L.Disj:  # stops at a disjunct that is true (disSet)
            return self._chain(f, m.true, m.false, _or)
        if t is L.Xor:
            return m.xor_all([self.bdd_of(g) for g in f.fs])
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


def _and(u, v):
    return u & v


def _or(u, v):
    return u | v


def _literal_atom(f: L.Form) -> int | None:
    """The atom of a formula ``p`` or ``~p`` (whose ``Kw`` is the same), else ``None``."""
    if type(f) is L.Neg:
        f = f.f
    return f.n if type(f) is L.Prp else None
