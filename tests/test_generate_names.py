"""The shipped first-name list and per-problem name draws."""

from __future__ import annotations

import random
from importlib import resources

import pytest

from pyfront.generate.names import draw_names, first_names, max_agents, sex_of


def test_list_is_balanced_distinct_and_documented():
    names = first_names()
    female = [n for n in names if n.sex == "F"]
    male = [n for n in names if n.sex == "M"]
    assert len(female) == len(male) == 300
    assert len({n.name for n in names}) == len(names)
    assert all(n.name.isalpha() and n.name[0].isupper() for n in names)
    header = resources.files("pyfront.generate").joinpath("data/names.csv").read_text("utf-8")
    assert "Census" in header.split("name,sex")[0]  # the source is stated


@pytest.mark.parametrize("n", range(1, 9))
def test_draws_are_distinct_and_gender_balanced(n):
    rng = random.Random(n)
    for _ in range(50):
        names = draw_names(rng, n)
        assert len(set(names)) == n
        sexes = [sex_of(x) for x in names]
        assert abs(sexes.count("F") - sexes.count("M")) <= 1


def test_odd_counts_favour_neither_sex():
    rng = random.Random(0)
    extra = [sex_of(x) for _ in range(400) for x in draw_names(rng, 3)]
    share = extra.count("F") / len(extra)
    assert 0.45 < share < 0.55


def test_same_seed_same_names():
    assert draw_names(random.Random(7), 4) == draw_names(random.Random(7), 4)
    assert draw_names(random.Random(7), 4) != draw_names(random.Random(8), 4)


def test_too_many_agents_is_an_error():
    with pytest.raises(ValueError):
        draw_names(random.Random(0), max_agents() + 1)
    with pytest.raises(ValueError):
        draw_names(random.Random(0), 0)
