"""Shared fixtures: where the shared reference data lives, and how to skip without it.

With ``CI=true`` no test may skip: a skip of any kind (``pytest.skip``, ``skipif``,
``importorskip``, a missing shared file) is turned into a failure naming its reason, except
for the few tests in :data:`CI_MAY_SKIP`, each with the reason it may.  CI installs every
tool and extra the tests use (``.ci/run``), so a skip there is a broken run.
"""

from __future__ import annotations

import os
import signal
from pathlib import Path

import pytest
from requirements import in_ci, missing

REPO = Path(__file__).resolve().parents[1]
TEST_DATA = REPO / "tests" / "data"


def shared_dir() -> Path:
    """``$MINDGAMES_SHARED`` or the ``shared/`` folder beside the checkout."""
    env = os.environ.get("MINDGAMES_SHARED")
    return Path(env) if env else REPO.parent / "shared"


def pytest_configure(config):
    """Ctrl-C as a terminal sends it, whatever started the run.  Some tests interrupt
    themselves or the commands they start with SIGINT; a run started as a background job
    of a non-interactive shell inherits SIGINT ignored, and so would every command it
    starts (an ignored signal stays ignored across exec), failing those tests for a reason
    that is not the code's.  A Python handler is reset by exec, so the commands get the
    default and install their own."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


#: the tests that may skip under CI=true (node id, its reason); keep it short
CI_MAY_SKIP = {
    "tests/test_grammar_cache.py::test_a_folder_of_another_user_is_not_used":
        "it needs root to hand a folder to another user; CI may run unprivileged",
}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI=true a skipped test fails (but those in :data:`CI_MAY_SKIP`)."""
    outcome = yield
    report = outcome.get_result()
    if not (in_ci() and report.skipped) or hasattr(report, "wasxfail"):
        return
    if item.nodeid.split("[")[0] in CI_MAY_SKIP:
        return
    reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
    report.outcome = "failed"
    report.longrepr = (f"CI=true and the test skipped: {reason} (CI installs what every test "
                       "needs; tests/conftest.py CI_MAY_SKIP lists the few that may skip)")


def shared_file(*parts: str) -> Path:
    """A file of the shared reference data; skips the test with a reason when absent
    (fails it under CI=true)."""
    path = shared_dir().joinpath(*parts)
    if not path.exists():
        missing(
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
