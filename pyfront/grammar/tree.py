"""Parse trees of the DSL: the shape of lark's ``Tree``, ``Token`` and ``Meta``.

A token is a ``str`` with its terminal's name and its place in the text; a tree has the
rule's name (its alias where the grammar gives one), its children and, in ``meta``, where
it starts and ends (``meta.empty`` while it covers no token)."""

from __future__ import annotations


class Token(str):
    """One token: the text matched, ``type`` (the terminal's name) and its position."""

    def __new__(cls, type_: str, value: str, start_pos=None, line=None, column=None,
                end_line=None, end_column=None, end_pos=None):
        self = super().__new__(cls, value)
        self.type = type_
        self.value = value
        self.start_pos = start_pos
        self.line = line
        self.column = column
        self.end_line = end_line
        self.end_column = end_column
        self.end_pos = end_pos
        return self

    def __repr__(self) -> str:
        return f"Token({self.type!r}, {self.value!r})"

    def __reduce__(self):
        return (Token, (self.type, self.value, self.start_pos, self.line, self.column,
                        self.end_line, self.end_column, self.end_pos))


class Meta:
    """Where a tree lies in the text; the position attributes exist once it covers a token."""

    def __init__(self) -> None:
        self.empty = True


class Tree:
    """A node: ``data`` (the rule's name), ``children`` (trees, tokens and ``None`` for an
    optional part left out) and ``meta``."""

    __slots__ = ("data", "children", "meta")

    def __init__(self, data: str, children: list, meta: Meta | None = None) -> None:
        self.data = data
        self.children = children
        self.meta = meta if meta is not None else Meta()

    def __eq__(self, other) -> bool:
        return (isinstance(other, Tree) and self.data == other.data
                and self.children == other.children)

    def __hash__(self) -> int:
        return hash((self.data, tuple(self.children)))

    def __repr__(self) -> str:
        return f"Tree({self.data!r}, {self.children!r})"
