"""DSL -> model -> DSL text -> model is the identity."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from smcdel_bridge.language import BOT, TOP, Ck, Conj, Disj, Dk, Equi, Impl, K, Kw, Neg, Prp, Xor
from pyfront.problem.dsl import parse_problems
from pyfront.problem.dsl_print import KEYWORDS, problems_to_dsl, to_dsl
from pyfront.problem.model import Agent, Announcement, Hypothesis, Problem, Proposition, agent_id
from pyfront.problem.setups import Predicate, setup_names

IDENT = st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,7}", fullmatch=True).filter(
    lambda s: s not in KEYWORDS and not s.startswith("smcdel")
)
# display names: identifiers, keywords, names with spaces, quotes and backslashes
DISPLAY = st.one_of(
    IDENT,
    st.sampled_from(sorted(KEYWORDS)),
    st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=8),
)
PHRASE = st.text(st.characters(min_codepoint=32, max_codepoint=0x17F), max_size=12)


def groups(agents):
    """Two or more of ``agents``, in their order."""
    return st.sets(st.sampled_from(agents), min_size=min(2, len(agents))).map(
        lambda g: tuple(a for a in agents if a in g))


@st.composite
def announcements(draw, pb: Problem):
    """Public, or told to a group that or whether it holds, seen by some of the others."""
    f = draw(formulas(pb))
    agents = pb.agent_ids()
    if draw(st.booleans()):
        return Announcement(formula=f)
    to = tuple(draw(st.permutations(agents))[:draw(st.integers(1, len(agents)))])
    others = [a for a in agents if a not in to]
    seen = draw(st.sets(st.sampled_from(others))) if others else set()
    return Announcement(formula=f, to=to, whether=draw(st.booleans()),
                        seen_by=tuple(a for a in others if a in seen))


def formulas(pb: Problem, depth: int = 3):
    atoms = pb.vocabulary
    agents = pb.agent_ids()
    leaves = [st.sampled_from([TOP, BOT])]
    if atoms:
        leaves.append(st.sampled_from(atoms).map(Prp))
    if pb.predicate_atoms:
        leaves.append(st.sampled_from([pb.someone(), pb.everyone(), pb.nobody(), pb.not_everyone()]))
    base = st.one_of(*leaves)

    def extend(inner):
        two_or_more = st.lists(inner, min_size=2, max_size=3).map(tuple)
        return st.one_of(
            inner.map(Neg),
            two_or_more.map(Conj),
            two_or_more.map(Disj),
            st.tuples(inner, inner).map(lambda ab: Impl(*ab)),
            st.tuples(inner, inner).map(lambda ab: Equi(*ab)),
            st.tuples(st.sampled_from(agents), inner).map(lambda af: K(*af)),
            st.tuples(st.sampled_from(agents), inner).map(lambda af: Kw(*af)),
            # constructs the DSL has no words for travel as smcdel"…"
            two_or_more.map(Xor),
            inner.map(lambda f: Ck(tuple(agents), f)),
            # groups (in the agents' order, as the reader gives them) and "everyone"
            st.tuples(groups(agents), inner, st.sampled_from([Ck, Dk])).map(
                lambda gfc: gfc[2](gfc[0], gfc[1])),
            inner.map(lambda f: Conj(tuple(K(a, f) for a in agents))),
        )

    return st.recursive(base, extend, max_leaves=6)


@st.composite
def problems(draw):
    n = draw(st.integers(1, 4))
    names = draw(st.lists(DISPLAY, min_size=n, max_size=n, unique=True))
    kind = draw(st.sampled_from(["setup", "predicate", "plain"]))
    setup = draw(st.sampled_from(setup_names())) if kind == "setup" else None
    predicate = None
    if kind == "predicate":
        predicate = Predicate(
            keyword=draw(IDENT),
            positive=draw(PHRASE) + "{x}" + draw(PHRASE),
            negative="{x}" + draw(PHRASE),
        )
    props = draw(st.lists(IDENT, max_size=3, unique=True))
    if kind == "plain" and not props:
        props = ["p"]
    pb = Problem(
        name=draw(DISPLAY),
        agents=[Agent(name=x) for x in names],
        setup=setup,
        predicate=predicate,
        propositions=[Proposition(name=p, positive=draw(PHRASE), negative=draw(PHRASE)) for p in props],
    )
    vocab = pb.vocabulary
    if draw(st.booleans()):
        pb.observations = [sorted(draw(st.sets(st.sampled_from(vocab)))) for _ in names]
    if pb.predicate_atoms and draw(st.booleans()):
        pb.stated_observations = [
            sorted(draw(st.sets(st.sampled_from(pb.predicate_atoms)))) for _ in names
        ]
    pb.sentences = draw(st.lists(PHRASE, max_size=2))
    pb.law = draw(st.one_of(st.just(TOP), formulas(pb)))
    pb.announcements = draw(st.lists(announcements(pb), max_size=3))
    hyp_names = draw(st.lists(DISPLAY, max_size=3, unique=True))
    pb.hypotheses = [
        Hypothesis(name=h, formula=draw(formulas(pb)), expected=draw(st.sampled_from([None, True, False])))
        for h in hyp_names
    ]
    return pb


def _same(a: Problem, b: Problem) -> bool:
    return a.model_dump() == b.model_dump()


@settings(deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow])
@given(problems())
def test_model_to_dsl_and_back(pb):
    text = to_dsl(pb)
    (back,) = parse_problems(text, "roundtrip.del")
    assert _same(pb, back), text
    # and printing again gives the same text
    assert to_dsl(back) == text


def test_dsl_text_roundtrip_on_examples():
    from conftest import REPO

    for path in sorted((REPO / "examples").glob("*.del")):
        first = parse_problems(path.read_text(), str(path))
        text = problems_to_dsl(first)
        second = parse_problems(text, "printed.del")
        assert [p.model_dump() for p in first] == [p.model_dump() for p in second], path.name


def test_imported_sample_rows_roundtrip(sample_csv):
    from pyfront.data.loading import read_rows, row_problem

    pbs = [row_problem(sample_csv, i, r) for i, r in read_rows(sample_csv)]
    back = parse_problems(problems_to_dsl(pbs), "sample.del")
    assert [p.model_dump() for p in pbs] == [p.model_dump() for p in back]
    # the stated matrix of the explicit rows survives too
    assert any(p.stated_observations for p in back)


def test_json_roundtrip():
    from conftest import REPO

    for path in sorted((REPO / "examples").glob("*.del")):
        for pb in parse_problems(path.read_text(), str(path)):
            again = Problem.model_validate_json(pb.model_dump_json())
            assert again.model_dump() == pb.model_dump()
            assert [agent_id(i) for i in range(pb.n_agents)] == pb.agent_ids()
