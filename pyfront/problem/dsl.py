"""DSL text -> :class:`~pyfront.problem.model.Problem` (grammar: ``grammars/problem.lark``).

Parsing is two steps: the grammar's LALR tables (:mod:`pyfront.grammar`) turn text into a
tree (syntax errors name line, column and what was expected:
:mod:`pyfront.problem.dsl_syntax`), then :class:`ProblemBuilder` resolves
names against the problem's declarations (unknown agents and propositions get a "did you
mean").  Statements may come in any order inside a problem, except that announcements,
hypotheses and questions keep theirs: each is answered where it is written.
"""

from __future__ import annotations

from typing import Any, Iterator

from smcdel_bridge.language import BOT, TOP, Conj, Disj, Equi, Form, Impl, Neg, Prp
from smcdel_bridge.values import field_names, replace

from pyfront.errors import UserError
from pyfront.problem.dsl_declarations import Declarations
from pyfront.problem.dsl_modal import MODAL_FORMULAS, ModalReader
from pyfront.problem.dsl_values import VALUE_FORMULAS, ValueReader
from pyfront.problem.dsl_planning import read_planning
from pyfront.problem.dsl_syntax import (  # noqa: F401  (the readers' shared names)
    MAX_FORMULA_DEPTH, FormulaReader, did_you_mean, unquote, chain_operands,
    formula_depth, parse_tree, raw_error, remember,
)
from pyfront.problem.model import Agent, Announcement, Hypothesis, Problem, agent_id
from pyfront.problem.setups import Predicate
from pyfront.problem.model import Proposition

#: words that may stand where a proposition's name does (a misspelt one gets "did you mean")
_FORMULA_WORDS = ("true", "false", "someone", "everyone", "nobody")


class ProblemBuilder(ValueReader, Declarations, ModalReader, FormulaReader):
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
        #: formulas of lines read before (see ``reused``): (tree, depth) -> (tree, formula)
        self.read_before: dict[tuple[int, int], tuple] = {}

    # -- helpers ---------------------------------------------------------------------

    def error(self, msg: str, node) -> UserError:
        meta = getattr(node, "meta", None)
        line = getattr(node, "line", None) or (meta.line if meta and not meta.empty else None)
        col = getattr(node, "column", None) or (meta.column if meta and not meta.empty else None)
        return UserError(msg, file=self.filename, line=line, column=col)

    def name_of(self, node) -> tuple[str, Any]:
        tok = node.children[0]
        return unquote(str(tok)), tok

    def agent(self, node) -> int:
        name, tok = self.name_of(node)
        if name in self.agents:
            return self.agents.index(name)
        if not self.agents:
            raise self.error(f"unknown agent {name!r}: declare the agents first ('agents A, B')", tok)
        raise self.error(f"unknown agent {name!r}{did_you_mean(name, self.agents)}", tok)

    def knower(self, node) -> str:
        return agent_id(self.agent(node))

    def believer(self, node) -> str:
        """A problem's models are S5: a belief is knowledge (the same relation)."""
        return agent_id(self.agent(node))

    def everyone_ids(self, belief: bool) -> tuple[str, ...]:
        return tuple(agent_id(i) for i in range(len(self.agents)))

    def atom_of_prop(self, tok) -> int:
        name = str(tok)
        if name in getattr(self, "variables", ()):
            raise self.error(f"{name!r} is a variable with values: compare it ({name} = …) "
                             f"or say who knows it ('… knows what {name} is')", tok)
        names = [p.name for p in self.props]
        if name in names:
            return self.n_pred + 1 + names.index(name)
        options = names + (self.agents if self.predicate is None else [])
        hint = did_you_mean(name, names)
        if not hint and name in self.agents and self.predicate is not None:
            hint = f" (did you mean {self.predicate.keyword}({name})?)"
        hint = hint or did_you_mean(name, options) or did_you_mean(name, _FORMULA_WORDS)
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
            raise self.error(f"unknown predicate {kw!r}{did_you_mean(kw, extra)}", kw_tok)
        if self.predicate is None:
            raise self.error(
                f"{kw}(…) needs a setup or a 'predicate' declaration", kw_tok
            )
        if kw != self.predicate.keyword:
            known = [self.predicate.keyword] + extra
            raise self.error(
                f"unknown predicate {kw!r}{did_you_mean(kw, known)} (this problem's "
                f"predicates: {', '.join(known)})",
                kw_tok,
            )
        return self.agent(name_node) + 1

    # -- formulas --------------------------------------------------------------------

    def reused(self, node, origin) -> Form:
        """A formula line read before: read once a problem (the declarations are read
        first and reading a formula changes nothing, so the same tree gives the same,
        immutable formula; muddy children 300: 297 lines of 3,000 nodes each)."""
        key = (id(origin), self.depth)
        hit = self.read_before.get(key)
        if hit is None:
            hit = self.read_before[key] = (origin, super().reused(node, origin))
        return hit[1]

    def _formula(self, node) -> Form:
        from pyfront.grammar.tree import Token, Tree

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
        if kind in MODAL_FORMULAS:
            return self.modal_formula(node)
        if kind == "raw":
            return self.raw(ch[0])
        if kind in VALUE_FORMULAS:
            return self.value_formula(node)
        if kind in ("is_value", "is_not_value"):
            raise self.error("'… is …' is a story formula (a variable with places); in a "
                             "problem compare values with '=' ('x = 3')", node)
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
            raise self.error(f"unknown predicate {kw!r}{did_you_mean(kw, known)}{what}", kw_tok)
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

        text = unquote(str(tok)[len("smcdel"):])
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

    def told(self, st) -> Announcement:
        """``announce to G that/whether F[, seen by W]``: who is told, who sees it (by
        default nobody for "that", everyone else for "whether", as a story's ``tells``)."""
        names, body, modifier = st.children
        group = []
        for n in names.children:
            ident = agent_id(self.agent(n))
            if ident in group:
                raise self.error("this agent is named twice", n)
            group.append(ident)
        others = [agent_id(i) for i in range(len(self.agents)) if agent_id(i) not in group]
        whether = st.data == "announce_whether"
        seen = others if whether else []
        if modifier is not None and modifier.data == "secretly":
            seen = []
        elif modifier is not None:
            named = [agent_id(self.agent(n)) for n in modifier.children[0].children]
            for n, ident in zip(modifier.children[0].children, named):
                if ident in group:
                    raise self.error("this agent is told: it sees what it is told", n)
            seen = named if modifier.data == "seen_by" else [a for a in others if a not in named]
        return Announcement(formula=self.formula(body), line=st.meta.line, to=tuple(group),
                            whether=whether, seen_by=tuple(a for a in others if a in seen))

    # -- the problem -----------------------------------------------------------------

    def build(self) -> Problem:
        from pyfront.grammar.tree import Tree

        label_node, *statements = self.tree.children
        pname = unquote(str(label_node))
        by_kind: dict[str, list] = {}
        for st in statements:
            if isinstance(st, Tree):
                by_kind.setdefault(st.data, []).append(st)
        self._declarations(by_kind, label_node)
        self.read_variables(by_kind.get("value_variable", []))
        for p in self.props:
            if p.name in self.variables:
                raise self.error(f"{p.name!r} is both a proposition and a variable", self.tree)
        self.terms_seen: list[list] = [[] for _ in self.agents]
        observations = self._observations(by_kind)
        stated = self._stated(by_kind)
        law = TOP
        for st in by_kind.get("law", []):
            if law is not TOP:
                raise self.error("a problem has at most one 'law'", st)
            law = self.formula(st.children[0])
        announcements = []
        hypotheses: list[Hypothesis] = []
        questions: list = []
        hypothesis_names: set[str] = set()  # a set: reading stays linear in hypotheses
        plan_nodes: list = []
        for st in statements:
            if not isinstance(st, Tree):
                continue
            if st.data == "plan_item":
                plan_nodes.append((st, len(announcements)))
            elif st.data == "announce":
                announcements.append(
                    Announcement(formula=self.formula(st.children[0]), line=st.meta.line)
                )
            elif st.data in ("announce_that", "announce_whether"):
                announcements.append(self.told(st))
            elif st.data == "p_question":
                q = self.question(st, len(announcements), len(questions) + 1)
                if not remember(hypothesis_names, q.name):
                    raise self.error(f"question {q.name!r} is defined twice", st.children[0] or st)
                questions.append(q)
            elif st.data == "hypothesis":
                label, body, expect = st.children
                hname = unquote(str(label)) if label is not None else f"h{len(hypotheses) + 1}"
                if not remember(hypothesis_names, hname):
                    raise self.error(f"hypothesis {hname!r} is defined twice", label or st)
                expected = None
                if expect is not None:
                    expected = str(expect.children[0]) in ("true", "entailment")
                hypotheses.append(
                    Hypothesis(name=hname, formula=self.formula(body), expected=expected,
                               after=len(announcements), line=st.meta.line)
                )
        for h in hypotheses:  # after the last announcement: the published form
            if h.after == len(announcements):
                h.after = None
        planning = read_planning(self, by_kind, plan_nodes, hypothesis_names)
        for item in planning.plans if planning is not None else ():
            if item.after == len(announcements):
                item.after = None
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
                sentences=[unquote(str(s.children[0])) for s in by_kind.get("say", [])],
                law=law,
                announcements=announcements,
                hypotheses=hypotheses,
                variables=list(self.variables.values()),
                observed_terms=[tuple(ts) for ts in self.terms_seen],
                questions=questions,
                planning=planning,
                line=self.tree.meta.line,
            )
        except ValueError as err:  # the model checks its invariants
            raise self.error((str(err).splitlines() or ["invalid problem"])[0], self.tree) from None


def _rename_agents(f: Form, builder: ProblemBuilder, tok) -> Form:
    """Agents in a raw SMCDEL formula may be written by display name or SMCDEL id."""
    ids = {agent_id(i) for i in range(len(builder.agents))}

    def one(a: str) -> str:
        if a in builder.agents:
            return agent_id(builder.agents.index(a))
        if a in ids:
            return a
        raise builder.error(
            f"unknown agent {a!r} in smcdel\"…\"{did_you_mean(a, builder.agents + sorted(ids))}", tok
        )

    def walk(g: Form) -> Form:
        changes = {}
        for name in field_names(g):
            v = getattr(g, name)
            if name == "agent":
                changes["agent"] = one(v)
            elif name == "group":
                changes["group"] = tuple(one(a) for a in v)
            elif isinstance(v, Form):
                changes[name] = walk(v)
            elif isinstance(v, tuple) and v and isinstance(v[0], Form):
                changes[name] = tuple(walk(x) for x in v)
        return replace(g, **changes) if changes else g

    return walk(f)


def iter_problem_trees(tree) -> Iterator:
    for child in tree.children:
        if getattr(child, "data", None) == "problem":
            yield child


def parse_problems(text: str, filename: str = "<string>") -> list[Problem]:
    """Every problem in a DSL text, in order."""
    tree = parse_tree(text, filename)
    problems = [ProblemBuilder(t, filename).build() for t in iter_problem_trees(tree)]
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
