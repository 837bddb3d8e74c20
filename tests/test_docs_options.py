"""The docs agree with the code on how many options a multiple-choice item has: every
sentence of the README, docs/ and the Inspect tasks' docstrings that counts the options
of the checker-built multiple choice says what ``mindgames eval --format mcq`` builds."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from conftest import REPO
from pyfront.cli import main
from pyfront.data.loading import read_rows
from pyfront.evaluation.items import Setting, build_items

WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
N = r"(one|two|three|four|five|six|\d)"
#: the ways a text counts options: "two to four options", "up to four options", "four options"
CLAIM = re.compile(rf"\b(?:(?P<low>{N}) to (?P<high>{N})|up to (?P<most>{N})|(?P<exact>{N}))"
                   rf"\s+options\b", re.IGNORECASE)


def _number(word: str) -> int:
    return int(word) if word.isdigit() else WORDS[word.lower()]


def _texts() -> list[tuple[Path, str]]:
    paths = [REPO / "README.md", *sorted((REPO / "docs").rglob("*.md")),
             *sorted((REPO / "pyfront" / "integrations").glob("inspect_*.py"))]
    return [(p, p.read_text(encoding="utf-8")) for p in paths]


@pytest.fixture(scope="module")
def counts(tmp_path_factory) -> Counter:
    """How many options the checker-built items have, in every mcq setting."""
    out = tmp_path_factory.mktemp("mcq") / "set"
    assert main(["generate", "--size", "120", "--seed", "0", "-o", str(out), "--quiet"]) == 0
    rows = [r for s in ("train", "validation", "test") for r in read_rows(out / f"{s}.jsonl")]
    seen: Counter = Counter()
    for kind in ("retrospective", "prospective"):
        for distractors in ("hard", "easy"):
            for probe in ("none", "nota"):
                built = build_items(rows, [Setting("mcq", kind, distractors, probe)], seed=0)
                seen.update(len(item.options) for item in built.items)
    return seen


def test_every_count_of_options_in_the_docs_is_the_codes(counts):
    low, high = min(counts), max(counts)
    assert (low, high) == (2, 4) and sum(counts.values()) > 100
    claims = []
    for path, text in _texts():
        # a line about the multiple choice (NLI items have two options, True and False)
        lines = [x for x in text.splitlines() if re.search(r"mcq|multiple.choice", x, re.I)]
        for m in CLAIM.finditer("\n".join(lines)):
            where = f"{path.relative_to(REPO)}: {m.group(0)!r}"
            claims.append(where)
            if m.group("low"):
                assert (_number(m.group("low")), _number(m.group("high"))) == (low, high), where
            elif m.group("most"):
                assert _number(m.group("most")) == high, where
            else:
                assert low == high == _number(m.group("exact")), where
    assert len(claims) >= 3, claims  # the docs do count them: eval's, Inspect's task and table
