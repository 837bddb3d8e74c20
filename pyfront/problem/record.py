"""Plain data classes with the few model methods the toolkit uses: dump to a dict (Python
or JSON values), copy with changes, read back from a dict or JSON text.

The problem's and the story's parts are classes made by :func:`record` on :class:`Record`:
keyword-only fields declared as annotations (defaults, ``field(default_factory=…)``), an
``__init__`` that fills them, equality and hashing as a dataclass has them.  Neither a
validation library nor ``dataclasses``: importing the one and compiling the methods of the
other (about 0.25 ms a class) cost more than a one-problem check's own work.  Each class
checks its own invariants in ``__post_init__`` (raising ``ValueError``) and says how its
nested fields are read from JSON in ``_read`` (field name -> function of the JSON value).

A field with ``metadata={"exclude": True}`` (the source line) is left out of dumps.
Formulas (:class:`smcdel_bridge.language.Form`) stay trees in Python dumps and become
SMCDEL text in JSON dumps.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from smcdel_bridge.frozen import Frozen, fields_eq, fields_hash, fields_repr
from smcdel_bridge.language import Form

#: ``field(...)`` of a value that dumps leave out (where it was read from)
EXCLUDED = {"exclude": True}

_MISSING = object()


class Field:
    """One field of a record: its name, its default or default factory, its metadata."""

    __slots__ = ("name", "default", "default_factory", "metadata")

    def __init__(self, name: str = "", default: Any = _MISSING, default_factory: Any = _MISSING,
                 metadata: dict | None = None) -> None:
        self.name, self.default, self.default_factory = name, default, default_factory
        self.metadata = metadata or {}

    def __repr__(self) -> str:
        return f"Field({self.name!r})"


def field(*, default: Any = _MISSING, default_factory: Any = _MISSING,
          metadata: dict | None = None) -> Any:
    """A field's default (or a factory of it) and metadata, as ``dataclasses.field``."""
    return Field("", default, default_factory, metadata)


def record(*, frozen: bool = False, eq: bool = True, kw_only: bool = True):
    """Class decorator: a record of the class's annotated fields (with the fields of the
    records it inherits from first), as ``dataclass(kw_only=…, frozen=…, eq=…)``."""
    def make(cls):
        merged: dict[str, Field] = {}
        for base in reversed(cls.__mro__[1:]):
            for f in base.__dict__.get("_record_fields", ()):
                merged[f.name] = f
        for name, note in cls.__dict__.get("__annotations__", {}).items():
            if str(note).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = cls.__dict__.get(name, _MISSING)
            if isinstance(value, Field):
                f = Field(name, value.default, value.default_factory, value.metadata)
                if value.default is _MISSING:
                    delattr(cls, name)
                else:
                    setattr(cls, name, value.default)
            else:
                f = Field(name, value)
            merged[name] = f
        cls._record_fields = tuple(merged.values())
        own = cls.__dict__  # (methods the class writes itself are kept, as dataclass does)
        if "__init__" not in own:
            cls.__init__ = _init(cls._record_fields, kw_only)
        if eq:
            names = tuple(merged)
            if "__eq__" not in own:
                cls.__eq__ = fields_eq(names)
            if own.get("__hash__") is None:
                cls.__hash__ = fields_hash(names) if frozen else None
        if frozen:
            cls.__setattr__, cls.__delattr__ = Frozen.__setattr__, Frozen.__delattr__
        if "__repr__" not in own:
            cls.__repr__ = _repr
        return cls
    return make


def replace(obj, **changes):
    """A new record like ``obj`` with some fields changed (``dataclasses.replace``: made
    by ``__init__``, so ``__post_init__`` runs again)."""
    values = {f.name: getattr(obj, f.name) for f in obj._record_fields}
    values.update(changes)
    return type(obj)(**values)


def _init(fields: tuple[Field, ...], kw_only: bool):
    order = [f.name for f in fields]
    known = frozenset(order)
    # the values before the arguments: defaults, or _MISSING for the fields without one
    # (filled by the arguments, a factory, or an error); copied and updated in C
    template = {f.name: f.default for f in fields}
    factories = [(f.name, f.default_factory) for f in fields
                 if f.default is _MISSING and f.default_factory is not _MISSING]
    required = [f.name for f in fields
                if f.default is _MISSING and f.default_factory is _MISSING]

    def __init__(self, *args, **given):
        if args:
            if kw_only or len(args) > len(order):
                raise TypeError(f"{type(self).__qualname__}() takes "
                                f"{0 if kw_only else len(order)} positional arguments")
            for name, value in zip(order, args):
                if name in given:
                    raise TypeError(f"{type(self).__qualname__}() got multiple values for "
                                    f"argument {name!r}")
                given[name] = value
        for name in required:
            if name not in given:
                raise TypeError(f"{type(self).__qualname__}() missing the keyword "
                                f"argument {name!r}")
        if not known.issuperset(given):
            extra = sorted(set(given) - known)
            raise TypeError(f"{type(self).__qualname__}() got an unexpected keyword "
                            f"argument {extra[0]!r}")
        values = template.copy()
        values.update(given)
        for name, factory in factories:
            if name not in given:
                values[name] = factory()
        self.__dict__.update(values)
        post = getattr(self, "__post_init__", None)
        if post is not None:
            post()
    return __init__


def _repr(self) -> str:
    return fields_repr(self, [f.name for f in self._record_fields])


def smcdel_text(f: Form) -> str:
    """A formula in JSON as SMCDEL input text (the problem's form)."""
    from smcdel_bridge.syntax import to_input

    return to_input(f)


def _dump(value: Any, json_form: Callable[[Form], Any] | None) -> Any:
    """``value`` as a dump holds it; ``json_form`` writes formulas (None: a Python dump)."""
    if isinstance(value, Record):
        return value.model_dump(mode="python" if json_form is None else "json")
    if isinstance(value, Form):
        return value if json_form is None else json_form(value)
    if isinstance(value, list):
        return [_dump(v, json_form) for v in value]
    if isinstance(value, tuple):
        items = [_dump(v, json_form) for v in value]
        return tuple(items) if json_form is None else items
    if isinstance(value, dict):
        return {k: _dump(v, json_form) for k, v in value.items()}
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        import dataclasses

        return {f.name: _dump(getattr(value, f.name), json_form)
                for f in dataclasses.fields(value)}
    return value


def to_form(value: Any) -> Form:
    """A formula field's value: a Form, or SMCDEL text (as JSON holds it)."""
    if isinstance(value, Form):
        return value
    if isinstance(value, str):
        from smcdel_bridge.syntax import parse_formula

        return parse_formula(value)
    raise TypeError(f"expected a formula, got {type(value).__name__}")


def one_of(value: Any, allowed: tuple, what: str) -> None:
    """ValueError unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(map(repr, allowed))}, not {value!r}")


class Record:
    """Base of the model's records (see the module's docstring)."""

    __slots__ = ()
    #: the fields, base classes' first (set by :func:`record`)
    _record_fields: ClassVar[tuple[Field, ...]] = ()
    #: how nested fields are read from JSON values (field name -> reader)
    _read: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    #: how a formula of this record is written in JSON
    _json_form: ClassVar[Callable[[Form], Any]] = staticmethod(smcdel_text)

    def model_dump(self, mode: str = "python", exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields as a dict (nested records as dicts); ``mode="json"``: JSON values;
        without the fields named in ``exclude``."""
        json_form = type(self)._json_form if mode == "json" else None
        return {f.name: _dump(getattr(self, f.name), json_form)
                for f in self._record_fields
                if not f.metadata.get("exclude") and not (exclude and f.name in exclude)}

    def _apply_read(self) -> None:
        """Read every field ``_read`` names (a constructor may be given JSON values, lists
        for tuples): for ``__post_init__``."""
        for name, read in self._read.items():
            value = getattr(self, name, None)  # (a reader for a field this kind lacks)
            if value is not None:
                object.__setattr__(self, name, read(value))

    def model_dump_json(self) -> str:
        import json

        return json.dumps(self.model_dump(mode="json"), ensure_ascii=False,
                          separators=(",", ":"))

    def model_copy(self, update: dict[str, Any] | None = None):
        """A shallow copy with the fields of ``update`` replaced (not checked again)."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        for key, value in (update or {}).items():
            object.__setattr__(new, key, value)
        return new

    @classmethod
    def model_validate(cls, data: Any):
        """The record of a dict (as :meth:`model_dump` makes), or ``data`` if it is one."""
        if isinstance(data, cls):
            return data
        if not isinstance(data, dict):
            raise ValueError(f"{cls.__name__}: expected a mapping, got {type(data).__name__}")
        names = {f.name for f in cls._record_fields}  # other keys are ignored
        return cls(**{k: (cls._read[k](v) if k in cls._read and v is not None else v)
                      for k, v in data.items() if k in names})

    @classmethod
    def model_validate_json(cls, text: str | bytes):
        import json

        return cls.model_validate(json.loads(text))


def many(reader: Callable[[Any], Any]) -> Callable[[Any], list]:
    """Reader of a list field whose items ``reader`` reads."""
    return lambda values: [reader(v) for v in values]


def tuple_of(reader: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    """Reader of a tuple field whose items ``reader`` reads."""
    return lambda values: tuple(reader(v) for v in values)


def pair(first: Callable[[Any], Any], second: Callable[[Any], Any]) -> Callable[[Any], tuple]:
    """Reader of a pair (a JSON list of two) whose parts ``first`` and ``second`` read."""
    def read(value):
        a, b = value
        return first(a), second(b)

    return read


def optional(reader: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else reader(value)


def same(value: Any) -> Any:
    return value


#: a tuple of names (a JSON list of strings)
names = tuple
