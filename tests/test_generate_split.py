"""Premise-disjoint split assignment."""

from __future__ import annotations

import random

import pytest

from pyfront.errors import UserError
from pyfront.generate.split import assign, parse_ratios


def test_ratios_are_parsed_and_normalised():
    assert parse_ratios("60/20/20") == pytest.approx((0.6, 0.2, 0.2))
    assert parse_ratios("3/1/1") == pytest.approx((0.6, 0.2, 0.2))
    assert parse_ratios("100/0/0") == pytest.approx((1.0, 0.0, 0.0))


@pytest.mark.parametrize("text", ["60/40", "a/b/c", "-1/1/1", "0/0/0", "1/2/3/4"])
def test_bad_ratios_are_user_errors(text):
    with pytest.raises(UserError):
        parse_ratios(text)


def test_groups_follow_the_ratios():
    rng = random.Random(0)
    sizes = [2 * rng.randint(1, 3) for _ in range(300)]
    where = assign(list(range(300)), sizes, (0.6, 0.2, 0.2))
    rows = [sum(s for s, k in zip(sizes, where) if k == split) for split in range(3)]
    total = sum(sizes)
    for got, ratio in zip(rows, (0.6, 0.2, 0.2)):
        assert abs(got - ratio * total) <= 6  # within one group of the target
    assert assign(list(range(300)), sizes, (0.6, 0.2, 0.2)) == where  # deterministic


def test_empty_splits_get_nothing():
    where = assign(list(range(10)), [2] * 10, (1.0, 0.0, 0.0))
    assert set(where) == {0}
    where = assign(list(range(10)), [2] * 10, (0.5, 0.0, 0.5))
    assert set(where) == {0, 2}
