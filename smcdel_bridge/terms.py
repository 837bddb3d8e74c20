"""Terms over many-valued variables, and the formula nodes that use them.

Number puzzles (Sum and Product, Cheryl's birthday, What Sum) speak of variables with
values: ``x + y <= 100``, "Albert knows the month".  Their formulas are the toolkit's one
formula AST (:mod:`smcdel_bridge.language`) with two more nodes defined here:

* :class:`Cmp` — a comparison of two terms (``=``, ``!=``, ``<``, ``<=``, ``>``, ``>=``);
* :class:`Kv` — an agent knows the value of some terms: every state the agent considers
  possible gives them the same values (the disjunction over the values ``v`` of
  ``K a (t = v)``, as SMCDEL's examples write it).

Terms are :class:`Var` (a variable by name), :class:`Const` (an integer, or a named value
of a variable: ``"July"``) and :class:`Arith` (``+``, ``-``, ``*``).  Only the value engine
(:mod:`smcdel_bridge.native.values`) evaluates these nodes; for SMCDEL they are compiled
to Boolean atoms first (``pyfront.problem.encode``).
"""

from __future__ import annotations

import operator

from .values import set_field, value
from .language import Form


@value(frozen=True)
class Term:
    """Base class of terms (each subclass a frozen value class, as a formula node is)."""

    __slots__ = ()

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        value(frozen=True)(cls)

    def variables(self) -> frozenset[str]:
        return frozenset()


class Var(Term):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        set_field(self, "name", name)

    def variables(self) -> frozenset[str]:
        return frozenset((self.name,))


class Const(Term):
    __slots__ = ("value",)

    def __init__(self, value: int | str) -> None:
        """``value``: an int, or the name of a value of a non-numeric variable."""
        set_field(self, "value", value)


class Arith(Term):
    __slots__ = ("op", "a", "b")

    def __init__(self, op: str, a: Term, b: Term) -> None:  # op: "+", "-" or "*"
        set_field(self, "op", op)
        set_field(self, "a", a)
        set_field(self, "b", b)

    def variables(self) -> frozenset[str]:
        return self.a.variables() | self.b.variables()


ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul}
COMPARE = {"=": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge}


class Cmp(Form):
    """``a op b`` for two terms."""

    __slots__ = ("op", "a", "b")

    def __init__(self, op: str, a: Term, b: Term) -> None:
        set_field(self, "op", op)
        set_field(self, "a", a)
        set_field(self, "b", b)

    def variables(self) -> frozenset[str]:
        return self.a.variables() | self.b.variables()


class Kv(Form):
    """``agent`` knows the value of every term in ``terms``."""

    __slots__ = ("agent", "terms")

    def __init__(self, agent: str, terms: tuple[Term, ...]) -> None:
        set_field(self, "agent", agent)
        set_field(self, "terms", terms)

    def variables(self) -> frozenset[str]:
        out: frozenset[str] = frozenset()
        for t in self.terms:
            out |= t.variables()
        return out


def term_value(t: Term, env: dict):
    """The value of ``t`` where ``env`` maps variable names to values."""
    if isinstance(t, Var):
        return env[t.name]
    if isinstance(t, Const):
        return t.value
    return ARITH[t.op](term_value(t.a, env), term_value(t.b, env))


def term_source(t: Term, slot: dict[str, str]) -> str:
    """Python source of ``t``, variables written as ``slot[name]`` (e.g. ``s[0]``)."""
    if isinstance(t, Var):
        return slot[t.name]
    if isinstance(t, Const):
        return repr(t.value)
    return f"({term_source(t.a, slot)} {t.op} {term_source(t.b, slot)})"


def term_text(t: Term, level: int = 0) -> str:
    """``t`` as people write it (``x + y``, ``x * (y - 1)``)."""
    if isinstance(t, Var):
        return t.name
    if isinstance(t, Const):
        return str(t.value)
    own = 1 if t.op == "*" else 0
    right = own + 1 if t.op in "-*" else own  # a - (b - c), a * (b * c) keep parentheses
    text = f"{term_text(t.a, own)} {t.op} {term_text(t.b, right)}"
    return f"({text})" if own < level else text


def has_value_nodes(f: Form) -> bool:
    """Whether ``f`` uses comparisons or knowing-the-value."""
    return any(isinstance(n, (Cmp, Kv)) for n in f.unique_nodes())
