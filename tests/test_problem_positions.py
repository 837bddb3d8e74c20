"""Hypotheses are answered where they are written: after the announcements above them,
as in stories (the published MindGames rows keep their meaning: their hypothesis comes
last).  ``render --to dsl`` keeps the positions; the English says where a hypothesis is
asked when it is not after the last announcement."""

from __future__ import annotations

import json

from pyfront.cli import main
from pyfront.problem.to_smcdel import render as smcdel_text
from pyfront.problem.dsl import parse_problem
from pyfront.problem.dsl_print import to_dsl
from pyfront.verbalize import hypothesis

TEXT = """\
problem two_children
  agents Ann, Ben
  setup forehead
  hypothesis before: muddy(Ann) or muddy(Ben) expect false
  announce someone
  hypothesis middle: muddy(Ann) or muddy(Ben) expect true
  hypothesis ann_unsure: Ann does not know whether muddy(Ann) expect false
  announce Ann does not know whether muddy(Ann) and Ben does not know whether muddy(Ben)
  hypothesis last: muddy(Ann) and muddy(Ben) expect true
"""


def test_each_hypothesis_is_asked_after_the_announcements_above_it(tmp_path, capsys):
    # by hand: before "someone", the state where nobody is muddy is possible; after it,
    # not; where Ben is muddy and Ann not, Ann knows she is clean, so "Ann does not know"
    # is not valid after one announcement; after both rounds only "both muddy" is left
    path = tmp_path / "p.del"
    path.write_text(TEXT)
    assert main(["check", "-q", "--json", str(path)]) == 0
    rows = [json.loads(l) for l in capsys.readouterr().out.splitlines()]
    assert [(r["name"].split("/")[1], r["valid"], r["agrees"]) for r in rows] == [
        ("before", False, True), ("middle", True, True), ("ann_unsure", False, True),
        ("last", True, True)]


def test_the_smcdel_text_holds_only_the_announcements_above():
    pb = parse_problem(TEXT)
    assert smcdel_text(pb, 0).count("[ !") == 0
    assert smcdel_text(pb, 1).count("[ !") == 1
    assert smcdel_text(pb, 3).count("[ !") == 2
    assert [h.after for h in pb.hypotheses] == [0, 1, 1, None]


def test_printing_keeps_the_positions():
    pb = parse_problem(TEXT)
    lines = [l.split()[0] for l in to_dsl(pb).splitlines()[3:]]
    assert lines == ["hypothesis", "announce", "hypothesis", "hypothesis", "announce", "hypothesis"]
    assert to_dsl(parse_problem(to_dsl(pb))) == to_dsl(pb)


def test_the_english_says_where_a_hypothesis_is_asked():
    pb = parse_problem(TEXT)
    assert hypothesis(pb, 0).startswith("Before any announcement, ")
    assert hypothesis(pb, 1).startswith("After the first announcement, ")
    assert not hypothesis(pb, 3).startswith("After")
    pb.announcements.append(pb.announcements[-1])  # "last" is still after all of them
    assert not hypothesis(pb, 3).startswith("After")
    pb.hypotheses[3].after = 2
    assert hypothesis(pb, 3).startswith("After the first two announcements, ")


def test_published_rows_ask_after_every_announcement(sample_csv):
    from pyfront.data.loading import row_problem
    from pyfront.data.loading import read_rows

    for row, fields in list(read_rows(sample_csv))[:20]:
        pb = row_problem(sample_csv, row, fields)
        assert all(h.after is None for h in pb.hypotheses)
        assert smcdel_text(pb, 0) == fields["smcdel_problem"]
