"""Several predicates per problem, a setup with predicates of one's own, counting
("at least two", "exactly one", "at most one"), and reading that stays linear."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import pyfront.problem.dsl as dsl
from pyfront.problem.counting import at_least, at_most, exactly, recognise
from pyfront.problem.dsl import parse_problem, remember
from pyfront.problem.dsl_print import to_dsl
from smcdel_bridge.backend import get_backend
from smcdel_bridge.language import Conj, Disj, Neg, Prp
from smcdel_bridge.syntax import parse_input
from pyfront.problem.to_smcdel import render as smcdel_text

TEXT = """\
problem hungry_foreheads
  agents Alice, Bob, Carol
  setup forehead
  predicate hungry "{x} is hungry" / "{x} is not hungry"
  announce at least two muddy
  announce exactly one hungry
  hypothesis h1: Alice knows whether at most 1 hungry expect true
  hypothesis h2: at least 2 muddy expect true
  hypothesis h3: Alice knows that hungry(Bob) expect false
"""


def test_a_setup_takes_a_predicate_of_ones_own():
    pb = parse_problem(TEXT)
    assert pb.setup == "forehead" and pb.predicate.keyword == "muddy"
    assert [p.keyword for p in pb.extra_predicates] == ["hungry"]
    assert [p.name for p in pb.propositions] == ["hungry(Alice)", "hungry(Bob)", "hungry(Carol)"]
    assert pb.vocabulary == [1, 2, 3, 4, 5, 6]
    assert pb.announcements[0].formula == Disj((Conj((Prp(1), Prp(2))), Conj((Prp(1), Prp(3))),
                                                Conj((Prp(2), Prp(3)))))
    assert pb.hypotheses[2].formula.f == Prp(5)
    assert pb.proposition_of(5).positive == "Bob is hungry"


def test_the_answers_hold():
    native = get_backend("native")
    pb = parse_problem(TEXT)
    for i, h in enumerate(pb.hypotheses):
        assert native.run(parse_input(smcdel_text(pb, i)))[0].value == h.expected, h.name


def test_without_a_setup_the_first_predicate_is_the_problems_own():
    pb = parse_problem('problem p\n agents A, B\n predicate red "{x} is red" / "{x} is not red"\n'
                       ' predicate big "{x} is big" / "{x} is small"\n proposition rain "it rains" / "it does not"\n'
                       ' A observes red(B), big(B), rain\n hypothesis A knows whether big(B)\n')
    assert pb.predicate.keyword == "red" and [p.keyword for p in pb.extra_predicates] == ["big"]
    assert pb.observations[0] == [2, 4, 5]
    assert parse_problem(to_dsl(pb)) == pb


def test_counts_print_as_counts_and_read_back():
    pb = parse_problem(TEXT)
    text = to_dsl(pb)
    assert "announce at least 2 muddy" in text and "announce exactly 1 hungry" in text
    assert "at most 1 hungry" in text
    assert parse_problem(text) == pb


@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(1, 9), min_size=1, max_size=6, unique=True), st.integers(-1, 7),
       st.integers(0, 63))
def test_counts_mean_what_they_say(atoms, k, valuation):
    true = {a for i, a in enumerate(atoms) if valuation >> i & 1}
    n = len(true)

    def ev(f):
        from smcdel_bridge.language import Top
        if isinstance(f, Prp):
            return f.n in true
        if isinstance(f, Neg):
            return not ev(f.f)
        if isinstance(f, Conj):
            return all(map(ev, f.fs))
        if isinstance(f, Disj):
            return any(map(ev, f.fs))
        return isinstance(f, Top)

    assert ev(at_least(atoms, k)) == (n >= k)
    assert ev(at_most(atoms, k)) == (n <= k)
    assert ev(exactly(atoms, k)) == (n == k)
    if 0 < k < len(atoms):
        assert recognise(at_least(atoms, k), atoms) == ("at least", k)


class Counted(str):
    """A name that counts how often it is compared for equality."""

    comparisons = 0

    def __eq__(self, other):
        Counted.comparisons += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_the_duplicate_check_is_linear():
    Counted.comparisons = 0
    seen: set = set()
    n = 5000
    assert all(remember(seen, Counted(f"h{i}")) for i in range(n))
    assert not remember(seen, Counted("h7"))
    # a scan of the names read so far would compare n * (n - 1) / 2 times
    assert Counted.comparisons < 2 * n


def test_reading_checks_each_hypothesis_name_once(monkeypatch):
    calls = []
    real = dsl.remember
    monkeypatch.setattr(dsl, "remember", lambda seen, name: calls.append(name) or real(seen, name))
    text = "problem p\n agents A\n setup internal\n" + "".join(
        f" hypothesis h{i}: thirsty(A)\n" for i in range(300))
    assert len(parse_problem(text).hypotheses) == 300
    assert len(calls) == 300
