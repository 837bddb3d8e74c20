"""The DSL parser: what a file means, and how bad input is reported."""

from __future__ import annotations

import pytest

from smcdel_bridge.language import Conj, Disj, Impl, K, Kw, Neg, Prp, TOP
from pyfront.problem.dsl import parse_problem, parse_problems
from pyfront.errors import UserError

TWO = """\
# a comment line
problem two   # trailing comment
  agents Alice, Bob
  setup forehead
  announce someone
  announce Bob does not know whether muddy(Bob)
  hypothesis h1: Alice knows that muddy(Bob) expect true
  hypothesis Bob knows whether (Alice knows
      whether someone)   expect not_entailment
"""


def test_setup_problem_means_what_it_says():
    pb = parse_problem(TWO, "two.del")
    assert pb.name == "two"
    assert [a.name for a in pb.agents] == ["Alice", "Bob"]
    assert pb.observations == [[2], [1]]  # the forehead rule
    assert [a.formula for a in pb.announcements] == [
        Disj((Prp(1), Prp(2))),
        Neg(Kw("Agentb", Prp(2))),
    ]
    h1, h2 = pb.hypotheses
    assert (h1.name, h1.formula, h1.expected, h1.line) == ("h1", K("Agenta", Prp(2)), True, 7)
    # unnamed hypotheses are numbered; a formula may continue inside parentheses
    assert (h2.name, h2.expected, h2.line) == ("h2", False, 8)
    assert h2.formula == Kw("Agentb", Kw("Agenta", Disj((Prp(1), Prp(2)))))


def test_custom_problem_declarations_and_observations():
    pb = parse_problem(
        """
problem cards
  agents Ann, "Mary Ann", Carl
  predicate red "{x} holds a red card" / "{x} holds a black card"
  proposition rain "it rains" / "it does not rain"
  Ann sees Ann's card, Carl
  Carl observes red(Ann), rain
  "Mary Ann" observes nothing
  say "Cards are dealt."
  law rain implies red(Carl)
  announce not everyone
  hypothesis Carl knows that (red(Ann) or rain)
""")
    assert pb.setup is None and pb.predicate.keyword == "red"
    assert pb.vocabulary == [1, 2, 3, 4]
    assert pb.observations == [[1, 3], [], [1, 4]]
    assert pb.law == Impl(Prp(4), Prp(3))
    assert pb.sentences == ["Cards are dealt."]
    assert pb.announcements[0].formula == Neg(Conj((Prp(1), Prp(2), Prp(3))))
    assert pb.hypotheses[0].formula == K("Agentc", Disj((Prp(1), Prp(4))))


def test_matrix_rows_and_precedence():
    pb = parse_problem(
        """problem m
  agents A, B
  setup explicit
  A: 1 1
  announce red(A) and red(B) or not red(A) implies red(B) implies red(A)
  announce A knows that red(B) and red(A)
  announce (red(A) or red(B)) or red(A)
""")
    assert pb.observations == [[1, 2], []]
    a1, a2, a3 = (a.formula for a in pb.announcements)
    # and binds tighter than or, or tighter than implies; implies groups to the right
    assert a1 == Impl(Disj((Conj((Prp(1), Prp(2))), Neg(Prp(1)))), Impl(Prp(2), Prp(1)))
    # "knows that" takes the smallest formula to its right (as SMCDEL's infix form)
    assert a2 == Conj((K("Agenta", Prp(2)), Prp(1)))
    # parentheses keep a chain nested; an unbroken chain is one node
    assert a3 == Disj((Disj((Prp(1), Prp(2))), Prp(1)))


def test_raw_smcdel_formulas_take_names_or_ids():
    pb = parse_problem(
        """problem r
  agents Ann, Bob
  setup internal
  hypothesis smcdel"Ann knows that (1 | Agentb knows whether 2)"
  hypothesis smcdel"(Ann,Bob) comknow that 1"
""")
    assert pb.hypotheses[0].formula == K("Agenta", Disj((Prp(1), Kw("Agentb", Prp(2)))))
    assert pb.hypotheses[1].formula.group == ("Agenta", "Agentb")


def test_several_problems_and_defaults():
    pbs = parse_problems("problem a\n agents X\n setup internal\n\n\nproblem \"b c\"\n agents Y\n")
    assert [p.name for p in pbs] == ["a", "b c"]
    assert pbs[1].law == TOP and pbs[1].observations == [[]] and pbs[1].hypotheses == []


# --- malformed inputs: one line, file:line:column, what was expected ----------------

BAD = [
    ("problem p\n  setup forehead\n  announce someone\n", 1, 9, "needs an 'agents' line"),
    ("problem p\n  agents Alice, Bob\n  setup forehead\n  hypothesis Alcie knows that muddy(Bob)\n",
     4, 14, "unknown agent 'Alcie' (did you mean 'Alice'?)"),
    ("problem p\n  agents Alice\n  setup forhead\n", 3, 9, "unknown setup 'forhead' (did you mean 'forehead'?)"),
    ('problem p\n  agents A\n  proposition rain "it rains" / "it does not rain"\n  announce rian\n',
     4, 12, "unknown proposition 'rian' (did you mean 'rain'?)"),
    ("problem p\n  agents Alice\n  setup internal\n  announce muddy(Alice)\n", 4, 12,
     "unknown predicate 'muddy' (this problem's predicates: thirsty)"),
    ("problem p\n  agents Alice\n  setup forehead\n  announce Alice knows muddy(Alice)\n", 4, 24,
     'expected "that", "the", "what" or "whether", got'),
    ("problem p\n  agents Alice\n  setup forehead\n  announce (someone and nobody\n", 4, 31,
     'expected ")"'),
    ("problem p\n  agents Alice\n  setup forehead\n  announce someone & nobody\n", 4, 20,
     "unexpected character '&'"),
    ("problem p\n  agents Alice\n  setup forehead\n  hypothesis someone expect maybe\n", 4, 29,
     "expected an answer (true, false, entailment, not_entailment)"),
    ("problem p\n  agents Alice\n  announce someone\n", 3, 12, "'someone' needs a setup or a 'predicate'"),
    ("problem p\n  agents Alice, Alice\n", 2, 17, "agent 'Alice' is listed twice"),
    ("problem p\n  agents A\nproblem p\n  agents B\n", 3, None, "problem 'p' is defined twice"),
    ("problem p\n  agents A, B\n  setup explicit\n  A: 1 0 1\n", 4, 6, "needs 2 bits"),
    # an unexpected end inside smcdel"…" points at the closing quote, in the DSL file
    ('problem p\n  agents A, B\n  setup forehead\n  hypothesis smcdel"A knows that (1 |"\n', 4, 38,
     "the formula ends too early"),
    ('problem p\n  agents A, B\n  setup forehead\n  hypothesis smcdel"(A knows that 1) & & 2"\n', 4, 40,
     "unexpected '&'"),
    ('problem p\n  agents A, B\n  setup forehead\n  hypothesis smcdel"A knows that 7"\n', 4, 14,
     "mentions atom 7"),
    ('problem p\n  agents Ann, B\n  setup forehead\n  hypothesis smcdel"Anne knows that 1"\n', 4, 14,
     "unknown agent 'Anne' in smcdel"),
    ("agents A, B\n", 1, 1, 'expected "problem"'),
    ('problem p\n  agents A\n  say "hello\n', 3, 7, "unexpected character '\"'"),
    ('problem p\n  agents A\n  setup forehead\n  predicate muddy "{x} is red" / "{x} is not red"\n', 4, 13,
     "predicate 'muddy' is declared twice"),
    ("problem p\n  agents A, B\n  setup forehead\n  announce at least 2 mudy\n", 4, 23,
     "unknown predicate 'mudy' (did you mean 'muddy'?)"),
    ('problem p\n  agents A\n  predicate red "it is red" / "{x} is not red"\n', 3, 17, "must contain {x}"),
    ("problem p\n  agents A\n  setup forehead\n  hypothesis h: someone\n  hypothesis h: nobody\n", 5, 14,
     "hypothesis 'h' is defined twice"),
    ("problem p\n  agents Alice\n  setup forehead\n  announce Alice\n", 4, 12,
     "unknown proposition 'Alice' (did you mean muddy(Alice)?)"),
    ("problem p\n  agents A\n  setup forehead\n  law someone\n  law nobody\n", 5, 3, "at most one 'law'"),
    ("problem p\n  agents A\n  setup forehead\n  announce\n", 4, 11, "got end of line"),
    ("problem p\n  agents Alice, Bob\n  setup explicit\n  Alice sees Bbo\n", 4, 14,
     "unknown agent 'Bbo' (did you mean 'Bob'?)"),
    ("problem p\n  agents A\n  setup internal\n  stated A: 1 1\n", 4, 13, "needs 1 bits"),
    ("problem p\n  agents A, B\n  sees B\n", 3, 8, "expected"),
]


@pytest.mark.parametrize("text,line,column,fragment", BAD, ids=[f"bad{i}" for i in range(len(BAD))])
def test_malformed_input_is_one_located_line(text, line, column, fragment):
    with pytest.raises(UserError) as info:
        parse_problems(text, "bad.del")
    err = info.value
    message = str(err)
    assert "\n" not in message
    assert err.file == "bad.del" and err.line == line and err.column == column, message
    assert fragment in message
    where = f"bad.del:{line}:" + (f"{column}:" if column else "")
    assert message.startswith(where)


def test_cli_reports_errors_without_traceback(tmp_path):
    import subprocess
    import sys

    bad = tmp_path / "bad.del"
    bad.write_text("problem p\n  agents Alice, Bob\n  setup forehead\n  announce Bbo knows that someone\n")
    out = subprocess.run([sys.executable, "-m", "pyfront", "render", str(bad)], capture_output=True, text=True)
    assert out.returncode == 1
    assert "Traceback" not in out.stderr
    assert out.stderr.strip() == (
        f"mindgames: {bad}:4:12: unknown agent 'Bbo' (did you mean 'Bob'?)"
    )
