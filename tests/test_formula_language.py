"""One formula language for problems and stories: group and distributed knowledge in a
story, beliefs and told announcements in a problem, each answered on both engines and
checked against a Kripke model built by hand here (worlds, relations, product update),
with its own evaluator."""

from __future__ import annotations

from itertools import product

import pytest

from pyfront.errors import UserError
from pyfront.problem.dsl import parse_problem
from pyfront.story.compile import compile_story, evaluate
from pyfront.story.dsl import parse_story

# --- the oracle: a Kripke model as Python sets, and the modal operators on it ------------


def box(rel, world, pred):
    """``pred`` at every world ``rel`` reaches from ``world``."""
    return all(pred(v) for v in rel(world))


def reach(rels, world):
    """Worlds reached in one or more steps of any of ``rels``."""
    seen, todo = set(), [world]
    while todo:
        w = todo.pop()
        for rel in rels:
            for v in rel(w):
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
    return seen


def K(rel, pred):
    return lambda w: box(rel, w, pred)


def Kw(rel, pred):
    return lambda w: box(rel, w, pred) or box(rel, w, lambda v: not pred(v))


def CK(rels, pred):
    return lambda w: all(pred(v) for v in reach(rels, w))


def DK(rels, pred):
    return lambda w: all(pred(v) for v in set.intersection(*(set(r(w)) for r in rels)))


def AND(*preds):
    return lambda w: all(p(w) for p in preds)


def NOT(pred):
    return lambda w: not pred(w)


# --- group and distributed knowledge in a story ------------------------------------------

STORY = """story groups
  agents Ann, Bob, Cy
  proposition p
  proposition q
  proposition r
  it is common knowledge that p or q
  actually p and q and not r
  Ann observes p, r
  Bob observes q
{before}
  announce q or r
{after}
"""

def _story_queries(worlds):
    """(DSL formula, oracle) pairs over ``worlds`` (p, q, r); a modality's body is a
    negation or tighter ("knows that (p or q)"), as everywhere in the language."""
    def cell(i_seen):  # the worlds that agree on the observed atoms
        return lambda w: [v for v in worlds if all(v[i] == w[i] for i in i_seen)]

    ann, bob, cy = cell((0, 2)), cell((1,)), cell(())
    p, q, r = (lambda w: w[0]), (lambda w: w[1]), (lambda w: w[2])
    return [
        ("it is distributed knowledge among Ann and Bob that (p and q)", DK([ann, bob], AND(p, q))),
        ("it is distributed knowledge among Ann and Cy that q", DK([ann, cy], q)),
        ("it is distributed knowledge that (p and q and not r)", DK([ann, bob, cy], AND(p, q, NOT(r)))),
        ("it is common knowledge among Ann and Bob that (p or q)",
         CK([ann, bob], lambda w: p(w) or q(w))),
        ("it is common knowledge among Ann and Bob that p", CK([ann, bob], p)),
        ("it is common knowledge among Bob and Cy that (q or r)", CK([bob, cy], lambda w: q(w) or r(w))),
        ("it is common belief among Ann and Cy that Bob knows whether q", CK([ann, cy], Kw(bob, q))),
        ("everyone knows that (p or q)", AND(K(ann, lambda w: p(w) or q(w)), K(bob, lambda w: p(w) or q(w)),
                                           K(cy, lambda w: p(w) or q(w)))),
        ("everyone believes that q", AND(K(ann, q), K(bob, q), K(cy, q))),
        ("Ann knows whether q", Kw(ann, q)),
        ("Cy does not believe that Ann knows whether r", NOT(K(cy, Kw(ann, r)))),
        ("it is distributed knowledge among Ann and Bob that Cy does not know whether p",
         DK([ann, bob], NOT(Kw(cy, p)))),
    ]


def _story(engine):
    start = [w for w in product((True, False), repeat=3) if w[0] or w[1]]
    after = [w for w in start if w[1] or w[2]]  # the public announcement of q or r
    before_q, after_q = _story_queries(start), _story_queries(after)
    text = STORY.format(
        before="\n".join(f"  hypothesis b{i}: {f}" for i, (f, _) in enumerate(before_q)),
        after="\n".join(f"  hypothesis a{i}: {f}" for i, (f, _) in enumerate(after_q)))
    story = parse_story(text)
    got = {r.name: r.answer for r in evaluate(story, compile_story(story, engine))}
    actual = (True, True, False)
    want = {f"b{i}": o(actual) for i, (_, o) in enumerate(before_q)}
    want.update({f"a{i}": o(actual) for i, (_, o) in enumerate(after_q)})
    return got, want


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_group_and_distributed_knowledge_in_a_story(engine):
    got, want = _story(engine)
    assert got == want
    assert set(want.values()) == {True, False}  # the oracle says both


# --- beliefs and told announcements in a problem -----------------------------------------

PROBLEM = """problem told
  agents A, B, C
  setup forehead
  announce someone
{events}
{hypotheses}
"""


def _forehead_model():
    """Three agents, each sees the others' foreheads; the worlds of "someone"."""
    worlds = [w for w in product((True, False), repeat=3) if any(w)]
    return worlds, [lambda w, i=i: [v for v in worlds if all(v[j] == w[j] for j in range(3) if j != i)]
                    for i in range(3)]


def _private_update(worlds, rels, told, pre):
    """Product update with a private announcement of ``pre`` to ``told`` (the others
    believe nothing happened): worlds (w, 0) where ``pre`` holds, (w, 1) everywhere."""
    new = [(w, 0) for w in worlds if pre(w)] + [(w, 1) for w in worlds]

    def rel(i):
        def step(x):
            w, e = x
            if i in told:
                return [(v, e) for v in rels[i](w) if (v, e) in new]
            return [(v, 1) for v in rels[i](w)]
        return step
    return new, [rel(i) for i in range(3)], [x for x in new if x[1] == 0]


def _problem_queries(rels, at):
    A, B, C = rels
    muddy = [lambda x, i=i: at(x)[i] for i in range(3)]
    return [
        ("A believes that muddy(A)", K(A, muddy[0])),
        ("B believes that A knows whether muddy(A)", K(B, Kw(A, muddy[0]))),
        ("B believes that A does not know whether muddy(A)", K(B, NOT(Kw(A, muddy[0])))),
        ("C does not believe that A believes that muddy(A)", NOT(K(C, K(A, muddy[0])))),
        ("everyone believes that someone", AND(*(K(r, lambda x: any(at(x))) for r in rels))),
        ("it is common belief among B and C that A does not know whether muddy(A)",
         CK([B, C], NOT(Kw(A, muddy[0])))),
        ("it is distributed knowledge among B and C that muddy(A)", DK([B, C], muddy[0])),
        ("it is common knowledge among A and B that someone", CK([A, B], lambda x: any(at(x)))),
        ("A knows whether muddy(B)", Kw(A, muddy[1])),
    ]


def _valid(pred, actual):
    return all(pred(x) for x in actual)


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_beliefs_in_an_s5_problem(engine):
    """No told announcement: the S5 engines answer; a belief is knowledge."""
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.syntax import parse_input

    from pyfront.problem.to_smcdel import render

    worlds, rels = _forehead_model()
    queries = _problem_queries(rels, lambda w: w)
    pb = parse_problem(PROBLEM.format(events="", hypotheses="\n".join(
        f"  hypothesis h{i}: {f}" for i, (f, _) in enumerate(queries))))
    backend = get_backend(engine)
    got = [backend.run(parse_input(render(pb, i)))[0].value for i in range(len(queries))]
    want = [_valid(o, worlds) for _, o in queries]
    assert got == want and set(want) == {True, False}


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_beliefs_after_a_private_announcement(engine):
    """A is told privately that her forehead is muddy: she knows it, the others believe
    she does not; on both event-model engines, against the product built here."""
    from pyfront.problem.events import told_answers

    worlds, rels = _forehead_model()
    new, new_rels, actual = _private_update(worlds, rels, {0}, lambda w: w[0])
    queries = _problem_queries(new_rels, lambda x: x[0])
    pb = parse_problem(PROBLEM.format(events="  announce privately to A that muddy(A)",
                                      hypotheses="\n".join(f"  hypothesis h{i}: {f}"
                                                           for i, (f, _) in enumerate(queries))))
    got = [valid for valid, _ in told_answers(pb, engine)]
    want = [_valid(o, actual) for _, o in queries]
    assert got == want and set(want) == {True, False}


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_told_whether_seen_by_everyone_is_smcdel_group_announcement(engine):
    """``announce to A whether F`` (everyone else sees it) is S5: SMCDEL's ``[A ?! F]``,
    answered by the S5 engine, agrees with the event-model engines."""
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.language import AnnounceW, PubAnnounce
    from smcdel_bridge.syntax import parse_input, to_input

    from pyfront.problem.events import told_answers
    from pyfront.problem.to_smcdel import render

    worlds, rels = _forehead_model()
    queries = _problem_queries(rels, lambda w: w)
    hyps = "\n".join(f"  hypothesis h{i}: {f}" for i, (f, _) in enumerate(queries))
    told = parse_problem(PROBLEM.format(events="  announce to A whether muddy(A)", hypotheses=hyps))
    plain = parse_problem(PROBLEM.format(events="", hypotheses=hyps))
    s5 = get_backend(engine)
    ann = told.announcements[1]
    want = []
    for i, h in enumerate(plain.hypotheses):
        head = render(plain, i).split("VALID?")[0]
        body = PubAnnounce(plain.announcements[0].formula,
                           AnnounceW(ann.to, ann.formula, h.formula))
        want.append(s5.run(parse_input(f"{head}VALID? {to_input(body)}"))[0].value)
    assert [v for v, _ in told_answers(told, engine)] == want


# --- the same words in both languages ----------------------------------------------------


def test_the_same_formula_reads_alike_in_both():
    from pyfront.problem.dsl_print import formula_text as problem_text
    from pyfront.story.dsl_print import formula_text as story_text

    words = ("it is common knowledge among A and B that {0} and it is distributed knowledge "
             "that {0} and everyone knows that {0} and A knows whether {0}")
    pb = parse_problem("problem p\n agents A, B, C\n proposition r \"r\" / \"not r\"\n"
                       f" hypothesis h: {words.format('r')}\n")
    st = parse_story(f"story s\n agents A, B, C\n proposition r\n hypothesis h: {words.format('r')}\n")
    assert problem_text(pb, pb.hypotheses[0].formula) == words.format("r")
    assert story_text(st, st.hypotheses[0].formula) == words.format("r")


@pytest.mark.parametrize("text, message", [
    ("problem p\n agents A\n proposition r \"r\" / \"\"\n hypothesis the ball is red\n",
     "story formula"),
    ("story s\n agents A\n proposition r\n hypothesis someone\n", "problem formulas"),
    ("story s\n agents A, B\n proposition r\n hypothesis it is common knowledge among A and A"
     " that r\n", "named twice"),
    ("problem p\n agents A, B\n setup forehead\n announce privately to A that muddy(B),"
     " seen by A\n hypothesis true\n", "it is told"),
])
def test_words_one_kind_has_no_meaning_for_are_one_line_errors(text, message):
    with pytest.raises(UserError) as err:
        (parse_story if text.startswith("story") else parse_problem)(text)
    assert message in str(err.value) and err.value.line is not None


# --- the command line --------------------------------------------------------------------

TOLD = """problem letter
  agents Ann, Bob, Cy
  proposition win "Ann won" / "Ann did not win"
  announce to Ann whether win, seen by Bob
  hypothesis ann: Ann knows whether win expect true
  hypothesis bob: Bob knows that Ann knows whether win expect true
  hypothesis cy: Cy believes that not (Ann knows whether win) expect true
  hypothesis cy_knows: Cy knows whether win expect false
"""


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_check_answers_a_told_problem_on_the_event_engines(tmp_path, engine):
    import json

    from test_story_examples import run_cli

    f = tmp_path / "told.del"
    f.write_text(TOLD)
    out = tmp_path / "out.jsonl"
    code, _, _ = run_cli("check", str(f), "--engine", engine, "-o", str(out))
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert code == 0 and [r["agrees"] for r in records] == [True] * 4
    assert [r["line"] for r in records] == [5, 6, 7, 8]
    code, _, err = run_cli("render", str(f), "--to", "smcdel")
    assert code == 1 and err.count("\n") == 1 and "event model" in err
    code, _, err = run_cli("explain", str(f))
    assert code == 1 and err.count("\n") == 1 and "event model" in err
    code, text, _ = run_cli("render", str(f), "--to", "english", "--style", "natural")
    assert "Ann is told whether Ann won; Bob sees that Ann is told, but not what" in text


def test_the_same_english_in_both():
    from pyfront.verbalize import hypothesis
    from pyfront.verbalize.story import hypothesis_text

    words = ("it is common knowledge among A and B that r and it is distributed knowledge "
             "among A and B that r")
    head = ' agents A, B, C\n proposition r "it rains" / "it does not rain"\n hypothesis h: '
    pb = parse_problem(f"problem p\n{head}{words}\n")
    st = parse_story(f"story s\n{head}{words}\n")
    said = ("It is common knowledge among A and B that it rains, and A and B together know "
            "that it rains.")
    assert hypothesis(pb, 0, "natural") == hypothesis_text(st, st.hypotheses[0].formula) == said
