"""The JSON form of the problem's and the story's parts: dump to a dict (Python or JSON
values), copy with changes, read back from a dict or JSON text, as a model library would.

The parts are value classes (:func:`smcdel_bridge.values.value`, mostly ``kw_only=True``)
on :class:`Record`, which adds the model methods.  No validation library: importing one cost
more than a one-problem check's own work.  Each class checks its own invariants in
``__post_init__`` (raising ``ValueError``) and says how its nested fields are read from JSON
in ``_read`` (field name -> function of the JSON value).

A field with ``metadata={"exclude": True}`` (the source line) is left out of dumps.
Formulas (:class:`smcdel_bridge.language.Form`) stay trees in Python dumps and become
SMCDEL text in JSON dumps.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar

from smcdel_bridge.language import Form
from smcdel_bridge.values import Field, fields, is_value

#: ``field(...)`` of a value that dumps leave out (where it was read from)
EXCLUDED = {"exclude": True}


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
    if is_value(value):
        return {f.name: _dump(getattr(value, f.name), json_form) for f in fields(value)}
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
    #: the fields, base classes' first (set by :func:`smcdel_bridge.values.value`)
    __value_fields__: ClassVar[tuple[Field, ...]] = ()
    #: how nested fields are read from JSON values (field name -> reader)
    _read: ClassVar[dict[str, Callable[[Any], Any]]] = {}
    #: how a formula of this record is written in JSON
    _json_form: ClassVar[Callable[[Form], Any]] = staticmethod(smcdel_text)

    def model_dump(self, mode: str = "python", exclude: set[str] | None = None) -> dict[str, Any]:
        """The fields as a dict (nested records as dicts); ``mode="json"``: JSON values;
        without the fields named in ``exclude``."""
        json_form = type(self)._json_form if mode == "json" else None
        return {f.name: _dump(getattr(self, f.name), json_form)
                for f in self.__value_fields__
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
        names = {f.name for f in cls.__value_fields__}  # other keys are ignored
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
