"""Shared fixtures: where the shared reference data lives, and how to skip without it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TEST_DATA = REPO / "tests" / "data"


def shared_dir() -> Path:
    """``$MINDGAMES_SHARED`` or the ``shared/`` folder beside the checkout."""
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def shared_file(*parts: str) -> Path:
    """A file of the shared reference data; skips the test with a reason when absent."""
    path = shared_dir().joinpath(*parts)
    if not path.exists():
        pytest.skip(
            f"shared reference data not found at {path} "
            "(set MINDGAMES_SHARED to the folder holding mindgames/ and smcdel-conformance/)"
        )
    return path


@pytest.fixture
def sample_csv() -> Path:
    """The 80 published MindGames rows (belongs to the MindGames project: read in place)."""
    return shared_file("mindgames", "sample.csv")


@pytest.fixture
def smcdel_examples() -> Path:
    """SMCDEL's own example files with recorded answers (read in place)."""
    return shared_file("smcdel-conformance", "smcdel-examples.jsonl")


@pytest.fixture
def corpus_path() -> Path:
    """The conformance corpus made for this project (a copy lives in tests/data)."""
    return TEST_DATA / "smcdel-corpus.jsonl"
