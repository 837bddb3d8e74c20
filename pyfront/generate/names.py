"""First names for generated problems: distinct and gender-balanced within each problem.

The list ships as package data (``data/names.csv``, derived from the U.S. Census Bureau's
1990 frequent first-name files; the file header states the method), so generation never
touches the network and the same seed always gives the same names.
"""

from __future__ import annotations

import csv
import random
from functools import lru_cache
from importlib import resources

from smcdel_bridge.values import value


@value(frozen=True, slots=True)
class FirstName:
    name: str
    #: "F" or "M"
    sex: str
    #: rank within its sex's census list (1 = most frequent)
    census_rank: int


@lru_cache(maxsize=1)
def first_names() -> tuple[FirstName, ...]:
    """Every shipped name, female names first, each sex in census order."""
    text = resources.files("pyfront.generate").joinpath("data/names.csv").read_text("utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    out = [
        FirstName(row["name"], row["sex"], int(row["census_rank"]))
        for row in csv.DictReader(lines)
    ]
    return tuple(out)


@lru_cache(maxsize=1)
def _by_sex() -> dict[str, tuple[str, ...]]:
    groups: dict[str, list[str]] = {"F": [], "M": []}
    for entry in first_names():
        groups[entry.sex].append(entry.name)
    return {sex: tuple(names) for sex, names in groups.items()}


def max_agents() -> int:
    """How many agents one problem can name (twice the smaller sex's list)."""
    groups = _by_sex()
    return 2 * min(len(groups["F"]), len(groups["M"]))


def draw_names(rng: random.Random, n: int) -> list[str]:
    """``n`` distinct names, half female and half male (a coin decides the odd one), in random order."""
    if not 1 <= n <= max_agents():
        raise ValueError(f"cannot name {n} agents (1 to {max_agents()} supported)")
    groups = _by_sex()
    female = n // 2 + (n % 2 if rng.random() < 0.5 else 0)
    names = rng.sample(groups["F"], female) + rng.sample(groups["M"], n - female)
    rng.shuffle(names)
    return names


def sex_of(name: str) -> str | None:
    """The sex column of ``name`` in the shipped list (None when not listed)."""
    for entry in first_names():
        if entry.name == name:
            return entry.sex
    return None
