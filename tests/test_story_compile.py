"""What stories mean: the uniform observation rule, revision, and the engine's models."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings

from pyfront.errors import UserError
from pyfront.story import model as M
from pyfront.story.compile import answer_where, compile_story, evaluate
from pyfront.story.dsl import parse_story
from smcdel_bridge.dynamic.semantics import truth_set
from smcdel_bridge.language import K, Neg, Prp
from test_story_dsl import stories


def answers(text: str) -> dict:
    s = parse_story(text)
    return {r.name: r.answer for r in evaluate(s)}


HEAD = "story s\n agents A, B, C\n location(ball): red, blue\n it is common knowledge that the ball is in the red\n"
#: the ball is red, nobody knows it
SECRET = "story s\n agents A, B, C\n location(ball): red, blue\n actually the ball is in the red\n"


def test_absent_agents_believe_nothing_changed_but_know_it_might_have():
    a = answers(HEAD + " A moves the ball to the blue, unseen by B\n"
                " hypothesis b_believes: B believes that the ball is in the red\n"
                " hypothesis b_knows: B knows whether the ball is in the red\n"
                " hypothesis c_saw: C knows that the ball is in the blue\n"
                " hypothesis a_about_b: A knows that B believes that the ball is in the red\n")
    assert a == {"b_believes": True, "b_knows": False, "c_saw": True, "a_about_b": True}


def test_who_is_present_decides_who_observes():
    s = parse_story("story s\n agents A, B, C\n rooms hall, yard\n coin: heads, tails\n"
                    " A is in the hall\n B is in the hall\n C is in the yard\n"
                    " A turns the coin\n B leaves\n C enters the hall\n A turns the coin\n"
                    " C leaves\n")
    assert [sorted(s.observers(i)) for i in range(5)] == [
        ["A", "B"], ["A", "B"], ["A", "C"], ["A", "C"], ["A", "C"]]


def test_messages_public_private_semi_private():
    base = SECRET + " A observes location(ball)\n"
    said = answers(base + " A says that the ball is in the red\n"
                   " hypothesis b: B knows that the ball is in the red\n"
                   " hypothesis ck: it is common knowledge that the ball is in the red\n")
    assert said == {"b": True, "ck": True}
    private = answers(base + " A tells B that the ball is in the red\n"
                      " hypothesis b: B knows that the ball is in the red\n"
                      " hypothesis c: C knows whether the ball is in the red\n"
                      " hypothesis c_about_b: C believes that B does not know whether the ball is in the red\n"
                      " hypothesis b_about_c: B knows that C does not know whether the ball is in the red\n")
    assert private == {"b": True, "c": False, "c_about_b": True, "b_about_c": True}
    semi = answers(base + " A tells B whether the ball is in the red\n"
                   " hypothesis b: B knows that the ball is in the red\n"
                   " hypothesis c: C knows whether the ball is in the red\n"
                   " hypothesis c_about_b: C knows that B knows whether the ball is in the red\n")
    assert semi == {"b": True, "c": False, "c_about_b": True}


def test_a_lie_makes_a_false_belief_and_a_true_claim_cannot_be_a_lie():
    lie = (" A lies to B that the ball is in the blue\n"
           " hypothesis fooled: B believes that the ball is in the blue\n"
           " hypothesis not_known: B knows that the ball is in the blue\n"
           " hypothesis c: C believes that B believes that the ball is in the blue\n")
    seen = SECRET + " A observes location(ball)\n C observes location(ball)\n"
    assert answers(seen + lie) == {"fooled": True, "not_known": False, "c": False}
    # who knows better is not fooled: B knew the ball was red
    assert answers(HEAD + lie) == {"fooled": False, "not_known": False, "c": False}
    # a truthful message is knowledge: a later lie against it is seen through
    told = answers(seen + " C tells B that the ball is in the red\n" + lie)
    assert told["fooled"] is False
    # a liar believes the opposite of what she says: A knows the ball is red
    with pytest.raises(UserError) as info:
        evaluate(parse_story(HEAD + " A lies to B that the ball is in the red\n"))
    assert info.value.line == 5 and "a liar believes the opposite" in info.value.message
    # ... and one who never saw the ball believes neither
    with pytest.raises(UserError) as info:
        evaluate(parse_story(SECRET + lie))
    assert info.value.line == 5 and "A does not believe that the ball is not in" in info.value.message


def test_an_untrue_announcement_names_its_line():
    with pytest.raises(UserError) as info:
        evaluate(parse_story(HEAD + " announce the ball is in the blue\n"))
    assert info.value.line == 5 and "cannot happen" in info.value.message


def test_a_peek_is_secret_and_a_look_is_seen():
    peek = answers(SECRET + " A peeks at the ball\n hypothesis a: A knows that the ball is in the red\n"
                   " hypothesis b: B believes that A does not know whether the ball is in the red\n")
    assert peek == {"a": True, "b": True}
    look = answers(SECRET + " A looks at the ball\n"
                   " hypothesis b: B knows that A knows whether the ball is in the red\n"
                   " hypothesis b_self: B knows whether the ball is in the red\n")
    assert look == {"b": True, "b_self": False}


def test_revision_instead_of_believing_everything():
    text = (HEAD + " A leaves\n B moves the ball to the blue\n A enters\n A looks at the ball\n"
            " hypothesis blue: A believes that the ball is in the blue\n"
            " hypothesis not_red: A believes that the ball is in the red expect false\n"
            " hypothesis not_false: A believes that false\n")
    s = parse_story(text)
    assert {r.name: r.answer for r in evaluate(s)} == {"blue": True, "not_red": False, "not_false": False}
    states = compile_story(s).states
    assert [r.agent for r in states[-1].revisions] == ["A"]
    assert all(not st.revisions for st in states[:-1])
    # every belief relation stays serial: the belief view is KD45 after every event
    for st in states:
        bm = st.belief_model()
        assert all(bm.is_kd45(a) for a in bm.agents)
        km = st.knowledge_model()
        assert all(km.is_s5(a) for a in km.agents)


def test_an_explicit_event_model_equals_its_sugar_and_reports_contradicted_beliefs():
    sugar = SECRET + " A observes location(ball)\n A tells B that the ball is in the red\n"
    raw = SECRET + (" A observes location(ball)\n event model \"A whispers to B\"\n"
                  "  event told: pre the ball is in the red\n"
                  "  event nothing: pre true\n"
                  "  A considers told at told\n  A considers nothing at nothing\n"
                  "  B considers told at told\n  B considers nothing at nothing\n"
                  "  C considers nothing at told, nothing\n"
                  "  actual told\n end\n")
    qs = (" hypothesis b: B knows that the ball is in the red\n"
          " hypothesis c: C believes that B does not know whether the ball is in the red\n"
          " hypothesis c_k: C knows that B does not know whether the ball is in the red\n")
    assert answers(sugar + qs) == answers(raw + qs) == {"b": True, "c": True, "c_k": False}
    # an event model where C is sure the ball went blue, though C saw it red: C's beliefs
    # would be inconsistent under the plain product update; it is reported and revised
    clash = SECRET + (" C observes location(ball)\n event model \"C is told nonsense\"\n"
                    "  event real: pre true\n  event fake: pre the ball is in the blue\n"
                    "  C considers fake at real, fake\n  actual real\n end\n"
                    " hypothesis c: C believes that the ball is in the red\n")
    s = parse_story(clash)
    assert [r.agent for r in compile_story(s).states[-1].revisions] == ["C"]
    assert evaluate(s)[0].answer is True


def test_where_questions_follow_nested_beliefs():
    s = parse_story(HEAD + " A leaves\n B moves the ball to the blue\n")
    assert answer_where(s, (), "location(ball)") == ["blue"]
    assert answer_where(s, ("A",), "location(ball)") == ["red"]
    assert answer_where(s, ("B", "A"), "location(ball)") == ["red"]
    assert answer_where(s, ("A",), "location(ball)", step=0) == ["red"]
    assert answer_where(parse_story(SECRET), ("A",), "location(ball)") == ["red", "blue"]
    assert answer_where(s, ("A", "B"), "location(ball)") == ["red"]


def test_the_initial_model_follows_the_set_up():
    s = parse_story("story s\n agents A, B\n coin: heads, tails\n proposition lamp\n"
                    " it is common knowledge that lamp\n actually coin is tails\n A observes coin\n")
    m = compile_story(s).initial
    assert sorted(m.worlds) == ["heads_lamp", "tails_lamp"]
    assert m.actual == ("tails_lamp",)
    assert m.successors("A!", "tails_lamp") == {"tails_lamp"}
    assert m.successors("B!", "tails_lamp") == {"heads_lamp", "tails_lamp"}


def test_an_explicit_initial_model_is_read_the_soft_way():
    s = M.Story(agents=["A"], variables=[M.Variable(name="p", values=("true", "false"), boolean=True)],
                initial=M.InitialModel(worlds=(("w0", (("p", "true"),)), ("w1", ())),
                                       considers=(("A", (("w0", ("w1",)), ("w1", ("w1",)))),),
                                       actual=("w0",)),
                hypotheses=[M.Hypothesis(name="h", formula=K("A", Neg(Prp(1))))])
    assert evaluate(s)[0].answer is True
    m = compile_story(s).initial
    assert m.successors("A", "w0") == {"w1"} and m.successors("A!", "w0") == {"w0", "w1"}


def test_contraction_keeps_answers_and_shrinks_models():
    s = parse_story("story s\n agents A, B\n location(ball): red, blue\n"
                    " it is common knowledge that the ball is in the red\n"
                    + " A leaves\n B moves the ball to the blue\n A enters\n" * 4)
    sizes = [len(st.model.worlds) for st in compile_story(s).states]
    assert max(sizes) <= 4


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stories())
def test_contraction_is_a_bisimulation(story):
    """Every hypothesis and question has the same answer with and without contraction,
    and every belief view is KD45."""
    try:
        contracted = evaluate(story)
        states = compile_story(story).states
    except UserError:
        assume(False)
    for st in states:
        bm = st.belief_model()
        assert all(bm.is_kd45(a) for a in bm.agents)
    from smcdel_bridge.dynamic.belief import explicit as E

    original = E.contract
    E.contract = lambda pm: pm
    try:
        plain = evaluate(story)
    finally:
        E.contract = original
    assert [r.answer for r in contracted] == [r.answer for r in plain]


def test_formulas_are_evaluated_on_both_relations():
    s = parse_story(HEAD + " A leaves\n B moves the ball to the blue\n")
    st = compile_story(s).states[-1]
    f = parse_story(HEAD + " hypothesis A believes that the ball is in the red\n").hypotheses[0].formula
    assert frozenset(st.model.actual) <= truth_set(st.model, f)
