"""Hi-ToM (read in place from the shared data): the reader, the translation, every
question answered, order 0 agreeing with Hi-ToM's recorded answers, every disagreement
explained and classed, and the command line (check and import)."""

from __future__ import annotations

import json

import pytest

import hitom_resim
from conftest import shared_file
from pyfront.cli import main
from pyfront.hitom.certify import check_file, check_question
from pyfront.hitom.reader import HitomQuestion, iter_questions
from pyfront.hitom.sentences import parse_question, parse_sentence
from pyfront.tomi.reader import Line

CLASSES = {"pre_fix_combinations", "entering_not_recorded", "unreproducible_label",
           "speaker_assumes_believed", "claim_not_propagated", "claim_revision",
           "seen_not_revised"}


def test_sentence_and_question_shapes():
    s = parse_sentence("Ann, Bob and Cy entered the hall.", 1, 1)
    assert (s.kind, s.agents, s.room) == ("at", ("Ann", "Bob", "Cy"), "hall")
    assert parse_sentence("Ann and Bob entered the waiting_room.", 1, 1).kind == "noise"
    s = parse_sentence("Ann publicly claimed that peas is in the red_box.", 1, 1)
    assert (s.kind, s.agents, s.obj, s.container) == ("assert", ("Ann",), "peas", "red_box")
    s = parse_sentence("Ann privately told Bob that the peas is in the red_box.", 1, 1)
    assert (s.kind, s.agents) == ("assert_private", ("Ann", "Bob"))
    q = parse_question("Where does Ann think Bob thinks Cy thinks the peas is?")
    assert (q.obj, q.agents) == ("peas", ("Ann", "Bob", "Cy"))
    assert parse_question("Where does Ann really think the peas is?").agents == ("Ann",)
    assert parse_question("Where is the peas really?").agents == ()


STORY = ["Ann, Bob and Cy entered the hall.", "The peas is in the red_box.",
         "Ann exited the hall.", "Bob moved the peas to the blue_box.", "Bob exited the hall.",
         "Cy exited the hall.", "Ann, Bob and Cy entered the waiting_room.",
         "Bob privately told Ann that the peas is in the blue_box.",
         "Cy publicly claimed that peas is in the red_box."]


def _ask(question: str, expected: str) -> dict:
    lines = tuple(Line(7, n, t) for n, t in enumerate(STORY, 1))
    return check_question(HitomQuestion("f.jsonl", 0, 7, lines, question, expected))


def test_trust_by_exit_order_hand_derived():
    # Ann left first: she trusts Bob (who left later and saw the move) and Cy (who left
    # last); Cy's public claim comes last and Ann cannot rule it out
    assert _ask("Where is the peas really?", "blue_box")["agrees"]
    # Bob left before Cy, who was then alone in the hall: he trusts Cy, and for all he
    # knows Cy moved the peas back before leaving (the absence window, docs/stories.md),
    # so the claim can be true and Bob believes it.  Hi-ToM's generator, re-simulated
    # independently, gives the same (its public-claim table entry, sentence 9)
    assert hitom_resim.label(list(enumerate(STORY, 1)), ("Bob",), "peas", "post_fix") == ("red_box", 9)
    assert _ask("Where does Bob really think the peas is?", "red_box")["agrees"]
    # Ann trusts both (they left after her) and saw nothing since the red_box: Bob's
    # private word (blue_box), then Cy's public claim (red_box), the last one she believes
    assert _ask("Where does Ann really think the peas is?", "red_box")["answer"] == "red_box"
    # Cy left last: he trusts nobody; his claim is a lie and changes nothing for him
    assert _ask("Where does Cy really think the peas is?", "blue_box")["agrees"]


def test_a_bad_row_is_one_error_and_the_others_are_read(tmp_path):
    f = tmp_path / "h.jsonl"
    good = {"story": "1 Ann and Bob entered the hall.\n2 The peas is in the red_box.",
            "question": "Where is the peas really?", "answer": "red_box", "question_order": 0,
            "deception": False, "story_length": 1}
    f.write_text(json.dumps(good) + "\n{not json\n" + json.dumps(good) + "\n")
    records = list(check_file(str(f)))
    assert [r["agrees"] for r in records] == [True, None, True]
    assert records[1]["error"].startswith(f"{f}:2: not a JSON object")



GOOD_ROW = {"story": "1 Ann and Bob entered the hall.\n2 The peas is in the red_box.",
            "question": "Where is the peas really?", "answer": "red_box"}


@pytest.mark.parametrize("command", ["check", "certify"])
def test_a_line_nested_too_deeply_is_one_bad_row_between_answered_ones(command, tmp_path,
                                                                      capsys):
    f = tmp_path / "h.jsonl"
    f.write_text(json.dumps(GOOD_ROW) + "\n" + "[" * 100000 + "]" * 100000 + "\n"
                 + json.dumps(GOOD_ROW) + "\n")
    out = tmp_path / "out"
    quiet = ["-q"] if command == "check" else []
    code = main([command, "--format", "hitom", str(f), "-o", str(out), *quiet])
    err = capsys.readouterr().err
    assert "internal error" not in err
    lines = (out / "test.jsonl" if command == "certify" else out).read_text().splitlines()
    records = [json.loads(x) for x in lines]
    reason = f"{f}:2: not a JSON object (nested too deeply)"
    if command == "check":
        assert [r["agrees"] for r in records] == [True, None, True]
        assert code == 1 and records[1]["error"] == reason
    else:  # a line that cannot be read is left out of the split, and named
        assert [(r["row"], r["agrees"]) for r in records] == [(0, True), (2, True)]
        assert code == 1 and f"mindgames: {reason}" in err.splitlines()

@pytest.mark.slow
def test_all_shared_questions_answered_order_0_agrees_every_disagreement_classed():
    path = shared_file("hitom", "hitom_shared.jsonl")
    records = list(check_file(str(path)))
    assert len(records) == 300 and all("error" not in r for r in records)
    assert all(r["agrees"] for r in records if r["question_order"] == 0)
    fields = {"source", "row", "question", "question_order", "deception", "story_length",
              "expected", "answer", "agrees", "explanation", "class"}
    for r in records:
        assert fields <= set(r)
        if not r["agrees"]:
            assert r["class"] in CLASSES, r
            assert r["explanation"].startswith(f"Hi-ToM says the {r['expected']}")
            assert "\n" not in r["explanation"]


def test_check_and_import_on_the_command_line(tmp_path):
    path = shared_file("hitom", "hitom_shared.jsonl")
    few = tmp_path / "few.jsonl"
    rows = path.read_text(encoding="utf-8").splitlines()
    few.write_text("\n".join(rows[:3] + rows[150:153]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    code = main(["check", str(few), "--format", "hitom", "-o", str(out), "-q"])
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(records) == 6 and code == (0 if all(r["agrees"] for r in records) else 1)
    outdir = tmp_path / "stories"
    assert main(["import", str(few), "--format", "hitom", "-o", str(outdir)]) == 0
    files = sorted(outdir.glob("*.del"))
    assert len(files) == 6
    # the imported stories re-check to the same answers
    rechecked = tmp_path / "re.jsonl"
    main(["check", str(outdir), "-o", str(rechecked), "-q"])
    again = [json.loads(x) for x in rechecked.read_text().splitlines()]
    assert [r["agrees"] for r in again] == [r["agrees"] for r in records]


def test_reader_keeps_file_lines_and_sentence_numbers():
    path = shared_file("hitom", "hitom_shared.jsonl")
    first = next(iter_questions(str(path)))
    assert first.line == 1 and first.story[0].number == 1 and first.error is None


def test_the_absence_window_without_the_idle_turns():
    """The issue's example is Hi-ToM's rows 155 and 230 with their "made no movements"
    sentences taken out: William left first, Charlotte (whom he trusts by the exit order)
    claims the green_envelope.  Without those turns only the absence window lets William
    think a move was seen by Charlotte before she left.  Hi-ToM's label, re-simulated
    independently on the shortened story (the idle turns write no belief), is the
    green_envelope, and so is the model's answer."""
    from smcdel_bridge.values import replace

    path = shared_file("hitom", "hitom_shared.jsonl")
    for q in iter_questions(str(path)):
        if q.row not in (155, 230):
            continue
        kept = [ln for ln in q.story if "made no movements" not in ln.text]
        lines = tuple(Line(ln.line, n, ln.text) for n, ln in enumerate(kept, 1))
        short = replace(q, story=lines)
        chain, obj = hitom_resim.question_chain(q.question)
        numbered = [(ln.number, ln.text) for ln in lines]
        assert hitom_resim.label(numbered, chain, obj, "post_fix")[0] == q.expected == "green_envelope"
        assert check_question(short)["answer"] == "green_envelope"
