"""Immutable value classes whose code is all in the source, so in the byte-code cache.

A frozen dataclass compiles its methods each time its module is imported (about a quarter
of a millisecond a class); for the formula AST and the program types that was the largest
part of a one-problem check's start-up.  A :class:`Frozen` class names its fields in
``__slots__`` and writes a plain ``__init__``; equality (same class, equal fields),
hashing and ``repr`` (as a dataclass does them), pickling, copying and immutability come from
here, and ``_fields`` / ``_replace`` stand in for ``dataclasses.fields`` / ``replace``.
"""

from __future__ import annotations

from operator import attrgetter

from .errors import SmcdelError

#: how an ``__init__`` sets a field of a frozen object
set_field = object.__setattr__


class FrozenError(SmcdelError, AttributeError):
    """Raised on assigning to (or deleting) a field of a frozen object."""


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


def fields_repr(obj, names) -> str:
    """``Class(field=value, …)``, as a dataclass prints itself."""
    inner = ", ".join(f"{n}={getattr(obj, n)!r}" for n in names)
    return f"{obj.__class__.__qualname__}({inner})"


class Frozen:
    """Base of the immutable value classes; ``__slots__`` lists the fields in order."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        fields = cls.__dict__.get("__slots__", None)
        if fields is not None:
            cls._fields = tuple(fields)
        cls.__match_args__ = cls._fields
        if "__eq__" not in cls.__dict__:
            cls.__eq__ = fields_eq(cls._fields)
        if "__hash__" not in cls.__dict__:
            cls.__hash__ = fields_hash(cls._fields)

    def __repr__(self) -> str:
        return fields_repr(self, self._fields)

    def __setattr__(self, name, value):
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenError(f"cannot delete field {name!r}")

    def __reduce__(self):
        return (self.__class__, tuple(getattr(self, n) for n in self._fields))

    def _replace(self, **changes):
        """A copy with some fields changed (``dataclasses.replace``)."""
        return self.__class__(**{n: changes.pop(n, getattr(self, n)) for n in self._fields},
                              **changes)
