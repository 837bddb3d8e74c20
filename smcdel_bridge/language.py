"""The formula AST shared by every stage of the toolkit.

The constructors mirror SMCDEL's ``SMCDEL.Language.Form`` one for one, so that a parsed
formula has exactly the tree the reference builds (diamonds, for instance, are not
constructors: the parser desugars ``< ! f > g`` to ``Neg(PubAnnounce(f, Neg(g)))`` as the
reference does).  Nodes are frozen, slotted value classes (:mod:`.values`, each subclass of
:class:`Form` made one as it is defined): immutable, hashable, comparable,
cheap to share between the parser, the printers, the renderers and the engines.

Agents are strings, atoms are non-negative ints; lists of children are tuples.
"""

from __future__ import annotations

from typing import Callable, Iterator

from .values import set_field, value

Agent = str


@value(frozen=True)
class Form:
    """Base class of every formula node."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        value(frozen=True)(cls)  # fields: the names in its __slots__

    def children(self) -> tuple["Form", ...]:
        """Direct sub-formulas, left to right."""
        return ()

    def walk(self) -> Iterator["Form"]:
        """This node and all its sub-formulas, pre-order."""
        stack: list[Form] = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.children()))

    def unique_nodes(self) -> Iterator["Form"]:
        """Every distinct node once, even where a sub-formula object is shared many times
        (generated formulas such as muddy-children rounds reuse subtrees heavily)."""
        seen: set[int] = set()
        stack: list[Form] = [self]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            yield node
            stack.extend(node.children())

    def atoms(self) -> frozenset[int]:
        """Atoms that occur in the formula (including quantified ones)."""
        return names((self,))[0]

    def agents(self) -> frozenset[Agent]:
        """Agents mentioned anywhere in the formula."""
        return names((self,))[1]

    #: how ``str`` prints a formula: ``repr`` until the syntax layer installs the
    #: reference's pretty-printing (see :func:`show_with`)
    printer = repr

    def __str__(self) -> str:
        return Form.printer(self)


class Top(Form):
    """Truth (``Top``, printed ``T``)."""

    __slots__ = ()


class Bot(Form):
    """Falsity (``Bot``, printed ``F``)."""

    __slots__ = ()


TOP = Top()
BOT = Bot()


class Prp(Form):
    """An atomic proposition, numbered as in SMCDEL (``P n``)."""

    __slots__ = ("n",)

    def __init__(self, n: int) -> None:
        set_field(self, "n", n)


class Neg(Form):
    __slots__ = ("f",)

    def __init__(self, f: Form) -> None:
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Conj(Form):
    """Conjunction of any number of formulas (the empty one is true)."""

    __slots__ = ("fs",)

    def __init__(self, fs: tuple[Form, ...]) -> None:
        set_field(self, "fs", fs)

    def children(self):
        return self.fs


class Disj(Form):
    """Disjunction of any number of formulas (the empty one is false)."""

    __slots__ = ("fs",)

    def __init__(self, fs: tuple[Form, ...]) -> None:
        set_field(self, "fs", fs)

    def children(self):
        return self.fs


class Xor(Form):
    """Exclusive or (parity) of any number of formulas."""

    __slots__ = ("fs",)

    def __init__(self, fs: tuple[Form, ...]) -> None:
        set_field(self, "fs", fs)

    def children(self):
        return self.fs


class Impl(Form):
    __slots__ = ("a", "b")

    def __init__(self, a: Form, b: Form) -> None:
        set_field(self, "a", a)
        set_field(self, "b", b)

    def children(self):
        return (self.a, self.b)


class Equi(Form):
    __slots__ = ("a", "b")

    def __init__(self, a: Form, b: Form) -> None:
        set_field(self, "a", a)
        set_field(self, "b", b)

    def children(self):
        return (self.a, self.b)


class Forall(Form):
    """Boolean quantifier over atoms (acts on the Boolean function of ``f``)."""

    __slots__ = ("props", "f")

    def __init__(self, props: tuple[int, ...], f: Form) -> None:
        set_field(self, "props", props)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Exists(Form):
    __slots__ = ("props", "f")

    def __init__(self, props: tuple[int, ...], f: Form) -> None:
        set_field(self, "props", props)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class K(Form):
    """``agent`` knows that ``f``."""

    __slots__ = ("agent", "f")

    def __init__(self, agent: Agent, f: Form) -> None:
        set_field(self, "agent", agent)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Kw(Form):
    """``agent`` knows whether ``f``."""

    __slots__ = ("agent", "f")

    def __init__(self, agent: Agent, f: Form) -> None:
        set_field(self, "agent", agent)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Ck(Form):
    """Common knowledge that ``f`` in ``group``."""

    __slots__ = ("group", "f")

    def __init__(self, group: tuple[Agent, ...], f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Ckw(Form):
    __slots__ = ("group", "f")

    def __init__(self, group: tuple[Agent, ...], f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Dk(Form):
    """Distributed knowledge that ``f`` in ``group``."""

    __slots__ = ("group", "f")

    def __init__(self, group: tuple[Agent, ...], f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class Dkw(Form):
    __slots__ = ("group", "f")

    def __init__(self, group: tuple[Agent, ...], f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


class PubAnnounce(Form):
    """``[ ! ann ] f``: after the public announcement of ``ann``, ``f``."""

    __slots__ = ("ann", "f")

    def __init__(self, ann: Form, f: Form) -> None:
        set_field(self, "ann", ann)
        set_field(self, "f", f)

    def children(self):
        return (self.ann, self.f)


class PubAnnounceW(Form):
    """``[ ? ! ann ] f``: after announcing whether ``ann``, ``f``."""

    __slots__ = ("ann", "f")

    def __init__(self, ann: Form, f: Form) -> None:
        set_field(self, "ann", ann)
        set_field(self, "f", f)

    def children(self):
        return (self.ann, self.f)


class Announce(Form):
    """``[ group ! ann ] f``: after ``ann`` is announced to ``group`` only, ``f``."""

    __slots__ = ("group", "ann", "f")

    def __init__(self, group: tuple[Agent, ...], ann: Form, f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "ann", ann)
        set_field(self, "f", f)

    def children(self):
        return (self.ann, self.f)


class AnnounceW(Form):
    __slots__ = ("group", "ann", "f")

    def __init__(self, group: tuple[Agent, ...], ann: Form, f: Form) -> None:
        set_field(self, "group", group)
        set_field(self, "ann", ann)
        set_field(self, "f", f)

    def children(self):
        return (self.ann, self.f)


class Dynamic(Form):
    """``[A] f``: after the event model ``A`` (an immutable
    :class:`smcdel_bridge.dynamic.ActionModel`) happens, ``f`` holds — at every actual event
    of ``A`` whose precondition holds here (vacuously true where none does).  Like
    SMCDEL's dynamic operator for action models; the diamond is ``Neg(Dynamic(A, Neg(f)))``.

    Only the event-model engine (:mod:`smcdel_bridge.dynamic`) evaluates it; the S5
    checkers and the SMCDEL printers reject it with
    :class:`~smcdel_bridge.errors.UnsupportedFormula`.  The action's pre- and
    postconditions are not children (they are formulas of the action, evaluated in the
    model the action is applied to) but count for :meth:`Form.atoms`/:meth:`Form.agents`.
    """

    __slots__ = ("action", "f")

    def __init__(self, action: object, f: Form) -> None:
        set_field(self, "action", action)
        set_field(self, "f", f)

    def children(self):
        return (self.f,)


#: the last formula lists asked about, by their ids (the nodes kept: an id is never another
#: node's), with their atoms and agents: the checks and engines ask about them again
_NAMES: dict[tuple, tuple] = {}


def names(forms: tuple[Form, ...]) -> tuple[frozenset[int], frozenset[Agent]]:
    """The atoms and agents of all of ``forms``, one walk over their distinct nodes."""
    key = tuple(map(id, forms))
    known = _NAMES.get(key)
    if known is None or any(a is not b for a, b in zip(known[0], forms)):
        atoms, agents, seen, stack = set(), set(), set(), list(forms)
        pop, push, see = stack.pop, stack.extend, seen.add
        while stack:  # (connectives without a call: most nodes of a chain of ``&``)
            node = pop()
            kind = type(node)
            if kind is Prp:
                atoms.add(node.n)
            elif id(node) not in seen:
                see(id(node))
                if kind is Conj or kind is Disj or kind is Neg:
                    push(node.fs if kind is not Neg else (node.f,))
                    continue
                if kind is K or kind is Kw:
                    agents.add(node.agent)
                elif kind in (Ck, Ckw, Dk, Dkw, Announce, AnnounceW):
                    agents.update(node.group)
                elif kind is Forall or kind is Exists:
                    atoms.update(node.props)
                elif kind is Dynamic:
                    agents.update(node.action.agents)
                    for into, more in zip((atoms, agents), names(tuple(node.action.formulas()))):
                        into.update(more)
                push(node.children())
        if len(_NAMES) >= 64:
            _NAMES.clear()
        known = _NAMES[key] = (tuple(forms), frozenset(atoms), frozenset(agents))
    return known[1], known[2]


def show_with(printer) -> None:
    """Make ``str(form)`` use ``printer``.  The syntax layer above installs the reference's
    pretty-printing (:mod:`smcdel_bridge.syntax.printer`, loaded with the package), so this
    module needs nothing from the layers that use it."""
    Form.printer = staticmethod(printer)


def fold(node: Form, combine: Callable[[Form, list], object]):
    """Bottom-up evaluation without recursion: ``combine(node, child_results)``."""
    results: dict[int, object] = {}
    stack: list[tuple[Form, bool]] = [(node, False)]
    while stack:
        cur, expanded = stack.pop()
        if expanded:
            results[id(cur)] = combine(cur, [results[id(c)] for c in cur.children()])
            continue
        if id(cur) in results:
            continue
        stack.append((cur, True))
        for child in reversed(cur.children()):
            if id(child) not in results:
                stack.append((child, False))
    return results[id(node)]
