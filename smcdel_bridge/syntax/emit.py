"""Texts of formulas however deep, written in space linear in their length.

A printer gives each node's own text with a hole for each child (its *shape*);
:func:`emit` writes the whole text once into one list of pieces: a node's text is cut at
the holes and its children's texts written between.  Joining a child's text into its
parent's instead copies the text of each sub-chain of a left-nested chain of n binary
``&`` or ``|`` into its parent: n squared characters (20,000 disjuncts of an SMCDEL input:
1.2 GB), all of them kept until the root is done.  A child with one parent is written in
place, never copied; one with several parents is joined into a string at its first use
and the string kept until its last.  The walk uses an explicit stack, so deep formulas do
not meet Python's recursion limit.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..language import Form

#: stands for a child's text in a node's own text
HOLE = "\x00"

#: ``shape(node, children)``: the pieces of the node's own text (one more than the
#: children written between them) and those children, in order; None when the text
#: cannot be cut (:func:`cut`)
Shape = Callable[[Form, Sequence[Form]], "tuple[list[str], Sequence[Form]] | None"]


def cut(text: str, children: Sequence[Form]) -> tuple[list[str], Sequence[Form]] | None:
    """A node's own text, written with :data:`HOLE` for each child, cut at the holes;
    None when the text holds a hole of its own (an agent so named)."""
    pieces = text.split(HOLE)
    if len(pieces) != len(children) + 1:
        return None
    return pieces, children


def emit(root: Form, shape: Shape) -> str | None:
    """The text of ``root``, each node shaped by ``shape`` (see the module docstring);
    None when a node's text cannot be cut: the caller joins the texts instead."""
    parents = parent_counts(root)
    out: list[str] = []
    kept: dict[int, str] = {}
    uses: dict[int, int] = {}
    work: list = [root]
    while work:
        item = work.pop()
        t = type(item)
        if t is str:
            out.append(item)
            continue
        if t is tuple:  # the end of a shared node: join its pieces
            _, key, start = item
            text = "".join(out[start:])
            del out[start:]
            out.append(text)
            kept[key] = text
            continue
        key = id(item)
        text = kept.get(key)
        if text is not None:
            out.append(text)
            left = uses[key] = uses[key] - 1
            if not left:
                del kept[key]
            continue
        shaped = shape(item, item.children())
        if shaped is None:
            return None
        pieces, children = shaped
        if parents.get(key, 0) > 1:
            uses[key] = parents[key] - 1
            work.append((None, key, len(out)))
        work.append(pieces[-1])
        for i in range(len(children) - 1, -1, -1):
            work.append(children[i])
            work.append(pieces[i])
    return "".join(out)


def parent_counts(node: Form) -> dict[int, int]:
    """How many distinct parents each node below ``node`` has (by id)."""
    parents: dict[int, int] = {}
    seen: set[int] = set()
    stack = [node]
    while stack:
        cur = stack.pop()
        for child in cur.children():
            parents[id(child)] = parents.get(id(child), 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                stack.append(child)
    return parents


def fold_releasing(node: Form, combine):
    """:func:`~smcdel_bridge.language.fold` that lets go of a node's text once every
    parent has used it: a left-nested chain of n binary conjunctions (Sum and Product
    written with ``∧``: 2,352) would otherwise keep the text of each sub-chain, memory
    growing with n squared (650 MB)."""
    parents = parent_counts(node)
    results: dict[int, object] = {}
    work: list[tuple[Form, bool]] = [(node, False)]
    while work:
        cur, expanded = work.pop()
        if expanded:
            children = cur.children()
            results[id(cur)] = combine(cur, [results[id(c)] for c in children])
            for c in children:
                left = parents[id(c)] = parents[id(c)] - 1
                if left == 0:
                    del results[id(c)]
            continue
        if id(cur) in results:
            continue
        work.append((cur, True))
        for child in reversed(cur.children()):
            if id(child) not in results:
                work.append((child, False))
    return results[id(node)]
