"""ToMi stories certified by the event-model checker: answers, explanations, the
``check --format tomi`` and ``import --format tomi`` commands, bad input."""

from __future__ import annotations

import json

import pytest

from conftest import TEST_DATA
from pyfront.cli import main
from pyfront.story.compile import evaluate
from pyfront.story.dsl import parse_story
from pyfront.tomi.certify import check_file

STORIES = TEST_DATA / "tomi" / "stories.txt"
BAD = TEST_DATA / "tomi" / "bad.txt"


@pytest.fixture(scope="module")
def records():
    return list(check_file(str(STORIES)))


def test_every_question_is_answered(records):
    assert len(records) == 11
    assert all("error" not in r for r in records)
    fields = {"source", "row", "line", "question", "question_type", "story_type", "expected",
              "answer", "agrees", "explanation"}
    assert all(fields <= set(r) for r in records)


def test_sally_anne(records):
    answers = [(r["question"], r["answer"]) for r in records[:6]]
    assert answers == [
        ("Where was the marble at the beginning?", "basket"),
        ("Where will Sally look for the marble?", "basket"),
        ("Where does Anne think that Sally searches for the marble?", "basket"),
        ("Where is the marble really?", "box"),
        ("Where will Anne look for the marble?", "box"),
        ("Where does Sally think that Anne searches for the marble?", "basket"),
    ]


def test_a_returning_agent_revises_what_the_room_contradicts(records):
    # Tom left, Lea moved the key and left, Tom came back: he sees the key in the chest,
    # and Lea, who did not see him come back, still thinks he believes the drawer
    tom, lea_about_tom, tom_about_lea = records[6:9]
    assert tom["answer"] == "chest" and tom["agrees"]
    assert lea_about_tom["answer"] == "drawer" and lea_about_tom["agrees"]
    assert tom_about_lea["answer"] == "chest" and tom_about_lea["agrees"]


def test_a_disagreement_is_explained(records):
    wrong = records[5]  # the label says box: Sally did not see the move
    assert wrong["agrees"] is False and wrong["expected"] == "box"
    text = wrong["explanation"]
    assert "Sentence 6 (line 6) makes the difference: 'Anne moved the marble to the box.'" in text
    assert "Sally did not see it (Sally had left the kitchen at sentence 4)" in text
    assert "Sally believes that Anne believes that the marble is in the basket" in text
    assert "Anne believes that the marble is in the box" in text
    assert wrong["disagreement"] == "believer_missed_the_move"
    assert all(r["explanation"] is None for r in records if r["agrees"])


def test_check_command_writes_lines_and_tables(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    assert main(["check", str(STORIES), "--format", "tomi", "-o", str(out)]) == 1
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["row"] for r in lines] == list(range(11))
    shown = capsys.readouterr().out
    assert "ToMi check by question type" in shown and "ToMi check by story type" in shown
    assert "second_order_1_no_tom" in shown
    # an existing output is not overwritten silently
    assert main(["check", str(STORIES), "--format", "tomi", "-o", str(out)]) == 1
    assert "already exists" in capsys.readouterr().err


def test_bad_input_is_one_line_each_and_the_rest_is_checked(tmp_path, capsys):
    out = tmp_path / "bad.jsonl"
    assert main(["check", str(BAD), "--format", "tomi", "-o", str(out), "-q"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        f"mindgames: {BAD}:6: unknown sentence shape: 'Sally juggled the marble.'",
        f"mindgames: {BAD}:11: question about an unknown object: the story never says where the lemon is",
        f"mindgames: {BAD}:12: malformed line (want 'NUMBER SENTENCE')",
    ]
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 5
    good = [r for r in lines if "error" not in r]
    assert [(r["row"], r["answer"], r["agrees"]) for r in good] == [(0, "basket", True), (3, "box", True)]


def test_missing_file(tmp_path, capsys):
    assert main(["check", str(tmp_path / "nope.txt"), "--format", "tomi"]) == 1
    assert capsys.readouterr().err.strip() == f"mindgames: {tmp_path / 'nope.txt'}: no such file"


def test_import_writes_one_story_per_story_and_check_agrees(tmp_path, capsys):
    out = tmp_path / "dsl"
    assert main(["import", str(STORIES), "--format", "tomi", "-o", str(out)]) == 0
    files = sorted(out.glob("*.del"))
    assert [f.name for f in files] == ["story00000.del", "story00001.del", "story00002.del"]
    text = files[0].read_text()
    assert text.startswith("# stories.txt, lines 1-42: ToMi questions 0-5")
    story = parse_story(text, str(files[0]))
    assert [q.expected for q in story.questions] == [("basket",), ("basket",), ("basket",),
                                                     ("box",), ("box",), ("box",)]
    results = evaluate(story)
    assert [r.agrees for r in results] == [True, True, True, True, True, False]


def test_import_reports_bad_questions_and_writes_the_rest(tmp_path, capsys):
    out = tmp_path / "dsl"
    assert main(["import", str(BAD), "--format", "tomi", "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{BAD}:6: unknown sentence shape" in err
    assert f"{BAD}:11: question about an unknown object" in err
    assert len(list(out.glob("*.del"))) == 2


def test_a_file_that_is_not_utf8_keeps_what_was_checked(tmp_path, capsys):
    f = tmp_path / "latin.txt"
    good = "1 Ann entered the den.\n2 The cup is in the box.\n3 Where is the cup really?\tbox\t2\n"
    f.write_bytes(good.encode() + "1 Andr\xe9 entered the den.\n".encode("latin-1") * 5000)
    out = tmp_path / "out.jsonl"
    assert main(["check", str(f), "--format", "tomi", "-o", str(out), "-q"]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"mindgames: {f}:4: not UTF-8 text"
    record, failure = [json.loads(x) for x in out.read_text().splitlines()]
    assert record["answer"] == "box" and record["agrees"]
    assert failure["error"] == f"{f}:4: not UTF-8 text" and failure["row"] is None


@pytest.mark.parametrize("engine", ["explicit", "symbolic"])
def test_checked_stories_leave_no_reference_cycles(engine):
    """A checked story and its models are freed when the run lets go of them, not left to
    the garbage collector (nor to the interpreter's exit, where decision diagrams that
    outlive their manager make it fail)."""
    import gc

    from pyfront.tomi.certify import Translated

    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        assert len(list(check_file(str(STORIES), engine=engine))) == 11
        gc.collect()
        left = [o for o in gc.garbage if isinstance(o, Translated)]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert left == []
