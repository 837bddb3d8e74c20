"""The toolkit's one way to make a value class: :func:`value`, with :func:`field`,
:func:`fields`, :func:`replace` and :func:`asdict`, as ``dataclasses`` has them.

Not ``dataclasses`` itself: it compiles each class's methods when its module is imported
(about a quarter of a millisecond a class), which for the formula AST, the program types
and the problem's parts was the largest part of a one-problem check's start-up.  Here the
methods are closures made once and shared, so a class costs a few microseconds.

A class names its fields in annotations (defaults, ``field(default_factory=…)``, ``ClassVar``
left out, the fields of the value classes it inherits from first) or, without annotations,
in its own ``__slots__``.  A class that writes its own ``__init__`` keeps it (the formula
nodes do, for speed); otherwise ``__init__`` fills the fields, positionally in order or by
keyword (``kw_only=True``: by keyword only), then calls ``__post_init__`` if there is one.
Equality (same class, equal compared fields), hashing (``frozen`` and ``eq``: the tuple of
the fields; ``eq`` alone: unhashable; ``eq=False``: identity), ``repr``, ``__match_args__``,
pickling and copying are a dataclass's; ``frozen=True`` makes assignment raise
:class:`FrozenError`; ``slots=True`` rebuilds the class with ``__slots__``.
"""

from __future__ import annotations

from operator import attrgetter, itemgetter
from typing import Any

from .errors import SmcdelError

#: how a hand-written ``__init__`` sets a field of a frozen object
set_field = object.__setattr__


class FrozenError(SmcdelError, AttributeError):
    """Raised on assigning to (or deleting) a field of a frozen object."""


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


#: no default given
MISSING: Any = _Missing()


class Field:
    """One field: its name, default or default factory, and whether ``repr`` and the
    comparisons show it; ``metadata`` is the caller's (dumps read ``exclude``)."""

    __slots__ = ("name", "default", "default_factory", "repr", "compare", "metadata")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING,
                 repr: bool = True, compare: bool = True, metadata: dict | None = None,
                 name: str = "") -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot give both default and default_factory")
        self.name, self.default, self.default_factory = name, default, default_factory
        self.repr, self.compare, self.metadata = repr, compare, metadata or {}

    def named(self, name: str) -> "Field":
        return Field(self.default, self.default_factory, self.repr, self.compare,
                     self.metadata, name)

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


def field(*, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True,
          compare: bool = True, metadata: dict | None = None) -> Any:
    """A field's default (or a factory of it), ``repr``/``compare`` flags and metadata."""
    return Field(default, default_factory, repr, compare, metadata)


def fields(obj_or_cls) -> tuple[Field, ...]:
    """The fields of a value class or instance, in order."""
    try:
        return obj_or_cls.__value_fields__
    except AttributeError:
        raise TypeError(f"{obj_or_cls!r} is not a value class or instance") from None


def field_names(obj_or_cls) -> tuple[str, ...]:
    """The names of the fields of a value class or instance, in order."""
    return tuple(f.name for f in fields(obj_or_cls))


def is_value(obj) -> bool:
    """Whether ``obj`` is an instance of a value class."""
    return hasattr(type(obj), "__value_fields__") and not isinstance(obj, type)


def replace(obj, **changes):
    """A new value like ``obj`` with some fields changed, made by its ``__init__`` (so
    ``__post_init__`` runs again)."""
    for f in obj.__value_fields__:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def asdict(obj) -> dict[str, Any]:
    """The fields as a dict, value classes inside lists, tuples and dicts made dicts too."""
    return {f.name: _plain(getattr(obj, f.name)) for f in obj.__value_fields__}


def _plain(x):
    if is_value(x):
        return asdict(x)
    if isinstance(x, (list, tuple)):
        return type(x)(_plain(v) for v in x)
    if isinstance(x, dict):
        return {_plain(k): _plain(v) for k, v in x.items()}
    return x


def _frozen_setattr(self, name, value):
    raise FrozenError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenError(f"cannot delete field {name!r}")


def _repr(self) -> str:
    """``Class(field=value, …)``, as a dataclass prints itself."""
    inner = ", ".join(f"{f.name}={getattr(self, f.name)!r}"
                      for f in self.__value_fields__ if f.repr)
    return f"{self.__class__.__qualname__}({inner})"


def _getstate(self):
    return [getattr(self, f.name) for f in self.__value_fields__]


def _setstate(self, state):
    for f, v in zip(self.__value_fields__, state):
        object.__setattr__(self, f.name, v)


def fields_eq(names: tuple[str, ...]):
    """``__eq__`` as a dataclass has it: same class and equal fields, in order."""
    key = attrgetter(*names) if names else (lambda obj: ())

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented
    return __eq__


def fields_hash(names: tuple[str, ...]):
    """``__hash__`` as a dataclass has it: the hash of the tuple of the fields' values."""
    if not names:
        return lambda self: hash(())
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda self: hash((one(self),))
    many = attrgetter(*names)
    return lambda self: hash(many(self))


_CLASSVAR = ("ClassVar", "typing.ClassVar")
#: what a class's own ``__slots__`` puts under a field's name (no default)
_SLOT = type(Field.__dict__["name"])


def _collect(cls) -> dict[str, Field]:
    """The class's fields: the inherited ones first, then its own (annotations, or the
    names in its own ``__slots__``); a default moves from the class body into the field."""
    merged: dict[str, Field] = {}
    for base in cls.__mro__[-2:0:-1]:
        inherited = base.__dict__.get("__value_fields__")
        if inherited:
            for f in inherited:
                merged[f.name] = f
    own = cls.__dict__
    notes = own.get("__annotations__")
    if not notes:  # the names in __slots__: no defaults
        names = own.get("__slots__", ())
        for name in (names,) if isinstance(names, str) else names:
            merged[name] = Field(MISSING, MISSING, True, True, None, name)
        return merged
    for name, note in notes.items():
        if str(note).startswith(_CLASSVAR):
            continue
        given = own.get(name, MISSING)
        if given.__class__ is Field:
            f = given.named(name)
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        else:
            f = Field(MISSING if given.__class__ is _SLOT else given, MISSING, True, True,
                      None, name)
        merged[name] = f
    return merged


def _slot_names(cls) -> set[str]:
    found: set[str] = set()
    for b in cls.__mro__[:-1]:
        slots = b.__dict__.get("__slots__", ())
        found.update((slots,) if isinstance(slots, str) else slots)
    return found


def _init(cls, fs: tuple[Field, ...], kw_only: bool):
    """``__init__`` of the fields ``fs``: into ``__dict__`` where no field is a slot."""
    names = tuple(f.name for f in fs)
    n, npos = len(names), 0 if kw_only else len(names)
    direct = (any("__slots__" not in b.__dict__ for b in cls.__mro__[:-1])
              and not _slot_names(cls).intersection(names))
    post = getattr(cls, "__post_init__", None)
    setter = object.__setattr__
    qual = cls.__qualname__

    def bind(args, kw) -> list:
        """Every field's value, in order, from the call's arguments and the defaults."""
        if len(args) > npos:
            raise TypeError(f"{qual}.__init__() takes {npos + 1} positional arguments but "
                            f"{len(args) + 1} were given")
        values = list(args)
        for f in fs[len(args):]:
            if f.name in kw:
                values.append(kw.pop(f.name))
            elif f.default is not MISSING:
                values.append(f.default)
            elif f.default_factory is not MISSING:
                values.append(f.default_factory())
            else:
                raise TypeError(f"{qual}.__init__() missing the argument {f.name!r}")
        for name in kw:
            raise TypeError(f"{qual}.__init__() got multiple values for argument {name!r}"
                            if name in names else
                            f"{qual}.__init__() got an unexpected keyword argument {name!r}")
        return values

    every = itemgetter(*names) if n > 1 else None  # (a call naming every field)

    def __init__(self, *args, **kw):
        if kw:
            if every is not None and not args and len(kw) == n:
                try:
                    args = every(kw)
                except KeyError:
                    args = bind(args, kw)
            else:
                args = bind(args, kw)
        elif len(args) != npos or kw_only:
            args = bind(args, kw)
        if direct:
            self.__dict__.update(zip(names, args))
        else:
            for name, v in zip(names, args):
                setter(self, name, v)
        if post is not None:
            post(self)
    if not n:
        def __init__(self):  # noqa: F811  (a class without fields)
            if post is not None:
                post(self)
    return __init__


def _with_slots(cls, names: tuple[str, ...]):
    """``cls`` made again with ``__slots__`` for its own fields (as dataclass does)."""
    inherited = set().union(*map(_slot_names, cls.__bases__))
    body = dict(cls.__dict__)
    body["__slots__"] = tuple(n for n in names if n not in inherited)
    for n in (*names, "__dict__", "__weakref__"):
        body.pop(n, None)
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    return new


def _standard(cls, **options):
    """``cls`` as a standard-library dataclass, for a library that asks for one."""
    import dataclasses

    for name, given in list(cls.__dict__.items()):
        if isinstance(given, Field):
            setattr(cls, name, dataclasses.field(
                default=given.default if given.default is not MISSING else dataclasses.MISSING,
                default_factory=(given.default_factory if given.default_factory is not MISSING
                                 else dataclasses.MISSING),
                repr=given.repr, compare=given.compare, metadata=given.metadata))
    cls = dataclasses.dataclass(cls, **options)
    gone = dataclasses.MISSING
    cls.__value_fields__ = tuple(
        Field(MISSING if f.default is gone else f.default,
              MISSING if f.default_factory is gone else f.default_factory,
              f.repr, f.compare, dict(f.metadata), f.name)
        for f in dataclasses.fields(cls))
    return cls


def _put(cls, name: str, func) -> None:
    """Set a method on ``cls`` unless it inherits that very function already (setting a
    special method on a class costs more than the rest of making it)."""
    if getattr(cls, name, None) is not func:
        setattr(cls, name, func)


def value(cls=None, /, *, frozen: bool = False, eq: bool = True, kw_only: bool = False,
          slots: bool = False, standard: bool = False):
    """Class decorator: a value class of the class's fields (see the module's docstring),
    as ``dataclass(frozen=…, eq=…, kw_only=…, slots=…)``; ``standard=True``: a real
    dataclass (what a library that checks ``dataclasses.is_dataclass`` takes)."""
    def make(cls):
        if standard:
            return _standard(cls, frozen=frozen, eq=eq, kw_only=kw_only, slots=slots)
        merged = _collect(cls)
        fs = tuple(merged.values())
        if slots and "__slots__" not in cls.__dict__:
            cls = _with_slots(cls, tuple(merged))
        own = cls.__dict__
        cls.__value_fields__ = fs
        if "__init__" not in own:
            cls.__init__ = _init(cls, fs, kw_only)
        if "__repr__" not in own:
            _put(cls, "__repr__", _repr)
        if eq:
            compared = tuple(f.name for f in fs if f.compare)
            h = own.get("__hash__", MISSING)
            explicit = not (h is MISSING or (h is None and "__eq__" in own))
            if "__eq__" not in own:
                cls.__eq__ = fields_eq(compared)
            if not explicit:
                cls.__hash__ = fields_hash(compared) if frozen else None
        if frozen:
            _put(cls, "__setattr__", _frozen_setattr)
            _put(cls, "__delattr__", _frozen_delattr)
        if "__slots__" in own and "__getstate__" not in own:
            _put(cls, "__getstate__", _getstate)
            _put(cls, "__setstate__", _setstate)
        if "__match_args__" not in own:
            cls.__match_args__ = () if kw_only else tuple(merged)
        return cls
    return make if cls is None else make(cls)
