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

#: how an ``__init__`` sets a field of a frozen object
set_field = object.__setattr__


class FrozenError(AttributeError):
    """Raised on assigning to (or deleting) a field of a frozen object."""


def _nothing(obj) -> tuple:
    return ()


def _hash_of(fields: tuple[str, ...]):
    """``__hash__`` as a dataclass has it: the hash of the tuple of the fields' values."""
    if not fields:
        return lambda self: hash(())
    if len(fields) == 1:
        one = attrgetter(fields[0])
        return lambda self: hash((one(self),))
    many = attrgetter(*fields)
    return lambda self: hash(many(self))


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
        # the fields' values: one value for one field, a tuple for more (equality, hash)
        cls._key = attrgetter(*cls._fields) if cls._fields else staticmethod(_nothing)
        if "__hash__" not in cls.__dict__:
            cls.__hash__ = _hash_of(cls._fields)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._key(self) == other._key(other)
        return NotImplemented

    def __ne__(self, other):
        if other.__class__ is self.__class__:
            return self._key(self) != other._key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(())

    def __repr__(self) -> str:
        inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._fields)
        return f"{self.__class__.__qualname__}({inner})"

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
