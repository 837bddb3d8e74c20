"""Reading ToMi files: sentences with their file lines, questions, the trace, bad lines."""

from __future__ import annotations

import pytest

from conftest import TEST_DATA
from pyfront.errors import UserError
from pyfront.tomi.reader import iter_questions
from pyfront.tomi.scene import SceneError, walk
from pyfront.tomi.sentences import ShapeError, parse_question, parse_sentence

STORIES = TEST_DATA / "tomi" / "stories.txt"
BAD = TEST_DATA / "tomi" / "bad.txt"


def test_questions_carry_their_story_lines_and_trace_types():
    qs = list(iter_questions(str(STORIES)))
    assert len(qs) == 11
    first = qs[0]
    assert first.row == 0 and first.line == 7
    assert [ln.line for ln in first.story] == [1, 2, 3, 4, 5, 6]
    assert first.story[3].text == "Sally exited the kitchen."
    assert first.question == "Where was the marble at the beginning?"
    assert first.expected == "basket"
    assert (first.question_type, first.story_type) == ("memory", "false_belief")
    assert first.actions == ("made_by_hand",)
    assert qs[6].story[0].line == 43  # the third story starts after two of six questions
    assert all(q.error is None for q in qs)


def test_without_trace_types_are_left_out(tmp_path):
    copy = tmp_path / "s.txt"
    copy.write_text(STORIES.read_text())
    qs = list(iter_questions(str(copy)))
    assert {q.question_type for q in qs} == {None}


def test_babi_style_story_with_two_questions(tmp_path):
    f = tmp_path / "two.txt"
    f.write_text("1 Ann entered the den.\n2 The cup is in the box.\n3 Where is the cup really?\tbox\t2\n"
                 "4 Ann moved the cup to the bag.\n5 Where is the cup really?\tbag\t4\n")
    a, b = iter_questions(str(f))
    assert [ln.number for ln in a.story] == [1, 2]
    assert [ln.number for ln in b.story] == [1, 2, 4]


def test_bad_lines_are_named_and_the_rest_is_read():
    qs = list(iter_questions(str(BAD)))
    errors = [q.error for q in qs if q.error]
    assert errors == [f"{BAD}:12: malformed line (want 'NUMBER SENTENCE')"]
    orphan = next(q for q in qs if q.error)
    assert orphan.row is None and orphan.line == 12
    assert [q.row for q in qs if q.row is not None] == [0, 1, 2, 3]


def test_numbering_gap_is_an_error(tmp_path):
    f = tmp_path / "gap.txt"
    f.write_text("1 Ann entered the den.\n3 The cup is in the box.\n4 Where is the cup really?\tbox\t2\n")
    (q,) = iter_questions(str(f))
    assert q.error == f"{f}:2: line numbered 3 after 1"


def test_missing_file_is_a_user_error(tmp_path):
    with pytest.raises(UserError, match="no such file"):
        list(iter_questions(str(tmp_path / "nope.txt")))


@pytest.mark.parametrize("text,kind,args", [
    ("Sally entered the kitchen.", "enter", (("Sally",), "kitchen", None, None)),
    ("Sally exited the TV_room.", "exit", (("Sally",), "TV_room", None, None)),
    ("Sally left the kitchen.", "exit", (("Sally",), "kitchen", None, None)),
    ("The green_pepper is in the red_box.", "object", ((), None, "green_pepper", "red_box")),
    ("Anne moved the marble to the box.", "move", (("Anne",), None, "marble", "box")),
    ("Anne is in the kitchen.", "at", (("Anne",), "kitchen", None, None)),
    ("Anne and Bob are in the kitchen.", "at", (("Anne", "Bob"), "kitchen", None, None)),
    ("Aiden loves the tangerine", "noise", (("Aiden",), None, "tangerine", None)),
])
def test_sentence_shapes(text, kind, args):
    s = parse_sentence(text, 3, 2)
    assert s.kind == kind and (s.line, s.number) == (3, 2)
    assert (s.agents, s.room, s.obj, s.container) == args


def test_unknown_shapes():
    with pytest.raises(ShapeError, match="unknown sentence shape"):
        parse_sentence("Sally juggled the marble.", 1, 1)
    with pytest.raises(ShapeError, match="unknown question shape"):
        parse_question("Why is the marble in the box?")


def test_question_shapes():
    q = parse_question("Where does Anne think that Sally searches for the marble?")
    assert (q.kind, q.obj, q.agents, q.order) == ("second_order", "marble", ("Anne", "Sally"), 2)
    assert parse_question("Where will Sally look for the marble?").agents == ("Sally",)
    assert parse_question("Where was the marble at the beginning?").kind == "memory"
    assert parse_question("Where is the marble really?").kind == "reality"


def _steps(*texts):
    return walk([parse_sentence(t, i, i) for i, t in enumerate(texts, 1)])


def test_observers_follow_the_rooms():
    steps = _steps("Sally entered the kitchen.", "Anne entered the kitchen.",
                   "The marble is in the basket.", "Sally exited the kitchen.",
                   "Anne moved the marble to the box.", "Sally entered the kitchen.")
    (place,) = steps[2]
    assert place.kind == "place" and place.observers == ("Sally", "Anne")
    (leave,) = steps[3]
    assert leave.observers == ("Sally", "Anne")
    (move,) = steps[4]
    assert move.observers == ("Anne",)
    enter, look = steps[5]
    assert enter.kind == "enter" and look.kind == "look" and look.observers == ("Sally", "Anne")


def test_an_agent_in_another_room_sees_nothing_there():
    steps = _steps("Sally entered the kitchen.", "The marble is in the basket.",
                   "Anne entered the garden.", "Sally moved the marble to the box.")
    (enter,) = steps[2]  # no look: the garden holds none of the marble's containers
    assert enter.observers == ("Anne",)
    assert steps[3][0].observers == ("Sally",)


def test_impossible_sentences():
    with pytest.raises(SceneError, match="exits the kitchen but is in no room"):
        _steps("Sally exited the kitchen.")
    with pytest.raises(SceneError, match="moves the marble but is in no room"):
        _steps("Sally moved the marble to the box.")
