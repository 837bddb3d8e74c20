"""Planning in the problem DSL: what the lines mean, how bad ones are reported, and what
``check``, ``render`` and ``explain`` make of plan items.  Expected plans are worked by
hand here or recorded by SMCDEL (``planning-conformance``'s ``muddy_planning_toy``)."""

from __future__ import annotations

import json

import pytest
from conftest import REPO, shared_file

from smcdel_bridge.language import Disj, Kw, Neg, Prp
from pyfront.errors import UserError
from pyfront.planning.problems import plan_records
from pyfront.problem.dsl import parse_problem
from pyfront.problem.dsl_print import to_dsl

EXAMPLES = REPO / "examples" / "planning"

BASE = """\
problem p
  agents Ann, Ben, Cat
  setup forehead
  actually muddy(Ann), muddy(Ben)
  goal Ben knows whether muddy(Ben)
  keep Cat does not know whether muddy(Cat)
  may announce someone
  may announce Ann does not know whether muddy(Ann)
"""


def test_planning_lines_mean_what_they_say():
    pb = parse_problem(BASE + "  plan first: within 3 steps expect length 2\n"
                              "  plan within 1 step expect none\n", "p.del")
    p = pb.planning
    assert p.actual == [1, 2]
    assert p.goal == Kw("Agentb", Prp(2))
    assert p.keep == [Neg(Kw("Agentc", Prp(3)))]
    assert p.actions == [Disj((Prp(1), Prp(2), Prp(3))), Neg(Kw("Agenta", Prp(1)))]
    first, second = p.plans
    assert (first.name, first.max_steps, first.expect, first.expect_length, first.line) == \
        ("first", 3, "length", 2, 9)
    assert (second.name, second.max_steps, second.expect) == ("plan2", 1, "none")


def test_a_plan_starts_after_the_announcements_above_it():
    text = BASE + "  announce someone\n  plan later: within 2 steps\n"
    (record,) = plan_records(parse_problem(text, "p.del"), "p.del")
    # "someone" is made already: only Ann's "I do not know" is left to make (hand-worked)
    assert record["plan"] == ["Ann does not know whether muddy(Ann)"]
    assert record["length"] == 1


def test_an_announcement_false_at_the_actual_state_is_reported():
    text = BASE + "  announce nobody\n  plan later: within 2 steps\n"
    (record,) = plan_records(parse_problem(text, "p.del"), "p.del")
    assert record["error"].startswith("p.del:10: p/later: announcement 1 is false")


@pytest.mark.parametrize("text, where, words", [
    ("problem p\n  agents A, B\n  setup forehead\n  plan within 2 steps\n", (4, 3),
     "'plan' needs a 'goal'"),
    ("problem p\n  agents A, B\n  setup forehead\n  goal A knows that muddy(A)\n", (4, 3),
     "needs its actual state"),
    (BASE + "  goal Ann knows that muddy(Ann)\n", (9, 3), "at most one 'goal'"),
    (BASE + "  hypothesis h: someone\n  plan h: within 1 step\n", (10, 8), "defined twice"),
    (BASE.replace("muddy(Ben)\n  goal", "muddy(Bob)\n  goal"), (4, 30), "unknown agent"),
])
def test_bad_planning_lines_name_line_and_column(text, where, words):
    with pytest.raises(UserError) as info:
        parse_problem(text, "p.del")
    err = info.value
    assert (err.line, err.column) == where and words in err.message


@pytest.mark.parametrize("name", ["muddy_make_know.del", "muddy_planning_toy.del"])
def test_examples_render_to_dsl_and_back(name):
    pb = parse_problem((EXAMPLES / name).read_text(), name)
    again = parse_problem(to_dsl(pb), name)
    assert again.planning.model_dump(mode="json") == pb.planning.model_dump(mode="json")


def test_the_toy_example_agrees_with_smcdels_recorded_plans():
    """The DSL toy asks what SMCDEL's MuddyPlanning.toyPlan asks: its actions are the
    recorded case's, in the same order, so its plans map to the recorded ones."""
    cases = shared_file("planning-conformance", "cases.jsonl").read_text().splitlines()
    toy = next(json.loads(c) for c in cases if '"muddy_planning_toy"' in c)
    pb = parse_problem((EXAMPLES / "muddy_planning_toy.del").read_text(), "toy.del")
    by_text = {}
    from pyfront.problem.dsl_print import formula_text

    for form, text in zip(pb.planning.actions, toy["actions"]):
        by_text[formula_text(pb, form)] = text
    for engine in ("explicit", "symbolic"):
        (record,) = plan_records(pb, "toy.del", engine)
        assert [[by_text[a] for a in plan] for plan in record["plans"]] == toy["plans"]
        assert record["agrees"] is True


def test_english_words_the_planning_question():
    from pyfront.verbalize.planning import plan_question

    pb = parse_problem(BASE + "  plan first: within 3 steps\n", "p.del")
    assert plan_question(pb, 0) == (
        "Which announcements, at most 3, make Ben know whether Ben's forehead is muddy, "
        "while Cat still does not know whether Cat's forehead is muddy?")


def test_check_render_and_explain_on_the_examples(capsys):
    from pyfront.cli import main

    assert main(["check", str(EXAMPLES), "--json", "-q"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["name"] for r in records] == ["make_ben_know/shortest", "make_ben_know/one_step",
                                            "make_ben_know/given", "muddy_planning_toy/toy"]
    assert all(r["agrees"] is True for r in records)
    assert records[0]["label"] == "length 2" and records[1]["plan"] is None
    assert main(["render", str(EXAMPLES / "muddy_make_know.del"), "--to", "smcdel"]) == 0
    assert "are not SMCDEL jobs" in capsys.readouterr().out
    assert main(["explain", str(EXAMPLES / "muddy_make_know.del")]) == 0
    out = capsys.readouterr().out
    assert "step 2: ¬Kw_Ann muddy(Ann): removes 1 state(s) (100); Ben comes to know that " \
           "muddy(Ben) is true" in out


def test_a_wrong_expectation_fails_check_plan_and_explain(tmp_path, capsys):
    from pyfront.cli import main

    wrong = tmp_path / "wrong.del"
    text = (EXAMPLES / "muddy_make_know.del").read_text()
    wrong.write_text(text.replace("expect length 2", "expect length 1"))
    assert main(["check", str(wrong), "--json", "-q"]) == 1
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (first["label"], first["expected"], first["agrees"]) == ("length 2", "length 1", False)
    assert main(["plan", str(wrong)]) == 1
    assert f"{wrong}:14: make_ben_know/shortest" in capsys.readouterr().err
    assert main(["explain", str(wrong)]) == 1
    assert "1 plan answer(s) differ" in capsys.readouterr().err
