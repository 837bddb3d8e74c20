"""The BDD variables of one symbolic model and its updates: each variable ``k`` has an
unprimed copy ``x{k}`` (the world) and a primed copy ``y{k}`` (a successor), declared side
by side so relations stay small.  Variables are only ever added (fresh event atoms, fresh
copies of changed atoms), at the bottom of the order: a story's BDDs then follow its
chronology.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ...native.bdd_manager import load_implementation

#: bytes CUDD sizes its caches for (not a hard limit)
MEMORY_ESTIMATE = 2**25
INITIAL_CACHE = 2**10


#: managers whose space is gone while some of their BDDs live on (the garbage collector
#: frees a reference cycle's objects in any order, and a manager must outlive its BDDs):
#: freed once none of their nodes is referenced
_RETIRED: list = []


def _purge_retired() -> None:
    _RETIRED[:] = [b for b in _RETIRED if len(b) > 0]


class VarSpace:
    """One BDD manager and its variable pairs."""

    def __del__(self, _retired=_RETIRED) -> None:  # bound now: at exit globals may be gone
        bdd = getattr(self, "bdd", None)
        if bdd is None:
            return
        self._x = self._y = self.true = self.false = None
        self.memo = {}
        if len(bdd) > 0:
            _retired.append(bdd)

    def __init__(self) -> None:
        _purge_retired()
        module = load_implementation("auto")
        if module.__name__.endswith("cudd"):
            self.bdd = module.BDD(memory_estimate=MEMORY_ESTIMATE,
                                  initial_cache_size=INITIAL_CACHE)
        else:  # pragma: no cover - pure-Python fallback
            self.bdd = module.BDD()
        self.bdd.configure(reordering=False)
        self._and_exists = getattr(module, "and_exists", None)
        self.true, self.false = self.bdd.true, self.bdd.false
        self.n = 0
        self._x: list = []
        self._y: list = []
        self.xnames: list[str] = []
        self.ynames: list[str] = []
        self._to_y: dict[str, str] = {}
        self._to_x: dict[str, str] = {}
        #: callers' caches keyed by this space's BDDs (dropped before the manager goes)
        self.memo: dict[str, dict] = {}

    def fresh(self, count: int = 1) -> list[int]:
        """``count`` new variables (their numbers), at the bottom of the order.  Placing an
        event's bits higher, next to the facts it speaks of, was measured to cost more
        than it saves: an event missed by someone ties its bits to the old copies of
        every fact its kind could change, and later variables placed above earlier
        events' bits make every BDD below them remember the whole history (Hi-ToM's
        shared questions: 63 s with that placement, 24 s in order)."""
        out = []
        for _ in range(count):
            k = self.n
            self.n += 1
            x, y = f"x{k}", f"y{k}"
            self.bdd.declare(x, y)
            self._x.append(self.bdd.var(x))
            self._y.append(self.bdd.var(y))
            self.xnames.append(x)
            self.ynames.append(y)
            self._to_y[x] = y
            self._to_x[y] = x
            out.append(k)
        return out

    def x(self, k: int):
        return self._x[k]

    def y(self, k: int):
        return self._y[k]

    def prime(self, u):
        """``u`` over the successor copies."""
        return self.bdd.let(self._to_y, u) if u != self.true and u != self.false else u

    def unprime(self, u):
        return self.bdd.let(self._to_x, u) if u != self.true and u != self.false else u

    def exists_y(self, u, v=None):
        """``exists Y. u`` (``u and v`` when ``v`` is given, fused)."""
        return self.bdd.exist(self.ynames, u) if v is None else self.exists_and(self.ynames, u, v)

    def exists_x(self, u, v=None):
        return self.bdd.exist(self.xnames, u) if v is None else self.exists_and(self.xnames, u, v)

    def exists(self, names: Sequence[str], u):
        return self.bdd.exist(list(names), u) if names else u

    def exists_and(self, names: list[str], u, v):
        """``exists names. u and v``, fused where the implementation can."""
        if self._and_exists is not None:
            return self._and_exists(u, v, names)
        return self.exists(names, u & v)

    def equal_pairs(self, ks: Iterable[int]):
        """``x_k <-> y_k`` for every ``k``."""
        out = self.true
        for k in ks:
            out &= self.bdd.apply("<=>", self._x[k], self._y[k])
        return out

    def code(self, ks: Sequence[int], value: int, primed: bool = False):
        """The cube "the bits ``ks`` spell ``value``" (lowest bit first)."""
        out = self.true
        vs = self._y if primed else self._x
        for i, k in enumerate(ks):
            out &= vs[k] if (value >> i) & 1 else ~vs[k]
        return out

    def count(self, u, nvars: int | None = None) -> int:
        """Satisfying assignments of ``u`` over the unprimed copies of the first ``nvars``
        variables (default: all), which must hold its support."""
        nvars = self.n if nvars is None else nvars
        if u == self.false:
            return 0
        return int(self.bdd.count(u, nvars=nvars)) if nvars else 1


class PrimedLaw:
    """A law over the primed copies, made when first asked (most states of a long story
    never are: 12 agents, 120 events, the law primed at every step was 2.3 of 6.5 s):
    from the primed law before the update that made it, when that one had been made by
    then, and the update's step; else by renaming the law.  Only a made one is kept
    (a chain of lazy ones would keep every law of a story alive)."""

    __slots__ = ("space", "law", "value", "_before", "_step")

    def __init__(self, space: VarSpace, law, before: "PrimedLaw | None" = None, step=None):
        self.space, self.law = space, law
        self.value = None
        made = None if before is None else before.value
        self._before, self._step = (made, step) if made is not None else (None, None)

    def __call__(self):
        if self.value is None:
            if self._before is not None:
                self.value = self._before & self.space.prime(self._step)
            else:
                self.value = self.space.prime(self.law)
            self._before = self._step = None
        return self.value


def bits_for(n: int) -> int:
    """How many bits tell ``n`` things apart."""
    return max(0, (n - 1).bit_length())
