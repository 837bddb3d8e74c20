"""Knowledge structures at the bit level: the state law as a truth table, and for every
agent the variables it does *not* observe (the ones ``K`` quantifies away).

A :class:`BitStructure` is immutable once built.  Announcements derive new structures
(:meth:`BitStructure.restrict` for public ones, :meth:`BitStructure.extend` for the
group announcements that add a fresh atom) and keep the derived ones in a small cache,
so that problems sharing a structure and a first announcement share the work.

Two details follow the reference checker to the letter:

* the vocabulary is a list (``VARS`` as written, duplicates included) and an agent's
  unobserved variables are the list difference ``VARS \\\\ OBS(agent)``, so a duplicated
  atom stays unobserved once more than it is observed;
* the law is evaluated lazily: a law that is not Boolean makes only the jobs that need
  it fail (``boolBddOf failed: Not a boolean formula.``), as in the reference, where the
  law's BDD is a lazily evaluated value.

A law that is ``Top`` (every published MindGames problem's) takes the full table without
being evaluated, the same table :func:`law_table` gives it.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable

from ..errors import NotBooleanError, SanityError, TooLargeError
from .. import language as L
from ..language import Agent, Form
from .bitspace import MAX_VARIABLES, Space, space

#: Most distinct atoms a structure may have for the explicit engine (2**20 assignments).
MAX_ATOMS = 20

_CHILD_CACHE_LIMIT = 4096


class BitStructure:
    """An S5 knowledge structure whose Boolean functions are truth tables over ``atoms``.

    ``atoms`` are the distinct atoms in ascending order; atom ``atoms[j]`` is variable
    ``j`` of :attr:`space`; ``variable`` maps atoms to variables.  ``position`` does the
    same for the declared atoms only (those of ``VARS``): formulas may not name the
    fresh atoms of group announcements.  ``vocab`` is the vocabulary list as the reference keeps it
    (order of ``VARS``, duplicates included), used to enumerate states in its order.
    """

    __slots__ = (
        "space", "atoms", "position", "variable", "vocab", "agents", "observed", "hidden",
        "limit", "_law", "_group_hidden", "_restricted", "_extended", "memo", "walks",
    )

    def __init__(
        self,
        vocab: Iterable[int],
        law: Form,
        obs: Iterable[tuple[Agent, Iterable[int]]],
        *,
        limit: int = MAX_ATOMS,
    ):
        """The structure ``VARS vocab  LAW law  OBS obs`` (a law that is not Boolean is
        accepted here; every use of it raises :class:`NotBooleanError`)."""
        self.vocab = tuple(vocab)
        self.atoms = tuple(sorted(set(self.vocab)))
        n = len(self.atoms)
        limit = min(limit, MAX_VARIABLES)
        if n > limit:
            raise TooLargeError(
                f"the explicit engine handles at most {limit} atoms (2^{limit} states); "
                f"this structure has {n}: use the symbolic engine", size=n, limit=limit, unit="atoms")
        self.limit = limit
        self.space: Space = space(n)
        self.position = dict(zip(self.atoms, range(n)))
        self.variable = self.position
        if law.__class__ is L.Top:  # (the published problems' law)
            self._law = self.space.full
        else:
            if any(a not in self.position for a in law.atoms()):
                raise SanityError(["LAW uses atoms not in VARS!"])
            self._law = law_table(self.space, self.position, law)
        observed: dict[Agent, tuple[int, ...]] = {}
        agents = []
        for agent, atoms in obs:
            agents.append(agent)
            if agent not in observed:  # the reference looks agents up by first entry
                observed[agent] = tuple(atoms)
        self.agents = tuple(agents)
        self.observed = observed
        self.hidden = {a: self._unobserved(ps) for a, ps in observed.items()}
        self._group_hidden: dict[tuple[Agent, ...], tuple[int, ...]] = {}
        self._restricted: dict[int, BitStructure] = {}
        self._extended: dict[tuple[tuple[Agent, ...], int], BitStructure] = {}
        #: truth tables of formulas by identity (see ``truth_tables.remembered``)
        self.memo: dict[int, tuple[Form, int]] = {}
        #: structures after runs of announcements by the run's identity (see
        #: ``explicit.valid_after``)
        self.walks: dict[int, tuple[tuple[Form, ...], BitStructure]] = {}

    def _unobserved(self, seen: Iterable[int]) -> tuple[int, ...]:
        """Positions of ``vocab \\\\ seen`` (list difference, as the reference computes it)."""
        seen = tuple(seen)
        variable = self.variable
        for atom in seen:
            if atom not in variable:
                raise SanityError(["OBS contains atoms not in VARS!"])
        if len(self.vocab) == len(self.atoms):  # no duplicates: a plain set difference
            return tuple([j for j, a in enumerate(self.atoms) if a not in seen])
        left = Counter(self.vocab)
        left.subtract(seen)
        return tuple(sorted(variable[a] for a, k in left.items() if k > 0))

    # --- the law -----------------------------------------------------------------

    @property
    def law(self) -> int:
        """The state law's truth table (raises when the law is not Boolean)."""
        if self._law is None:
            raise NotBooleanError()
        return self._law

    # --- agents --------------------------------------------------------------------

    def unobserved(self, agent: Agent) -> tuple[int, ...]:
        """Variables ``agent`` does not observe (those ``K agent`` quantifies)."""
        try:
            return self.hidden[agent]
        except KeyError:
            raise SanityError(["Query formula contains agents not in OBS!"]) from None

    def group_unobserved(self, group: tuple[Agent, ...]) -> tuple[int, ...]:
        """Variables no member of ``group`` observes (what distributed knowledge quantifies)."""
        try:
            return self._group_hidden[group]
        except KeyError:
            pass
        seen: set[int] = set()
        for agent in group:
            if agent not in self.observed:
                raise SanityError(["Query formula contains agents not in OBS!"])
            seen.update(self.observed[agent])
        hidden = self._unobserved(sorted(seen))
        self._group_hidden[group] = hidden
        return hidden

    def check_names(self, forms: Iterable[Form]) -> None:
        """Raise ``SanityError`` when ``forms`` mention atoms or agents this structure lacks."""
        for f in forms:
            if not f.atoms() <= self.position.keys():
                raise SanityError(["Query formula contains atoms not in VARS!"])
            if not f.agents() <= self.observed.keys():
                raise SanityError(["Query formula contains agents not in OBS!"])

    def atom_position(self, atom: int) -> int:
        try:
            return self.position[atom]
        except KeyError:
            raise SanityError(["Query formula contains atoms not in VARS!"]) from None

    # --- announcements -------------------------------------------------------------

    def restrict(self, bits: int) -> "BitStructure":
        """The structure after publicly announcing the formula whose truth table is ``bits``:
        same vocabulary and observations, law conjoined with ``bits``."""
        child = self._restricted.get(bits)
        if child is None:
            if len(self._restricted) >= _CHILD_CACHE_LIMIT:
                self._restricted.clear()
            child = object.__new__(BitStructure)
            child.space = self.space
            child.limit = self.limit
            child.atoms = self.atoms
            child.position = self.position
            child.variable = self.variable
            child.vocab = self.vocab
            child.agents = self.agents
            child.observed = self.observed
            child.hidden = self.hidden
            child._group_hidden = self._group_hidden
            child._law = None if self._law is None else self._law & bits
            child._restricted = {}
            child._extended = {}
            child.memo = {}
            child.walks = {}
            self._restricted[bits] = child
        return child

    def extend(self, group: tuple[Agent, ...], bits: int) -> "BitStructure":
        """The structure after announcing ``bits`` to ``group`` only: a fresh atom
        (one above the largest) equivalent to the announcement, observed by the group."""
        key = (group, bits)
        child = self._extended.get(key)
        if child is not None:
            return child
        n = self.space.n
        if n + 1 > self.limit:
            raise TooLargeError(
                f"the explicit engine handles at most {self.limit} atoms (2^{self.limit} "
                "states), counting the fresh atom of each nested group announcement: "
                "use the symbolic engine", size=n + 1, limit=self.limit, unit="atoms")
        for agent in group:
            if agent not in self.observed:
                raise SanityError(["Query formula contains agents not in OBS!"])
        fresh = (max(self.vocab) + 1) if self.vocab else 1
        child = object.__new__(BitStructure)
        child.space = space(n + 1)
        child.limit = self.limit
        child.atoms = self.atoms + (fresh,)
        child.position = self.position  # formulas may not name the fresh atom
        child.variable = dict(self.variable)
        child.variable[fresh] = n
        child.vocab = tuple(sorted(self.vocab + (fresh,)))
        child.agents = self.agents
        child.observed = {
            a: ps + ((fresh,) if a in group else ()) for a, ps in self.observed.items()
        }
        child.hidden = {
            a: hs if a in group else hs + (n,) for a, hs in self.hidden.items()
        }
        child._group_hidden = {}
        if self._law is None:
            child._law = None
        else:
            # old law, and (fresh <-> announcement): lower half fresh false, upper half true
            law = self._law
            child._law = (law & ~bits & self.space.full) | ((law & bits) << self.space.size)
        child._restricted = {}
        child._extended = {}
        child.memo = {}
        child.walks = {}
        if len(self._extended) >= _CHILD_CACHE_LIMIT:
            self._extended.clear()
        self._extended[key] = child
        return child

    def __repr__(self) -> str:
        obs = " ".join(f"{a}:{','.join(map(str, ps))}" for a, ps in self.observed.items())
        return f"<BitStructure VARS {','.join(map(str, self.vocab))} OBS {obs}>"


# --- compiling the law ----------------------------------------------------------------

class _NotBoolean(Exception):
    pass


def law_table(sp: Space, position: dict[int, int], law: Form) -> int | None:
    """Truth table of a Boolean ``law``, or ``None`` when evaluating it meets an epistemic
    or dynamic operator.  Short-circuits like the reference (``Bot & K a p`` is a valid
    law there: its conjunction stops at ``Bot``)."""
    try:
        return _law(sp, position, law)
    except _NotBoolean:
        return None


def _law(sp: Space, pos: dict[int, int], f: Form) -> int:
    cls = f.__class__
    if cls is L.Top:
        return sp.full
    if cls is L.Bot:
        return 0
    if cls is L.Prp:
        return sp.var[pos[f.n]]
    if cls is L.Neg:
        return sp.full ^ _law(sp, pos, f.f)
    if cls is L.Conj:
        acc = sp.full
        for g in f.fs:
            v = _law(sp, pos, g)
            if not v:
                return 0
            acc &= v
        return acc
    if cls is L.Disj:
        acc = 0
        for g in f.fs:
            v = _law(sp, pos, g)
            if v == sp.full:
                return v
            acc |= v
        return acc
    if cls is L.Xor:
        acc = 0
        for g in f.fs:
            acc ^= _law(sp, pos, g)
        return acc
    if cls is L.Impl:
        a = _law(sp, pos, f.a)
        return (sp.full ^ a) | _law(sp, pos, f.b)
    if cls is L.Equi:
        a = _law(sp, pos, f.a)
        return sp.full ^ a ^ _law(sp, pos, f.b)
    if cls is L.Forall:
        return sp.forall(_law(sp, pos, f.f), [pos[p] for p in f.props])
    if cls is L.Exists:
        return sp.exists(_law(sp, pos, f.f), [pos[p] for p in f.props])
    raise _NotBoolean()


__all__ = ["BitStructure", "MAX_ATOMS", "law_table"]
