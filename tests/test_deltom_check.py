"""DEL-ToM folders (``tests/data/deltom``: a story written for these tests in DEL-ToM's
layout, its trace built by the re-simulation of DEL-ToM's recorder in
``tests/deltom_resim.py``): the reader, the records of questions and trace entries with
hand-worked values and classes, broken files, and the command line (check, import,
certify)."""

from __future__ import annotations

import json
import shutil

from conftest import TEST_DATA
from pyfront.cli import main
from smcdel_bridge.values import replace
from pyfront.deltom.certify import check_dir, check_story
from pyfront.deltom.reader import iter_stories

HAND = TEST_DATA / "deltom"
FOLDER = HAND / "Tell" / "MC" / "length_2" / "sample_1"


def _records(root=HAND):
    records = list(check_dir(str(root)))
    questions = [r for r in records if "chain" not in r]
    entries = {(r["t"], r["chain"]): r for r in records if "chain" in r and not r.get("error")}
    return questions, entries, records


def test_reader_takes_facts_from_the_layout():
    (story,) = list(iter_stories(str(HAND)))
    assert story.source == str(FOLDER)
    assert (story.tell, story.prompting_type, story.length) == ("Tell", "MC", 2)
    assert [q.question_order for q in story.questions] == [0, 1, 2, 3, 4]
    q3 = story.questions[3]
    assert q3.question == "Where does Di think Ann thinks Bob thinks the peas is?"
    assert (q3.expected, q3.line, q3.deception, len(q3.story)) == ("blue_box", 24, True, 21)
    assert len(story.trace) == 21 and story.trace[0]["real"] is None


def test_questions_answered_with_hitom_fields_and_the_folder():
    questions, _, _ = _records()
    assert [q["question_order"] for q in questions] == [0, 1, 2, 3, 4]
    assert all(q["story"] == str(FOLDER) and not q.get("error") for q in questions)
    # by hand: the peas ends in the green_box (Cy's move, 7); Cy was not in the second
    # round, so he trusts Bob's claim (20) and believes the red_box, as DEL-ToM says
    assert (questions[0]["answer"], questions[0]["agrees"]) == ("green_box", True)
    assert (questions[1]["answer"], questions[1]["agrees"]) == ("red_box", True)
    # Ann knows Cy trusts Bob and heard the claim: the oracle keeps Ann->Cy from line 3
    assert questions[2]["expected"] == "blue_box" and questions[2]["answer"] == "red_box"
    assert questions[2]["class"] == "claim_not_propagated"


def test_every_entry_of_every_line_compared_with_hand_worked_classes():
    _, entries, _ = _records()
    # 21 lines x (real + 4 + 12 + 24 + 24 chains of distinct agents)
    assert len(entries) == 21 * 65
    e = entries[(1, "real")]  # nulled by their recorder before the placement (line 2)
    assert (e["expected"], e["answer"], e["class"]) == (None, "red_box", "null_before_placement")
    assert entries[(2, "real")]["agrees"] and entries[(2, "Ann")]["answer"] == "red_box"
    # line 12: Ann left at 4 believing the blue_box, both agree
    assert entries[(12, "Ann")]["agrees"] and entries[(12, "Ann")]["expected"] == "blue_box"
    # line 13: Ann and Bob come back and see the green_box; the recorder copies line 7
    for chain in ("Ann", "Bob", "Bob->Ann", "Ann->Bob"):
        e = entries[(13, chain)]
        assert (e["expected"], e["answer"], e["class"]) == ("blue_box", "green_box",
                                                           "recorder_skipped"), chain
        assert "copies the snapshot of line 7" in e["explanation"] and "sentence 13" in e["explanation"]
        assert e["stale"]
    # their oracle itself keeps Ann's picture of Cy (the entering writes entrants only)
    e = entries[(13, "Ann->Cy")]
    assert (e["expected"], e["answer"], e["class"], e["stale"]) == (
        "blue_box", "green_box", "seen_not_revised", False)
    # the claim (20) takes a fresh snapshot: Ann trusts Bob (she left first)
    assert entries[(20, "Ann")]["agrees"] and entries[(20, "Ann")]["expected"] == "red_box"
    third = [e for (t, _), e in entries.items() if e["class"] == "tell_orders_3_4"]
    assert third and all(e["order"] >= 3 and e["t"] >= 20 for e in third)


def test_check_command_tables_and_exit_code(tmp_path, capsys):
    out = tmp_path / "out.jsonl"
    code = main(["check", str(HAND), "--format", "deltom", "-o", str(out)])
    assert code == 1  # labels that differ, as for Hi-ToM
    text = capsys.readouterr().out
    assert "21 lines compared, 7 stale" in text and "1365 entries" in text
    assert "recorder_skipped" in text and "2/5 (40.0 %)" in text
    lines = [json.loads(ln) for ln in out.read_text().splitlines()]
    assert len(lines) == 5 + 21 * 65
    assert lines[0]["source"] == str(FOLDER / "order_0.txt")
    assert lines[5]["source"] == str(FOLDER / "trace.jsonl") and lines[5]["chain"] == "real"


def test_broken_files_are_one_line_each_and_the_rest_goes_on(tmp_path, capsys):
    root = tmp_path / "d"
    shutil.copytree(HAND, root)
    folder = root / "Tell" / "MC" / "length_2" / "sample_1"
    trace = (folder / "trace.jsonl").read_text().splitlines()
    trace[2] = trace[2][:30]
    (folder / "trace.jsonl").write_text("\n".join(trace) + "\n")
    order2 = (folder / "order_2.txt").read_text().replace("Answer: blue_box\n", "")
    (folder / "order_2.txt").write_text(order2)
    questions, entries, records = _records(root)
    assert not entries
    (bad,) = [r for r in records if "chain" in r]
    assert bad["error"].startswith(f"{folder / 'trace.jsonl'}:3:") and "not a JSON object" in bad["error"]
    assert questions[2]["error"].startswith(f"{folder / 'order_2.txt'}:")
    assert "no Answer:" in questions[2]["error"]
    assert [bool(q.get("error")) for q in questions] == [False, False, True, False, False]
    code = main(["check", str(root), "--format", "deltom", "-o", str(tmp_path / "o.jsonl"), "-q"])
    assert code == 1
    err = capsys.readouterr().err
    assert f"{folder / 'trace.jsonl'}:3:" in err


def test_a_folder_with_no_story_is_one_line(tmp_path, capsys):
    (tmp_path / "empty").mkdir()
    assert main(["check", str(tmp_path / "empty"), "--format", "deltom", "-q"]) != 0
    assert "no DEL-ToM story folder" in capsys.readouterr().err


def test_import_writes_a_story_per_question_that_rechecks_the_same(tmp_path):
    outdir = tmp_path / "imported"
    assert main(["import", str(HAND), "--format", "deltom", "-o", str(outdir)]) == 0
    files = sorted(p.name for p in outdir.iterdir())
    assert files == [f"deltom_Tell_MC_length_2_sample_1_order_{k}.del" for k in range(5)]
    rechecked = tmp_path / "re.jsonl"
    main(["check", str(outdir), "-o", str(rechecked), "-q"])
    again = [json.loads(ln) for ln in rechecked.read_text().splitlines()]
    questions, _, _ = _records()
    assert [r["agrees"] for r in again] == [q["agrees"] for q in questions]


def test_certify_writes_the_questions_with_certified_answers(tmp_path):
    out = tmp_path / "cert"
    assert main(["certify", str(HAND), "--format", "deltom", "-o", str(out)]) == 0
    rows = [json.loads(ln) for ln in (out / "test.jsonl").read_text().splitlines()]
    assert [r["question_order"] for r in rows] == [0, 1, 2, 3, 4]
    assert rows[0]["certified_answer"] == ["green_box"] and rows[0]["agrees"] is True
    assert rows[2]["class"] == "claim_not_propagated" and rows[2]["answer"] == "blue_box"
    assert "DEL-ToM" in (out / "README.md").read_text()


def test_story_with_an_agent_never_in_the_story():
    (story,) = list(iter_stories(str(HAND)))
    lines = [dict(ln) for ln in story.trace]
    for ln in lines[1:]:
        ln["first"] = {**ln["first"], "Eve": None}
    records = check_story(replace(story, trace=tuple(lines)))
    eve = [r for r in records if r.get("chain") == "Eve"]
    assert len(eve) == 21 and all(r["agrees"] and r["answer"] is None for r in eve)


def test_resume_after_a_story_cut_short_writes_each_record_once(tmp_path):
    root = tmp_path / "two"
    for name in ("sample_1", "sample_2"):
        shutil.copytree(FOLDER, root / "Tell" / "MC" / "length_2" / name)
    out = tmp_path / "out.jsonl"
    main(["check", str(root), "--format", "deltom", "-o", str(out), "-q"])
    full = out.read_text().splitlines()
    assert len(full) == 2 * (5 + 21 * 65)
    out.write_text("\n".join(full[:1500]) + "\n")  # the second story: questions and a few entries
    main(["check", str(root), "--format", "deltom", "-o", str(out), "--resume", "-q"])
    again = out.read_text().splitlines()
    key = lambda ln: (json.loads(ln)["source"], json.loads(ln)["row"])  # noqa: E731
    assert sorted(map(key, again)) == sorted(map(key, full))
