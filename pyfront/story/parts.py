"""The parts every story model is made of: agent ids inside formulas, formula fields
(a Form in Python, a JSON tree in JSON) and immutable parts whose source line is not part
of their value."""

from __future__ import annotations

from typing import Any

from smcdel_bridge.language import Form

from pyfront.problem.record import Record
from smcdel_bridge.values import value
from smcdel_bridge.values import value

# --- agents inside formulas ------------------------------------------------------------

#: suffix that turns an agent's name into the id of its knowledge relation
KNOWLEDGE_MARK = "!"


def belief_id(name: str) -> str:
    """Id of ``name``'s belief relation in story formulas and models."""
    return name


def knowledge_id(name: str) -> str:
    """Id of ``name``'s knowledge relation in story formulas and models."""
    return name + KNOWLEDGE_MARK


def split_agent(ident: str) -> tuple[str, str]:
    """``(name, "believes" | "knows")`` for an agent id of a story formula."""
    if ident.endswith(KNOWLEDGE_MARK):
        return ident[: -len(KNOWLEDGE_MARK)], "knows"
    return ident, "believes"


# --- formulas inside story models: JSON trees as in the event-model corpus -------------

#: the formula nodes a story may hold (the engine's JSON format knows more)
_STORY_NODES = ("Top", "Bot", "Prp", "Neg", "Conj", "Disj", "Impl", "Equi", "K", "Kw", "Ck", "Dk")


def _story_formula(f: Form) -> Form:
    for node in f.unique_nodes():
        if type(node).__name__ not in _STORY_NODES:
            raise ValueError(f"a story formula cannot contain {type(node).__name__}")
    return f


def form_to_json(f: Form) -> Any:
    """A story formula as a JSON tree (``true``, ``["p", 3]``, ``["K", "Sally", …]`` …,
    the format of the event-model conformance corpus)."""
    from smcdel_bridge.dynamic.jsonio import form_to_json as engine_form_to_json

    return engine_form_to_json(_story_formula(f))


def form_from_json(data: Any) -> Form:
    """Inverse of :func:`form_to_json`."""
    from smcdel_bridge.dynamic.jsonio import DelModelError
    from smcdel_bridge.dynamic.jsonio import form_from_json as engine_form_from_json

    try:
        return _story_formula(engine_form_from_json(data))
    except (ValueError, DelModelError) as err:
        raise ValueError(f"not a story formula: {data!r} ({err})") from None


def to_story_form(value: Any) -> Form:
    """A formula field's value: a Form, or its JSON tree."""
    return value if isinstance(value, Form) else form_from_json(value)


#: a formula field: a Form in Python, a JSON tree in JSON (fields read it with
#: :func:`to_story_form`)
Formula = Form

Names = tuple[str, ...]


#: the decorator of every part: immutable, keyword fields, equality from :class:`Part`
part = value(frozen=True, eq=False, kw_only=True)


@part
class Part(Record):
    """Immutable parts; the source ``line`` a part may carry is not part of its value."""

    _json_form = staticmethod(form_to_json)

    def __post_init__(self):
        self._apply_read()

    def _value(self) -> tuple:
        return tuple((k, v) for k, v in self.__dict__.items() if k not in ("line", "source"))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._value() == other._value()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._value()))
