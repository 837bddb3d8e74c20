"""Misspelt problem keywords get "did you mean", at the word's own line:col, and the list
of what may follow names only what the problem DSL accepts there (no story-only words, no
"end of line" where a line may not end).  Expected texts are written by hand."""

from __future__ import annotations

import pytest

from pyfront.errors import UserError
from pyfront.problem.dsl import parse_problem

HEAD = "problem p\n  agents Ann, Ben\n  setup forehead\n"


def _error(line: str) -> UserError:
    with pytest.raises(UserError) as info:
        parse_problem(HEAD + line + "\n", "t.del")
    return info.value


@pytest.mark.parametrize("line, col, text", [
    ("  anounce someone", 3, "unknown keyword 'anounce' (did you mean 'announce'?)"),
    ("  hypothesis h: Ann know that muddy(Ann)", 21, "(did you mean 'knows'?)"),
    ("  hypothesis h: ture", 17, "unknown proposition 'ture' (did you mean 'true'?)"),
    ("  hypothesis h: someone expect ture", 32, "(did you mean 'true'?)"),
    ("  setp forehead", 3, "unknown keyword 'setp' (did you mean 'setup'?)"),
])
def test_typos_get_did_you_mean(line, col, text):
    err = _error(line)
    assert (err.line, err.column) == (4, col)
    assert text in str(err)


STORY_ONLY = ("considers", "post", "look", "unseen", "secretly", "believes", "thinks")


@pytest.mark.parametrize("line", [
    "  anounce someone", "  Ann observs muddy(Ben)", "  hypothesis h: Ann know that muddy(Ann)",
    "  hypothesis h: Ann belives that muddy(Ann)", "  announce muddy(Ann) -> muddy(Ben)",
])
def test_the_expected_list_has_no_story_words(line):
    message = str(_error(line))
    for word in STORY_ONLY:
        assert f'"{word}"' not in message, message


def test_end_of_line_is_listed_only_where_a_line_may_end():
    # after "or" a line may not end; after "expect" only an answer may come
    assert "or end of line" not in str(_error("  hypothesis h: muddy(Ann) or"))
    assert str(_error("  hypothesis h: someone expect ture")).endswith(
        "expected an answer (true, false, entailment, not_entailment), got 'ture' (did you mean 'true'?)")
    assert "or end of line, got 'muddy'" in str(_error("  hypothesis h: muddy(Ann) muddy(Ben)"))
