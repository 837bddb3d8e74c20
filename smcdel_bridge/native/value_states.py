"""The states of a value structure: the valuations of its variables that satisfy its law.

Trying the law on every valuation costs the product of the domains (What Sum, 1…50:
125,000 triples for 3,675 states).  Instead the law is split into branches (its
disjunctive normal form, while small), and each branch is searched variable by variable:

* an equation that can be solved for one of its variables (``c = a + b``, ``a + b = c``
  for ``a``, ``month = May``) gives that variable's value from the ones before it, looked up
  in its domain, instead of a loop over the domain;
* every other conjunct is tested as soon as its variables all have values.

The search is compiled to one Python function of nested loops.  The states come out in
the order of the product of the domains, as trying every valuation gives them (bit ``i``
of a mask is state ``i``, so the order matters), and exactly the same ones:
:func:`brute_force` is the definition the tests compare against.
"""

from __future__ import annotations

import itertools
from typing import Mapping, Sequence

from ..errors import UnsupportedFormula
from ..language import Bot, Conj, Disj, Equi, Form, Impl, Neg, Prp, Top, Xor
from ..terms import Arith, Cmp, Const, Term, Var, term_source

#: below this many valuations trying them all is cheaper than compiling a search
SMALL_PRODUCT = 2_000
#: branches of the disjunctive normal form kept at most (a larger law is tested whole)
MAX_BRANCHES = 64
#: nested loops at most (Python compiles at most 20 nested blocks)
MAX_DEPTH = 18


def bool_source(f: Form, slot: Mapping[str, str], atoms: Mapping[int, str]) -> str:
    """Python source of a Boolean formula over comparisons, variable ``n`` written
    ``slot[n]`` and atom ``Prp(k)`` read from the variable ``atoms[k]``."""
    def src(g: Form) -> str:
        if isinstance(g, Cmp):
            return f"({term_source(g.a, slot)} {'==' if g.op == '=' else g.op} " \
                   f"{term_source(g.b, slot)})"
        if isinstance(g, Prp):
            return f"bool({slot[atoms[g.n]]})"
        if isinstance(g, Top):
            return "True"
        if isinstance(g, Bot):
            return "False"
        if isinstance(g, Neg):
            return f"(not {src(g.f)})"
        if isinstance(g, Conj):
            return "(" + " and ".join(map(src, g.fs)) + ")" if g.fs else "True"
        if isinstance(g, Disj):
            return "(" + " or ".join(map(src, g.fs)) + ")" if g.fs else "False"
        if isinstance(g, Impl):
            return f"((not {src(g.a)}) or {src(g.b)})"
        if isinstance(g, Equi):
            return f"({src(g.a)} == {src(g.b)})"
        if isinstance(g, Xor):
            return "((" + " + ".join(f"int({src(h)})" for h in g.fs) + ") % 2 == 1)"
        raise UnsupportedFormula(f"not a Boolean formula over the variables: {type(g).__name__}")

    return src(f)


def brute_force(names: Sequence[str], domains: Sequence[tuple], law: Form | None,
                atoms: Mapping[int, str]) -> list[tuple]:
    """Every valuation in product order that satisfies ``law``, by trying them all."""
    product = itertools.product(*domains)
    if law is None or isinstance(law, Top):
        return list(product)
    slot = {n: f"s[{i}]" for i, n in enumerate(names)}
    test = eval("lambda s: " + bool_source(law, slot, atoms), {})  # noqa: S307 - our source
    return [s for s in product if test(s)]


def satisfying(names: Sequence[str], domains: Sequence[tuple], law: Form | None,
               atoms: Mapping[int, str], small: int = SMALL_PRODUCT) -> list[tuple]:
    """The same list as :func:`brute_force`, by a search that solves equations and tests
    each conjunct early (trying everything when the product is below ``small`` or the law
    is outside what the search handles)."""
    total = 1
    for d in domains:
        total *= len(d)
    if law is None or isinstance(law, Top) or total < small or len(domains) > MAX_DEPTH \
            or not _searchable(domains):
        return brute_force(names, domains, law, atoms)
    return _Search(names, domains, law, atoms, total).run()


# -- when the search gives the same states ---------------------------------------------------

def _searchable(domains: Sequence[tuple]) -> bool:
    """Distinct ints or names in each domain: a solved value is looked up by equality."""
    return all(all(type(v) in (int, bool, str) for v in d) and len(set(d)) == len(d)
               for d in domains)


class _Search:
    """The compiled search for one law."""

    def __init__(self, names, domains, law, atoms, total):
        self.names = list(names)
        self.domains = [tuple(d) for d in domains]
        self.law, self.atoms, self.total = law, atoms, total
        self.index = {n: i for i, n in enumerate(self.names)}
        self.numeric = {n for n, d in zip(self.names, self.domains)
                        if all(type(v) in (int, bool) for v in d)}
        self.slot = {n: f"v{i}" for i, n in enumerate(self.names)}

    def run(self) -> list[tuple]:
        # a test that may raise (arithmetic on names) is left to the order of the law
        if not all(self._typed(c) for c in self.law.unique_nodes()):
            return brute_force(self.names, self.domains, self.law, self.atoms)
        branches = _branches(self.law)
        if not branches:
            return []
        plans = [self._plan(b) for b in branches]
        if len(plans) > 1 and sum(p[2] for p in plans) >= self.total:
            plans = [self._plan(_conjuncts(self.law))]
        source = ["def search(D, L, out):"]
        for plan in plans:
            source += self._code(plan)
        env: dict = {}
        exec("\n".join(source), env)  # noqa: S102 - our own source text
        out: list[tuple] = []
        lookups = [{v: (v,) for v in d} for d in self.domains]
        env["search"](self.domains, lookups, out)
        ordered = len(plans) == 1 and plans[0][0] == list(range(len(self.names)))
        return out if ordered else self._in_product_order(out)

    def _typed(self, f: Form) -> bool:
        """Whether comparison ``f`` cannot raise: ``=``/``!=`` of plain terms, or numbers."""
        if not isinstance(f, Cmp):
            return True
        plain = all(isinstance(t, (Var, Const)) for t in (f.a, f.b))
        return f.op in ("=", "!=") and plain or self._numeric(f)

    def _in_product_order(self, states: list[tuple]) -> list[tuple]:
        unique = set(states)
        try:
            if all(list(d) == sorted(d) for d in self.domains):
                return sorted(unique)
        except TypeError:  # names and numbers mixed in one domain
            pass
        rank = [{v: i for i, v in enumerate(d)} for d in self.domains]
        return sorted(unique, key=lambda s: tuple(r[v] for r, v in zip(rank, s)))

    # -- one branch: which variables are solved, where each conjunct is tested -------------

    def _plan(self, conjuncts: list[Form]):
        """(order of the variables, {variable: solving source}, cost, tests by depth)."""
        remaining = list(range(len(self.names)))
        solved: dict[int, str] = {}
        used: set[int] = set()
        equations = {k: {self.index[n] for n in c.variables()} for k, c in enumerate(conjuncts)
                     if isinstance(c, Cmp) and c.op == "="}
        while True:
            best = None
            for k, vars_ in equations.items():
                if k in used or not vars_ <= set(remaining):
                    continue
                for v in vars_:
                    expr = self._solve(self.names[v], conjuncts[k])
                    if expr is not None:
                        # solve last a variable no other equation needs, of a large domain
                        others = sum(v in w for j, w in equations.items() if j not in used)
                        score = (-others, len(self.domains[v]), v)
                        if best is None or score > best[0]:
                            best = (score, k, v, expr)
            if best is None:
                break
            _, k, v, expr = best
            used.add(k)
            remaining.remove(v)
            solved[v] = expr
        order = remaining + list(reversed(list(solved)))
        depth = {v: i for i, v in enumerate(order)}
        tests: dict[int, list[Form]] = {}
        for k, c in enumerate(conjuncts):
            if k not in used:
                at = max((depth[self.index[n]] for n in _variables(c, self.atoms)), default=-1)
                tests.setdefault(at, []).append(c)
        cost = 1
        for v in remaining:
            cost *= len(self.domains[v])
        return order, solved, cost, tests

    def _solve(self, name: str, eq: Cmp) -> str | None:
        """Source of ``name``'s value from the other variables of equation ``eq``."""
        a_has, b_has = name in eq.a.variables(), name in eq.b.variables()
        if a_has == b_has:
            return None
        side, other = (eq.a, eq.b) if a_has else (eq.b, eq.a)
        if not isinstance(side, Var) and not self._numeric(eq):
            return None
        return _isolate(name, side, term_source(other, self.slot), self.slot)

    def _numeric(self, f: Cmp) -> bool:
        """Whether comparison ``f`` is over numbers only (numeric variables, int constants)."""
        consts = _consts(f.a) + _consts(f.b)
        return f.variables() <= self.numeric and all(type(c.value) is int for c in consts)

    def _code(self, plan) -> list[str]:
        order, solved, _, tests = plan
        lines, pad = [], "    "
        if -1 in tests:
            lines.append(f"{pad}if {self._test(tests[-1])}:")
            pad += "    "
        for d, v in enumerate(order):
            source = f"L[{v}].get({solved[v]}, ())" if v in solved else f"D[{v}]"
            lines.append(f"{pad}for v{v} in {source}:")
            pad += "    "
            if d in tests:
                lines.append(f"{pad}if {self._test(tests[d])}:")
                pad += "    "
        state = ", ".join(f"v{i}" for i in range(len(self.names)))
        lines.append(f"{pad}out.append(({state},))")
        return lines

    def _test(self, conjuncts: list[Form]) -> str:
        return " and ".join(bool_source(c, self.slot, self.atoms) for c in conjuncts)


def _isolate(name: str, side: Term, value: str, slot) -> str | None:
    """Source of ``name`` where ``side`` (holding ``name`` once) equals ``value``."""
    if isinstance(side, Var):
        return value
    if not isinstance(side, Arith) or side.op not in "+-":
        return None
    in_a = name in side.a.variables()
    if in_a == (name in side.b.variables()):
        return None
    if side.op == "+":
        keep, move = (side.a, side.b) if in_a else (side.b, side.a)
        return _isolate(name, keep, f"({value} - {term_source(move, slot)})", slot)
    if in_a:  # x - y = value: x = value + y
        return _isolate(name, side.a, f"({value} + {term_source(side.b, slot)})", slot)
    return _isolate(name, side.b, f"({term_source(side.a, slot)} - {value})", slot)


def _consts(t: Term) -> list[Const]:
    if isinstance(t, Const):
        return [t]
    if isinstance(t, Arith):
        return _consts(t.a) + _consts(t.b)
    return []


def _variables(f: Form, atoms: Mapping[int, str]) -> set[str]:
    """Variables a Boolean formula reads (an atom reads its 0/1 variable)."""
    out: set[str] = set()
    for g in f.unique_nodes():
        if isinstance(g, Cmp):
            out |= g.variables()
        elif isinstance(g, Prp):
            out.add(atoms[g.n])
    return out


def _conjuncts(f: Form) -> list[Form]:
    if isinstance(f, Conj):
        return [g for h in f.fs for g in _conjuncts(h)]
    return [] if isinstance(f, Top) else [f]


def _branches(f: Form) -> list[list[Form]]:
    """The disjunctive normal form of ``f`` over its comparisons and atoms: a list of
    branches, each a list of conjuncts (a part too large to expand stays one conjunct)."""
    if isinstance(f, Top):
        return [[]]
    if isinstance(f, Bot):
        return []
    if isinstance(f, Disj):
        out = [b for g in f.fs for b in _branches(g)]
        return out if len(out) <= MAX_BRANCHES else [[f]]
    if isinstance(f, Conj):
        out: list[list[Form]] = [[]]
        for g in f.fs:
            out = [a + b for a in out for b in _branches(g)]
            if len(out) > MAX_BRANCHES:
                return [_conjuncts(f)]
        return out
    return [[f]]
