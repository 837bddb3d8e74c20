"""The toolkit's value classes (``smcdel_bridge.values.value``: formulas, terms, programs,
the problem's and story's parts, every other value class) behave as the dataclasses they
replace.

Each feature is held against ``dataclasses`` itself, on the same fields: ``repr``,
equality, hash, positional and keyword construction and its errors, defaults and
factories, ``__post_init__``, errors on assignment, slots, identity hashing with
``eq=False``, ``replace``, ``fields`` (in order, with inheritance), ``asdict``,
``__match_args__``, and round trips through pickle and copy; then the JSON model methods
of ``pyfront.problem.record.Record`` on top.
"""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import ClassVar

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pyfront.problem.record import Record
from smcdel_bridge.errors import SmcdelError
from smcdel_bridge.language import Conj, K, Neg, Prp
from smcdel_bridge.values import (FrozenError, asdict, field, field_names, fields, is_value,
                                  replace, set_field, value)

values = st.one_of(st.integers(), st.text(max_size=5), st.none(),
                   st.tuples(st.integers(), st.integers()))


@value(frozen=True)
class Pair:
    __slots__ = ("a", "b")

    def __init__(self, a, b) -> None:
        set_field(self, "a", a)
        set_field(self, "b", b)


@dataclasses.dataclass(frozen=True, slots=True)
class DPair:
    a: object
    b: object


@value(frozen=True)
class One:
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
    assert field_names(f) == ("fs",) and replace(K("a", Prp(2)), agent="b") == K("b", Prp(2))
    assert isinstance(FrozenError("x"), SmcdelError)
    assert Pair.__match_args__ == DPair.__match_args__ and Pair.__slots__ == DPair.__slots__
    assert Pair(1, 2) != One(1) and Pair(1, 2) != (1, 2)
    match K("a", Prp(2)):
        case K(agent, Prp(n)):
            assert (agent, n) == ("a", 2)


@value(frozen=True, kw_only=True)
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


@value
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


# --- each dataclass feature the toolkit uses, against dataclasses on the same class body


def both(body, **options):
    """The class ``body`` makes, as a value class and as a dataclass."""
    return (value(**options)(body()),
            dataclasses.dataclass(**options)(body()))


def point():
    class Point:
        x: int
        y: int = 0
        tags: list = field(default_factory=list)
        LIMIT: ClassVar[int] = 9
    return Point


def dpoint():
    class Point:
        x: int
        y: int = 0
        tags: list = dataclasses.field(default_factory=list)
        LIMIT: ClassVar[int] = 9
    return Point


CALLS = [((1,), {}), ((1, 2), {}), ((1, 2, [3]), {}), ((), {"x": 1}), ((1,), {"y": 5}),
         ((), {"y": 1}), ((1, 2, [], 4), {}), ((1,), {"x": 2}), ((1,), {"z": 0}), ((), {})]


@pytest.mark.parametrize("kw_only", [False, True])
@pytest.mark.parametrize("args, kwargs", CALLS)
def test_construction_is_a_dataclass_s(kw_only, args, kwargs):
    mine, theirs = value(kw_only=kw_only)(point()), dataclasses.dataclass(kw_only=kw_only)(dpoint())
    outcome = []
    for cls in (mine, theirs):
        try:
            outcome.append(repr(cls(*args, **kwargs)).split("(", 1)[1])
        except TypeError:
            outcome.append(TypeError)
    assert outcome[0] == outcome[1]
    assert mine.__match_args__ == theirs.__match_args__
    assert [f.name for f in fields(mine)] == [f.name for f in dataclasses.fields(theirs)]
    assert mine(x=1).tags is not mine(x=1).tags and mine.y == theirs.y == 0


def test_fields_keep_their_order_through_inheritance():
    def bodies(make_field, decorate):
        @decorate
        class Base:
            a: int
            b: int = 1

        @decorate
        class Child(Base):
            c: int = 2
            a: int = 5  # overridden: keeps its place, takes the new default
            d: list = make_field(default_factory=list)
        return Child

    mine = bodies(field, value)
    theirs = bodies(dataclasses.field, dataclasses.dataclass)
    assert field_names(mine) == tuple(f.name for f in dataclasses.fields(theirs))
    assert repr(mine(7)).split("(")[1] == repr(theirs(7)).split("(")[1]
    assert repr(mine()).split("(")[1] == repr(theirs()).split("(")[1]


def test_post_init_runs_on_construction_and_replace():
    def body():
        class Span:
            lo: int
            hi: int

            def __post_init__(self):
                if self.lo > self.hi:
                    raise ValueError("empty span")
        return Span

    mine, theirs = both(body, frozen=True)
    for cls, swap in ((mine, replace), (theirs, dataclasses.replace)):
        with pytest.raises(ValueError):
            cls(2, 1)
        with pytest.raises(ValueError):
            swap(cls(1, 2), hi=0)
        assert swap(cls(1, 2), hi=3).hi == 3


def test_frozen_eq_hash_and_identity_rules_are_a_dataclass_s():
    def body():
        class Box:
            item: object
            note: str = field(default="", compare=False, repr=False)
        return Box

    def dbody():
        class Box:
            item: object
            note: str = dataclasses.field(default="", compare=False, repr=False)
        return Box

    for options in ({"frozen": True}, {}, {"frozen": True, "eq": False}, {"eq": False}):
        mine, theirs = value(**options)(body()), dataclasses.dataclass(**options)(dbody())
        a, b, c, d = mine(1, "x"), mine(1, "y"), theirs(1, "x"), theirs(1, "y")
        assert (a == b) == (c == d) and repr(a).split("(")[1] == repr(c).split("(")[1]
        assert (mine.__hash__ is None) == (theirs.__hash__ is None)
        if mine.__hash__ is not None:
            assert (hash(a) == hash(b)) == (hash(c) == hash(d))
            if not options.get("eq", True):  # identity: a copy is another value
                assert hash(a) == object.__hash__(a) and a != copy.copy(a)
            else:
                assert hash(a) == hash(c)
        if options.get("frozen"):
            with pytest.raises(FrozenError):
                a.item = 2
            with pytest.raises(dataclasses.FrozenInstanceError):
                c.item = 2
        else:
            a.item = c.item = 2
            assert a.item == c.item == 2


def cell():
    class Cell:
        row: int
        col: int = 0
    return Cell


SlotCell, DSlotCell = value(slots=True)(cell()), dataclasses.dataclass(slots=True)(cell())
FrozenCell = value(frozen=True, slots=True)(cell())
DFrozenCell = dataclasses.dataclass(frozen=True, slots=True)(cell())
for _cls in (SlotCell, DSlotCell, FrozenCell, DFrozenCell):  # (pickle finds them by name)
    _cls.__qualname__ = _cls.__name__ = [k for k, v in globals().items() if v is _cls][0]


@pytest.mark.parametrize("mine, theirs", [(SlotCell, DSlotCell), (FrozenCell, DFrozenCell)])
def test_slots_are_a_dataclass_s(mine, theirs):
    assert mine.__slots__ == theirs.__slots__ and not hasattr(mine(1), "__dict__")
    cell = mine(1, 2)
    assert pickle.loads(pickle.dumps(cell)) == cell == copy.deepcopy(cell) == copy.copy(cell)
    assert mine.col.__class__ is theirs.col.__class__  # the slot, not the default
    if mine is FrozenCell:
        with pytest.raises(FrozenError):
            cell.row = 3
        assert hash(cell) == hash(theirs(1, 2))
    else:
        cell.row = 3
        assert cell == mine(3, 2) and mine.__hash__ is theirs.__hash__ is None


def test_replace_asdict_and_match_are_a_dataclass_s():
    mine, theirs = value(point()), dataclasses.dataclass(dpoint())
    a, b = mine(1, 2, [mine(3)]), theirs(1, 2, [theirs(3)])
    assert asdict(a) == dataclasses.asdict(b)
    assert asdict(replace(a, y=7)) == dataclasses.asdict(dataclasses.replace(b, y=7))
    assert replace(a, y=7).tags is a.tags  # (shallow, as dataclasses.replace)
    with pytest.raises(TypeError):
        replace(a, z=1)
    match a:
        case mine(x, y):
            assert (x, y) == (1, 2)
    assert is_value(a) and not is_value(mine) and not is_value(b)
    with pytest.raises(TypeError):
        fields(1)


def test_a_standard_dataclass_for_libraries_that_ask_for_one():
    cls = value(standard=True)(point())
    assert dataclasses.is_dataclass(cls) and field_names(cls) == ("x", "y", "tags")
    assert replace(cls(1), y=3) == cls(1, 3)


def test_fields_named_by_slots_have_no_default():
    @value(frozen=True)
    class Slotted:
        __slots__ = ("a",)
        a: int

        def __init__(self, a):
            set_field(self, "a", a)

    assert [f.default for f in fields(Slotted)] == [f.default for f in fields(Pair)][:1]
    assert repr(fields(Slotted)[0].default) == "MISSING" and Slotted(1) == Slotted(1)
