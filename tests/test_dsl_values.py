"""The problem DSL's variables, terms, knowing the value and questions: parsing, errors at
line:col, printing back, and the Boolean encoding's bits."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pyfront.errors import UserError
from pyfront.problem.dsl import parse_problem
from pyfront.problem.dsl_print import to_dsl

HEAD = "problem p\n  agents A, B\n"


def error_of(body: str) -> UserError:
    with pytest.raises(UserError) as info:
        parse_problem(HEAD + body, "bad.del")
    return info.value


@pytest.mark.parametrize("body,line,column,words", [
    ("  x: 1..5\n  law x = 9\n", 4, 11, "9 is outside the range of 'x' (1..5)"),
    ("  month: May, June\n  law month + 1 = 2\n", 4, 7, "'month' is not numeric"),
    ("  x: 5..2\n", 3, 6, "empty range 5..2"),
    ("  x: 0..99999999\n", 3, 6, "range 0..99999999 too large to encode"),
    ("  month: May, June\n  law month = Jul\n", 4, 15, "'Jul' is not a value of 'month'"),
    ("  month: May, June\n  law month < June\n", 4, 13, "'<' needs numbers"),
    ("  x: 1..5\n  question what is x? expect 7\n", 4, 30, "7 is outside the values of 'x'"),
    ("  x: 1..5\n  announce A knows what z is\n", 4, 25, "unknown variable 'z'"),
    ("  x: 1..5\n  announce x\n", 4, 12, "'x' is a variable with values"),
    ("  x: 1..5\n  x: 1..3\n", 4, 3, "variable 'x' is declared twice"),
    ("  day: 1, May\n", 3, 11, "mixes numbers and names"),
])
def test_errors_are_one_line_at_line_and_column(body, line, column, words):
    err = error_of(body)
    assert (err.line, err.column) == (line, column)
    assert words in err.message and "\n" not in str(err)


def test_a_puzzle_reads_back_from_its_printing():
    text = HEAD + """\
  x: 2..20
  month: May, June onehot "the month"
  law x < 10 and (month = May or x * 2 >= 6)
  A observes x + 1, month
  B observes x
  hypothesis first: A knows what month is expect true
  announce not B knows what x is
  question what is month? expect month = May or month = June
  announce it is common knowledge among A and B that x != 3
  question which possibilities remain? expect 12 possibilities
"""
    pb = parse_problem(text)
    printed = to_dsl(pb)
    again = parse_problem(printed)
    assert to_dsl(again) == printed
    assert [h.after for h in again.hypotheses] == [0]
    assert [q.after for q in again.questions] == [1, 2]
    assert again.variables == pb.variables and again.observed_terms == pb.observed_terms
    assert again.law == pb.law
    assert [a.formula for a in again.announcements] == [a.formula for a in pb.announcements]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 70), st.sampled_from(["binary", "onehot"]), st.data())
def test_every_value_has_its_own_bits(size, encoding, data):
    """The encoding of docs/puzzles.md: decoding a value's bits gives the value back."""
    from pyfront.problem.encode import Encoded, _width

    n = size if encoding == "onehot" else _width(size)
    item = Encoded("v", tuple(range(size)), encoding, tuple(range(1, n + 1)))
    value = data.draw(st.integers(0, size - 1))
    true = {a for a, b in zip(item.atoms, item.bits(value)) if b}
    assert item.decode(true) == value
    assert len(item.atoms) == (size if encoding == "onehot" else max(1, (size - 1).bit_length()))


def test_negative_numbers(tmp_path, capsys):
    """``x: -2..2`` and ``x = -1``: by hand, Ann told x * x sees 1 at both x = -1 and x = 1,
    so at x = -1 she does not know x but knows x * x = 1; x - 1 >= -3 holds everywhere and
    x >= -1 fails at x = -2."""
    import json

    from pyfront.cli import main

    path = tmp_path / "squares.del"
    path.write_text("""problem squares
  agents Ann, Bob
  x: -2..2
  Ann observes x * x
  Bob observes x
  hypothesis blind: x = -1 implies not Ann knows that x = -1
  hypothesis square: x = -1 implies Ann knows that x * x = 1
  hypothesis lowest: x - 1 >= -3
  hypothesis wrong: x >= -1
""")
    for engine in ("explicit", "symbolic"):
        main(["check", str(path), "--json", "-q", "--engine", engine])
        records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
        assert [r["valid"] for r in records] == [True, True, True, False], engine
