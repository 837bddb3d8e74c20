"""``mindgames explain`` for stories: every example story is explained and drawn, and every
picture and every claim agrees with the story engine (edge by edge, not only counts)."""

from __future__ import annotations

import re

import pytest

from requirements import in_ci
from pyfront.cli import main
from pyfront.explain.graph import dot_tool
from pyfront.explain.story import Reason, explain_story, render_stories
from pyfront.explain.story_graph import event_dot, step_dot
from pyfront.data.loading import load_document
from pyfront.story.compile import compile_story
from pyfront.story.dsl import parse_story
from pyfront.story.model import Story, belief_id
from smcdel_bridge.dynamic import product_update
from smcdel_bridge.dynamic.semantics import truth_set

from conftest import REPO

STORIES = sorted((REPO / "examples" / "stories").glob("*.del"))
EDGE = re.compile(r'^\s*"([^"]+)" -> "([^"]+)" \[.*tooltip="([^"]+?) (?:believes possible|believes this happens)"\];$')
NODE = re.compile(r'^\s*"([^"]+)" \[label=.*\];$')


def _stories():
    return [s for path in STORIES for s in load_document(path) if isinstance(s, Story)]


def _edges(dot: str) -> set[tuple[str, str, str]]:
    out = set()
    for line in dot.splitlines():
        m = EDGE.match(line)
        if m and not m.group(1).startswith("legend_"):
            out.add((m.group(3), m.group(1), m.group(2)))
    return out


def _nodes(dot: str) -> tuple[set[str], set[str]]:
    nodes, actual = set(), set()
    for line in dot.splitlines():
        m = NODE.match(line)
        if m:
            nodes.add(m.group(1))
            if "peripheries=2" in line:
                actual.add(m.group(1))
    return nodes, actual


def test_every_example_story_is_explained_and_drawn(tmp_path, capsys):
    """Every step is drawn, but a model too large to read, which the run names instead."""
    from pyfront.explain.graph import MAX_PICTURE_STATES

    assert STORIES
    for path in STORIES:
        out_dir = tmp_path / path.stem
        assert main(["explain", str(path), "--graph", str(out_dir)]) == 0, path
        captured = capsys.readouterr()
        out = captured.out
        for story in load_document(path):
            explained = explain_story(story)
            assert f"Story {story.name}" in out
            too_large = [str(s.number) for s in explained.steps
                         if len(s.worlds) > MAX_PICTURE_STATES]
            if too_large:
                assert f"step(s) {', '.join(too_large)} not drawn" in captured.err
            for step in explained.steps:
                dot = out_dir / f"{story.name}-step{step.number}.dot"
                if str(step.number) in too_large:
                    assert not dot.exists()
                    continue
                assert dot.is_file()
                if step.event is not None:
                    assert (out_dir / f"{story.name}-event{step.number}.dot").is_file()
                assert dot_tool() is not None or not in_ci(), "CI=true and no Graphviz dot"
                if dot_tool() is not None:
                    assert dot.with_suffix(".svg").is_file()
        assert "DIFFERENT FROM THE EXPECTED" not in out


def test_model_pictures_are_the_engine_relations():
    for story in _stories():
        compiled = compile_story(story)
        explained = explain_story(story)
        for step, state in zip(explained.steps, compiled.states):
            model = state.model
            dot = step_dot(explained, step)
            nodes, actual = _nodes(dot)
            assert nodes == set(model.worlds)
            assert actual == set(model.actual)
            engine = {(a, w, v) for a in story.agents for w in model.worlds
                      for v in model.successors(belief_id(a), w)}
            assert _edges(dot) == engine, (story.name, step.number)
            assert dot.startswith("digraph")


def test_event_pictures_are_the_engine_event_models():
    for story in _stories():
        compiled = compile_story(story)
        explained = explain_story(story)
        for step in explained.steps[1:]:
            pa = compiled.actions[step.number - 1]
            dot = event_dot(explained, step.number, step.event)
            nodes, actual = _nodes(dot)
            assert nodes == {"e:" + e.name for e in pa.model.events}
            assert actual == {"e:" + e for e in pa.model.actual}
            engine = {(a, "e:" + e.name, "e:" + f) for a in story.agents for e in pa.model.events
                      for f in pa.believed(a, e.name)}
            assert _edges(dot) == engine
            for e, node in zip(pa.model.events, step.event.events):
                assert node.name == e.name and len(node.post) == len(e.post)


def _walk(r: Reason):
    yield r
    for c in r.children:
        yield from _walk(c)


def test_every_reason_and_counterexample_is_the_engine_answer():
    checked = 0
    for story in _stories():
        compiled = compile_story(story)
        explained = explain_story(story)
        for step, state in zip(explained.steps, compiled.states):
            model = state.model
            by_short = {w.short: w.name for w in step.worlds}
            for q in step.queries:
                if q.kind != "hypothesis":
                    continue
                for top in q.reasons:
                    for r in _walk(top):
                        assert (r.world_name in truth_set(model, r.form)) == r.value
                        assert by_short[r.world] == r.world_name
                        if r.kind == "box_fails":
                            succ = model.successors(r.form.agent, r.world_name)
                            assert by_short[r.witness] in succ
                            assert by_short[r.witness] not in truth_set(model, r.form.f)
                        if r.kind == "box_all":
                            succ = model.successors(r.form.agent, r.world_name)
                            assert {by_short[x] for x in r.worlds} == set(succ)
                        checked += 1
                if q.counterexample is not None:
                    w = by_short[q.counterexample]
                    hyp = next(h for h in story.hypotheses if h.name == q.name)
                    assert w in model.actual and w not in truth_set(model, hyp.formula)
                    assert q.answer == "false"
    assert checked > 50


def test_beliefs_at_the_actual_world_follow_the_belief_relation():
    story = next(s for s in _stories() if "sally" in s.name)
    explained = explain_story(story)
    moved = explained.steps[3]  # Anne has moved the marble while Sally is away
    assert moved.english == "While Sally is away, Anne moves the marble to the box."
    sally = next(b for b in moved.beliefs if b.agent == "Sally")
    assert sally.sentences == ("Sally thinks that the marble is in the basket, without knowing it.",)
    anne = next(b for b in moved.beliefs if b.agent == "Anne")
    assert anne.sentences == ("Anne knows that the marble is in the box.",)


def test_contradicted_beliefs_are_said_and_are_really_inconsistent_under_plain_update():
    story = next(s for s in _stories() if "sally" in s.name)
    compiled = compile_story(story)
    explained = explain_story(story)
    flagged = [(st.number, a) for st in explained.steps for a in st.kripke_inconsistent]
    assert flagged, "Sally-Anne ends with Sally seeing the marble in the box"
    for number, agent in flagged:
        before, pa = compiled.states[number - 1], compiled.actions[number - 1]
        plain = product_update(before.belief_model(), pa.belief_action())
        assert any(not plain.successors(agent, w) for w in plain.actual)
        assert agent in explained.steps[number].revised
    for st in explained.steps:
        for agent in story.agents:
            if agent not in st.kripke_inconsistent and st.number:
                before, pa = compiled.states[st.number - 1], compiled.actions[st.number - 1]
                plain = product_update(before.belief_model(), pa.belief_action())
                assert all(plain.successors(agent, w) for w in plain.actual)
    text = render_stories([explained])
    assert "would now be INCONSISTENT under the plain product update" in text


def test_a_false_hypothesis_gets_a_counterexample_world_in_the_text():
    story = parse_story("""story s
  agents Sally, Anne
  location(marble): basket, box
  Sally puts the marble in the basket
  Sally leaves
  Anne moves the marble to the box
  hypothesis wrong: Sally believes that the marble is in the box expect false
""")
    text = render_stories([explain_story(story)])
    assert "Counterexample: the actual world w1." in text
    assert "Sally believes possible w2, where it fails." in text


@pytest.mark.parametrize("fmt", ["text", "md"])
def test_markdown_and_text_both_render(fmt, capsys):
    path = next(p for p in STORIES if "sally" in p.name)
    assert main(["explain", str(path), "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "Where will Sally look for the marble?" in out
    assert ("`w1`" in out) == (fmt == "md")


def test_a_story_event_that_cannot_happen_is_one_line(tmp_path, capsys):
    bad = tmp_path / "bad.del"
    bad.write_text("story s\n  agents Ann, Bob\n  location(ball): basket, box\n"
                   "  actually the ball is in the box\n  Ann tells Bob that the ball is in the basket\n")
    assert main(["explain", str(bad)]) == 1
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "bad.del:5" in err and "cannot happen" in err
