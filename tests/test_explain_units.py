"""Building blocks of ``mindgames explain``: notation, state names, justifications, layout.

Problems are built in Python here so these tests need no DSL; the tests over the example
files are in test_explain_examples.py.
"""

from __future__ import annotations

import io

import pytest

from smcdel_bridge.language import (
    TOP, Ck, Conj, Disj, Dk, Equi, Forall, Impl, K, Kw, Neg, Prp, PubAnnounce, Xor,
)
from pyfront.explain import explain_problem
from pyfront.explain.build import StateNamer, propositions_of, structure_of
from pyfront.explain.kripke import KripkeStep
from pyfront.explain.model import Explanation
from pyfront.explain.notation import Notation
from pyfront.explain.render_text import render, write
from pyfront.problem.model import Announcement, Hypothesis, Problem


def muddy(n: int = 3) -> Problem:
    names = ["Alice", "Bob", "Carol", "Dave"][:n]
    pb = Problem.from_setup("forehead", names, name=f"muddy{n}")
    nobody_knows = Conj(tuple(Neg(Kw(pb.agent_id(x), Prp(i + 1))) for i, x in enumerate(names)))
    pb.announcements.append(Announcement(formula=pb.someone()))
    pb.announcements.append(Announcement(formula=nobody_knows))
    return pb


def drinking() -> Problem:
    pb = Problem.from_setup("internal", ["Ann", "Ben", "Cid"], name="drinking")
    pb.announcements.append(Announcement(formula=Neg(Kw("Agenta", pb.everyone()))))
    return pb


# --- notation -------------------------------------------------------------------------

def test_notation_prints_textbook_formulas_with_problem_names():
    show = Notation(atom_name=lambda n: "pqr"[n - 1], agent_name=str.upper)
    assert show(Conj((Prp(1), Disj((Prp(2), Prp(3)))))) == "p ∧ (q ∨ r)"
    assert show(Neg(K("a", Prp(1)))) == "¬K_A p"
    assert show(Kw("b", Conj((Prp(1), Prp(2))))) == "Kw_B (p ∧ q)"
    assert show(Impl(Prp(1), Impl(Prp(2), Prp(3)))) == "p → (q → r)"
    assert show(Equi(Prp(1), Neg(Prp(2)))) == "p ↔ ¬q"
    assert show(Ck(("a", "b"), Prp(1))) == "C_{A,B} p"
    assert show(PubAnnounce(Prp(1), K("a", Prp(1)))) == "[!p] K_A p"
    assert show(Forall((1, 2), Xor((Prp(1), Prp(2))))) == "∀{p,q} (p ⊕ q)"
    assert show(Conj(())) == "⊤" and show(Disj(())) == "⊥" and show(TOP) == "⊤"
    assert show(Conj((Conj((Prp(1), Prp(2))), Prp(3)))) == "p ∧ q ∧ r"


# --- states ---------------------------------------------------------------------------

def test_state_names_follow_the_proposition_columns():
    namer = StateNamer(propositions_of(muddy()))
    s = namer(frozenset({1, 3}))
    assert s.name == "101" and s.values == (True, False, True)
    assert s.true_symbols == "muddy(Alice), muddy(Carol)"
    assert namer(frozenset()).true_symbols == "nothing true"


@pytest.mark.parametrize("text", ["101", "muddy(Alice), muddy(Carol)", "{1,3}", "MUDDY(alice),3"])
def test_actual_state_can_be_written_several_ways(text):
    namer = StateNamer(propositions_of(muddy()))
    assert namer.parse(text).atoms == frozenset({1, 3})


@pytest.mark.parametrize("text", ["none", "{}", "000"])
def test_the_empty_state(text):
    assert StateNamer(propositions_of(muddy())).parse(text).atoms == frozenset()


def test_unknown_proposition_in_a_state_is_reported():
    with pytest.raises(ValueError, match="unknown proposition 'wet\\(Alice\\)'"):
        StateNamer(propositions_of(muddy())).parse("wet(Alice)")


# --- the engine view --------------------------------------------------------------------

def test_kripke_step_reads_the_engines_states_and_blocks():
    from smcdel_bridge.native.explicit import ExplicitModel

    pb = muddy()
    engine = ExplicitModel(structure_of(pb))
    step = KripkeStep.initial(structure_of(pb))
    assert step.states == tuple(frozenset(s) for s in engine.states)
    for agent in pb.agent_ids():
        for i, s in enumerate(engine.states):
            cell = {step.states[j] for j in range(len(step.states)) if step.cell(agent, i) >> j & 1}
            assert cell == {frozenset(t) for t in engine.indistinguishable(agent, s)}
    after = step.announce(pb.someone())
    assert len(after.states) == 7 and frozenset() not in after.states


def test_common_knowledge_reach_and_distributed_blocks():
    pb = muddy()
    step = KripkeStep.initial(structure_of(pb))
    everyone = tuple(pb.agent_ids())
    for i in range(len(step.states)):
        assert step.reachable(everyone, i) == step.all  # the forehead model is connected
        assert step.distributed_cell(everyone, i) == 1 << i  # together they see everything


# --- verdicts and reasons ----------------------------------------------------------------

def test_counterexample_and_confused_state_for_a_knowledge_claim():
    pb = muddy()
    pb.hypotheses.append(Hypothesis(name="h", formula=K("Agenta", Prp(1)), expected=False))
    v = explain_problem(pb).verdicts[0]
    assert not v.holds and v.agrees
    assert v.counterexample.name == "111"  # the first remaining state where it fails
    assert v.reason.kind == "knows_not"
    assert v.reason.witnesses[0].name == "011"  # Alice cannot tell 111 from 011
    assert [c.values for c in v.view.cells] == [(True,), (True, False), (True,)]


def test_actual_state_is_preferred_as_counterexample():
    pb = muddy()
    pb.hypotheses.append(Hypothesis(name="h", formula=K("Agenta", Prp(1)), expected=False))
    e = explain_problem(pb, actual="011")
    assert e.verdicts[0].counterexample.name == "011"
    assert e.verdicts[0].at_actual is False
    assert e.verdicts[0].reason.kind == "knows_not"
    # Alice's body is false at 011 itself, yet she confuses it with 111
    assert e.verdicts[0].reason.witnesses[0].name == "011" or \
        e.verdicts[0].reason.witnesses[0].name == "111"


def test_a_valid_claim_has_no_counterexample_but_a_view():
    pb = muddy()
    # after one "nobody knows" round at least two foreheads are muddy
    two = Disj((Conj((Prp(1), Prp(2))), Conj((Prp(1), Prp(3))), Conj((Prp(2), Prp(3)))))
    pb.hypotheses.append(Hypothesis(name="two", formula=two, expected=True))
    pb.hypotheses.append(Hypothesis(name="k", formula=K("Agenta", two), expected=True))
    e = explain_problem(pb)
    assert e.verdicts[0].holds and e.verdicts[0].counterexample is None
    assert e.verdicts[0].view is None  # not a knowledge claim
    k = e.verdicts[1]  # announced publicly, so Alice knows it too
    assert k.holds and k.counterexample is None and k.view.operator == "knows"
    assert all(c.all_true for c in k.view.cells)


def test_common_and_distributed_knowledge_reasons():
    pb = drinking()
    group = tuple(pb.agent_ids())
    pb.hypotheses.append(Hypothesis(name="ck", formula=Ck(group, Prp(1)), expected=True))
    pb.hypotheses.append(Hypothesis(name="ck2", formula=Ck(group, Prp(2)), expected=False))
    pb.hypotheses.append(Hypothesis(name="dk", formula=Dk(group[:2], Prp(3)), expected=False))
    e = explain_problem(pb, actual="111")
    ck, ck2, dk = e.verdicts
    assert ck.holds and ck2.reason.kind == "common_not"
    assert ck2.counterexample.name == "111"
    # the chain ends where thirsty(Ben) is false
    assert ck2.reason.path[-1][1] == ck2.reason.witnesses[0]
    assert not ck2.reason.witnesses[0].values[1]
    assert dk.reason.kind == "distributed_not"


def test_reasons_inside_announcements():
    pb = muddy()
    pb.hypotheses.append(Hypothesis(
        name="again", formula=PubAnnounce(pb.announcements[1].formula, K("Agenta", Prp(1))),
        expected=True))
    pb.hypotheses.append(Hypothesis(
        name="bad", formula=PubAnnounce(Prp(1), K("Agentb", Prp(2))), expected=False))
    e = explain_problem(pb)
    assert e.verdicts[0].holds  # the repeated announcement leaves only 111
    r = e.verdicts[1].reason
    assert r.kind == "after_announcement" and r.children[0].kind == "knows_not"


def test_contradictory_premise_is_vacuously_entailed():
    pb = muddy()
    pb.announcements.append(Announcement(formula=pb.nobody()))
    pb.hypotheses.append(Hypothesis(name="h", formula=Prp(1), expected=True))
    e = explain_problem(pb)
    assert e.contradictory and e.verdicts[0].holds
    assert "contradictory" in render(Explanation("x", (e,)), "text")


def test_announcement_false_at_the_actual_state_is_flagged():
    pb = muddy()
    pb.hypotheses.append(Hypothesis(name="h", formula=Prp(1)))
    e = explain_problem(pb, actual="000")
    assert e.steps[0].true_at_actual is False and e.steps[1].true_at_actual is None
    assert e.verdicts[0].at_actual is None
    assert "could not truthfully be made" in render(Explanation("x", (e,)), "text")


def test_actual_state_outside_the_law_is_refused():
    pb = muddy()
    pb.law = Neg(Conj((Prp(1), Prp(2), Prp(3))))
    with pytest.raises(ValueError, match="not a state"):
        explain_problem(pb, actual="111")


# --- layout ---------------------------------------------------------------------------

def _explained():
    pb = muddy()
    pb.hypotheses.append(Hypothesis(name="h1", formula=Kw("Agentb", Prp(2)), expected=False))
    return Explanation("x.del", (explain_problem(pb, actual="110"),))


def test_text_layout():
    out = render(_explained(), "text")
    assert out.startswith("Problem muddy3\n==============\n")
    assert "state  muddy(Alice)  muddy(Bob)  muddy(Carol)" in out
    assert "Formally:  muddy(Alice) ∨ muddy(Bob) ∨ muddy(Carol)" in out
    assert "Removes:   000" in out
    assert "Counterexample: 111" in out
    assert "Bob cannot tell 111 apart from 101, and it is true at 111 but false at 101" in out
    assert "`" not in out


def test_markdown_layout():
    out = render(_explained(), "md")
    assert out.startswith("## Problem `muddy3`")
    assert "| state | muddy(Alice) | muddy(Bob) | muddy(Carol) |" in out
    assert "- **Formally:** `muddy(Alice) ∨ muddy(Bob) ∨ muddy(Carol)`" in out
    assert "**Counterexample:** `111`" in out


def test_plain_text_into_a_pipe_and_rich_on_a_terminal():
    pipe = io.StringIO()
    write(_explained(), "text", pipe)
    assert pipe.getvalue() == render(_explained(), "text")

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    term = Terminal()
    write(_explained(), "text", term)
    shown = term.getvalue()
    assert "\x1b[" in shown and "Counterexample" in shown and "**" not in shown


def test_unknown_format_is_refused():
    with pytest.raises(ValueError, match="unknown format"):
        render(_explained(), "html")


def test_models_too_large_to_draw_are_skipped_with_a_note(tmp_path, monkeypatch):
    import pyfront.explain.problem_picture as problem_picture
    from pyfront.explain.picture_files import write_pictures

    monkeypatch.setattr(problem_picture, "MAX_DRAWN", 5)
    e = explain_problem(muddy())  # 8 states at the start: none of its steps is drawn
    written = write_pictures([e], [], [], tmp_path, "svg")
    assert written.files == 0 and not list(tmp_path.iterdir())
    assert written.notes == ["muddy3: step(s) 0, 1, 2 not drawn: too many worlds"]


ALL_KINDS = {
    "constant", "atom", "negation", "conjunct_fails", "all_conjuncts", "disjunct_holds",
    "no_disjunct", "implication_fails", "antecedent_false", "consequent_true", "truth_table",
    "knows", "knows_not", "knows_whether_true", "knows_whether_false", "knows_whether_not",
    "distributed", "distributed_not", "distributed_whether", "distributed_whether_not",
    "common", "common_not", "common_whether", "common_whether_not", "announcement_false",
    "after_announcement", "announce_whether", "engine",
}


def _kinds(reason):
    if reason is None:
        return set()
    out = {reason.kind}
    for child in reason.children:
        out |= _kinds(child)
    return out


def test_every_rule_is_used_worded_and_verified():
    from smcdel_bridge.language import (
        BOT, Announce, Ckw, Dkw, PubAnnounceW,
    )
    from test_explain_examples import final_model, verify_reason

    pb = Problem.from_setup("forehead", ["Alice", "Bob", "Carol"], name="rules")
    a, b, c = pb.agent_ids()
    p1, p2, p3 = Prp(1), Prp(2), Prp(3)
    formulas = [
        TOP, BOT, p1, Neg(p1), Conj((p1, p2)), Disj((p1, p2)), Impl(p1, p2), Xor((p1, p2)),
        Equi(p1, p2), K(a, p2), K(a, Neg(Conj((p2, p3)))), Kw(a, p2), Kw(a, p1),
        Kw(a, Disj((p1, p2))), Dk((a, b), p3), Dk((a,), p1),
        Dkw((a, b), p3), Dkw((a,), p1),
        Ck((a, b, c), TOP), Ck((a, b, c), p1), Ckw((a, b, c), TOP), Ckw((a, b, c), p1),
        PubAnnounce(p1, K(a, p1)), PubAnnounceW(p1, K(a, p1)), Announce((a,), p1, K(a, p1)),
        Forall((1,), Disj((p1, p2))),
    ]
    for i, f in enumerate(formulas):
        pb.hypotheses.append(Hypothesis(name=f"f{i}", formula=f))
    model = final_model(pb)
    seen = set()
    for bits_ in ("000", "001", "011", "101", "110", "111"):
        e = explain_problem(pb, actual=bits_)
        for v in e.verdicts:
            for r in (v.reason, v.example, v.actual_reason):
                if r is not None:
                    verify_reason(pb, model, r)
                seen |= _kinds(r)
        text, md = render(Explanation("x", (e,)), "text"), render(Explanation("x", (e,)), "md")
        assert "None" not in text and "None" not in md
    assert seen == ALL_KINDS, sorted(ALL_KINDS - seen)
