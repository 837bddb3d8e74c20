"""Hand-written semantic cases for the explicit engine: classic puzzles, every operator,
and the reference's corner cases (group announcements, quantified knowledge, states
outside the law, non-Boolean laws, state order)."""

from __future__ import annotations

import pytest

from smcdel_bridge import language as L
from smcdel_bridge.errors import NotBooleanError, SanityError, TooLargeError
from smcdel_bridge.native.explicit import ExplicitBackend, ExplicitModel
from smcdel_bridge.program import (
    BoolAnswer, CheckInput, StatesAnswer, Structure, TrueQ, ValidQ, WhereQ,
)
from smcdel_bridge.syntax.parser import parse_input

P1, P2, P3 = L.Prp(1), L.Prp(2), L.Prp(3)


def answers(text: str) -> list:
    """Plain answers (bools and state lists) of an SMCDEL input."""
    out = []
    for a in ExplicitBackend().run(parse_input(text)):
        out.append(a.value if isinstance(a, BoolAnswer) else [list(s) for s in a.states])
    return out


# --- hand-built trees (no parser involved) ------------------------------------------------

def test_hand_built_program():
    st = Structure((1, 2), L.TOP, (("a", (1,)), ("b", (2,))))
    prog = CheckInput(st, (
        ValidQ(L.Disj((L.K("a", P1), L.K("a", L.Neg(P1))))),
        TrueQ((1,), L.K("b", P1)),
        WhereQ(L.Kw("b", P2)),
    ))
    got = ExplicitBackend().run(prog)
    assert got == [
        BoolAnswer("VALID?", True),
        BoolAnswer("TRUE?", False),
        StatesAnswer(((), (2,), (1,), (1, 2))),
    ]


MUDDY = "VARS 1,2,3 LAW Top OBS a:2,3 b:1,3 c:1,2 "
FATHER = "[ ! (1|2|3) ] "
NOBODY = "[ ! (~ (a knows whether 1) & ~ (b knows whether 2) & ~ (c knows whether 3)) ] "


def test_muddy_children():
    assert answers(
        MUDDY
        + "TRUE? {1,2} " + FATHER + "(a knows that 1)"
        + " TRUE? {1,2} " + FATHER + NOBODY + "(a knows that 1 & b knows that 2)"
        + " TRUE? {1,2,3} " + FATHER + NOBODY + "(a knows whether 1)"
        + " TRUE? {1,2,3} " + FATHER + NOBODY + NOBODY + "(a knows that 1 & c knows that 3)"
    ) == [False, True, False, True]


def test_common_knowledge_needs_the_public_announcement():
    assert answers(
        MUDDY
        + "WHERE? (a,b,c) comknow that (1|2|3) "
        + "VALID? " + FATHER + "(a,b,c) comknow that (1|2|3) "
        + "TRUE? {1,2,3} (a knows that (1|2|3) & b knows that (1|2|3) & c knows that (1|2|3))"
    ) == [[], True, True]


def test_common_knowledge_is_a_fixed_point_not_one_step():
    # everybody knows 3 at {3} (3 is seen by a and b) but c does not; a chain of
    # two steps leads to a state without 3
    text = "VARS 1,2,3 LAW Top OBS a:3 b:3 c:1 TRUE? {3} (a,b) comknow that 3 TRUE? {3} (a,c) comknow that 3"
    assert answers(text) == [True, False]


def test_distributed_knowledge_pools_observations():
    text = ("VARS 1,2 LAW Top OBS a:1 b:2 "
            "TRUE? {1,2} (a,b) distknow that (1&2) "
            "TRUE? {1,2} a knows that (1&2) "
            "VALID? (a,b) distknow whether (1&2) "
            "VALID? a knows whether (1&2)")
    assert answers(text) == [True, False, True, False]


def test_public_announcements_restrict_the_law():
    text = ("VARS 1,2 LAW Top OBS a:1 "
            "VALID? [ ! 2 ] a knows that 2 "
            "VALID? a knows that 2 "
            "VALID? [ ? ! 2 ] a knows whether 2 "
            "WHERE? < ! 2 > a knows that 2 "
            "TRUE? {1} [ ! 2 ] Bot")
    assert answers(text) == [True, False, True, [[2], [1, 2]], True]


def test_announcement_changes_knowledge_of_others():
    # after "b does not know 2" is announced, a learns something about the state
    text = ("VARS 1,2 LAW (1 | 2) OBS a:1 b:1 "
            "VALID? [ ! ~ (b knows that 2) ] (a knows that 1)")
    assert answers(text) == [True]


def test_group_announcements_are_semi_private():
    text = ("VARS 1,2 LAW Top OBS a:2 b:2 "
            "VALID? [ a ! 1 ] a knows that 1 "
            "TRUE? {1} [ a ! 1 ] b knows that 1 "
            "VALID? [ a ! 1 ] b knows that (a knows whether 1) "
            "VALID? [ a ? ! 1 ] a knows whether 1 "
            "TRUE? {} [ a ! 1 ] Bot "
            "TRUE? {} [ a ? ! 1 ] a knows that ~ 1 "
            "VALID? [ a,b ! 1 ] (a,b) comknow that 1")
    assert answers(text) == [True, False, True, True, True, True, True]


def test_nested_group_announcements_each_add_a_fresh_atom():
    text = ("VARS 1,2 LAW Top OBS a:2 b:2 "
            "VALID? [ a ! 1 ] [ b ! 1 ] (a knows that 1 & b knows that 1) "
            "VALID? [ a ! 1 ] [ b ! a knows that 1 ] (b knows that (a knows that 1))")
    assert answers(text) == [True, True]


def test_quantifiers_act_on_the_truth_table_of_epistemic_formulas():
    # With 1<->2 as law and a seeing 2, "K a 1" is the function "2".  The reference
    # quantifies that function: Forall 2 (K a 1) is false everywhere, although
    # substituting Top/Bot for 2 (which does not occur) would leave K a 1 unchanged.
    text = ("VARS 1,2 LAW (1 iff 2) OBS a:2 "
            "TRUE? {1,2} a knows that 1 "
            "TRUE? {1,2} Forall 2 (a knows that 1) "
            "WHERE? Exists 2 (a knows that 1) "
            "WHERE? Forall 1 (1 | 2)")
    assert answers(text) == [True, False, [[1, 2], []], [[1, 2]]]


def test_true_at_a_state_outside_the_law_evaluates_the_boolean_function():
    text = ("VARS 1,2 LAW 1 OBS a:1 b:2 "
            "TRUE? {} 1 "
            "TRUE? {} a knows that Bot "       # forall {2} (law -> Bot) = ~1, true at {}
            "TRUE? {} b knows that 1 "         # 1 holds at every law state
            "TRUE? {2} (a,b) comknow that (1 | 2) "
            "VALID? a knows that Bot")
    assert answers(text) == [False, True, True, True, False]


def test_xor_and_oneof():
    text = ("VARS 1,2,3 LAW ONEOF(1,2,3) OBS a:1 "
            "WHERE? Top VALID? XOR(1,2,3) VALID? (1 -> ~2)")
    assert answers(text) == [[[1], [2], [3]], True, True]


def test_where_order_follows_the_bdd_paths_then_the_vars_list():
    assert answers("VARS 1,2,3 LAW Top OBS a:1 WHERE? (2 | 3)") == [
        [[2], [2, 3], [1, 2], [1, 2, 3], [3], [1, 3]]
    ]
    assert answers("VARS 2,3,7,10 LAW Top OBS a:2 WHERE? 7") == [
        [[7], [7, 10], [3, 7], [3, 7, 10], [2, 7], [2, 7, 10], [2, 3, 7], [2, 3, 7, 10]]
    ]
    # open atoms are completed in the order VARS lists them
    assert answers("VARS 3,1,2 LAW Top OBS a:1 WHERE? Top") == [
        [[], [2], [1], [1, 2], [3], [2, 3], [1, 3], [1, 2, 3]]
    ]


def test_duplicated_vars_follow_the_reference_list_semantics():
    # VARS keeps the duplicate: "1" is unobserved once more than observed, so K a
    # quantifies it, and enumerating states fills the second copy in as well
    text = "VARS 1,1 LAW Top OBS a:1 VALID? a knows whether 1 WHERE? Top"
    assert answers(text) == [False, [[], [1], [1], [1, 1]]]


# --- laws that are not Boolean ------------------------------------------------------------

def test_non_boolean_law_fails_at_the_first_job_that_needs_it():
    prog = parse_input("VARS 1,2 LAW a knows that 1 OBS a:1 "
                       "TRUE? {1} (1 & 2) TRUE? {} [ ! 1 ] 2 VALID? 1 WHERE? 2")
    with pytest.raises(NotBooleanError) as info:
        ExplicitBackend().run(prog)
    assert str(info.value) == "boolBddOf failed: Not a boolean formula."
    assert [a.value for a in info.value.partial] == [False, True]


def test_non_boolean_law_is_needed_by_knowledge_even_in_true_queries():
    prog = parse_input("VARS 1 LAW a knows that 1 OBS a:1 TRUE? {1} [ ! 1 ] a knows that 1")
    with pytest.raises(NotBooleanError) as info:
        ExplicitBackend().run(prog)
    assert info.value.partial == ()


def test_short_circuits_decide_whether_the_law_is_used():
    # Bot & ... stops before the epistemic conjunct: the law is Bot and nothing fails;
    # Ck of a false formula never looks at the law either
    assert answers("VARS 1 LAW (Bot & a knows that 1) OBS a:1 VALID? Bot WHERE? Top") == [True, []]
    prog = parse_input("VARS 1 LAW (a knows that 1 & Bot) OBS a:1 VALID? Bot")
    with pytest.raises(NotBooleanError):
        ExplicitBackend().run(prog)
    assert answers("VARS 1 LAW a knows that 1 OBS a:1 TRUE? {} (a,a) comknow that Bot") == [False]


# --- sanity, size -------------------------------------------------------------------------

@pytest.mark.parametrize("text, reasons", [
    ("VARS 1 LAW Top OBS a:1 VALID? (Bot & 2)", ["Query formula contains atoms not in VARS!"]),
    ("VARS 1 LAW Top OBS a:1 VALID? (Top | b knows that 1)",
     ["Query formula contains agents not in OBS!"]),
    ("VARS 1 LAW Top OBS a:1 VALID? 1 TRUE? {2} 1", ["TRUE? query contains atoms not in VARS!"]),
    ("VARS 1 LAW 2 OBS a:1,3 VALID? Forall 4 1",
     ["OBS contains atoms not in VARS!", "LAW uses atoms not in VARS!",
      "Query formula contains atoms not in VARS!"]),
    ("VARS 1 LAW a knows that 1 OBS a:1 VALID? 1 VALID? (a knows that 1 & 5)",
     ["Query formula contains atoms not in VARS!"]),
])
def test_sanity_failures_give_no_answer(text, reasons):
    with pytest.raises(SanityError) as info:
        ExplicitBackend().run(parse_input(text))
    assert list(info.value.reasons) == reasons
    assert info.value.partial == ()


def test_too_many_atoms_is_a_clear_error():
    st = Structure(tuple(range(1, 22)), L.TOP, (("a", (1,)),))
    with pytest.raises(TooLargeError, match="at most 20 atoms"):
        ExplicitBackend().run(CheckInput(st, (ValidQ(P1),)))


def test_deeply_nested_formulas_are_answered():
    text = "VARS 1 LAW Top OBS a:1 VALID? " + "~ " * 4000 + "a knows that 1"
    assert answers(text) == [False]


# --- the Kripke view ----------------------------------------------------------------------

def test_kripke_view():
    model = ExplicitModel(Structure((1, 2), L.Disj((P1, P2)), (("a", (1,)), ("b", (2,)))))
    assert model.states == ((1,), (1, 2), (2,))  # BDD of 1|2: 1 true first
    assert model.agents == ("a", "b")
    assert model.observed("a") == (1,)
    assert model.partition("a") == [[(1,), (1, 2)], [(2,)]]
    assert model.partitions()["b"] == [[(1,)], [(1, 2), (2,)]]
    assert model.indistinguishable("a", (1,)) == [(1,), (1, 2)]
    bits = model.holds(L.K("a", P1))
    assert model.states_of(bits) == [(1,), (1, 2)]
    assert bits == 0b011
    assert model.where(L.K("b", P1)) == [(1,)]
    assert not model.valid(L.K("a", P1))
    assert model.true_at((), L.K("a", P2))               # () breaks the law (1|2)
    after = model.announce(L.Neg(L.K("a", P2)))
    assert after.states == ((1,), (1, 2))
    assert after.valid(L.K("b", P1)) and not after.valid(L.Kw("a", P2))
    assert len(after) == 2 and "2 states" in repr(after)


def test_the_fresh_atom_of_a_group_announcement_is_not_declared():
    # VARS 1,2: the announcement's fresh atom is 3, which a formula still may not name
    with pytest.raises(SanityError) as info:
        ExplicitBackend().run(parse_input("VARS 1,2 LAW Top OBS a:1 VALID? [ a ! 1 ] 3"))
    assert list(info.value.reasons) == ["Query formula contains atoms not in VARS!"]
