"""``mindgames generate --family functional``: what will X do under a stated rule, which
announcement works, in context- and state-driven framings; every answer re-derived by
``check``.  The expected values of the small items are worked out by hand in the comments."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from pyfront.cli import main
from pyfront.generate.functional import muddy as M
from pyfront.generate.functional.recheck import check_row, derive_key

SPLITS = ("train", "validation", "test")
KIDS = ("Ann", "Ben", "Cat")


def _rows(out: Path) -> list[dict]:
    return [json.loads(x) for s in SPLITS for x in (out / f"{s}.jsonl").read_text().splitlines()]


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("functional") / "ds"
    assert main(["generate", "--family", "functional", "--size", "16", "--seed", "3",
                 "-o", str(out), "--quiet"]) == 0
    return out


# --- hand-worked muddy children ----------------------------------------------------------------

def test_two_muddy_children_step_forward_at_the_second_question():
    # Ann and Ben muddy, Cat clean, "someone" announced.  Round 1: Ann sees Ben muddy, so
    # "someone" tells her nothing; Ben alike; Cat sees both: nobody knows she is muddy.
    # Round 2: "nobody knew" tells Ann that Ben saw a muddy forehead, which can only be
    # hers (Cat is clean): Ann and Ben step forward; Cat still cannot tell.
    scene = M.Scene(KIDS, ("Ann", "Ben"), ("someone",))
    assert [acting for acting, _ in M.rounds(scene, "step", 3)][:2] == [(), ("Ann", "Ben")]
    # under "says I know when she knows whether": Cat knows she is clean once the two step
    # forward (round 3), so all three know then
    assert [acting for acting, _ in M.rounds(scene, "say", 3)] == [
        (), ("Ann", "Ben"), ("Ann", "Ben", "Cat")]


def test_one_muddy_child_knows_at_once():
    # only Cat muddy: she sees two clean foreheads, so "someone" means her
    scene = M.Scene(KIDS, ("Cat",), ("someone",))
    assert M.rounds(scene, "step", 1)[0][0] == ("Cat",)


def test_possible_worlds_of_a_child():
    # Ben sees Ann muddy and Cat clean; he cannot tell his own forehead
    pb = M.parse_scene(M.scene_dsl(M.Scene(KIDS, ("Ann", "Ben")), "p"))
    assert M.possible_worlds(pb, ("Ann", "Ben"), "Ben") == [("Ann",), ("Ann", "Ben")]
    # after "someone", Cat (seeing Ann and Ben muddy) still has both of hers
    pb = M.parse_scene(M.scene_dsl(M.Scene(KIDS, ("Ann", "Ben"), ("someone",)), "p"))
    assert M.possible_worlds(pb, ("Ann", "Ben"), "Cat") == [("Ann", "Ben"), ("Ann", "Ben", "Cat")]


PLAN = M.scene_dsl(
    M.Scene(KIDS, ("Ann", "Ben")), "which_announcement",
    goal="Ben knows whether muddy(Ben)", keep="Cat does not know whether muddy(Cat)",
    # Ben's worlds: {Ann} and {Ann, Ben}.  "Ann or Cat" holds in both: Ben learns nothing.
    # "Ben or Cat" rules out {Ann}: Ben knows; Cat's worlds {Ann, Ben} and {Ann, Ben, Cat}
    # both satisfy it, so Cat still does not know: the one plan.  "not Cat" tells Cat she
    # is clean: the kept formula breaks.
    may=["muddy(Ann) or muddy(Cat)", "muddy(Ben) or muddy(Cat)", "not muddy(Cat)"])


def test_which_announcement_hand_worked():
    pb = M.parse_scene(PLAN)
    from pyfront.problem.dsl_print import formula_text

    assert [formula_text(pb, f) for f in M.one_step_plans(pb, ("Ann", "Ben"))] == [
        "muddy(Ben) or muddy(Cat)"]


def _plan_row(answer: str) -> dict:
    keys = ["muddy(Ann) or muddy(Cat)", "muddy(Ben) or muddy(Cat)", "not muddy(Cat)"]
    texts = ["Ann's or Cat's", "Ben's or Cat's", "Cat clean"]
    return {"problem": PLAN, "query": json.dumps({"kind": "which_announcement",
                                                 "muddy": ["Ann", "Ben"]}),
            "choices": texts, "choice_keys": keys, "answer": answer,
            "question_type": "which_announcement"}


def test_check_row_agrees_and_disagrees():
    assert check_row("x.jsonl", 0, 1, _plan_row("Ben's or Cat's"))["agrees"] is True
    record = check_row("x.jsonl", 0, 1, _plan_row("Cat clean"))
    assert record["agrees"] is False and record["answer"] == "Ben's or Cat's"


def test_step_row_key():
    # round 2 of the first test, its first round's outcome announced
    problem = ("problem p\n  agents Ann, Ben, Cat\n  setup forehead\n  announce someone\n"
               "  announce Ann does not know that muddy(Ann) and Ben does not know that "
               "muddy(Ben) and Cat does not know that muddy(Cat)\n")
    q = {"kind": "step_forward", "rule": "step", "muddy": ["Ann", "Ben"]}
    with pytest.raises(ValueError, match="2 children act"):
        derive_key({"problem": problem}, q, "x")
    q1 = {"kind": "step_forward", "rule": "step", "muddy": ["Cat"]}
    first = "problem p\n  agents Ann, Ben, Cat\n  setup forehead\n  announce someone\n"
    assert derive_key({"problem": first}, q1, "x") == "Cat"
    assert derive_key({"problem": first}, q, "x") == "nobody"


def test_look_row_sally_anne():
    # Sally puts the marble in the basket and leaves; Anne moves it to the box: Sally will
    # look in the basket
    problem = ("story look\n  agents Sally, Anne\n  rooms room, hall\n"
               "  location(marble) in the room: basket, box\n"
               "  actually the marble is in the basket\n  Sally enters the room\n"
               "  Anne enters the room\n  Sally looks at the marble\n  Anne looks at the marble\n"
               "  Sally leaves\n  Anne moves the marble to the box\n"
               "  question \"look\": where will Sally look for the marble?\n")
    row = {"problem": problem, "query": json.dumps({"kind": "look", "chain": ["Sally"]}),
           "choices": ["box", "basket"], "choice_keys": ["box", "basket"],
           "question_type": "look"}
    assert check_row("x.jsonl", 0, 1, {**row, "answer": "basket"})["agrees"] is True
    assert check_row("x.jsonl", 0, 1, {**row, "answer": "box"})["agrees"] is False


# --- the generated dataset ---------------------------------------------------------------------

def test_both_framings_of_every_item(small):
    rows = _rows(small)
    assert len(rows) == 32
    by_item: dict[str, list[dict]] = {}
    for r in rows:
        by_item.setdefault(r["item"], []).append(r)
    assert len(by_item) == 16
    for pair in by_item.values():
        assert sorted(r["framing"] for r in pair) == ["context", "state"]
        a, b = pair
        assert (a["question"], a["answer"], a["choices"]) == (b["question"], b["answer"], b["choices"])
        assert a["story"] != b["story"]
        assert a["answer"] in a["choices"] and a["answer"] in a["easy_choices"]
        assert len(a["choices"]) == len(a["easy_choices"])
    assert Counter(r["question_type"] for r in rows) == {
        "look": 8, "step_forward": 8, "say_i_know": 8, "which_announcement": 8}
    # no item in two splits
    where = {}
    for s in SPLITS:
        for x in (small / f"{s}.jsonl").read_text().splitlines():
            r = json.loads(x)
            assert where.setdefault(r["item"], s) == s


def test_state_rows_tell_no_story(small):
    for r in _rows(small):
        if r["framing"] == "state":
            assert "entered" not in r["story"] and "father tells" not in r["story"]
            assert "playing in the garden" not in r["story"]


def test_same_seed_same_bytes(small, tmp_path):
    out = tmp_path / "again"
    assert main(["generate", "--family", "functional", "--size", "16", "--seed", "3",
                 "-o", str(out), "--quiet"]) == 0
    for name in (*(f"{s}.jsonl" for s in SPLITS), "README.md"):
        assert (out / name).read_bytes() == (small / name).read_bytes()


def test_check_recertifies_every_row(small, tmp_path):
    files = [str(small / f"{s}.jsonl") for s in SPLITS]
    out = tmp_path / "re.jsonl"
    assert main(["check", *files, "-q", "-o", str(out)]) == 0
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(records) == 32 and all(r["agrees"] for r in records)


def test_check_catches_a_wrong_answer(small, tmp_path):
    rows = _rows(small)
    for r in rows:  # every answer moved to another option
        r["answer"] = next(c for c in r["choices"] if c != r["answer"])
    broken = tmp_path / "broken.jsonl"
    broken.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "re.jsonl"
    assert main(["check", str(broken), "-q", "-o", str(out)]) == 1
    assert not any(json.loads(x)["agrees"] for x in out.read_text().splitlines())


def test_audit_accepts_the_family(small, tmp_path):
    assert main(["audit", str(small), "-o", str(tmp_path / "a"), "--no-shortcut"]) == 0
    result = json.loads((tmp_path / "a" / "audit.json").read_text())
    names = {s["setting"] for src in result["sources"] for s in src["settings"]}
    assert names == {"mcq/retrospective/hard/none", "mcq/retrospective/hard/nota",
                     "mcq/retrospective/easy/none", "mcq/retrospective/easy/nota"}


def test_options_of_other_families_are_refused(tmp_path, capsys):
    assert main(["generate", "--family", "functional", "--size", "2", "-o",
                 str(tmp_path / "x"), "--order", "2"]) == 1
    assert "--order is not an option of --family functional" in capsys.readouterr().err
