"""Story blocks of the DSL: reading, one-line errors with "did you mean", printing back."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfront.errors import UserError
from pyfront.story import model as M
from pyfront.story.dsl import parse_document, parse_story
from pyfront.story.dsl_print import event_text, formula_text, to_dsl
from smcdel_bridge.language import Ck, Conj, Dk, K, Kw, Neg, Prp

SALLY = """\
story sally
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
  hypothesis first: Sally believes that the marble is in the basket expect true
  question q: where does Anne think Sally thinks the marble is? expect basket
"""


def test_a_story_reads_into_the_model():
    s = parse_story(SALLY, "s.del")
    assert s.agents == ["Sally", "Anne"]
    assert s.variables == [M.Variable(name="location(marble)", values=("basket", "box"))]
    assert [e.kind for e in s.events] == ["move", "leave", "move"]
    assert s.events[0].verb == "puts" and s.events[2].value == "box"
    (h,) = s.hypotheses
    assert h.step == 3 and h.expected is True and h.line == 7
    assert h.formula == K("Sally", Prp(1))
    (q,) = s.questions
    assert q.path == ("Anne", "Sally") and q.variable == "location(marble)"
    assert q.expected == ("basket",)


def test_formulas_tell_belief_from_knowledge_and_know_everyone():
    s = parse_story(
        "story s\n agents A, B\n proposition p\n"
        " hypothesis A knows that p\n hypothesis A thinks that p\n hypothesis A does not believe that p\n"
        " hypothesis everyone knows that p\n hypothesis everyone believes that p\n"
        " hypothesis it is common knowledge that p\n hypothesis B knows whether not p\n")
    fs = [h.formula for h in s.hypotheses]
    p = Prp(1)
    assert fs == [
        K("A!", p), K("A", p), Neg(K("A", p)),
        Conj((K("A!", p), K("B!", p))), Conj((K("A", p), K("B", p))),
        Ck(("A!", "B!"), p), Kw("B!", Neg(p)),
    ]
    assert [h.name for h in s.hypotheses] == [f"q{i}" for i in range(1, 8)]


def test_value_atoms_have_several_spellings():
    s = parse_story(
        "story s\n agents A\n location(key): drawer, mat\n colour(card): red, black\n"
        " hypothesis the key is in the drawer\n hypothesis location(key) is drawer\n"
        " hypothesis key is not mat\n hypothesis colour(card) is black\n")
    assert [h.formula for h in s.hypotheses] == [Prp(1), Prp(1), Neg(Prp(2)), Prp(4)]


def test_problems_and_stories_share_a_file():
    items = parse_document("problem p\n agents A\n setup internal\n\n" + SALLY)
    assert [type(x).__name__ for x in items] == ["Problem", "Story"]


BAD = [
    ("story s\n agents Sally\n location(marble): basket, box\n Sally movs the marble to the box\n",
     4, 8, "(did you mean 'moves'?)"),
    ("story s\n agents Sally, Anne\n location(marble): basket, box\n Sallie leaves\n",
     4, 2, "unknown agent 'Sallie' (did you mean 'Sally'?)"),
    ("story s\n agents Sally\n location(marble): basket, box\n Sally moves the marble to the bax\n",
     4, 32, "'bax' is not a value of location(marble) (did you mean 'box'?)"),
    ("story s\n agents Sally\n location(marble): basket, box\n Sally moves the marbel to the box\n",
     4, 18, "unknown variable 'marbel' (did you mean 'marble'?)"),
    ("story s\n agents Sally\n rooms kitchen\n Sally enters the kitchn\n",
     4, 19, "unknown room 'kitchn' (did you mean 'kitchen'?)"),
    ("story s\n agents Sally\n rooms kitchen\n Sally enters\n", 4, 2, "which room does Sally enter?"),
    ("story s\n agents Sally\n location(marble): basket, box\n Sally leaves\n"
     " it is common knowledge that the marble is in the box\n", 5, 2, "before the first event"),
    ("story s\n agents A\n coin: heads, tails, edge\n A turns the coin\n", 4, 14,
     "only something with two values can be turned"),
    ("story s\n agents A\n proposition p\n hypothesis h: p\n hypothesis h: p\n", 5, 13,
     "'h' is defined twice"),
    ("story s\n agents A\n location(marble): basket, box\n hypothesis marble\n", 4, 13,
     "marble has several values"),
    ("story s\n agents A, B\n proposition p\n event model \"x\"\n  event e: pre p\n"
     "  B considers e, f at e\n  actual e\n end\n", 6, 18, "unknown event 'f'"),
    ("story s\n agents A\n proposition p\n it is common knowledge that A knows that p\n", 4, 30,
     "a fact about the world"),
]


@pytest.mark.parametrize("text,line,column,fragment", BAD)
def test_bad_stories_are_one_located_line(text, line, column, fragment):
    with pytest.raises(UserError) as info:
        parse_story(text, "bad.del")
    err = info.value
    assert "\n" not in str(err)
    assert (err.file, err.line, err.column) == ("bad.del", line, column), str(err)
    assert fragment in err.message


def test_every_kind_of_event_prints_and_reads_back():
    text = """\
story all
  agents Ann, Bob, Cy
  rooms hall, yard
  location(key): drawer, mat
  coin: heads, tails
  proposition lamp "the lamp is on"
  it is common knowledge that coin is heads
  actually the key is in the mat
  Ann observes location(key), coin
  Ann is in the hall
  Bob is in the hall
  Bob enters the yard
  Bob leaves
  Cy enters the hall
  Ann moves the key to the drawer, unseen by Cy
  Ann puts the key in the mat, secretly
  Ann sets coin to tails, seen by Ann, Bob
  Ann turns lamp
  announce lamp
  Ann says that lamp or coin is heads
  Ann tells Bob, Cy that lamp
  Ann tells Bob whether lamp, unseen by Cy
  Ann lies to Cy that the key is in the drawer
  Bob peeks at the key
  Bob looks at coin
  Ann shows the key to Cy
  event model "Ann flips the lamp or not"
    event flip: pre true post lamp becomes not lamp, coin becomes heads
    event keep: pre true
    Bob considers flip, keep at flip, keep
    actual flip
  end
  hypothesis h: Bob believes that lamp expect false
  question look: where will Cy look for the key? expect drawer, mat
  question guess: what does Ann think Bob thinks coin is?
"""
    s = parse_story(text)
    assert len(s.events) == 16
    assert parse_story(to_dsl(s)) == s
    labels = [event_text(s, e) for e in s.events]
    assert labels[3] == "Ann moves the key to the drawer, unseen by Cy"
    assert labels[4] == "Ann puts the key in the mat, secretly"


# --- round trip on random stories -----------------------------------------------------------

NAMES = st.sampled_from(["Ann", "Bob", "Cy", "Dee", "Mary Ann", "the"])


@st.composite
def stories(draw):
    agents = draw(st.lists(NAMES, min_size=1, max_size=3, unique=True))
    n_vars = draw(st.integers(1, 2))
    variables = [M.Variable(name="location(marble)", values=("basket", "box", "drawer"))]
    if n_vars > 1:
        variables.append(M.Variable(name="lamp", values=("true", "false"), boolean=True))
    bare = M.Story(agents=agents, variables=variables)
    atoms = list(range(1, len(bare.atom_table()) + 1))
    ids = [f(a) for a in agents for f in (M.belief_id, M.knowledge_id)]
    group = st.sets(st.sampled_from(agents), min_size=min(2, len(agents))).map(
        lambda g: tuple(a for a in agents if a in g))

    def formulas():
        base = st.sampled_from([Prp(a) for a in atoms])
        return st.recursive(base, lambda inner: st.one_of(
            inner.map(Neg),
            st.tuples(st.sampled_from(ids), inner).map(lambda t: K(*t)),
            st.tuples(st.sampled_from([M.knowledge_id(a) for a in agents]), inner).map(lambda t: Kw(*t)),
            st.lists(inner, min_size=2, max_size=3).map(lambda xs: Conj(tuple(xs))),
            inner.map(lambda f: Ck(tuple(M.knowledge_id(a) for a in agents), f)),
            # groups of knowledge or belief ids, in the agents' order (as the reader
            # gives them): common knowledge / belief, distributed knowledge; "everyone"
            st.tuples(group, inner, st.sampled_from([(Ck, M.knowledge_id), (Ck, M.belief_id),
                                                     (Dk, M.knowledge_id)])).map(
                lambda t: t[2][0](tuple(t[2][1](a) for a in t[0]), t[1])),
            st.tuples(inner, st.sampled_from([M.knowledge_id, M.belief_id])).map(
                lambda t: Conj(tuple(K(t[1](a), t[0]) for a in agents))
                if len(agents) > 1 else K(t[1](agents[0]), t[0])),
        ), max_leaves=5)

    agent = st.sampled_from(agents)
    values = st.sampled_from(["basket", "box", "drawer"])
    modifier = st.sampled_from([{}, {"unseen_by": (agents[-1],)}, {"seen_by": ()},
                                {"seen_by": (agents[0],)}])
    kinds = [
        st.builds(M.Leave, agent=agent),
        st.builds(M.Enter, agent=agent),
        st.builds(lambda a, v, m, verb: M.Move(agent=a, variable="location(marble)", value=v,
                                               verb=verb, **m),
                  agent, values, modifier, st.sampled_from(["moves", "puts", "sets"])),
        st.builds(lambda a, f, m: M.Tell(agent=a, formula=f, **m), agent, formulas(), modifier),
        st.builds(lambda a: M.Peek(agent=a, variable="location(marble)"), agent),
        st.builds(lambda f: M.Announce(formula=f), formulas()),
    ]
    if len(agents) > 1:
        def others(a):
            return tuple(x for x in agents if x != a)

        kinds += [
            st.builds(lambda a, f: M.TellPrivate(agent=a, listeners=others(a), formula=f),
                      agent, formulas()),
            st.builds(lambda a, f: M.Lie(agent=a, listeners=others(a), formula=f), agent, formulas()),
            st.builds(lambda a, f: M.TellSemiPrivate(agent=a, listeners=others(a)[:1], formula=f),
                      agent, formulas()),
        ]
    event = st.one_of(kinds)
    events = draw(st.lists(event, max_size=5))
    hyps = []
    steps = sorted(draw(st.lists(st.integers(0, len(events)), max_size=3)))
    for i, step in enumerate(steps):
        hyps.append(M.Hypothesis(name=f"h{i}", formula=draw(formulas()),
                                 expected=draw(st.sampled_from([None, True, False])), step=step))
    qsteps = sorted(draw(st.lists(st.integers(0, len(events)), max_size=2)))
    qs = [M.Question(name=f"w{i}", path=tuple(draw(st.lists(agent, max_size=2))),
                     variable="location(marble)", form="where", step=step,
                     expected=draw(st.sampled_from([None, ("box",), ("basket", "drawer")])))
          for i, step in enumerate(qsteps)]
    return M.Story(name="s", agents=agents, variables=variables, events=events,
                   hypotheses=hyps, questions=qs)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stories())
def test_printing_then_reading_gives_the_story_back(story):
    assert parse_story(to_dsl(story)) == story


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(stories())
def test_story_json_round_trip(story):
    assert M.Story.model_validate_json(story.model_dump_json()) == story


def test_formula_printing_keeps_scope():
    s = parse_story("story s\n agents A\n proposition p\n proposition q\n"
                    " hypothesis (A believes that p) and q\n hypothesis A believes that (p and q)\n")
    a, b = (formula_text(s, h.formula) for h in s.hypotheses)
    assert a == "A believes that p and q" and b == "A believes that (p and q)"


MODEL = """\
story m
  agents a, b
  proposition p1
  side(coin): heads, tails
  model
    world w0: p1, coin is heads
    world w1: coin is tails
    a considers w1 at w0, w1
    actual w0
  end
  hypothesis h: a believes that coin is tails expect true
"""


def test_an_explicit_model_reads_and_prints_back():
    s = parse_story(MODEL)
    assert s.initial.worlds == (("w0", (("p1", "true"), ("side(coin)", "heads"))),
                                ("w1", (("side(coin)", "tails"),)))
    assert s.initial.considers == (("a", (("w0", ("w1",)), ("w1", ("w1",)))),)
    assert parse_story(to_dsl(s)) == s


@pytest.mark.parametrize("text,fragment", [
    (MODEL.replace("a considers w1 at w0", "a considers w2 at w0"), "unknown world 'w2'"),
    (MODEL.replace("world w1: coin is tails", "world w1: p1"), "must give side(coin) a value"),
    (MODEL.replace("  end\n", "  end\n  actually p1\n"), "replaces"),
])
def test_explicit_model_errors(text, fragment):
    with pytest.raises(UserError) as info:
        parse_story(text, "m.del")
    assert fragment in info.value.message and info.value.line


def test_a_room_may_be_called_room(tmp_path, capsys):
    """``room`` is no keyword: a room named so works, and the trust rule still reads."""
    import json

    from pyfront.cli import main

    path = tmp_path / "room.del"
    path.write_text("story s\n  agents Ann, Bob\n  rooms room, hall\n"
                    "  location(apple): box, bag\n"
                    "  everyone trusts whoever left the room later than themselves\n\n"
                    "  Ann enters the room\n  Bob enters the hall\n"
                    "  Ann puts the apple in the box\n"
                    "  question q: where does Ann think the apple is? expect box\n")
    assert main(["check", str(path), "--json", "-q"]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["answer"] == ["box"] and record["agrees"] is True
    path.write_text(path.read_text().replace("left the room later", "left the hall later"))
    assert main(["check", str(path), "--json", "-q"]) == 1
    assert "expected 'room', got 'hall'" in capsys.readouterr().out
