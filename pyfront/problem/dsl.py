"""DSL text -> :class:`~pyfront.problem.Problem` (grammar: ``grammars/problem.lark``).

Parsing is two steps: lark turns text into a tree (syntax errors name line, column and
what was expected), then :class:`_Builder` resolves names against the problem's
declarations (unknown agents and propositions get a "did you mean").  Statements may come
in any order inside a problem, except that announcements and hypotheses keep theirs.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any, Iterator

from smcdel_bridge.language import BOT, TOP, Conj, Disj, Equi, Form, Impl, K, Kw, Neg, Prp

from pyfront.errors import UserError
from pyfront.problem.dsl_expect import expectation, keywords
from pyfront.problem.model import MAX_AGENTS, Agent, Announcement, Hypothesis, Problem, Proposition, agent_id
from pyfront.problem.setups import Predicate, get_setup, setup_names

#: words a reader may not know the grammar's names for
_TERMINAL_WORDS = {
    "_NL": "end of line",
    "NAME": "a name",
    "STRING": 'a quoted string',
    "RAW": 'smcdel"…"',
    "BIT": "0 or 1",
    "ANSWER": "an answer (true, false, entailment, not_entailment)",
    "POSSESSIVE": "'s",
    "NOTHING": "nothing",
    "$END": "end of file",
}


#: words that may stand where a proposition's name does (a misspelt one gets "did you mean")
_FORMULA_WORDS = ("true", "false", "someone", "everyone", "nobody")

#: deepest nesting of operators a formula may have: far beyond what people write, and
#: within reach of every recursive stage downstream (English, explanations, engines)
MAX_FORMULA_DEPTH = 200


class _ParenNewlines:
    """Post-lexer: newlines inside parentheses do not end a statement."""

    always_accept = ("_NL",)

    def process(self, stream):
        depth = 0
        for tok in stream:
            if tok.type == "LPAR":
                depth += 1
            elif tok.type == "RPAR":
                depth = max(0, depth - 1)
            elif tok.type == "_NL" and depth:
                continue
            yield tok


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    from mindgames_grammars import grammar_text

    return Lark(
        grammar_text("problem.lark"),
        parser="lalr",
        lexer="contextual",
        postlex=_ParenNewlines(),
        propagate_positions=True,
        maybe_placeholders=True,
    )


def _describe_terminal(parser, name: str) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        term = parser.get_terminal(name)
    except KeyError:
        return name
    if term.pattern.type == "str":
        return repr(term.pattern.value).replace("'", '"') if '"' not in term.pattern.value else term.pattern.value
    return name.lower()


def _expected_text(parser, expected) -> str:
    words = sorted({_describe_terminal(parser, t) for t in expected})
    if not words:
        return "something else"
    if len(words) > 12:
        words = words[:12] + ["…"]
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else words[0]


def _token_text(tok) -> str:
    if tok.type == "$END":
        return "end of file"
    if tok.type == "_NL":
        return "end of line"
    return repr(str(tok))


def parse_tree(text: str, filename: str = "<string>"):
    """The lark tree of a DSL text; UserError at the first syntax error."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    parser = _parser()
    if not text.endswith("\n"):
        text += "\n"
    try:
        return parser.parse(text)
    except UnexpectedToken as err:
        tok = err.token
        line, col = (err.line, err.column) if tok.type != "$END" else _end_position(text)
        found = expectation(parser, text, tok.start_pos) if tok.type != "$END" else None
        expected = found.accepted if found else err.expected
        prev = found.previous if found else None
        if prev is not None and prev.type == "NAME" and prev.column == _first_column(text, prev):
            # a statement opened by a name that is no keyword: "anounce someone"
            hint = _did_you_mean(str(prev), keywords(parser, found.accepted_before or ()))
            if hint and not _keyword_hint(parser, expected, tok):
                raise UserError(f"unknown keyword {str(prev)!r}{hint}", file=filename,
                                line=prev.line, column=prev.column) from None
        raise UserError(
            f"expected {_expected_text(parser, expected)}, got {_token_text(tok)}"
            f"{_keyword_hint(parser, expected, tok)}",
            file=filename, line=line, column=col,
        ) from None
    except UnexpectedCharacters as err:
        found = expectation(parser, text, err.pos_in_stream)
        allowed = found.accepted if found else (err.allowed or set())
        what = f"expected {_expected_text(parser, allowed)}, " if allowed else ""
        raise UserError(
            f"{what}got unexpected character {text[err.pos_in_stream]!r}",
            file=filename, line=err.line, column=err.column,
        ) from None
    except UnexpectedEOF as err:
        line, col = _end_position(text)
        raise UserError(
            f"expected {_expected_text(parser, err.expected)}, got end of file",
            file=filename, line=line, column=col,
        ) from None


def _keyword_hint(parser, expected, tok) -> str:
    """" (did you mean 'moves'?)" when a misspelt word stands where a keyword was expected
    (a name, or a keyword of another place: "know" for "knows")."""
    if not re.fullmatch(r"[A-Za-z_]+", str(tok)):
        return ""
    return _did_you_mean(str(tok), [w for w in keywords(parser, expected) if w != str(tok)])


def _first_column(text: str, tok) -> int:
    """The column of the first non-blank character on ``tok``'s line."""
    start = text.rfind("\n", 0, tok.start_pos) + 1
    line = text[start:text.find("\n", start) if "\n" in text[start:] else len(text)]
    return len(line) - len(line.lstrip()) + 1


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip("\n").split("\n")
    return len(lines), len(lines[-1]) + 1


def _unquote(s: str) -> str:
    """The text of a quoted string token (``\\x`` stands for ``x``)."""
    if len(s) >= 2 and s.startswith('"') and s.endswith('"'):
        return re.sub(r"\\(.)", r"\1", s[1:-1])
    return s


def _did_you_mean(word: str, options) -> str:
    close = difflib.get_close_matches(word, list(options), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def chain_operands(kind: str, children: list) -> list:
    """The operands of a chain written ``a and b and c``: one Conj (parentheses keep
    nesting).  The tree nests it to the left, so walk the chain instead of recursing."""
    from lark import Tree

    operands: list = []
    stack = list(reversed(children))
    while stack:
        c = stack.pop()
        if isinstance(c, Tree) and c.data == kind:
            stack.extend(reversed(c.children))
        else:
            operands.append(c)
    return operands


class FormulaReader:
    """The depth guard every DSL formula reader shares: subclasses write ``_formula`` (one
    tree node to a formula) and ``error`` (a UserError at a node)."""

    depth = 0

    def formula(self, node) -> Form:
        self.depth += 1
        try:
            if self.depth > MAX_FORMULA_DEPTH:
                raise self.error(f"formula nested more than {MAX_FORMULA_DEPTH} levels deep", node)
            return self._formula(node)
        finally:
            self.depth -= 1


class _Builder(FormulaReader):
    """Resolves one ``problem`` tree into a :class:`Problem`."""

    def __init__(self, tree, filename: str):
        self.tree = tree
        self.filename = filename
        self.agents: list[str] = []
        self.setup: str | None = None
        self.predicate: Predicate | None = None
        self.extra_predicates: list[Predicate] = []
        self.props: list[Proposition] = []
        self.depth = 0

    # -- helpers ---------------------------------------------------------------------

    def error(self, msg: str, node) -> UserError:
        meta = getattr(node, "meta", None)
        line = getattr(node, "line", None) or (meta.line if meta and not meta.empty else None)
        col = getattr(node, "column", None) or (meta.column if meta and not meta.empty else None)
        return UserError(msg, file=self.filename, line=line, column=col)

    def name_of(self, node) -> tuple[str, Any]:
        tok = node.children[0]
        return _unquote(str(tok)), tok

    def agent(self, node) -> int:
        name, tok = self.name_of(node)
        if name in self.agents:
            return self.agents.index(name)
        if not self.agents:
            raise self.error(f"unknown agent {name!r}: declare the agents first ('agents A, B')", tok)
        raise self.error(f"unknown agent {name!r}{_did_you_mean(name, self.agents)}", tok)

    def atom_of_prop(self, tok) -> int:
        name = str(tok)
        names = [p.name for p in self.props]
        if name in names:
            return self.n_pred + 1 + names.index(name)
        options = names + (self.agents if self.predicate is None else [])
        hint = _did_you_mean(name, names)
        if not hint and name in self.agents and self.predicate is not None:
            hint = f" (did you mean {self.predicate.keyword}({name})?)"
        hint = hint or _did_you_mean(name, options) or _did_you_mean(name, _FORMULA_WORDS)
        raise self.error(f"unknown proposition {name!r}{hint}", tok)

    @property
    def n_pred(self) -> int:
        return len(self.agents) if self.predicate is not None else 0

    def applied(self, node) -> int:
        kw_tok, name_node = node.children
        kw = str(kw_tok)
        extra = [p.keyword for p in self.extra_predicates]
        if kw in extra:
            agent = self.agent(name_node)
            return self.n_pred + 1 + extra.index(kw) * len(self.agents) + agent
        if self.predicate is None and extra:
            raise self.error(f"unknown predicate {kw!r}{_did_you_mean(kw, extra)}", kw_tok)
        if self.predicate is None:
            raise self.error(
                f"{kw}(…) needs a setup or a 'predicate' declaration", kw_tok
            )
        if kw != self.predicate.keyword:
            known = [self.predicate.keyword] + extra
            raise self.error(
                f"unknown predicate {kw!r}{_did_you_mean(kw, known)} (this problem's "
                f"predicates: {', '.join(known)})",
                kw_tok,
            )
        return self.agent(name_node) + 1

    # -- formulas --------------------------------------------------------------------

    def _formula(self, node) -> Form:
        from lark import Token, Tree

        if isinstance(node, Token):  # a bare NAME reaching here is a proposition
            return Prp(self.atom_of_prop(node))
        kind = node.data
        ch = node.children
        if kind == "paren":
            return self.formula(ch[0])
        if kind == "prop":
            return Prp(self.atom_of_prop(ch[0]))
        if kind == "applied":
            return Prp(self.applied(node))
        if kind in ("someone", "everyone", "nobody"):
            if self.predicate is None:
                raise self.error(f"{kind!r} needs a setup or a 'predicate' declaration", node)
            atoms = tuple(Prp(i + 1) for i in range(len(self.agents)))
            if kind == "someone":
                return Disj(atoms)
            if kind == "everyone":
                return Conj(atoms)
            return Neg(Disj(atoms))
        if kind == "true":
            return TOP
        if kind == "false":
            return BOT
        if kind in ("at_least", "at_most", "exactly"):
            return self.count(kind, *ch)
        if kind == "not_":
            return Neg(self.formula(ch[0]))
        if kind in ("and_", "or_"):
            cls = Conj if kind == "and_" else Disj
            return cls(tuple(self.formula(c) for c in chain_operands(kind, ch)))
        if kind == "implies":
            return Impl(self.formula(ch[0]), self.formula(ch[1]))
        if kind == "iff":
            return Equi(self.formula(ch[0]), self.formula(ch[1]))
        if kind in ("knows_that", "knows_whether", "not_knows_that", "not_knows_whether"):
            who = agent_id(self.agent(ch[0]))
            body = self.formula(ch[1])
            f = K(who, body) if kind.endswith("that") else Kw(who, body)
            return Neg(f) if kind.startswith("not_") else f
        if kind == "raw":
            return self.raw(ch[0])
        raise self.error(f"unexpected {kind}", node)  # grammar and builder out of step

    def count(self, kind: str, count_tok, kw_tok) -> Form:
        """``at least 2 muddy``: a count over every agent's atom of a predicate."""
        from pyfront.problem.counting import COUNTS, number

        kw = str(kw_tok)
        known = ([self.predicate.keyword] if self.predicate else []) + [
            p.keyword for p in self.extra_predicates]
        if kw not in known:
            what = f" (this problem's predicates: {', '.join(known)})" if known else \
                " (declare it with 'predicate' or a setup)"
            raise self.error(f"unknown predicate {kw!r}{_did_you_mean(kw, known)}{what}", kw_tok)
        if kw == (self.predicate.keyword if self.predicate else None):
            atoms = list(range(1, len(self.agents) + 1))
        else:
            i = [p.keyword for p in self.extra_predicates].index(kw)
            start = self.n_pred + 1 + i * len(self.agents)
            atoms = list(range(start, start + len(self.agents)))
        word = kind.replace("_", " ")
        k = number(str(count_tok))
        if k > len(atoms):  # "at least 5" of 3 can never hold, "at most 5" always does
            raise self.error(f"'{word} {count_tok}' of {len(atoms)} agents: a count cannot "
                             f"exceed the number of agents ({len(atoms)})", count_tok)
        try:
            return COUNTS[word](atoms, k)
        except ValueError as err:
            raise self.error(str(err), count_tok) from None

    def raw(self, tok) -> Form:
        from smcdel_bridge.errors import SmcdelError
        from smcdel_bridge.syntax import parse_formula

        text = _unquote(str(tok)[len("smcdel"):])
        try:
            f = parse_formula(text)
        except SmcdelError as err:
            raise raw_error(err, tok, text, self.filename) from None
        if formula_depth(f) + self.depth > MAX_FORMULA_DEPTH:
            raise self.error(f"formula nested more than {MAX_FORMULA_DEPTH} levels deep", tok)
        vocab = set(range(1, self.n_pred + len(self.props) + 1))
        for a in sorted(f.atoms()):
            if a not in vocab:
                raise self.error(f"smcdel\"…\" mentions atom {a}, not in this problem (atoms 1..{len(vocab)})", tok)
        return _rename_agents(f, self, tok)

    # -- the problem -----------------------------------------------------------------

    def build(self) -> Problem:
        from lark import Tree

        label_node, *statements = self.tree.children
        pname = _unquote(str(label_node))
        by_kind: dict[str, list] = {}
        for st in statements:
            if isinstance(st, Tree):
                by_kind.setdefault(st.data, []).append(st)
        self._declarations(by_kind, label_node)
        observations = self._observations(by_kind)
        stated = self._stated(by_kind)
        law = TOP
        for st in by_kind.get("law", []):
            if law is not TOP:
                raise self.error("a problem has at most one 'law'", st)
            law = self.formula(st.children[0])
        announcements = []
        hypotheses: list[Hypothesis] = []
        hypothesis_names: set[str] = set()  # a set: reading stays linear in hypotheses
        for st in statements:
            if not isinstance(st, Tree):
                continue
            if st.data == "announce":
                announcements.append(
                    Announcement(formula=self.formula(st.children[0]), line=st.meta.line)
                )
            elif st.data == "hypothesis":
                label, body, expect = st.children
                hname = _unquote(str(label)) if label is not None else f"h{len(hypotheses) + 1}"
                if not remember(hypothesis_names, hname):
                    raise self.error(f"hypothesis {hname!r} is defined twice", label or st)
                expected = None
                if expect is not None:
                    expected = str(expect.children[0]) in ("true", "entailment")
                hypotheses.append(
                    Hypothesis(name=hname, formula=self.formula(body), expected=expected, line=st.meta.line)
                )
        try:
            return Problem(
                name=pname,
                agents=[Agent(name=a) for a in self.agents],
                setup=self.setup,
                predicate=self.predicate if self.setup is None else None,
                extra_predicates=self.extra_predicates,
                propositions=self.props,
                observations=observations or [],
                stated_observations=stated,
                sentences=[_unquote(str(s.children[0])) for s in by_kind.get("say", [])],
                law=law,
                announcements=announcements,
                hypotheses=hypotheses,
                line=self.tree.meta.line,
            )
        except ValueError as err:  # pydantic's ValidationError is a ValueError
            msg = str(err).splitlines()
            detail = next((m.strip() for m in msg[1:] if m.strip() and not m.strip().startswith("For further")), msg[0])
            raise self.error(detail.removeprefix("Value error, "), self.tree) from None

    def _declarations(self, by_kind, label_node) -> None:
        agents_st = by_kind.get("agents", [])
        if not agents_st:
            raise self.error("a problem needs an 'agents' line", label_node)
        if len(agents_st) > 1:
            raise self.error("'agents' is given twice", agents_st[1])
        for n in agents_st[0].children:
            name, tok = self.name_of(n)
            if name in self.agents:
                raise self.error(f"agent {name!r} is listed twice", tok)
            if len(self.agents) == MAX_AGENTS:
                raise self.error(f"a problem has at most {MAX_AGENTS} agents", tok)
            self.agents.append(name)
        setups = by_kind.get("setup", [])
        preds = by_kind.get("predicate", [])
        if len(setups) > 1:
            raise self.error("'setup' is given twice", setups[1])
        if setups:
            tok = setups[0].children[0]
            try:
                spec = get_setup(str(tok))
            except KeyError:
                raise self.error(
                    f"unknown setup {str(tok)!r}{_did_you_mean(str(tok), setup_names())}"
                    f" (known: {', '.join(setup_names())})",
                    tok,
                ) from None
            self.setup = spec.name
            self.predicate = spec.predicate
        # without a setup the first predicate is the problem's own; any other (and every
        # one next to a setup) is an extra predicate: a proposition per agent
        keywords = [self.predicate.keyword] if self.predicate else []
        for st in preds:
            kw, pos, neg = st.children
            if str(kw) in keywords:
                raise self.error(f"predicate {str(kw)!r} is declared twice", kw)
            keywords.append(str(kw))
            try:
                p = Predicate(keyword=str(kw), positive=_unquote(str(pos)), negative=_unquote(str(neg)))
            except ValueError:
                raise self.error("a predicate's phrasings must contain {x} (the subject)", pos) from None
            if self.predicate is None:
                self.predicate = p
            else:
                self.extra_predicates.append(p)
        for p in self.extra_predicates:
            for a in self.agents:
                self.props.append(Proposition(name=f"{p.keyword}({a})", positive=p.say(a),
                                              negative=p.say(a, positive=False)))
        seen: set[str] = set()
        for st in by_kind.get("proposition", []):
            name, pos, neg = st.children
            if str(name) in seen:
                raise self.error(f"proposition {str(name)!r} is declared twice", name)
            seen.add(str(name))
            self.props.append(Proposition(name=str(name), positive=_unquote(str(pos)), negative=_unquote(str(neg))))

    def _observations(self, by_kind) -> list[list[int]] | None:
        """Observation statements, or None when the problem states none (setup rule)."""
        kinds = ("observes", "observes_nothing", "sees", "obs_row")
        if not any(by_kind.get(k) for k in kinds):
            return None
        rows: list[set[int]] = [set() for _ in self.agents]
        n_atoms = self.n_pred + len(self.props)
        for st in by_kind.get("observes", []):
            viewer = self.agent(st.children[0])
            for t in st.children[1:]:
                rows[viewer].add(self.applied(t) if t.data == "applied" else self.atom_of_prop(t.children[0]))
        for st in by_kind.get("observes_nothing", []):
            self.agent(st.children[0])
        for st in by_kind.get("sees", []):
            viewer = self.agent(st.children[0])
            if self.predicate is None:
                raise self.error("'sees' needs a setup or a 'predicate' (use 'observes' for propositions)", st)
            for seen in st.children[1:]:
                rows[viewer].add(self.agent(seen.children[0]) + 1)
        for st in by_kind.get("obs_row", []):
            viewer = self.agent(st.children[0])
            bits = st.children[1:]
            if len(bits) != n_atoms:
                raise self.error(f"an observation row needs {n_atoms} bits (one per atom), got {len(bits)}", bits[0])
            rows[viewer] |= {i + 1 for i, b in enumerate(bits) if str(b) == "1"}
        return [sorted(r) for r in rows]

    def _stated(self, by_kind) -> list[list[int]] | None:
        sts = by_kind.get("stated_row", [])
        if not sts:
            return None
        if self.predicate is None:
            raise self.error("'stated' rows need a setup or a predicate", sts[0])
        rows: list[list[int]] = [[] for _ in self.agents]
        for st in sts:
            viewer = self.agent(st.children[0])
            bits = st.children[1:]
            if len(bits) != len(self.agents):
                raise self.error(f"a stated row needs {len(self.agents)} bits, got {len(bits)}", bits[0])
            rows[viewer] = [i + 1 for i, b in enumerate(bits) if str(b) == "1"]
        return rows


def raw_error(err, tok, text: str, filename: str) -> UserError:
    """An error of the SMCDEL parser inside ``smcdel"…"``, placed in the DSL file.

    The reference parser reports an unexpected end of input as line 1, column 1; here it
    points at the closing quote.  Other positions count characters of the formula text,
    which start after ``smcdel"`` (an escaped ``\\"`` is two characters of the file)."""
    from smcdel_bridge.errors import LexError, ParseError

    line, col = getattr(err, "line", None), getattr(err, "column", None)
    if not isinstance(err, (LexError, ParseError)) or line != 1:
        return UserError(f'in smcdel"…": {err}', file=filename, line=tok.line, column=tok.column)
    source = str(tok)[len('smcdel"'):-1]  # as written, escapes included
    offset = col - 1
    if isinstance(err, ParseError) and _at_end_of_input(text, offset):
        offset, what = len(text), "the formula ends too early"
    else:
        what = ("unexpected character" if isinstance(err, LexError)
                else f"unexpected {text[offset:].split()[0]!r}" if text[offset:].strip()
                else "unexpected end")
    # characters of the unquoted text -> characters of the source (escapes take two)
    i = k = 0
    while k < offset and i < len(source):
        i += 2 if source[i] == "\\" else 1
        k += 1
    return UserError(f'in smcdel"…": {what} (SMCDEL syntax)', file=filename, line=tok.line,
                     column=tok.column + len('smcdel"') + i)


def _at_end_of_input(text: str, offset: int) -> bool:
    """Whether a parse error the reference reports at line 1, column 1 is really at the
    end of the input: the first token could start a formula, so the parser stopped later."""
    if offset != 0:
        return False
    from smcdel_bridge.syntax.lexer import scan
    from smcdel_bridge.syntax.parser import _ACTION, _tables

    try:
        kinds = scan(text)[0]
    except Exception:  # a lexical error: not the end-of-input quirk
        return False
    return not kinds or _ACTION[_tables.STARTS["Form"]].get(kinds[0]) is not None


def remember(seen: set, name) -> bool:
    """Add ``name`` to ``seen``; False when it was there already.  A set, so that reading
    n names takes time linear in n (a list scan made long files quadratic)."""
    if name in seen:
        return False
    seen.add(name)
    return True


def formula_depth(f: Form) -> int:
    """Levels of operators in ``f`` (an atom is 1), counted without recursion."""
    from smcdel_bridge.syntax.printer import fold

    return fold(f, lambda _node, depths: 1 + max(depths, default=0))


def _rename_agents(f: Form, builder: _Builder, tok) -> Form:
    """Agents in a raw SMCDEL formula may be written by display name or SMCDEL id."""
    from dataclasses import fields, replace

    ids = {agent_id(i) for i in range(len(builder.agents))}

    def one(a: str) -> str:
        if a in builder.agents:
            return agent_id(builder.agents.index(a))
        if a in ids:
            return a
        raise builder.error(
            f"unknown agent {a!r} in smcdel\"…\"{_did_you_mean(a, builder.agents + sorted(ids))}", tok
        )

    def walk(g: Form) -> Form:
        changes = {}
        for fld in fields(g):
            v = getattr(g, fld.name)
            if fld.name == "agent":
                changes["agent"] = one(v)
            elif fld.name == "group":
                changes["group"] = tuple(one(a) for a in v)
            elif isinstance(v, Form):
                changes[fld.name] = walk(v)
            elif isinstance(v, tuple) and v and isinstance(v[0], Form):
                changes[fld.name] = tuple(walk(x) for x in v)
        return replace(g, **changes) if changes else g

    return walk(f)


def iter_problem_trees(tree) -> Iterator:
    for child in tree.children:
        if getattr(child, "data", None) == "problem":
            yield child


def parse_problems(text: str, filename: str = "<string>") -> list[Problem]:
    """Every problem in a DSL text, in order."""
    tree = parse_tree(text, filename)
    problems = [_Builder(t, filename).build() for t in iter_problem_trees(tree)]
    seen: dict[str, int] = {}
    for pb in problems:
        if pb.name in seen:
            raise UserError(
                f"problem {pb.name!r} is defined twice (first on line {seen[pb.name]})",
                file=filename, line=pb.line,
            )
        seen[pb.name] = pb.line or 0
    return problems


def parse_problem(text: str, filename: str = "<string>") -> Problem:
    """The single problem of a DSL text."""
    problems = parse_problems(text, filename)
    if len(problems) != 1:
        raise UserError(f"expected one problem, found {len(problems)}", file=filename)
    return problems[0]
