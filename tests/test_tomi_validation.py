"""ToMi's validation split (read in place from the shared data): every question answered,
memory and reality questions agree with ToMi, first-order questions agree, every
disagreement is explained and classified."""

from __future__ import annotations

from collections import Counter
from itertools import islice

import pytest

from conftest import shared_file
from pyfront.tomi.certify import check_file


def _first(path, n):
    return list(islice(check_file(str(path)), n))


def test_first_stories_of_the_validation_split():
    records = _first(shared_file("tomi", "fb_all_val.txt"), 120)
    assert all("error" not in r for r in records)
    for r in records:
        if r["question_type"] in ("memory", "reality") or r["question_type"].startswith("first"):
            assert r["agrees"], r
        if not r["agrees"]:
            assert r["explanation"] and r["disagreement"] != "other"


@pytest.mark.slow
def test_the_whole_validation_split():
    records = list(check_file(str(shared_file("tomi", "fb_all_val.txt"))))
    assert len(records) == 5994
    assert all("error" not in r for r in records)
    by_kind = Counter()
    for r in records:
        kind = r["question_type"].split("_order")[0]
        by_kind[kind, r["agrees"]] += 1
        if not r["agrees"]:
            assert r["explanation"].startswith(f"ToMi says the {r['expected']}")
            assert "makes the difference" in r["explanation"]
            assert r["disagreement"] in ("believer_missed_the_move",
                                         "believer_saw_the_other_miss_the_move")
    assert by_kind["memory", False] == by_kind["reality", False] == 0
    assert by_kind["memory", True] == by_kind["reality", True] == 999
    first_total = by_kind["first", True] + by_kind["first", False]
    assert first_total == 1998 and by_kind["first", True] >= 0.99 * first_total
