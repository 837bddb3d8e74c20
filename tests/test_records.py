"""The value classes written out in the source behave as the dataclasses they replace.

``smcdel_bridge.frozen.Frozen`` (formulas, terms, programs) and
``pyfront.problem.record.record`` (the problem's, story's and checker's parts) are held
against ``dataclasses`` itself: the same fields give the same ``repr``, equality, hash,
defaults, errors on assignment and round trips through pickle and copy.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyfront.problem.record import Record, field, record, replace
from smcdel_bridge.frozen import Frozen, FrozenError, set_field
from smcdel_bridge.language import Conj, K, Neg, Prp

values = st.one_of(st.integers(), st.text(max_size=5), st.none(),
                   st.tuples(st.integers(), st.integers()))


class Pair(Frozen):
    __slots__ = ("a", "b")

    def __init__(self, a, b) -> None:
        set_field(self, "a", a)
        set_field(self, "b", b)


@dataclasses.dataclass(frozen=True, slots=True)
class DPair:
    a: object
    b: object


class One(Frozen):
    __slots__ = ("a",)

    def __init__(self, a) -> None:
        set_field(self, "a", a)


@dataclasses.dataclass(frozen=True, slots=True)
class DOne:
    a: object


@given(values, values, values, values)
def test_frozen_values_compare_and_hash_as_dataclasses(a, b, c, d):
    assert (Pair(a, b) == Pair(c, d)) == (DPair(a, b) == DPair(c, d))
    assert hash(Pair(a, b)) == hash(DPair(a, b)) and hash(One(a)) == hash(DOne(a))
    assert repr(Pair(a, b)).replace("Pair", "DPair", 1) == repr(DPair(a, b))
    assert (One(a) == One(c)) == (DOne(a) == DOne(c))


def test_frozen_values_are_immutable_and_round_trip():
    f = Conj((Neg(Prp(1)), K("a", Prp(2))))
    with pytest.raises(FrozenError):
        f.fs = ()
    with pytest.raises(AttributeError):
        del f.fs
    assert pickle.loads(pickle.dumps(f)) == f and copy.deepcopy(f) == f
    assert f._fields == ("fs",) and K("a", Prp(2))._replace(agent="b") == K("b", Prp(2))
    assert Pair(1, 2) != One(1) and Pair(1, 2) != (1, 2)
    match K("a", Prp(2)):
        case K(agent, Prp(n)):
            assert (agent, n) == ("a", 2)


@record(frozen=True)
class Part(Record):
    name: str
    size: int = 3
    tags: list = field(default_factory=list)
    line: int | None = field(default=None, metadata={"exclude": True})


@dataclasses.dataclass(frozen=True, kw_only=True)
class DPart:
    name: str
    size: int = 3
    tags: list = dataclasses.field(default_factory=list)
    line: int | None = None


@record(kw_only=False)
class Row:
    source: str
    row: int
    note: str | None = None

    def __post_init__(self):
        if self.row < 0:
            raise ValueError("row must be >= 0")


@dataclasses.dataclass
class DRow:
    source: str
    row: int
    note: str | None = None


@given(st.text(max_size=4), st.integers(0, 9), st.text(max_size=4), st.integers(0, 9))
def test_records_compare_hash_and_print_as_dataclasses(n1, s1, n2, s2):
    assert (Part(name=n1, size=s1) == Part(name=n2, size=s2)) == (
        DPart(name=n1, size=s1) == DPart(name=n2, size=s2))
    assert repr(Part(name=n1, size=s1)) == repr(DPart(name=n1, size=s1)).replace("DPart", "Part")
    assert repr(Row(n1, s1)) == repr(DRow(n1, s1)).replace("DRow", "Row")
    assert (Row(n1, s1) == Row(n2, s2)) == (DRow(n1, s1) == DRow(n2, s2))


def test_records_fill_defaults_check_arguments_and_freeze():
    p = Part(name="x")
    assert (p.size, p.tags, p.line) == (3, [], None) and p.tags is not Part(name="y").tags
    with pytest.raises(TypeError, match="'name'"):
        Part(size=1)
    with pytest.raises(TypeError, match="'colour'"):
        Part(name="x", colour=1)
    with pytest.raises(TypeError):
        Part("x")  # keyword-only
    with pytest.raises(AttributeError):
        p.name = "y"
    assert Row("f", 2, "n") == Row(source="f", row=2, note="n")
    with pytest.raises(TypeError, match="multiple values"):
        Row("f", 2, row=3)
    with pytest.raises(ValueError):
        Row("f", -1)
    r = Row("f", 1)
    r.note = "changed"  # not frozen
    assert r.note == "changed" and Row.__hash__ is None
    assert hash(Part(name="x", tags=())) == hash(DPart(name="x", tags=()))


def test_records_dump_copy_and_replace():
    p = Part(name="x", tags=[1], line=7)
    assert p.model_dump() == {"name": "x", "size": 3, "tags": [1]}  # ``line`` is excluded
    assert Part.model_validate({"name": "x", "tags": [1], "other": 0}) == Part(name="x", tags=[1])
    assert replace(p, size=4) == Part(name="x", size=4, tags=[1], line=7)
    with pytest.raises(ValueError):
        replace(Row("f", 1), row=-2)  # __post_init__ runs again
    assert pickle.loads(pickle.dumps(p)) == p and copy.deepcopy(p) == p
