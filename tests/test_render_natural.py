"""The natural English style says exactly what the model says (issue 15, item 3).

No sentence of a setup that the problem's own observations contradict, no "Everyone is
visible to others." (the published text keeps it, in the ``mindgames`` style only), and
scope that a reader can recover: distinct formulas read differently.
"""

from __future__ import annotations

import csv

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.problem.dsl import parse_problem
from pyfront.data.mindgames_import import problem_from_row
from pyfront.verbalize import formula_text
from smcdel_bridge.language import BOT, TOP, Conj, Disj, Equi, Impl, K, Kw, Neg, Prp

from conftest import REPO
from pyfront.verbalize import premise as premise_text


def _pb(body: str, agents: str = "Ann, Bob", setup: str = "forehead"):
    return parse_problem(f"problem p\n  agents {agents}\n  setup {setup}\n{body}")


def test_setup_rule_is_not_told_when_the_observations_differ():
    pb = _pb("  Ann observes muddy(Ann)\n")
    text = premise_text(pb, style="natural")
    assert "the others' foreheads" not in text
    assert "but not their own" not in text
    assert "Each of them may have mud on their forehead." in text
    assert "Ann can tell whether Ann's forehead is muddy." in text
    assert "Bob observes nothing." in text


def test_setup_rule_is_told_when_the_observations_follow_it():
    text = premise_text(_pb("  announce someone\n"), style="natural")
    assert "They see the others' foreheads but not their own." in text
    assert "observes nothing" not in text
    mirror = premise_text(_pb("  Bob observes muddy(Bob)\n", setup="forehead_mirror"), style="natural")
    assert "mirror" not in mirror
    assert "Ann observes nothing." in mirror


def test_everyone_is_visible_only_in_the_published_style():
    for path in sorted((REPO / "examples").glob("*.del")):
        from pyfront.data.loading import load_problems

        for pb in load_problems(str(path)):
            if pb.setup is None:  # no published setup: no published sentence
                continue
            assert "Everyone is visible to others." in premise_text(pb, style="mindgames")
            natural = premise_text(pb, style="natural")
            assert "visible" not in natural and "see one another" not in natural, path


def test_everyone_is_visible_never_in_natural_for_published_rows(sample_csv):
    with open(sample_csv, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    assert len(rows) == 80
    for row in rows:
        pb = problem_from_row(row)
        assert "Everyone is visible to others." in premise_text(pb, style="mindgames")
        assert "visible" not in premise_text(pb, style="natural")


def test_scope_of_knowledge_over_a_conjunction():
    pb = _pb("")
    p, q = Prp(1), Prp(2)
    outside = formula_text(pb, Conj((K("Agenta", p), q)), "natural")
    inside = formula_text(pb, K("Agenta", Conj((p, Neg(q)))), "natural")
    assert outside == "Ann knows that Ann's forehead is muddy, and Bob's forehead is muddy."
    assert inside == "Ann knows that both Ann's forehead is muddy and Bob's forehead is not muddy."
    wide = formula_text(pb, K("Agenta", Impl(p, Disj((q, K("Agentb", p))))), "natural")
    narrow = formula_text(pb, Disj((K("Agenta", Impl(p, q)), K("Agentb", p))), "natural")
    assert wide != narrow
    assert narrow.startswith("Either Ann knows that if ")


def test_the_published_style_keeps_its_words():
    pb = _pb("")
    p, q = Prp(1), Prp(2)
    assert formula_text(pb, Conj((K("Agenta", p), q)), "mindgames") == (
        "Ann knows that Ann's forehead is muddy and Bob's forehead is muddy.")


def _formulas():
    """Sayable formulas over Ann, Bob and their two atoms (chains of two or more parts: a
    one-part chain is logically its part, and reads so)."""
    leaves = st.one_of(st.just(TOP), st.just(BOT), st.sampled_from((1, 2)).map(Prp))
    agent = st.sampled_from(("Agenta", "Agentb"))

    def extend(sub):
        some = st.lists(sub, min_size=2, max_size=3).map(tuple)
        return st.one_of(
            sub.map(Neg), some.map(Conj), some.map(Disj),
            st.builds(Impl, sub, sub), st.builds(Equi, sub, sub),
            st.builds(K, agent, sub), st.builds(Kw, agent, sub),
        )

    return st.recursive(leaves, extend, max_leaves=7)


PB = parse_problem("problem p\n  agents Ann, Bob\n  setup forehead\n")


def _one_list(f):
    """The oracle's reading of associativity: ``(p and q) and r`` is the one list
    ``p and q and r`` (likewise ``or``), at every depth; nothing else is merged."""
    kids = {Neg: lambda g: Neg(_one_list(g.f)), K: lambda g: K(g.agent, _one_list(g.f)),
            Kw: lambda g: Kw(g.agent, _one_list(g.f)),
            Impl: lambda g: Impl(_one_list(g.a), _one_list(g.b)),
            Equi: lambda g: Equi(_one_list(g.a), _one_list(g.b))}
    if type(f) in kids:
        return kids[type(f)](f)
    if isinstance(f, (Conj, Disj)):
        out = []
        for g in map(_one_list, f.fs):
            out.extend(g.fs if type(g) is type(f) else (g,))
        return type(f)(tuple(out))
    return f


@settings(max_examples=60, deadline=None)
@given(st.lists(_formulas(), min_size=2, max_size=25, unique=True),
       st.sampled_from(("present", "hypothesis")))
def test_natural_rendering_is_injective(forms, tense):
    """Distinct formulas read differently, up to merging lists of the same operator."""
    seen = {}
    for f in forms:
        text = formula_text(PB, f, "natural", tense)
        assert seen.setdefault(text, _one_list(f)) == _one_list(f), (text, f, seen[text])


@settings(max_examples=60, deadline=None)
@given(_formulas(), _formulas(), st.sampled_from(("Agenta", "Agentb")))
def test_moving_a_knowledge_boundary_changes_the_sentence(f, g, agent):
    """The classic confusions: K(f and g) / K f and g, K(f or g) / K f or g, K(f -> g) / (K f) -> g."""
    for wide, narrow in [
        (K(agent, Conj((f, g))), Conj((K(agent, f), g))),
        (K(agent, Disj((f, g))), Disj((K(agent, f), g))),
        (K(agent, Impl(f, g)), Impl(K(agent, f), g)),
        (Neg(Conj((f, g))), Conj((Neg(f), g))),
    ]:
        assert formula_text(PB, wide, "natural") != formula_text(PB, narrow, "natural")
