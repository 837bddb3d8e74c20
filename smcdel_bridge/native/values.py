"""The explicit engine for structures over many-valued variables (number puzzles).

A :class:`ValueStructure` is an S5 knowledge structure whose states are valuations of
variables (each with a finite domain of ints or names) satisfying a law, and whose agents
observe *terms*: an agent cannot tell apart two states that give its observed terms the
same values ("Sum observes x + y").  That is exactly SMCDEL's semantics once every term is
encoded by Boolean atoms tied to the variables by the law (what the SMCDEL text of a
puzzle does); working on the valuations directly skips the encoding.

States are enumerated once (the law compiled to one Python expression); a formula's truth
set is a Python int with bit ``i`` for state ``i``; an agent's partition is a list of such
masks.  Public announcements restrict the set of live states: every evaluation takes the
live mask, as SMCDEL's ``[ ! f ] g`` evaluates ``g`` in the restricted structure.

    vs = ValueStructure({"x": range(2, 100), "y": range(2, 100)},
                        law=Cmp("<", Var("x"), Var("y")),
                        observations={"Sum": (Arith("+", Var("x"), Var("y")),)})
    live = vs.announce(vs.everything, f)       # after announcing f
    vs.valuations(live)                        # [{"x": 4, "y": 13}, ...]
"""

from __future__ import annotations

from typing import Iterable, Mapping

from ..errors import TooLargeError, UnsupportedFormula
from ..language import (
    Bot, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Form, Impl, K, Kw, Neg, Prp, PubAnnounce,
    PubAnnounceW, Top, Xor,
)
from ..terms import Cmp, Kv, Term, term_source
from .value_states import bool_source, satisfying

#: valuations the engine enumerates at most (before the law filters them)
MAX_ASSIGNMENTS = 20_000_000


def _mask(flags: Iterable[bool]) -> int:
    """Bit i set where the i-th flag is true."""
    bits = "".join("1" if f else "0" for f in flags)
    return int(bits[::-1], 2) if bits else 0


def _masks_by_key(keys: list) -> dict:
    """key -> mask of the states with that key."""
    groups: dict = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    out = {}
    n = len(keys)
    for k, idx in groups.items():
        buf = bytearray((n + 7) // 8)
        for i in idx:
            buf[i >> 3] |= 1 << (i & 7)
        out[k] = int.from_bytes(buf, "little")
    return out


class ValueStructure:
    """States over variables, agents observing terms; formulas evaluated on bit masks."""

    def __init__(self, domains: Mapping[str, Iterable], law: Form | None = None,
                 observations: Mapping[str, tuple[Term, ...]] | None = None,
                 atoms: Mapping[int, str] | None = None):
        #: variable names in order, and their domains
        self.names = list(domains)
        self.domains = [tuple(d) for d in domains.values()]
        self.slot = {n: f"s[{i}]" for i, n in enumerate(self.names)}
        #: Boolean atoms (``Prp(n)``) that stand for a 0/1 variable of the structure
        self.atoms = dict(atoms or {})
        total = 1
        for d in self.domains:
            total *= len(d)
        if total > MAX_ASSIGNMENTS:
            raise TooLargeError(f"{total} valuations to enumerate (the limit is "
                                f"{MAX_ASSIGNMENTS:,})", size=total, limit=MAX_ASSIGNMENTS,
                                unit="valuations")
        self.states = satisfying(self.names, self.domains, law, self.atoms)
        self.everything = (1 << len(self.states)) - 1
        self.observations = {a: tuple(ts) for a, ts in (observations or {}).items()}
        self._partitions: dict[str, list[int]] = {}
        self._cmp: dict[Form, int] = {}
        self._classes: dict[tuple, list[int]] = {}
        self._observed_classes: dict[str, list[int]] = {}
        self._class_count: dict[str, int] = {}

    # -- compilation of Boolean formulas over comparisons to Python --------------------

    def _compile(self, f: Form):
        source = bool_source(f, self.slot, self.atoms)
        return eval("lambda s: " + source, {})  # noqa: S307 - our own source text

    def function(self, t: Term):
        """The value of term ``t`` as a function of a state."""
        return eval("lambda s: " + term_source(t, self.slot), {})  # noqa: S307

    def _boolean_mask(self, f: Form) -> int:
        hit = self._cmp.get(f)
        if hit is None:
            test = self._compile(f)
            hit = self._cmp[f] = _mask(test(s) for s in self.states)
        return hit

    # -- partitions ------------------------------------------------------------------

    def keys(self, terms: tuple[Term, ...]) -> list:
        """Per state, the tuple of the values of ``terms``."""
        fn = eval("lambda s: (" + "".join(term_source(t, self.slot) + ", " for t in terms)
                  + ")", {})  # noqa: S307 - our own source text
        return list(map(fn, self.states))

    def classes(self, terms: tuple[Term, ...]) -> list[int]:
        """Per state, a number for its values of ``terms`` (the same values, the same
        number): an agent's classes as one list, cheaper to scan than a mask per class."""
        hit = self._classes.get(terms)
        if hit is None:
            seen: dict = {}
            hit = self._classes[terms] = [seen.setdefault(k, len(seen))
                                          for k in self.keys(terms)]
        return hit

    def _observed(self, agent: str) -> list[int]:
        hit = self._observed_classes.get(agent)
        if hit is None:
            if agent not in self.observations:
                raise UnsupportedFormula(f"unknown agent {agent!r}")
            hit = self._observed_classes[agent] = self.classes(self.observations[agent])
            self._class_count[agent] = max(hit, default=-1) + 1
        return hit

    def partition(self, agent: str) -> list[int]:
        """The agent's classes over all states, as masks."""
        hit = self._partitions.get(agent)
        if hit is None:
            hit = list(_masks_by_key(self._observed(agent)).values())
            self._partitions[agent] = hit
        return hit

    def components(self, group: tuple[str, ...], live: int) -> list[int]:
        """Classes of common knowledge among ``group`` within the live states."""
        parent: dict[int, int] = {}

        def find(i):
            while parent.setdefault(i, i) != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for a in group:
            for c in self.partition(a):
                members = _bits(c & live)
                for j in members[1:]:
                    ra, rb = find(members[0]), find(j)
                    if ra != rb:
                        parent[rb] = ra
        comp: dict[int, int] = {}
        for i in _bits(live):
            r = find(i)
            comp[r] = comp.get(r, 0) | (1 << i)
        return list(comp.values())

    # -- evaluation ------------------------------------------------------------------

    def holds(self, f: Form, live: int | None = None) -> int:
        """Mask of the live states where ``f`` is true."""
        live = self.everything if live is None else live
        return self._eval(f, live, {})

    def _eval(self, f: Form, live: int, memo: dict) -> int:
        key = (id(f), live)
        hit = memo.get(key)
        if hit is not None:
            return hit
        out = self._eval_node(f, live, memo)
        memo[key] = out
        return out

    def _eval_node(self, f: Form, live: int, memo: dict) -> int:
        ev = self._eval
        if isinstance(f, (Cmp, Prp, Top, Bot)):
            return self._boolean_mask(f) & live
        if isinstance(f, Neg):
            return live & ~ev(f.f, live, memo)
        if isinstance(f, Conj):
            m = live
            for g in f.fs:
                m &= ev(g, live, memo)
            return m
        if isinstance(f, Disj):
            m = 0
            for g in f.fs:
                m |= ev(g, live, memo)
            return m
        if isinstance(f, Impl):
            return (live & ~ev(f.a, live, memo)) | ev(f.b, live, memo)
        if isinstance(f, Equi):
            a, b = ev(f.a, live, memo), ev(f.b, live, memo)
            return live & ~(a ^ b)
        if isinstance(f, Xor):
            m = 0
            for g in f.fs:
                m ^= ev(g, live, memo)
            return m & live
        if isinstance(f, K):
            return self._agent_knows(f.agent, ev(f.f, live, memo), live)
        if isinstance(f, Kw):
            inner = ev(f.f, live, memo)
            return self._agent_knows(f.agent, inner, live) | \
                self._agent_knows(f.agent, live & ~inner, live)
        if isinstance(f, Kv):
            return self._knows_values(self._observed(f.agent), self.classes(f.terms), live)
        if isinstance(f, Ck):
            return self._knows(self.components(f.group, live), ev(f.f, live, memo), live)
        if isinstance(f, Ckw):
            inner, part = ev(f.f, live, memo), self.components(f.group, live)
            return self._knows(part, inner, live) | self._knows(part, live & ~inner, live)
        if isinstance(f, (Dk, Dkw)):
            terms = tuple(t for a in f.group for t in self.observations[a])
            part = list(_masks_by_key(self.keys(terms)).values())
            inner = ev(f.f, live, memo)
            out = self._knows(part, inner, live)
            return out | self._knows(part, live & ~inner, live) if isinstance(f, Dkw) else out
        if isinstance(f, PubAnnounce):
            ann = ev(f.ann, live, memo)
            return (live & ~ann) | ev(f.f, ann, memo)
        if isinstance(f, PubAnnounceW):
            ann = ev(f.ann, live, memo)
            return ev(f.f, ann, memo) | ev(f.f, live & ~ann, memo)
        raise UnsupportedFormula(f"the value engine does not evaluate {type(f).__name__}")

    def _agent_knows(self, agent: str, inner: int, live: int) -> int:
        """The live states whose class of ``agent`` has no live state outside ``inner``:
        class by class on masks when the agent has few classes, else state by state."""
        doubt = live & ~inner
        if not doubt:
            return live
        obs = self._observed(agent)
        if 2 * self._class_count[agent] <= live.bit_count():
            return self._knows(self.partition(agent), inner, live)
        bad = {obs[i] for i in _bits(doubt)}
        return self._mask_of([i for i in _bits(live) if obs[i] not in bad])

    def _knows_values(self, obs: list[int], values: list[int], live: int) -> int:
        """The live states whose class's live states all share one number in ``values``."""
        first: dict[int, int] = {}
        mixed = set()
        live_bits = _bits(live)
        for i in live_bits:
            o = obs[i]
            if first.setdefault(o, values[i]) != values[i]:
                mixed.add(o)
        if not mixed:
            return live
        return self._mask_of([i for i in live_bits if obs[i] not in mixed])

    def _mask_of(self, indices: list[int]) -> int:
        buf = bytearray((len(self.states) + 7) >> 3)
        for i in indices:
            buf[i >> 3] |= 1 << (i & 7)
        return int.from_bytes(buf, "little")

    @staticmethod
    def _knows(partition: list[int], inner: int, live: int) -> int:
        out = 0
        for c in partition:
            c &= live
            if c and not c & ~inner:
                out |= c
        return out

    # -- questions -------------------------------------------------------------------

    def announce(self, live: int, f: Form) -> int:
        """The live states after the public announcement of ``f``."""
        return self.holds(f, live)

    def valid(self, f: Form, live: int | None = None) -> bool:
        live = self.everything if live is None else live
        return self.holds(f, live) == live

    def valuations(self, mask: int, names: list[str] | None = None) -> list[dict]:
        """The valuations of the states in ``mask`` (restricted to ``names``: distinct,
        in order of first appearance)."""
        names = names or self.names
        idx = [self.names.index(n) for n in names]
        out, seen = [], set()
        for i in _bits(mask):
            row = tuple(self.states[i][k] for k in idx)
            if row not in seen:
                seen.add(row)
                out.append(dict(zip(names, row)))
        return out


def _bits(mask: int) -> list[int]:
    """Positions of the set bits of ``mask``, in increasing order."""
    if mask.bit_count() <= 16:  # a few bits: lowest bit by lowest bit
        out = []
        while mask:
            low = mask & -mask
            out.append(low.bit_length() - 1)
            mask ^= low
        return out
    text = bin(mask)[:1:-1]
    return [i for i, c in enumerate(text) if c == "1"]
