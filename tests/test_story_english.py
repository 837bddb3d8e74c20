"""Stories in plain English: every example story reads, every kind of event has its
phrasing, and distinct formulas give distinct sentences."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.cli import main
from pyfront.data.loading import load_document
from pyfront.story.dsl import parse_story
from pyfront.story.model import Story
from pyfront.verbalize.story import StoryWords, event_sentence, hypothesis_text, setup_text, story_text
from smcdel_bridge.language import BOT, TOP, Ck, Conj, Disj, Dk, Equi, Impl, K, Kw, Neg, Prp

from conftest import REPO

STORIES = sorted((REPO / "examples" / "stories").glob("*.del"))


def _stories():
    return [s for path in STORIES for s in load_document(path) if isinstance(s, Story)]


def test_there_are_example_stories_and_sally_is_one():
    assert len(STORIES) >= 8
    assert any("sally" in p.name for p in STORIES)


def test_every_example_story_renders_in_english(capsys):
    for path in STORIES:
        assert main(["render", str(path)]) == 0, path
        out = capsys.readouterr().out
        for story in load_document(path):
            assert f"## {story.name}" in out
            for q in story.queries():
                assert f"  {q.name}: " in out
        assert "{" not in out and "None" not in out, path


def test_sally_anne_reads_as_the_classic_story():
    story = next(s for s in _stories() if "sally" in s.name)
    text = story_text(story)
    assert ("Sally puts the marble in the basket. Sally leaves the room. While Sally is away, "
            "Anne moves the marble to the box.") in text
    assert "Where will Sally look for the marble?" in text
    assert "Anne thinks that Sally believes that the marble is in the basket." in text


SAMPLE = """story sample
  agents Ann, Bob, Cy
  location(ball): basket, box
  proposition bonus "the bonus round is on"
  card(Ann): red, black
  Ann observes card(Ann)
  Ann moves the ball to the box, unseen by Bob
  Ann tells Bob that bonus
  Ann tells Bob whether card(Ann) is red
  Ann lies to Cy that the ball is in the basket
  Cy peeks at card(Ann)
  Bob looks at the ball
  Ann shows card(Ann) to Bob
  Bob leaves
  Ann turns card(Ann)
  announce everyone knows that (bonus and the ball is in the box)
  Ann claims that the ball is in the box
  Cy claims to Ann that bonus
  Cy lies that bonus
  Bob asserts to Cy that bonus
"""


def test_each_kind_of_event_has_its_phrasing():
    story = parse_story(SAMPLE)
    said = [event_sentence(story, i) for i in range(len(story.events))]
    assert said == [
        "Ann moves the ball to the box, without Bob noticing.",
        "Ann tells Bob in private that the bonus round is on; nobody else notices.",
        "Ann tells Bob whether Ann's card is red, and Cy sees this happen but cannot hear the answer.",
        "Ann tells Cy in private that the ball is in the basket, which is a lie: Ann believes "
        "otherwise; nobody else notices.",
        "Cy secretly peeks at Ann's card; nobody else notices.",
        "Bob looks at the ball, and Ann and Cy see Bob look but not what Bob sees.",
        "Ann shows Ann's card to Bob, and Cy sees this happen but not Ann's card.",
        "Bob leaves the room.",
        "While Bob is away, Ann turns Ann's card.",
        "Everybody learns from a public announcement that everybody knows that both the bonus "
        "round is on and the ball is in the box.",
        "While Bob is away, Ann claims that the ball is in the box.",
        "Cy tells Ann in private that the bonus round is on, as Cy believes; nobody else notices.",
        "While Bob is away, Cy claims that the bonus round is on, lying: Cy believes otherwise.",
        "Bob privately asserts to Cy that the bonus round is on; nobody else notices.",
    ]
    assert not any("truthfully" in x for x in said)


def test_the_setup_says_what_the_initial_model_says():
    story = parse_story(SAMPLE)
    text = setup_text(story)
    assert "Ann knows what Ann's card is; Bob and Cy do not." in text
    assert "At the start, nobody knows where the ball is." in text
    common = parse_story("story c\n  agents Ann, Bob\n  location(ball): basket, box\n"
                         "  it is common knowledge that the ball is in the box\n")
    text = setup_text(common)
    assert "Everybody knows where the ball is." in text
    assert "nobody knows" not in text


def test_belief_knowledge_and_groups_read_differently():
    story = parse_story(SAMPLE)
    w = StoryWords(story)
    p = story.value_form("location(ball)", "box")
    assert w.sentence(K("Ann", p)) == "Ann thinks that the ball is in the box."
    assert w.sentence(K("Ann!", p)) == "Ann knows that the ball is in the box."
    assert w.sentence(K("Ann", K("Bob", p))) == "Ann thinks that Bob believes that the ball is in the box."
    assert w.sentence(Neg(K("Bob!", p))) == "Bob does not know that the ball is in the box."
    assert w.sentence(Ck(("Ann!", "Bob!", "Cy!"), p)) == "It is common knowledge that the ball is in the box."
    assert w.sentence(Ck(("Ann", "Bob"), p)) == (
        "It is commonly believed among Ann and Bob that the ball is in the box.")
    assert w.sentence(Conj((K("Ann!", p), K("Bob!", p), K("Cy!", p)))) == (
        "Everybody knows that the ball is in the box.")
    assert w.sentence(Conj((K("Ann!", p), Neg(p)))) == (
        "Ann knows that the ball is in the box, and the ball is not in the box.")
    assert w.sentence(K("Ann!", Conj((p, Neg(p))))) == (
        "Ann knows that both the ball is in the box and the ball is not in the box.")


PROPERTY_STORY = parse_story(
    "story p\n  agents Ann, Bob\n  location(ball): basket, box, bag\n  proposition lamp\n")
IDS = ("Ann", "Ann!", "Bob", "Bob!")


def _formulas():
    """Story formulas over two agents (belief and knowledge ids), a three-valued variable and a
    proposition.  Chains have two or more parts: a one-part chain is logically its part."""
    leaves = st.one_of(st.just(TOP), st.just(BOT), st.sampled_from((1, 2, 3, 4)).map(Prp))
    agent = st.sampled_from(IDS)
    group = st.lists(agent, min_size=1, max_size=3).map(tuple)

    def extend(sub):
        some = st.lists(sub, min_size=2, max_size=3).map(tuple)
        return st.one_of(
            sub.map(Neg), some.map(Conj), some.map(Disj),
            st.builds(Impl, sub, sub), st.builds(Equi, sub, sub),
            st.builds(K, agent, sub), st.builds(Kw, agent, sub),
            st.builds(Ck, group, sub), st.builds(Dk, group, sub),
        )

    return st.recursive(leaves, extend, max_leaves=7)


@settings(max_examples=80, deadline=None)
@given(st.lists(_formulas(), min_size=2, max_size=25, unique=True))
def test_story_english_is_injective(forms):
    """Distinct formulas read differently, up to merging lists of the same operator."""
    seen = {}
    for f in forms:
        text = hypothesis_text(PROPERTY_STORY, f)
        assert seen.setdefault(text, _one_list(f)) == _one_list(f), (text, f, seen[text])


def _one_list(f):
    """The oracle's reading of associativity: ``(p and q) and r`` is the one list
    ``p and q and r`` (likewise ``or``), at every depth; nothing else is merged."""
    if isinstance(f, (Conj, Disj)):
        out = []
        for g in map(_one_list, f.fs):
            out.extend(g.fs if type(g) is type(f) else (g,))
        return type(f)(tuple(out))
    if isinstance(f, (Neg,)):
        return Neg(_one_list(f.f))
    if isinstance(f, (K, Kw)):
        return type(f)(f.agent, _one_list(f.f))
    if isinstance(f, (Ck, Dk)):
        return type(f)(f.group, _one_list(f.f))
    if isinstance(f, (Impl, Equi)):
        return type(f)(_one_list(f.a), _one_list(f.b))
    return f


@settings(max_examples=60, deadline=None)
@given(_formulas(), _formulas(), st.sampled_from(IDS))
def test_moving_a_belief_boundary_changes_the_sentence(f, g, agent):
    for wide, narrow in [
        (K(agent, Conj((f, g))), Conj((K(agent, f), g))),
        (K(agent, Disj((f, g))), Disj((K(agent, f), g))),
        (K(agent, Impl(f, g)), Impl(K(agent, f), g)),
        (Ck(("Ann!", "Bob!"), Conj((f, g))), Conj((Ck(("Ann!", "Bob!"), f), g))),
    ]:
        assert hypothesis_text(PROPERTY_STORY, wide) != hypothesis_text(PROPERTY_STORY, narrow)
