"""The truth-table engine against a naive Kripke-model evaluator, on random structures
and formulas; and its sanity guards against the reference's sanity check.

The naive evaluator is the textbook semantics (SMCDEL's own ``eval``): states are the
assignments satisfying the law, knowledge quantifies over explicit lists of states,
common knowledge follows reachability, announcements build new state lists.  On states
of the law both must agree for every formula whose quantifiers range over Boolean
formulas (on epistemic bodies the reference deliberately differs, see
``test_engine_semantics``).
"""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from smcdel_bridge import language as L
from smcdel_bridge.errors import SanityError
from smcdel_bridge.native.explicit import (
    ExplicitBackend, compile_structure, is_true_at, is_valid, where,
)
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ, WhereQ
from smcdel_bridge.syntax.sanity import sanity_problems

AGENTS = ("a", "b", "c")


# --- the naive evaluator -----------------------------------------------------------------

class Naive:
    """A knowledge structure with its states listed explicitly."""

    def __init__(self, vocab, states, obs):
        self.vocab = tuple(vocab)
        self.states = [frozenset(s) for s in states]
        self.obs = {a: frozenset(ps) for a, ps in obs.items()}

    @classmethod
    def of(cls, vocab, law, obs):
        states = []
        for bits in product((False, True), repeat=len(vocab)):
            s = frozenset(p for p, b in zip(vocab, bits) if b)
            if boolean(s, law):
                states.append(s)
        return cls(vocab, states, obs)

    def same(self, agents, s, t):
        seen = frozenset().union(*(self.obs[a] for a in agents))
        return s & seen == t & seen

    def restrict(self, f):
        return Naive(self.vocab, [t for t in self.states if self.eval(t, f)], self.obs)

    def announce_to(self, group, f):
        k = max(self.vocab) + 1
        states = [t | {k} if self.eval(t, f) else t for t in self.states]
        obs = {a: ps | {k} if a in group else ps for a, ps in self.obs.items()}
        return Naive(self.vocab + (k,), states, obs), k

    def eval(self, s, f) -> bool:
        c = type(f)
        if c in (L.Top, L.Bot, L.Prp, L.Neg, L.Conj, L.Disj, L.Xor, L.Impl, L.Equi):
            return boolean(s, f, lambda g: self.eval(s, g))
        if c is L.Forall or c is L.Exists:
            return boolean(s, f)
        if c is L.K or c is L.Kw or c is L.Dk or c is L.Dkw:
            agents = (f.agent,) if c in (L.K, L.Kw) else f.group
            values = {self.eval(t, f.f) for t in self.states if self.same(agents, s, t)}
            return values <= {True} if c in (L.K, L.Dk) else len(values) <= 1
        if c is L.Ck or c is L.Ckw:
            reach, todo = {s}, [s]
            while todo:
                u = todo.pop()
                for t in self.states:
                    if t not in reach and any(self.same((a,), u, t) for a in f.group):
                        reach.add(t)
                        todo.append(t)
            values = {self.eval(t, f.f) for t in reach}
            return values <= {True} if c is L.Ck else len(values) <= 1
        if c is L.PubAnnounce:
            return not self.eval(s, f.ann) or self.restrict(f.ann).eval(s, f.f)
        if c is L.PubAnnounceW:
            ann = f.ann if self.eval(s, f.ann) else L.Neg(f.ann)
            return self.restrict(ann).eval(s, f.f)
        if c is L.Announce:
            if not self.eval(s, f.ann):
                return True
            after, k = self.announce_to(f.group, f.ann)
            return after.eval(s | {k}, f.f)
        if c is L.AnnounceW:
            ann = f.ann if self.eval(s, f.ann) else L.Neg(f.ann)
            after, k = self.announce_to(f.group, ann)
            return after.eval(s | {k}, f.f)
        raise TypeError(f)


def boolean(s, f, rec=None) -> bool:
    """Value of a Boolean formula at the assignment ``s``."""
    rec = rec or (lambda g: boolean(s, g))
    c = type(f)
    if c is L.Top:
        return True
    if c is L.Bot:
        return False
    if c is L.Prp:
        return f.n in s
    if c is L.Neg:
        return not rec(f.f)
    if c is L.Conj:
        return all(rec(g) for g in f.fs)
    if c is L.Disj:
        return any(rec(g) for g in f.fs)
    if c is L.Xor:
        return sum(rec(g) for g in f.fs) % 2 == 1
    if c is L.Impl:
        return not rec(f.a) or rec(f.b)
    if c is L.Equi:
        return rec(f.a) == rec(f.b)
    if c is L.Forall or c is L.Exists:
        pick = all if c is L.Forall else any
        ps = sorted(set(f.props))
        return pick(
            boolean((s - set(ps)) | {p for p, b in zip(ps, bits) if b}, f.f)
            for bits in product((False, True), repeat=len(ps))
        )
    raise TypeError(f)


# --- random structures and formulas ------------------------------------------------------

def booleans(atoms):
    leaves = st.one_of(st.sampled_from([L.TOP, L.BOT]), st.sampled_from(atoms).map(L.Prp))

    def extend(children):
        kids = st.lists(children, min_size=0, max_size=3).map(tuple)
        return st.one_of(
            children.map(L.Neg),
            kids.map(L.Conj), kids.map(L.Disj), kids.map(L.Xor),
            st.builds(L.Impl, children, children), st.builds(L.Equi, children, children),
            st.builds(L.Forall, st.lists(st.sampled_from(atoms), min_size=1, max_size=2).map(tuple), children),
            st.builds(L.Exists, st.lists(st.sampled_from(atoms), min_size=1, max_size=2).map(tuple), children),
        )

    return st.recursive(leaves, extend, max_leaves=6)


def formulas(atoms, agents):
    groups = st.lists(st.sampled_from(agents), min_size=1, max_size=3, unique=True).map(tuple)
    agent = st.sampled_from(agents)

    def extend(children):
        kids = st.lists(children, min_size=0, max_size=3).map(tuple)
        return st.one_of(
            children.map(L.Neg), kids.map(L.Conj), kids.map(L.Disj), kids.map(L.Xor),
            st.builds(L.Impl, children, children), st.builds(L.Equi, children, children),
            st.builds(L.K, agent, children), st.builds(L.Kw, agent, children),
            st.builds(L.Ck, groups, children), st.builds(L.Ckw, groups, children),
            st.builds(L.Dk, groups, children), st.builds(L.Dkw, groups, children),
            st.builds(L.PubAnnounce, children, children),
            st.builds(L.PubAnnounceW, children, children),
            st.builds(L.Announce, groups, children, children),
            st.builds(L.AnnounceW, groups, children, children),
        )

    return st.recursive(booleans(atoms), extend, max_leaves=6)


ATOMS = (0, 1, 2, 3, 4)
LAWS = booleans(list(ATOMS))
FORMULAS = formulas(list(ATOMS), AGENTS)


@st.composite
def cases(draw):
    """A structure with every atom and agent of the drawn law and formula, and more."""
    law = draw(LAWS)
    form = draw(FORMULAS)
    extra = draw(st.sets(st.sampled_from(ATOMS), min_size=1, max_size=2))
    atoms = sorted(law.atoms() | form.atoms() | extra)
    obs = {a: tuple(sorted(draw(st.sets(st.sampled_from(atoms), max_size=len(atoms)))))
           for a in AGENTS}
    return atoms, law, obs, form


@settings(deadline=None, max_examples=200)
@given(cases())
def test_engine_agrees_with_the_naive_kripke_semantics(case):
    atoms, law, obs, form = case
    naive = Naive.of(atoms, law, obs)
    bs = compile_structure(Structure(tuple(atoms), law, tuple(obs.items())))
    truths = {s: naive.eval(s, form) for s in naive.states}
    for s, value in truths.items():
        assert is_true_at(bs, s, form) == value, (sorted(s), form)
    assert is_valid(bs, form) == all(truths.values())
    assert {frozenset(s) for s in where(bs, form)} == {s for s, v in truths.items() if v}


# --- undeclared atoms and agents ----------------------------------------------------------

STRANGE_FORMULAS = formulas(list(range(6)), AGENTS + ("d",))


@st.composite
def programs_with_strangers(draw):
    """Programs whose formulas may use atoms outside VARS and agents outside OBS."""
    vocab = sorted(draw(st.sets(st.integers(0, 4), min_size=1, max_size=3)))
    agents = AGENTS[: draw(st.integers(1, 2))]
    obs = tuple((a, tuple(sorted(draw(st.sets(st.sampled_from(vocab), min_size=1))))) for a in agents)
    jobs = []
    for _ in range(draw(st.integers(1, 3))):
        form = draw(STRANGE_FORMULAS)
        kind = draw(st.sampled_from(["valid", "true", "where"]))
        if kind == "valid":
            jobs.append(ValidQ(form))
        elif kind == "true":
            jobs.append(TrueQ(tuple(sorted(draw(st.sets(st.integers(0, 5), max_size=3)))), form))
        else:
            jobs.append(WhereQ(form))
    return CheckInput(Structure(tuple(vocab), L.TOP, obs), tuple(jobs))


@settings(deadline=None, max_examples=150)
@given(programs_with_strangers())
def test_engine_refuses_exactly_what_the_sanity_check_refuses(program):
    problems = sanity_problems(program)
    try:
        ExplicitBackend().run(program)
    except SanityError as err:
        assert list(err.reasons) == problems
    else:
        assert problems == []
