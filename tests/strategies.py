"""Hypothesis strategies for formulas and SMCDEL inputs, shared by the test modules.

``formulas()`` draws trees of every constructor the input language can write (non-empty
lists, agent names that are not keywords, non-negative atoms); ``check_inputs()`` draws
whole programs whose atoms and agents are declared, so they pass the sanity checks.
"""

from __future__ import annotations

from hypothesis import strategies as st

from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall, Form,
    Impl, K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ, WhereQ

#: agent names a user could write (plain identifiers, none of them a keyword)
AGENTS = ("alice", "bob", "carol", "dave", "Agenta", "x1")


def formulas(atoms=(0, 1, 2, 3, 7), agents=AGENTS, max_leaves: int = 12) -> st.SearchStrategy[Form]:
    """Random formulas over ``atoms`` and ``agents``."""
    atom = st.sampled_from(tuple(atoms))
    agent = st.sampled_from(tuple(agents))
    group = st.lists(agent, min_size=1, max_size=3).map(tuple)
    props = st.lists(atom, min_size=1, max_size=3).map(tuple)
    leaves = st.one_of(st.just(TOP), st.just(BOT), atom.map(Prp))

    def extend(sub):
        some = st.lists(sub, min_size=1, max_size=4).map(tuple)
        return st.one_of(
            sub.map(Neg),
            some.map(Conj), some.map(Disj), some.map(Xor),
            st.builds(Impl, sub, sub), st.builds(Equi, sub, sub),
            st.builds(Forall, props, sub), st.builds(Exists, props, sub),
            st.builds(K, agent, sub), st.builds(Kw, agent, sub),
            st.builds(Ck, group, sub), st.builds(Ckw, group, sub),
            st.builds(Dk, group, sub), st.builds(Dkw, group, sub),
            st.builds(PubAnnounce, sub, sub), st.builds(PubAnnounceW, sub, sub),
            st.builds(Announce, group, sub, sub), st.builds(AnnounceW, group, sub, sub),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


def boolean_formulas(atoms=(0, 1, 2, 3, 7), max_leaves: int = 6) -> st.SearchStrategy[Form]:
    """Random formulas without knowledge or announcements (a law must be one)."""
    atom = st.sampled_from(tuple(atoms))
    props = st.lists(atom, min_size=1, max_size=2).map(tuple)
    leaves = st.one_of(st.just(TOP), st.just(BOT), atom.map(Prp))

    def extend(sub):
        some = st.lists(sub, min_size=1, max_size=3).map(tuple)
        return st.one_of(
            sub.map(Neg), some.map(Conj), some.map(Disj), some.map(Xor),
            st.builds(Impl, sub, sub), st.builds(Equi, sub, sub),
            st.builds(Forall, props, sub), st.builds(Exists, props, sub),
        )

    return st.recursive(leaves, extend, max_leaves=max_leaves)


_JOB_FORMS = formulas(max_leaves=6)
_LAWS = boolean_formulas(max_leaves=4)
_ATOMS = st.lists(st.integers(0, 12), min_size=1, max_size=4, unique=True)


@st.composite
def check_inputs(draw, max_jobs: int = 3) -> CheckInput:
    """Random whole programs (structure and jobs) that pass the sanity checks: every atom
    and agent they use is declared."""
    law = draw(_LAWS)
    forms = draw(st.lists(_JOB_FORMS, max_size=max_jobs))
    used_atoms = set(law.atoms()).union(*(f.atoms() for f in forms))
    vocab = tuple(sorted(used_atoms | set(draw(_ATOMS))))
    used_agents = set().union(*(f.agents() for f in forms))
    agents = sorted(used_agents) or [draw(st.sampled_from(AGENTS))]
    atom_lists = st.lists(st.sampled_from(vocab), min_size=1, max_size=3).map(tuple)
    obs = tuple((a, draw(atom_lists)) for a in agents)
    states = st.lists(st.sampled_from(vocab), max_size=3).map(tuple)
    jobs = []
    for f in forms:
        kind = draw(st.sampled_from((TrueQ, ValidQ, WhereQ)))
        jobs.append(TrueQ(draw(states), f) if kind is TrueQ else kind(f))
    return CheckInput(Structure(vocab, law, obs), tuple(jobs))


@st.composite
def nonboolean_inputs(draw, jobs=(TrueQ, ValidQ, WhereQ)) -> CheckInput:
    """Programs whose law (and ``TRUE?`` formulas) mix Boolean parts with knowledge
    operators, often behind a ``Bot`` conjunct or a ``Top`` disjunct (which the reference
    evaluates lazily: the law is then Boolean after all)."""
    agents = ("alice", "bob")
    atoms = (1, 2, 3)
    epistemic = formulas(atoms=atoms, agents=agents, max_leaves=3)
    boolean = boolean_formulas(atoms=atoms, max_leaves=3)
    part = st.one_of(st.just(BOT), st.just(TOP), boolean, epistemic,
                     st.builds(K, st.sampled_from(agents), boolean))
    parts = st.lists(part, min_size=1, max_size=4).map(tuple)
    mixed = st.recursive(
        st.one_of(parts.map(Conj), parts.map(Disj), part),
        lambda sub: st.one_of(
            st.lists(sub, min_size=1, max_size=3).map(lambda fs: Conj(tuple(fs))),
            st.lists(sub, min_size=1, max_size=3).map(lambda fs: Disj(tuple(fs))),
            sub.map(Neg),
        ),
        max_leaves=4,
    )
    law = draw(mixed)
    obs = (("alice", (1,)), ("bob", (2, 3)))
    states = st.lists(st.sampled_from(atoms), max_size=3, unique=True).map(lambda s: tuple(sorted(s)))
    out = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(tuple(jobs)))
        f = draw(st.one_of(mixed, formulas(atoms=atoms, agents=agents, max_leaves=5)))
        out.append(TrueQ(draw(states), f) if kind is TrueQ else kind(f))
    return CheckInput(Structure(atoms, law, obs), tuple(out))
