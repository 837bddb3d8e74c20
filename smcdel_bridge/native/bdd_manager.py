"""A thin layer over the ``dd`` package: one BDD manager whose variables are SMCDEL atoms.

The symbolic engine needs a handful of operations — Boolean connectives, quantification
restriction, evaluation and a walk over the paths of a
BDD.  This module gives them one spelling for both of ``dd``'s backends: ``dd.cudd`` (C,
fast; the default) and ``dd.autoref`` (pure Python; used when CUDD is unavailable, with
the same results).

Atom ``n`` is the variable named ``p<n>``.  The reference's BDD library orders variables
by atom number, and the order of ``WHERE?`` answers depends on that order.  Here the order
is free (:meth:`BddManager.declare_in_order`, :meth:`BddManager.declare_fresh`: whatever
keeps the BDDs small), and :meth:`BddManager.paths` walks a BDD as it would look in the
numeric order, so answers do not depend on it.  CUDD's automatic reordering stays off: a
fixed order chosen from the structure beats sifting on the benchmark families, and
reordering in the middle of a fixed-point loop costs more than it saves.
"""

from __future__ import annotations

import sys
from typing import Iterable, Iterator

IMPLEMENTATIONS = ("cudd", "autoref")

#: bytes CUDD sizes its cache limits for (not a hard limit on memory use)
CUDD_MEMORY_ESTIMATE = 2**28
#: quantified lists at least this long are cut down to the BDD's support first
QUANTIFY_SUPPORT_FROM = 512
#: initial computed-table slots (CUDD's default, 2**18, costs ~20 ms per manager)
CUDD_INITIAL_CACHE = 2**12
#: atoms kept in all over the sets of long quantified lists (a set costs ~40 bytes an
#: atom: 3,000 agents each blind to 2,999 atoms held 1.1 GB when every list was kept, as
#: names; past the budget a set is built at each call, 50 µs for 3,000 atoms)
LONG_LISTS_KEPT = 1 << 20


def _import_dd(impl: str):
    """Import ``dd.<impl>`` without pulling in networkx.

    ``dd`` imports networkx (optional, only used to draw diagrams) at start-up, which
    costs more than everything else the command line does.  When networkx is not loaded
    yet, its import is made to fail while ``dd`` loads, so ``dd`` takes its documented
    networkx-less path; networkx stays importable for everyone else afterwards.
    """
    module_name = f"dd.{impl}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    import importlib

    blocked = "networkx" not in sys.modules
    if blocked:
        sys.modules["networkx"] = None  # type: ignore[assignment]
    try:
        return importlib.import_module(module_name)
    finally:
        if blocked and sys.modules.get("networkx", 0) is None:
            del sys.modules["networkx"]


def load_implementation(impl: str = "auto"):
    """The ``dd`` module to use: ``cudd`` when it loads, else ``autoref`` (for ``auto``)."""
    if impl not in ("auto", *IMPLEMENTATIONS):
        raise ValueError(f"unknown BDD implementation {impl!r}")
    if impl in ("auto", "cudd"):
        try:
            return _import_dd("cudd")
        except ImportError:
            if impl == "cudd":
                raise
    return _import_dd("autoref")


def dd_version() -> str:
    """The installed ``dd`` version, or ``""`` when it cannot be imported."""
    try:
        from importlib.metadata import version

        return version("dd")
    except Exception:  # noqa: BLE001 - metadata missing means "unknown"
        return ""


def var_name(atom: int) -> str:
    return f"p{atom}"


def atom_of(name: str) -> int:
    return int(name[1:])


class BddManager:
    """A BDD manager whose variables are SMCDEL atoms, in ascending numeric order."""

    def __init__(self, impl: str = "auto", atoms: Iterable[int] = ()):
        self.module = load_implementation(impl)
        self.impl = self.module.__name__.rsplit(".", 1)[-1]
        if self.impl == "cudd":
            # modest start sizes: creating a manager is then ~1 ms instead of ~25 ms
            # (one per checked program); CUDD grows its tables as a problem needs
            self.bdd = self.module.BDD(
                memory_estimate=CUDD_MEMORY_ESTIMATE, initial_cache_size=CUDD_INITIAL_CACHE
            )
        else:
            self.bdd = self.module.BDD()
        self.bdd.configure(reordering=False)
        self.true = self.bdd.true
        self.false = self.bdd.false
        self._vars: dict[int, object] = {}
        self._name_cache: dict[tuple[int, ...], list[str]] = {}
        self._long_sets: dict[tuple[int, ...], frozenset[int]] = {}
        self._long_kept = 0
        self._max = None
        self._numeric = True  # are the variables' levels ascending in atom number?
        self.declare(atoms)

    # --- variables ---------------------------------------------------------------

    def declare(self, atoms: Iterable[int]) -> None:
        """Declare atoms below the ones declared so far, in ascending order."""
        self.declare_in_order(sorted(set(atoms) - self._vars.keys()))

    def declare_in_order(self, atoms: Iterable[int]) -> None:
        """Declare atoms below the ones declared so far, in the given order."""
        new = list(dict.fromkeys(n for n in atoms if n not in self._vars))
        self._reserve(new)
        for n in new:
            self._declare_at(n, None)

    def _append(self, name: str) -> None:
        """Declare the variable ``name`` below the others."""
        if self.impl == "cudd":  # by its index: the last one may be made already (_reserve)
            self.bdd.add_var(name, index=len(self._vars))
        else:
            self.bdd.declare(name)

    def _reserve(self, new: list[int]) -> None:
        """Make CUDD's variables for the atoms ``new``, about to be declared below the
        others, in one step: CUDD grows its tables ten variables at a time when they come
        one by one, but to the largest index asked for at once (the dining cryptographers
        100: 5,050 atoms in 10 ms instead of 35; each is created at the level of its
        index, as it would be one by one)."""
        if self.impl == "cudd" and len(new) > 1:
            self.bdd.add_var(var_name(new[-1]), index=len(self._vars) + len(new) - 1)

    def declare_fresh(self, atom: int, near) -> None:
        """Declare ``atom`` just below the deepest variable the BDD ``near`` depends on (the
        variable of an announcement ``atom <-> near`` then stays next to what it names)."""
        if atom in self._vars:
            return
        level = None
        if self.impl == "cudd":
            support = self.bdd.support(near)
            if support:
                level = 1 + max(self.bdd.level_of_var(v) for v in support)
        self._declare_at(atom, level)

    def _declare_at(self, n: int, level: int | None) -> None:
        name = var_name(n)
        appended = level is None or level >= len(self._vars)
        if appended:
            self._append(name)
        else:
            self.bdd.insert_var(name, level)
        self._vars[n] = self.bdd.var(name)
        self._name_cache.clear()
        if self._numeric:  # (below all others, it keeps the order numeric when it is largest)
            self._numeric = ((self._max is None or n > self._max) if appended
                             else self._levels_numeric())
        if self._max is None or n > self._max:
            self._max = n

    def _levels_numeric(self) -> bool:
        level = self.bdd.level_of_var
        atoms = sorted(self._vars)
        return all(level(var_name(a)) < level(var_name(b)) for a, b in zip(atoms, atoms[1:]))

    def var(self, atom: int):
        node = self._vars.get(atom)
        if node is None:
            self.declare((atom,))
            node = self._vars[atom]
        return node

    # --- connectives -------------------------------------------------------------

    def xor(self, u, v):
        return self.bdd.apply("xor", u, v)

    def xor_all(self, parts: list):
        """The exclusive or of all ``parts``, paired off level by level: a left fold
        rebuilds the whole running result at every step (the dining cryptographers' XOR of
        every agent's announcement, 200 parts of 200 atoms each: 9.6 s folded)."""
        apply = self.bdd.apply
        while len(parts) > 1:
            paired = [apply("xor", parts[i], parts[i + 1]) for i in range(0, len(parts) - 1, 2)]
            if len(parts) % 2:
                paired.append(parts[-1])
            parts = paired
        return parts[0] if parts else self.false

    def equiv(self, u, v):
        return self.bdd.apply("<=>", u, v)

    def implies(self, u, v):
        return ~u | v

    def ite(self, c, u, v):
        return self.bdd.ite(c, u, v)

    # --- quantifiers -------------------------------------------------------------

    def _names(self, atoms: Iterable[int]) -> tuple[list[str], frozenset[str]]:
        key = atoms if isinstance(atoms, tuple) else tuple(atoms)
        names = self._name_cache.get(key)
        if names is None:
            listed = sorted({var_name(n) for n in key if n in self._vars})
            names = self._name_cache[key] = (listed, frozenset(listed))
        return names

    def _quantified(self, atoms: Iterable[int], u) -> list[str]:
        """The variables of ``atoms`` that ``u`` depends on.  ``dd`` builds the cube of the
        quantified variables in Python at every call, which for the dining cryptographers'
        K (19,900 unobserved coins, about 200 in the BDD) cost seven times the quantifying.
        Finding the support walks the BDD, so it is only worth it for long lists, which
        are kept as sets of atoms up to :data:`LONG_LISTS_KEPT` atoms in all."""
        key = atoms if isinstance(atoms, tuple) else tuple(atoms)
        if len(key) <= QUANTIFY_SUPPORT_FROM:
            return self._names(key)[0]
        atomset = self._long_sets.get(key)
        if atomset is None:
            atomset = frozenset(key)
            if self._long_kept + len(key) <= LONG_LISTS_KEPT:
                self._long_sets[key] = atomset
                self._long_kept += len(key)
        support = self.bdd.support(u)
        if len(support) < len(atomset):
            return [n for n in support if atom_of(n) in atomset]
        return sorted(var_name(n) for n in atomset if n in self._vars)

    def forall(self, atoms: Iterable[int], u):
        names = self._quantified(atoms, u)
        return self.bdd.forall(names, u) if names else u

    def exists(self, atoms: Iterable[int], u):
        names = self._quantified(atoms, u)
        return self.bdd.exist(names, u) if names else u

    def forall_implies(self, atoms: Iterable[int], law, u):
        """``forall atoms (law -> u)``, as ``not exists atoms (law and not u)``."""
        # the conjunction first, then the quantification: CUDD's fused and-exists
        # recomputes the quantification of the law's subgraphs call after call (35 times
        # slower on Sum and Product's 2352 "K b (x, y)"), the plain one finds them cached
        g = law & ~u
        names = self._quantified(atoms, g)
        return ~self.bdd.exist(names, g) if names else ~g

    def each_quantified(self, atoms: Iterable[int], u, universal: bool = True):
        """The conjunction, over each of ``atoms`` alone, of ``forall x u`` (``exists x u``
        when not ``universal``): the muddy children's "nobody knows whether they are
        muddy" is that of the law, one atom per child.

        On CUDD one walk of ``u`` (:func:`.bdd_each.conjoin_quantified`) instead of a
        quantification per atom, each of which rebuilds the BDD above its atom: 0.06 s
        instead of 2.3 s for 300 children, a law of 17,000 nodes.  The BDD is the same."""
        atoms = tuple(dict.fromkeys(atoms))
        if not atoms:
            return self.true
        declared = [var_name(n) for n in atoms if n in self._vars]
        if self.impl == "cudd" and declared:
            from .bdd_each import conjoin_quantified

            out = conjoin_quantified(self.bdd, declared, u, universal)
            # an undeclared atom's quantification leaves u as it is
            return out & u if len(declared) < len(atoms) else out
        quantify = self.forall if universal else self.exists
        out = self.true
        for n in atoms:
            out = out & quantify((n,), u)
        return out

    def restrict(self, u, atom: int, value: bool):
        if atom not in self._vars:
            return u
        return self.bdd.let({var_name(atom): value}, u)

    # --- reading BDDs --------------------------------------------------------------

    def evaluate(self, u, true_atoms: Iterable[int]) -> bool:
        """The value of ``u`` when exactly ``true_atoms`` are true."""
        truth = set(true_atoms)
        node, negated = u, False
        while node != self.true and node != self.false:
            if node.negated:
                negated = not negated
            node = node.high if atom_of(node.var) in truth else node.low
        return (node == self.true) != negated

    def paths(self, u) -> Iterator[dict[int, bool]]:
        """Partial assignments along the paths of ``u`` to ``true``, then-branch first.

        This is the order in which the reference enumerates satisfying assignments
        before completing them with the variables a path skips.  The paths are those of
        the BDD in the numeric variable order, whatever the order of this manager.
        """
        if not self._numeric:
            scratch = BddManager(self.impl, (atom_of(v) for v in self.bdd.support(u)))
            copy = self.bdd.copy(u, scratch.bdd)
            listed = list(scratch.paths(copy))
            del copy  # before its manager
            yield from listed
            return
        true, false = self.true, self.false
        stack: list[tuple[object, bool, tuple[tuple[int, bool], ...]]] = [(u, False, ())]
        while stack:
            node, negated, path = stack.pop()
            if node == true or node == false:
                if (node == true) != negated:
                    yield dict(path)
                continue
            if node.negated:
                negated = not negated
            atom = atom_of(node.var)
            # pushed in reverse: the then-branch is explored first
            stack.append((node.low, negated, path + ((atom, False),)))
            stack.append((node.high, negated, path + ((atom, True),)))
