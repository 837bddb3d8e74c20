"""Importing published MindGames rows, and re-rendering them word for word."""

from __future__ import annotations

import importlib
import csv
import json

import pytest

from pyfront.cli import main
from pyfront.errors import UserError
from pyfront.data.loading import read_rows
from pyfront.data.mindgames_import import parse_names, problem_from_row
from pyfront.verbalize import hypothesis as hypothesis_text
from pyfront.verbalize import premise as premise_text
from pyfront.problem.to_smcdel import render as smcdel_text

FIELDS = ("premise", "hypothesis", "smcdel_problem", "pbcheck")

TREVOR = {
    "setup": "explicit",
    "names": "['Trevor' 'Thomas' 'Michael' 'Keith']",
    "premise": (
        "There are four persons. Everyone is visible to others. Each person draws a card, face "
        "unrevealed (red or black). Trevor's card is shown to Trevor. Trevor's card is shown to "
        "Michael. Thomas's card is shown to Keith. Keith's card is shown to Keith. It is publicly "
        "announced that someone picked a red card. It is publicly announced that Thomas picked a "
        "black card. It is publicly announced that Trevor picked a red card."
    ),
    "hypothesis": "Michael can now know that Trevor can know that Trevor picked a red card.",
    "smcdel_problem": (
        "VARS 1,2,3,4 LAW Top OBS Agenta:1 Agentb:1 Agentc:2,4 VALID? [ ! (1|2|3|4) ] [ ! ~(2) ] "
        "[ ! 1 ] Agentc knows that (Agenta knows that 1)"
    ),
    "pbcheck": (
        "VARS 0,1,2,3,4 LAW Top OBS Agenta:1 Agentb:1 Agentc:2,4 VALID? [ ! (1|2|3|4) ] [ ! ~(2) ] [ ! 1 ] 0"
    ),
    "label": "entailment",
}


#: sample rows of the OBS numbering quirk (see :mod:`pyfront.mindgames_import`): their
#: "Y's card is shown to X." sentences are read from the very premise the re-rendering is
#: compared with, so for them word for word proves less than for the others
QUIRK_ROWS = [10, 27, 32, 40, 79]


def test_verbalize_reproduces_every_sample_row(sample_csv, tmp_path, capsys):
    out = tmp_path / "v.jsonl"
    assert main(["verbalize", str(sample_csv), "-o", str(out), "--compare"]) == 0
    assert "80/80 rows identical" in capsys.readouterr().err
    got = [json.loads(line) for line in out.read_text().splitlines()]
    rows = [r for _, r in read_rows(sample_csv)]
    assert len(got) == len(rows) == 80
    quirky = [i for i, row in enumerate(rows) if problem_from_row(row).stated_observations]
    assert quirky == QUIRK_ROWS
    rendered_from_semantics = 0
    for i, (rec, row) in enumerate(zip(got, rows)):
        assert rec["row"] == i
        for k in FIELDS:
            assert rec[k] == row[k], (i, k)
        rendered_from_semantics += i not in QUIRK_ROWS
    # 75 premises come from the SMCDEL form alone; 5 reuse sentences of their own premise
    assert rendered_from_semantics == 75


def test_quirk_rows_render_their_semantics_without_the_premise(sample_csv):
    # the 5 rows counted apart: without their premise, the observations are worded from
    # the SMCDEL form (what the label answers), which differs from the published wording
    rows = [r for _, r in read_rows(sample_csv)]
    for i in QUIRK_ROWS:
        row = {k: v for k, v in rows[i].items() if k != "premise"}
        pb = problem_from_row(row)
        assert pb.stated_observations is None
        assert premise_text(pb) != rows[i]["premise"], i
        assert smcdel_text(pb, 0) == rows[i]["smcdel_problem"], i


def test_names_in_every_published_spelling():
    assert parse_names("['Alice' 'Christine']") == ["Alice", "Christine"]
    assert parse_names("['Jackqueline' 'Lawrence'\n 'Peggy' 'Rose']") == ["Jackqueline", "Lawrence", "Peggy", "Rose"]
    assert parse_names("['Ann' \"D'Arcy\"]") == ["Ann", "D'Arcy"]
    assert parse_names('["Alice", "Bob"]') == ["Alice", "Bob"]
    assert parse_names("['Alice', 'Bob']") == ["Alice", "Bob"]
    assert parse_names(["Alice", "Bob"]) == ["Alice", "Bob"]
    with pytest.raises(ValueError):
        parse_names("Alice Bob")


def test_obs_numbering_quirk_keeps_semantics_and_wording():
    pb = problem_from_row(TREVOR)
    # what the SMCDEL form (and so the label) says: Michael sees Thomas's and Keith's cards
    assert pb.observations == [[1], [1], [2, 4], []]
    # what the premise says, kept only to reword it
    assert pb.stated_observations == [[1], [], [1], [2, 4]]
    assert premise_text(pb) == TREVOR["premise"]
    assert hypothesis_text(pb, 0) == TREVOR["hypothesis"]
    assert smcdel_text(pb, 0) == TREVOR["smcdel_problem"]
    assert smcdel_text(pb, 0, pbcheck=True) == TREVOR["pbcheck"]
    assert pb.hypotheses[0].expected is True


def test_without_a_premise_the_semantics_are_worded():
    row = {k: v for k, v in TREVOR.items() if k != "premise"}
    pb = problem_from_row(row)
    assert pb.stated_observations is None
    assert "Thomas's card is shown to Michael. Keith's card is shown to Michael." in premise_text(pb)
    assert smcdel_text(pb, 0) == TREVOR["smcdel_problem"]


def test_premise_that_contradicts_obs_is_refused():
    row = dict(TREVOR, premise=TREVOR["premise"].replace("Keith's card is shown to Keith. ", ""))
    with pytest.raises(UserError, match="do not match the OBS"):
        problem_from_row(row)


@pytest.mark.parametrize(
    "change,message",
    [
        ({"setup": "sideways"}, "unknown setup"),
        ({"names": "['A' 'B']"}, "do not match 2 agents"),
        ({"smcdel_problem": ""}, "row has no 'smcdel_problem'"),
        ({"smcdel_problem": "VARS 1,2,3,4 LAW Top OBS Agenta:1 VALID? 1 TRUE? {1} 1"}, "exactly one VALID?"),
    ],
)
def test_bad_rows(change, message):
    with pytest.raises(UserError, match=message):
        problem_from_row(dict(TREVOR, **change))


def test_imported_labels_hold_on_the_native_engine(sample_csv):
    importlib.import_module("smcdel_bridge.native")
    from smcdel_bridge.backend import get_backend
    from smcdel_bridge.syntax import parse_input

    native = get_backend("native")
    for i, row in read_rows(sample_csv):
        pb = problem_from_row(row)
        valid = native.run(parse_input(smcdel_text(pb, 0)))[0].value
        assert valid == (row["label"] == "entailment"), i
        assert native.run(parse_input(smcdel_text(pb, 0, pbcheck=True)))[0].value is False


def test_import_writes_dsl_files_that_render_the_same(sample_csv, tmp_path, capsys):
    from pyfront.data.loading import load_problems

    outdir = tmp_path / "dsl"
    assert main(["import", str(sample_csv), "-o", str(outdir)]) == 0
    files = sorted(outdir.glob("*.del"))
    assert len(files) == 80
    rows = [r for _, r in read_rows(sample_csv)]
    for path, row in zip(files, rows):
        (pb,) = load_problems(path)
        assert smcdel_text(pb, 0) == row["smcdel_problem"]
        assert premise_text(pb) == row["premise"]
        assert pb.hypotheses[0].expected_label == row["label"]


def test_verbalize_goes_on_after_a_bad_row(tmp_path, capsys):
    data = tmp_path / "d.jsonl"
    good = {k: TREVOR[k] for k in ("setup", "smcdel_problem")}
    good["names"] = ["Trevor", "Thomas", "Michael", "Keith"]  # JSON list
    lines = [good, dict(good, setup="nope"), good]
    data.write_text("".join(json.dumps(x) + "\n" for x in lines))
    out = tmp_path / "o.jsonl"
    assert main(["verbalize", str(data), "-o", str(out)]) == 1
    recs = [json.loads(x) for x in out.read_text().splitlines()]
    assert [r["row"] for r in recs] == [0, 1, 2]
    assert "error" in recs[1] and recs[2]["smcdel_problem"] == TREVOR["smcdel_problem"]
    assert "row 1 (line 2): unknown setup 'nope'" in capsys.readouterr().err


def test_csv_and_jsonl_read_alike(tmp_path):
    rows = [{"setup": "internal", "names": "['A' 'B']", "smcdel_problem": "x"}]
    c = tmp_path / "d.csv"
    with open(c, "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    j = tmp_path / "d.jsonl"
    j.write_text(json.dumps(rows[0]) + "\n\n")
    assert list(read_rows(c)) == list(read_rows(j)) == [(0, rows[0])]
    bad = tmp_path / "d.txt"
    bad.write_text("")
    with pytest.raises(UserError, match="unknown dataset format"):
        list(read_rows(bad))
    broken = tmp_path / "b.jsonl"
    broken.write_text('{"a": 1}\n{oops\n')
    with pytest.raises(UserError) as info:
        list(read_rows(broken))
    assert info.value.line == 2


def test_natural_style_tells_the_semantics_of_a_quirky_row():
    pb = problem_from_row(TREVOR)
    text = premise_text(pb, style="natural")
    assert "Michael gets to see the cards of Thomas and Keith." in text
    assert "Keith sees no card." in text


def test_stated_matrix_with_names_inside_names():
    row = {
        "setup": "explicit",
        "names": "['Ann' 'Joann' 'Leann']",
        "premise": (
            "There are three persons. Everyone is visible to others. Each person draws a card, face "
            "unrevealed (red or black). Ann's card is shown to Joann. Joann's card is shown to Leann. "
            "Leann's card is shown to Leann. It is publicly announced that someone picked a red card."
        ),
        "smcdel_problem": "VARS 1,2,3 LAW Top OBS Agenta:1 Agentb:2,3 VALID? [ ! (1|2|3) ] (Agentb knows that 3)",
    }
    pb = problem_from_row(row)
    assert pb.observations == [[1], [2, 3], []]
    assert pb.stated_observations == [[], [1], [2, 3]]
    assert premise_text(pb) == row["premise"]
    assert hypothesis_text(pb, 0) == "Joann can now know that Leann picked a red card."
    assert smcdel_text(pb, 0) == row["smcdel_problem"]
