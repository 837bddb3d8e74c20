"""A formula line read before is not read again: the problems, and the errors with their
line and column, are those of reading every line (the plain reading is the oracle)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pyfront.data.loading import parse_document
from pyfront.errors import UserError
from pyfront.grammar import runtime
from pyfront.problem.dsl_syntax import unquote
from test_grammar_runtime import TEXTS, _edited

NOBODY = " and ".join(f"C{i} does not know whether muddy(C{i})" for i in range(1, 9))
MUDDY = f"""\
problem rounds
  agents C1, C2, C3, C4, C5, C6, C7, C8
  setup forehead
  announce someone
  announce {NOBODY}
  announce {NOBODY}
  announce  {NOBODY}
  hypothesis h: C1 knows whether muddy(C1) expect false

problem fewer
  agents C1, C2, C3, C4, C5, C6, C7
  setup forehead
  announce {NOBODY}
"""


def read(text: str, shared: bool, monkeypatch):
    """The problems of ``text`` (or the error, as file, line, column and message), read
    with repeated formula lines shared (any length) or not at all."""
    monkeypatch.setattr(runtime, "SHARE_FROM", 0 if shared else 1 << 60)
    monkeypatch.setattr(runtime, "SPAN_FROM", 1)
    try:
        return parse_document(text, "f.del")
    except UserError as err:
        return (err.file, err.line, err.column, err.message)


def test_a_repeated_line_gives_the_trees_and_problems_of_the_plain_reading(monkeypatch):
    text = MUDDY.split("\nproblem fewer")[0] + "\n"
    assert runtime.parse(text, share=True) == runtime.parse(text, share=False)
    shared = read(text, True, monkeypatch)
    assert shared == read(text, False, monkeypatch)
    first, second, third = shared[0].announcements[1:]
    assert first.formula == second.formula
    assert second.formula is third.formula  # the repetitions: read once, one object
    assert [a.line for a in shared[0].announcements] == [4, 5, 6, 7]


def test_an_error_in_a_reused_line_names_its_own_line_and_column(monkeypatch):
    # "fewer" has no C8: its line is the one read for "rounds", the error is its own
    shared = read(MUDDY, True, monkeypatch)
    assert shared == read(MUDDY, False, monkeypatch)
    column = 12 + NOBODY.index("C8")
    assert shared[:3] == ("f.del", 13, column) and "unknown agent 'C8'" in shared[3]


def test_an_error_moves_with_the_column_of_the_repetition(monkeypatch):
    # the line of "fewer" reuses line 5, whose formula starts three columns further right
    text = MUDDY.replace("agents C1, C2, C3, C4, C5, C6, C7\n", "agents C1, C2\n")
    text = text.replace(f"  announce {NOBODY}\n", f"  announce    {NOBODY}\n", 2)
    for shared in (True, False):
        assert read(text, shared, monkeypatch)[:3] == ("f.del", 13, 12 + NOBODY.index("C3"))


def test_a_different_line_is_read_as_itself(monkeypatch):
    text = MUDDY.replace("  announce  " + NOBODY, "  announce  " + NOBODY.replace("C5", "C 5"))
    shared = read(text, True, monkeypatch)
    assert shared == read(text, False, monkeypatch) and shared[1] == 7


@pytest.mark.parametrize("name", sorted(TEXTS))
def test_every_file_reads_the_same_shared(name, monkeypatch):
    assert read(TEXTS[name], True, monkeypatch) == read(TEXTS[name], False, monkeypatch)


@st.composite
def _repeated(draw) -> str:
    """An edited corpus file whose formula lines come again, some of them edited."""
    text = draw(_edited())
    lines = text.split("\n")
    formulas = [ln for ln in lines if ln.lstrip().startswith(("announce ", "law "))]
    if formulas:
        at = draw(st.integers(0, len(lines)))
        lines[at:at] = draw(st.lists(st.sampled_from(formulas), min_size=1, max_size=4))
    return "\n".join(lines)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_repeated())
def test_files_with_repeated_lines_read_the_same_shared(text):
    with pytest.MonkeyPatch.context() as monkeypatch:
        assert read(text, True, monkeypatch) == read(text, False, monkeypatch)


def test_unquote_reads_escapes_and_plain_strings():
    assert unquote('"a \\"b\\" \\\\ c"') == 'a "b" \\ c'
    assert unquote('"plain"') == "plain" and unquote("name") == "name"
