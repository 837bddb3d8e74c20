"""The number-puzzle part of the problem DSL: variables with values, terms, comparisons,
knowing the value, questions (a mixin of :class:`pyfront.problem.dsl.ProblemBuilder`).

    x: 2..99                      month: May, June, July onehot "the month"
    law x < y and x + y <= 100    Sum observes x + y
    announce Product knows what x and y are
    question which possibilities remain? expect x = 4 and y = 13
    question what is month? expect July
"""

from __future__ import annotations

from smcdel_bridge.language import Form, Neg
from smcdel_bridge.terms import Arith, Cmp, Const, Kv, Term, Var

from pyfront.problem.dsl_syntax import did_you_mean, unquote
from pyfront.problem.model import agent_id
from pyfront.problem.values import MAX_VALUES, ValueQuestion, Variable

#: tree nodes this mixin turns into formulas
VALUE_FORMULAS = ("compare", "knows_value", "not_knows_value")

_ARITH = {"add": "+", "sub": "-", "mul": "*"}


class ValueReader:
    """Reads variables, terms and questions; needs the builder's ``error``, ``agent``,
    ``formula`` and ``agents``."""

    variables: dict[str, Variable]

    def read_variables(self, statements) -> None:
        self.variables = {}
        for st in statements:
            name_node, values, encoding, phrase = st.children
            name, tok = self.name_of(name_node)
            if str(tok).startswith('"'):
                raise self.error("a variable's name is a plain word (no quotes)", tok)
            if name in self.variables:
                raise self.error(f"variable {name!r} is declared twice", tok)
            if name in self.agents:
                raise self.error(f"{name!r} is an agent: a variable needs another name", tok)
            if values.data == "value_range":
                lo_tok, hi_tok = (_token(c) for c in values.children)
                lo, hi = (_signed(c) for c in values.children)
                if hi < lo:
                    raise self.error(f"empty range {lo}..{hi}: the first number must not be "
                                     "larger than the second", lo_tok)
                if hi - lo + 1 > MAX_VALUES:
                    raise self.error(f"range {lo}..{hi} too large to encode: {hi - lo + 1:,} "
                                     f"values (at most {MAX_VALUES:,})", lo_tok)
                vals: tuple = tuple(range(lo, hi + 1))
            else:
                words = [str(w) for w in values.children]
                numeric = [w.isdigit() for w in words]
                if any(numeric) and not all(numeric):
                    bad = values.children[numeric.index(not numeric[0])]
                    raise self.error(f"variable {name!r} mixes numbers and names", bad)
                vals = tuple(int(w) for w in words) if all(numeric) else tuple(words)
                for k, v in enumerate(vals):
                    if v in vals[:k]:
                        raise self.error(f"variable {name!r} lists {v} twice", values.children[k])
            enc = None if encoding is None else str(encoding).replace("-", "")
            self.variables[name] = Variable(
                name=name, values=vals, is_range=values.data == "value_range", encoding=enc,
                phrase=unquote(str(phrase)) if phrase is not None else None)

    # -- terms -------------------------------------------------------------------------

    def term(self, node) -> Term:
        kind = node.data
        if kind == "term_number":
            return Const(int(node.children[0]))
        if kind == "term_negative":
            return Const(-int(node.children[0]))
        if kind == "term_name":
            tok = node.children[0]
            name = str(tok)
            if name in self.variables:
                return Var(name)
            return Const(name)  # a value's name: checked where it is compared
        if kind in _ARITH:
            a, b = (self.term(c) for c in node.children)
            for side, child in ((a, node.children[0]), (b, node.children[1])):
                self._numeric(side, child, f"'{_ARITH[kind]}'")
            return Arith(_ARITH[kind], a, b)
        raise self.error(f"unexpected {kind} in a term", node)

    def _numeric(self, t: Term, node, what: str) -> None:
        """A UserError unless ``t`` is a number (an int, or a term over numeric variables)."""
        if isinstance(t, Const) and isinstance(t.value, str):
            raise self.error(self._unknown_name(t.value), node)
        for name in t.variables():
            if not self.variables[name].numeric:
                raise self.error(f"{what} needs numbers, but {name!r} is not numeric "
                                 f"(its values: {_values_text(self.variables[name])})", node)

    def _unknown_name(self, word: str) -> str:
        known = list(self.variables)
        return f"unknown variable {word!r}{did_you_mean(word, known)}" + (
            f" (this problem's variables: {', '.join(known)})" if known else
            " (declare it, e.g. 'x: 1..10')")

    def compare(self, node) -> Form:
        left, op_tok, right = node.children
        a, b = self.term(left), self.term(right)
        op = str(op_tok)
        named = [t for t in (a, b) if isinstance(t, Var) and not self.variables[t.name].numeric]
        if named:
            var = self.variables[named[0].name]
            other, other_node = (b, right) if a is named[0] else (a, left)
            if op not in ("=", "!="):
                raise self.error(f"'{op}' needs numbers, but {var.name!r} is not numeric "
                                 f"(compare it with = or !=)", op_tok)
            if isinstance(other, Var):
                if self.variables[other.name].values != var.values:
                    raise self.error(f"{var.name!r} and {other.name!r} have different values",
                                     op_tok)
            elif not isinstance(other, Const) or var.value_of(other.value) is None:
                raise self.error(f"{_word(other)} is not a value of {var.name!r} (its values: "
                                 f"{_values_text(var)})", other_node)
            return Cmp(op, a, b)
        for t, child in ((a, left), (b, right)):
            self._numeric(t, child, f"'{op}'")
        if op == "=":
            for t, c, child in ((a, b, right), (b, a, left)):
                if isinstance(t, Var) and isinstance(c, Const) and c.value not in \
                        self.variables[t.name].values:
                    raise self.error(f"{c.value} is outside the range of {t.name!r} "
                                     f"({_values_text(self.variables[t.name])})", child)
        return Cmp(op, a, b)

    def value_formula(self, node) -> Form:
        kind = node.data
        if kind == "compare":
            return self.compare(node)
        who = agent_id(self.agent(node.children[0]))
        terms = []
        for tok in node.children[1:]:
            if str(tok) not in self.variables:
                raise self.error(self._unknown_name(str(tok)), tok)
            terms.append(Var(str(tok)))
        f = Kv(who, tuple(terms))
        return Neg(f) if kind.startswith("not_") else f

    def observed_term(self, target) -> Term | None:
        """The term an ``observes`` target names, or None for an atom (proposition)."""
        if target.data == "observe_term":
            t = self.term(target.children[0])
            self._numeric(t, target, "a term")
            return t
        if target.data == "prop" and str(target.children[0]) in self.variables:
            return Var(str(target.children[0]))
        return None

    # -- questions -----------------------------------------------------------------------

    def question(self, st, after: int, index: int) -> ValueQuestion:
        label, query, expect = st.children
        name = unquote(str(label)) if label is not None else f"q{index}"
        if not self.variables:
            raise self.error("a question needs variables (e.g. 'x: 1..10')", st)
        if query.data == "which_remain":
            kind, names = "remain", tuple(self.variables)
        else:
            kind, names = "value", tuple(str(t) for t in query.children)
            for tok in query.children:
                if str(tok) not in self.variables:
                    raise self.error(self._unknown_name(str(tok)), tok)
        expected = None
        if expect is not None:
            if expect.data == "expect_count":
                expected = int(expect.children[0])
            else:
                expected = tuple(self.valuation(v, names) for v in expect.children)
        return ValueQuestion(name=name, kind=kind, variables=names, expected=expected, after=after,
                        line=st.meta.line)

    def valuation(self, node, names: tuple[str, ...]) -> dict:
        if node.data == "bare_value":
            if len(names) != 1:
                raise self.error(f"give each value with its variable ({' and '.join(names)})", node)
            pairs = [(names[0], node.children[0])]
        else:
            pairs = [(str(a.children[0]), a.children[1]) for a in node.children]
        out = {}
        for var_name, word in pairs:
            if var_name not in self.variables:
                raise self.error(self._unknown_name(var_name), word)
            var = self.variables[var_name]
            value = var.value_of(str(word))
            if value is None:
                raise self.error(f"{word} is outside the values of {var_name!r} "
                                 f"({_values_text(var)})", word)
            out[var_name] = value
        return out


def _values_text(var: Variable) -> str:
    if var.is_range:
        return f"{var.values[0]}..{var.values[-1]}"
    shown = [str(v) for v in var.values[:8]]
    return ", ".join(shown) + (", …" if len(var.values) > 8 else "")


def _word(t: Term) -> str:
    if isinstance(t, Const):
        return repr(t.value) if isinstance(t.value, str) else str(t.value)
    return "a number"


def _token(node):
    """The number token of a range bound (``3`` or ``-3``)."""
    return node.children[0] if getattr(node, "data", None) == "negative" else node


def _signed(node) -> int:
    """A range bound's value: ``3``, or ``-3`` (a ``negative`` node)."""
    if getattr(node, "data", None) == "negative":
        return -int(node.children[0])
    return int(node)
