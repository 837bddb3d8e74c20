"""Every disagreement with Hi-ToM on the shared questions has a class whose cause the
independent re-simulation of the benchmark's oracle (``tests/hitom_resim.py``) confirms,
and an explanation citing the sentences that decide both answers; twins are reported."""

from __future__ import annotations

import json

import pytest

from conftest import shared_file
from hitom_resim import (history, label, label_without_entering, numbered_lines,
                         question_chain, trusts)

CLASSES = {"pre_fix_combinations", "entering_not_recorded", "unreproducible_label",
           "speaker_assumes_believed", "claim_not_propagated", "claim_revision",
           "seen_not_revised"}
#: the rows where, before the absence semantics, a listener who trusts the speaker by the
#: exit order saw through the claim (and 163: the speaker's belief about such a listener)
TRUSTED_CLAIM_ROWS = (155, 163, 183, 230, 231, 233, 280, 286)


@pytest.fixture(scope="module")
def checked():
    from pyfront.hitom.certify import check_file

    path = shared_file("hitom", "hitom_shared.jsonl")
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    return rows, list(check_file(str(path)))


def _speech(text: str) -> bool:
    return " publicly claimed that " in text or " privately told " in text


def _confirm(row: dict, rec: dict) -> None:
    """The class's cause, re-simulated."""
    lines = numbered_lines(row["story"])
    text = dict(lines)
    chain, obj = question_chain(row["question"])
    expected, answer, cls = rec["expected"], rec["answer"], rec["class"]
    pre, post = label(lines, chain, obj, "pre_fix"), label(lines, chain, obj, "post_fix")
    h, m = rec["hitom_sentence"], rec["model_sentence"]
    if cls == "pre_fix_combinations":
        assert pre == (expected, h) and post[0] != expected
        return
    if cls == "entering_not_recorded":
        assert expected not in (pre[0], post[0])
        assert label_without_entering(lines, chain, obj, "post_fix") == (expected, h)
        return
    if cls == "unreproducible_label":
        assert h is None and expected not in (pre[0], post[0])
        assert all(label_without_entering(lines, chain, obj, v)[0] != expected
                   for v in ("pre_fix", "post_fix"))
        return
    # the rest: the published generator gives the label; say which write
    assert post == (expected, h)
    if cls == "speaker_assumes_believed":
        speaker, listener = chain
        assert _speech(text[h]) and text[h].startswith(speaker + " ")
        assert not trusts(lines, h, listener, speaker)
        return
    # the model's answer is decided after the label's write, by a sentence that writes
    # nothing for this chain in the oracle
    assert m is not None and m > h
    assert not [w for w in history(lines, chain, obj, "post_fix") if w.line >= m]
    if cls in ("claim_not_propagated", "claim_revision"):
        assert _speech(text[m]) and obj in text[m].split()
        inner_believed = " publicly claimed " in text[m] and any(
            w.line == m for w in history(lines, chain[-1:], obj, "post_fix"))
        assert inner_believed == (cls == "claim_not_propagated")
        if inner_believed:
            assert text[m].rstrip(".").split()[-1] == answer
        return
    assert cls == "seen_not_revised"
    assert not _speech(text[m]) and (" entered the " in text[m] or " moved the " in text[m]
                                     or text[m].startswith("The "))


def test_all_answered_the_trusted_claims_agree_every_disagreement_confirmed(checked):
    rows, records = checked
    assert len(records) == 300 and all("error" not in r for r in records)
    for n in TRUSTED_CLAIM_ROWS:
        assert records[n]["agrees"], records[n]
    for row, rec in zip(rows, records):
        if rec["agrees"]:
            assert rec["class"] is None
            continue
        assert rec["class"] in CLASSES, rec
        _confirm(row, rec)
        exp = rec["explanation"]
        assert exp.startswith(f"Hi-ToM says the {rec['expected']}") and "\n" not in exp
        for n in (rec["hitom_sentence"], rec["model_sentence"]):
            if n is not None:
                assert f"sentence {n} " in exp, (rec["row"], n)


def test_twins_carry_each_others_row_and_label(checked):
    rows, records = checked
    pairs = differ = 0
    for rec in records:
        t = rec.get("twin_row")
        if t is None:
            continue
        a, b = rows[rec["row"]], rows[t]
        assert a["prompting_type"] != b["prompting_type"] and a["question"] == b["question"]
        assert numbered_lines(a["story"]) == numbered_lines(b["story"])
        assert rec["twin_expected"] == b["answer"] and records[t]["twin_row"] == rec["row"]
        if rec["row"] < t:
            pairs += 1
            differ += a["answer"] != b["answer"]
    assert (pairs, differ) == (43, 14)


def test_the_report_has_the_twin_line():
    from pyfront.hitom.report import HitomSummary

    s = HitomSummary()
    base = {"source": "f", "question": "q", "question_order": 2, "deception": False,
            "error": None}
    for row, kind, label_, answer, twin in ((0, "VP", "a", "b", 1), (1, "CoTP", "b", "b", 0),
                                            (2, "VP", "c", "c", 3), (3, "CoTP", "c", "c", 2),
                                            (4, "VP", "d", "x", 5), (5, "CoTP", "e", "x", 4)):
        s.add({**base, "row": row, "prompting_type": kind, "expected": label_, "answer": answer,
               "agrees": answer == label_, "class": None if answer == label_ else "claim_revision",
               "twin_row": twin, "twin_expected": None})
    assert s.twin_line() == ("twins (same story and question, VP and CoTP): 3 pairs, 2 whose "
                             "labels differ; the model's answer is the label of CoTP 1, neither 1")


def test_a_story_ending_with_stars_is_read(tmp_path):
    from pyfront.hitom.certify import check_file

    f = tmp_path / "h.jsonl"
    row = {"story": "1 Ann and Bob entered the hall.\n2 The peas is in the red_box.\n***\n",
           "question": "Where is the peas really?", "answer": "red_box", "question_order": 0,
           "deception": False, "story_length": 1, "prompting_type": "VP"}
    f.write_text(json.dumps(row) + "\n" + json.dumps({**row, "prompting_type": "CoTP"}) + "\n")
    records = list(check_file(str(f)))
    assert [r.get("error") for r in records] == [None, None]
    assert [r["agrees"] for r in records] == [True, True]
    assert [(r["twin_row"], r["twin_expected"]) for r in records] == [(1, "red_box"), (0, "red_box")]
