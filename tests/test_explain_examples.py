"""Every example of the course, explained: answers equal ``check``'s, every printed
counterexample and every "cannot tell apart" is re-verified by the engine, every picture
renders with Graphviz.

The checks below never trust the explanation: truth values are asked again of the engine
(:class:`~smcdel_bridge.native.explicit.ExplicitModel`) and of the published SMCDEL form of
the problem, which is what ``mindgames check`` answers.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import REPO
from requirements import require_tool
from smcdel_bridge.backend import get_backend
from smcdel_bridge.native.explicit import ExplicitModel
from smcdel_bridge.program import CheckInput, TrueQ, ValidQ
from smcdel_bridge.syntax import parse_input
from requirements import in_ci
from pyfront.explain import explain_problem
from pyfront.explain.build import structure_of
from pyfront.explain.class_svg import class_svg
from pyfront.explain.graph import dot_tool
from pyfront.explain.picture_files import write_pictures
from pyfront.explain.problem_picture import problem_pictures
from pyfront.explain.model import Explanation, Reason
from pyfront.explain.render_text import render
from pyfront.data.loading import load_problems
from pyfront.problem.to_smcdel import render as smcdel_text

EXAMPLES = sorted((REPO / "examples").glob("*.del"))
IDS = [p.name for p in EXAMPLES]


@lru_cache(maxsize=None)
def explained(path: Path):
    """(problem, its explanation) for every problem of an example file."""
    return tuple((pb, explain_problem(pb)) for pb in load_problems(path))


def final_model(pb) -> ExplicitModel:
    """The engine's model after all the problem's announcements."""
    model = ExplicitModel(structure_of(pb))
    for ann in pb.announcements:
        model = model.announce(ann.formula)
    return model


def _atoms(state) -> tuple[int, ...]:
    return tuple(sorted(state.atoms))


def _same_states(states, engine_states) -> bool:
    return {frozenset(s.atoms) for s in states} == {frozenset(s) for s in engine_states}


def verify_reason(pb, model: ExplicitModel, r: Reason) -> None:
    """Every claim of a justification, checked against the engine."""
    here = _atoms(r.state)
    assert model.true_at(here, r.form) is r.value, f"{r.formula} at {r.state.name}"
    agent = pb.agent_id(r.agent) if r.agent else None
    group = tuple(pb.agent_id(a) for a in r.group)
    f = r.form
    if r.kind == "knows":
        assert _same_states(r.witnesses, model.indistinguishable(agent, here))
        assert all(model.true_at(_atoms(w), f.f) for w in r.witnesses)
    elif r.kind == "knows_not":
        (w,) = r.witnesses
        assert _atoms(w) in model.indistinguishable(agent, here)
        assert not model.true_at(_atoms(w), f.f)
    elif r.kind in ("knows_whether_true", "knows_whether_false"):
        assert _same_states(r.witnesses, model.indistinguishable(agent, here))
        assert len({model.true_at(_atoms(w), f.f) for w in r.witnesses}) == 1
    elif r.kind == "knows_whether_not":
        (w,) = r.witnesses
        assert _atoms(w) in model.indistinguishable(agent, here)
        assert model.true_at(_atoms(w), f.f) is not model.true_at(here, f.f) is r.subvalue
    elif r.kind in ("distributed_not", "distributed_whether_not"):
        (w,) = r.witnesses
        assert all(_atoms(w) in model.indistinguishable(a, here) for a in group)
    elif r.kind == "common_not":
        previous = here
        for name, s in r.path:
            assert _atoms(s) in model.indistinguishable(pb.agent_id(name), previous)
            previous = _atoms(s)
        assert previous == _atoms(r.witnesses[0])
        assert not model.true_at(previous, f.f)
    elif r.kind == "announcement_false":
        assert not model.true_at(here, f.ann)
    inner = model.announce(f.ann) if r.kind == "after_announcement" else model
    for child in r.children:
        verify_reason(pb, inner, child)


def test_the_course_has_at_least_eight_examples():
    assert len(EXAMPLES) >= 8, [p.name for p in EXAMPLES]


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_every_hypothesis_states_its_expected_answer_and_meets_it(path):
    for pb, e in explained(path):
        assert pb.hypotheses, f"{pb.name} asks nothing"
        for v in e.verdicts:
            assert v.expected is not None, f"{pb.name}/{v.name} has no expected answer"
            assert v.agrees, f"{pb.name}/{v.name}: explained {v.label}"


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_verdicts_equal_the_published_form_checked_natively(path):
    native = get_backend("native")
    for pb, e in explained(path):
        for i, v in enumerate(e.verdicts):
            program = parse_input(smcdel_text(pb, i))
            (answer,) = native.run(program)
            assert answer.value is v.holds, f"{pb.name}/{v.name}"
            contradictory = native.run(parse_input(smcdel_text(pb, i, pbcheck=True)))[0].value
            assert contradictory is e.contradictory


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_every_counterexample_falsifies_its_hypothesis(path):
    native = get_backend("native")
    for pb, e in explained(path):
        model = final_model(pb)
        for i, v in enumerate(e.verdicts):
            if v.holds:
                assert v.counterexample is None
                assert model.valid(v.form)
                continue
            state = _atoms(v.counterexample)
            assert state in model.states
            assert model.true_at(state, v.form) is False
            # and in the published form (what `check` asks): TRUE? {s} [!a1]…[!an] h
            program = parse_input(smcdel_text(pb, i))
            (job,) = program.jobs
            assert isinstance(job, ValidQ)
            probe = CheckInput(program.structure, (TrueQ(state, job.form),))
            assert native.run(probe)[0].value is False, f"{pb.name}/{v.name} at {state}"
            verify_reason(pb, model, v.reason)


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_reasons_at_examples_and_actual_states_are_the_engines(path):
    for pb, _ in explained(path):
        model = final_model(pb)
        for state in model.states:  # every state as the actual one
            e = explain_problem(pb, actual="".join(
                "1" if a in state else "0" for a in pb.vocabulary))
            for v in e.verdicts:
                assert v.at_actual is model.true_at(state, v.form)
                for r in (v.reason, v.example, v.actual_reason):
                    if r is not None:
                        verify_reason(pb, model, r)


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_agent_views_are_the_engines_partitions(path):
    for pb, e in explained(path):
        model = final_model(pb)
        for v in e.verdicts:
            if v.view is None:
                continue
            agent = pb.agent_id(v.view.agent)
            engine_blocks = {frozenset(frozenset(s) for s in b) for b in model.partition(agent)}
            assert {frozenset(s.atoms for s in c.states) for c in v.view.cells} == engine_blocks
            claim = v.form
            for c in v.view.cells:
                knows = c.all_true if v.view.operator == "knows" else c.uniform
                for s in c.states:
                    assert model.true_at(_atoms(s), claim) is (knows == v.view.positive)


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_each_step_removes_exactly_the_states_where_the_announcement_is_false(path):
    for pb, e in explained(path):
        model = ExplicitModel(structure_of(pb))
        assert _same_states(e.initial, model.states)
        for step, ann in zip(e.steps, pb.announcements):
            false_at = [s for s in model.states if not model.true_at(s, ann.formula)]
            assert _same_states(step.removed, false_at)
            model = model.announce(ann.formula)
            assert [_atoms(s) for s in step.remaining] == list(model.states)


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_class_pictures_draw_the_engines_partitions(path):
    for pb, e in explained(path):
        for frame, picture in zip(e.frames, problem_pictures(e)):
            svg = class_svg(picture)
            live = re.findall(r'<g class="node"><title>w([01]*)</title>', svg)
            assert sorted(live) == sorted(s.name for s in frame.states)
            removed = re.findall(r'<g class="node removed"><title>x([01]*)</title>', svg)
            assert sorted(live + removed) == sorted(s.name for s in e.initial)
            drawn = re.findall(r'<g class="cls" data-agent="(\d+)" data-worlds="([01 ]*)">', svg)
            # the engine's relation at this step: each block of two or more states of each
            # agent's partition is one outline, and nothing else is
            atoms = {st.name: frozenset(st.atoms) for st in e.initial}
            model = ExplicitModel(structure_of(pb))
            for ann in pb.announcements[:frame.step]:
                model = model.announce(ann.formula)
            engine = Counter(
                (position, frozenset(map(frozenset, block)))
                for position, agent in enumerate(pb.agents)
                for block in model.partition(pb.agent_id(agent.name)) if len(block) > 1)
            assert Counter((int(k), frozenset(atoms[n] for n in names.split()))
                           for k, names in drawn) == engine


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_every_class_picture_renders_with_graphviz(path, tmp_path):
    require_tool("dot")  # the SVG pictures need no Graphviz: they are tested without it
    for _, e in explained(path):
        written = write_pictures([e], [], [], tmp_path, "png")
        assert written.notes == [] and written.files == len(e.frames)
        for link in written.links.values():
            assert Path(link).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_without_dot_svg_pictures_are_written_and_png_is_refused(tmp_path, monkeypatch):
    import pyfront.explain.class_dot as class_dot

    monkeypatch.setattr(class_dot, "dot_tool", lambda: None)
    _, e = explained(EXAMPLES[0])[0]
    written = write_pictures([e], [], [], tmp_path, "svg")
    assert written.files == len(e.frames)
    with pytest.raises(RuntimeError, match="not installed"):
        write_pictures([e], [], [], tmp_path, "png")


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_explanations_render_as_text_and_markdown(path):
    problems = tuple(e for _, e in explained(path))
    text = render(Explanation(str(path), problems), "text")
    md = render(Explanation(str(path), problems), "md")
    for e in problems:
        assert f"Problem {e.name}" in text and f"## Problem `{e.name}`" in md
        for v in e.verdicts:
            assert f"Hypothesis {v.name}" in text and f"### Hypothesis {v.name}" in md
            if v.counterexample is not None:
                assert f"Counterexample: {v.counterexample.name}" in text


# --- the command ---------------------------------------------------------------------

def run_cli(*argv: str) -> tuple[int, str, str]:
    from pyfront.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("path", EXAMPLES, ids=IDS)
def test_the_command_explains_every_example(path):
    code, out, err = run_cli("explain", str(path))
    assert code == 0, err
    assert out == render(Explanation(str(path), tuple(e for _, e in explained(path))), "text")


def test_the_command_options(tmp_path):
    path = str(REPO / "examples" / "muddy_children_4.del")
    code, out, err = run_cli("explain", path, "--problem", "two_rounds", "--actual", "1110",
                             "--format", "md", "--graph", str(tmp_path / "g"),
                             "--graph-format", "png")
    assert code == 0, err
    assert out.startswith("## Problem `two_rounds`") and "Actual state: `1110`." in out
    assert "## Problem `one_round`" not in out
    if dot_tool() is None:  # CI installs Graphviz: there the pictures must be drawn
        assert not in_ci(), "CI=true and Graphviz's dot is not installed"
        assert code == 1 and "not installed" in err
        return
    pngs = sorted((tmp_path / "g").glob("two_rounds-step*.png"))
    assert len(pngs) == 4  # the initial model and one per announcement
    assert "wrote 4 png file(s)" in err
    for k, png in enumerate(pngs):  # linked from the Markdown at its step
        # relative to the working directory, where text that goes to no file is read
        assert f"]({os.path.relpath(tmp_path / 'g' / f'two_rounds-step{k}.png')})" in out


@pytest.mark.parametrize("argv, message", [
    (["--problem", "two_round"], "no problem called 'two_round'; did you mean 'two_rounds'?"),
    (["--actual", "11"], "'11' is a row of 2 0/1 digits, but there are 4 propositions"),
    (["--actual", "wet(Alice)"], "unknown proposition 'wet(Alice)'"),
])
def test_bad_options_give_one_line_errors(argv, message):
    code, out, err = run_cli("explain", str(REPO / "examples" / "muddy_children_4.del"), *argv)
    assert code == 1 and out == ""
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_bad_files_give_one_line_errors(tmp_path):
    code, _, err = run_cli("explain", str(tmp_path / "missing.del"))
    assert code == 1 and "missing.del" in err and len(err.strip().splitlines()) == 1
    bad = tmp_path / "bad.del"
    bad.write_text("problem p\n  agents A, B\n  setup forehead\n  announce muddy(C)\n")
    code, _, err = run_cli("explain", str(bad))
    assert code == 1 and f"{bad}:4:" in err and len(err.strip().splitlines()) == 1


def test_a_failed_expectation_makes_the_command_fail(tmp_path):
    wrong = tmp_path / "wrong.del"
    wrong.write_text("problem p\n  agents A, B\n  setup forehead\n  announce someone\n"
                     "  hypothesis h: A knows whether muddy(A) expect true\n")
    code, out, err = run_cli("explain", str(wrong))
    assert code == 1
    assert "DIFFERENT FROM THE EXPECTED ANSWER" in out
    assert "1 hypothesis answer(s) differ from the expected answer" in err


def test_the_verifier_rejects_a_wrong_witness():
    """The checks above can fail: a witness the agent *can* tell apart is caught."""
    from smcdel_bridge.values import replace

    path = REPO / "examples" / "muddy_children_4.del"
    pb, e = [(pb, e) for pb, e in explained(path) if pb.name == "two_rounds"][0]
    (v,) = [v for v in e.verdicts if v.name == "dave_knows"]
    model = final_model(pb)
    verify_reason(pb, model, v.reason)
    far = [s for s in e.final if s.atoms != v.counterexample.atoms
           and s.atoms != v.reason.witnesses[0].atoms][0]
    with pytest.raises(AssertionError):
        verify_reason(pb, model, replace(v.reason, witnesses=(far,)))
    with pytest.raises(AssertionError):
        verify_reason(pb, model, replace(v.reason, value=True))
