"""Shapes and distributions, on the published sample and statistics."""

from __future__ import annotations

import csv
from collections import Counter

from conftest import shared_file

from pyfront.generate.stats import (
    comparison_rows, distribution, further_announcement_shapes, hypothesis_shape,
    read_stats_markdown, shape, total_variation,
)

ROW = ("VARS 1,2,3 LAW Top OBS Agenta:2,3 Agentb:1,3 Agentc:1,2 VALID? [ ! (1|2|3) ] "
       "[ ! ~(Agentb knows whether (1&2&3)) ] [ ! ~(2) ] Agentb knows whether (Agentc knows whether (1|2|3))")


def test_shapes_are_read_off_the_published_form():
    assert shape("~(Agentb knows whether (1&2&3))") == "~(A knows whether (Q))"
    assert further_announcement_shapes(ROW) == ["~(A knows whether (Q))", "~(n)"]
    assert hypothesis_shape(ROW) == "A knows whether (A knows whether (Q))"


def test_total_variation():
    a, b = Counter({"x": 1, "y": 1}), Counter({"x": 2, "y": 2})
    assert total_variation(a, b) == 0
    assert total_variation(Counter({"x": 1}), Counter({"y": 5})) == 1
    assert comparison_rows(Counter({"z": 1}), Counter({"x": 1}))[0] == ("x", 0.0, 1.0)


def test_published_statistics_cover_the_sample():
    stats = read_stats_markdown(shared_file("mindgames", "STATS.md"))
    assert sum(stats["setup"].values()) == 3725
    assert sum(stats["hypotheses"].values()) == 3725
    with open(shared_file("mindgames", "sample.csv"), newline="", encoding="utf-8") as fh:
        sample = distribution(list(csv.DictReader(fh)))
    # every shape seen in the 80 sample rows is one the whole split lists
    assert set(sample["further announcements"]) <= set(stats["further announcements"])
    assert set(sample["hypotheses"]) <= set(stats["hypotheses"])
    assert sum(sample["setup"].values()) == 80
