"""``story`` blocks of DSL text -> :class:`~pyfront.story.model.Story`.

The grammar (``grammars/problem.lark``) reads a story's lines; :class:`StoryBuilder`
resolves names against the story's declarations.  Declarations (agents, rooms,
variables, propositions) may be written anywhere in the story; the set-up (what is
common knowledge, what is actually true, who observes what, who is where) comes before
the first event; events, hypotheses and questions keep their order.  Unknown agents,
rooms, variables, values and events are one-line errors with a "did you mean".
"""

from __future__ import annotations

from typing import Any

from smcdel_bridge.language import BOT, TOP, Conj, Disj, Equi, Form, Impl, Neg

from pyfront.problem.dsl import FormulaReader, chain_operands, parse_tree
from pyfront.problem.dsl_modal import MODAL_FORMULAS, ModalReader
from pyfront.problem.dsl_syntax import did_you_mean, unquote
from ..errors import UserError
from . import model as M
from .dsl_events import EventReader
from .dsl_planning import PLANNING_STATEMENTS, PlanningReader
from .model import Story, belief_id, knowledge_id

#: statements that describe the start: they come before the first event
_SETUP = {"common_fact", "actual_fact", "s_observes", "starts_in", "initial_model"}
_DECLARATIONS = {"agents", "rooms", "variable", "s_proposition"}
_EVENTS = {"enter", "leave", "move", "put", "set_to", "turn", "waits", "announce_s", "says", "tells",
           "tells_whether", "lies", "claims", "asserts", "peeks", "looks", "shows", "event_model"}
#: formula words only a problem gives a meaning to, as the error names them
_PROBLEM_ONLY = {"someone": "'someone'", "everyone": "'everyone' alone", "nobody": "'nobody'",
                 "applied": "a predicate applied to an agent", "raw": 'smcdel"…"',
                 "at_least": "a count", "at_most": "a count", "exactly": "a count",
                 "compare": "a comparison of numbers", "knows_value": "knowing the value",
                 "not_knows_value": "knowing the value"}
#: the trust policy: anywhere in the story, in order
_TRUST = {"trusts", "distrusts", "trust_rule"}


class StoryBuilder(EventReader, PlanningReader, ModalReader, FormulaReader):
    """Resolves one ``story`` tree into a :class:`Story`."""

    def __init__(self, tree, filename: str, text: str = ""):
        self.tree = tree
        self.lines = text.splitlines()
        self.filename = filename
        self.agents: list[str] = []
        self.rooms: list[str] = []
        self.variables: list[M.Variable] = []
        self.depth = 0
        self._bare: Story | None = None

    # -- helpers ---------------------------------------------------------------------------

    def error(self, msg: str, node) -> UserError:
        meta = getattr(node, "meta", None)
        line = getattr(node, "line", None) or (meta.line if meta and not meta.empty else None)
        col = getattr(node, "column", None) or (meta.column if meta and not meta.empty else None)
        return UserError(msg, file=self.filename, line=line, column=col)

    @staticmethod
    def text(node) -> str:
        from pyfront.grammar.tree import Token

        if isinstance(node, Token):
            return unquote(str(node))
        return unquote(str(node.children[0]))

    @staticmethod
    def tok(node):
        from pyfront.grammar.tree import Token

        return node if isinstance(node, Token) else node.children[0]

    def agent(self, node) -> str:
        name = self.text(node)
        if name in self.agents:
            return name
        if not self.agents:
            raise self.error(f"unknown agent {name!r}: declare the agents first ('agents A, B')",
                             self.tok(node))
        raise self.error(f"unknown agent {name!r}{did_you_mean(name, self.agents)}", self.tok(node))

    def agent_list(self, node) -> tuple[str, ...]:
        out = []
        for n in node.children:
            a = self.agent(n)
            if a in out:
                raise self.error(f"{a} is named twice", self.tok(n))
            out.append(a)
        return tuple(out)

    def knower(self, node) -> str:
        return knowledge_id(self.agent(node))

    def believer(self, node) -> str:
        return belief_id(self.agent(node))

    def everyone_ids(self, belief: bool) -> tuple[str, ...]:
        return tuple((belief_id if belief else knowledge_id)(a) for a in self.agents)

    def room(self, node) -> str:
        name = self.text(node)
        if name in self.rooms:
            return name
        if not self.rooms:
            raise self.error(f"unknown room {name!r}: declare the rooms first ('rooms kitchen, garden')",
                             self.tok(node))
        raise self.error(f"unknown room {name!r}{did_you_mean(name, self.rooms)}", self.tok(node))

    def var_ref_text(self, node) -> str:
        ch = node.children
        if len(ch) == 2:
            return f"{ch[0]}({self.text(ch[1])})"
        return self.text(ch[0])

    def variable(self, node, *, boolean: bool | None = None) -> M.Variable:
        """The variable a reference names: its full name (``location(marble)``) or, when
        no variable has that name, the one variable whose subject it is (``marble``)."""
        ref = self.var_ref_text(node)
        found = [v for v in self.variables if v.name == ref]
        if not found and len(node.children) == 1:
            found = [v for v in self.variables if v.subject == ref]
            if len(found) > 1:
                raise self.error(f"{ref!r} could be {', '.join(v.name for v in found)}: say which",
                                 self.tok(node))
        if not found:
            options = [v.name for v in self.variables] + [v.subject for v in self.variables]
            raise self.error(f"unknown variable {ref!r}{did_you_mean(ref, options)}", self.tok(node))
        v = found[0]
        if boolean is False and v.boolean:
            raise self.error(f"{v.name} is a proposition (true or false), not a variable with values",
                             self.tok(node))
        return v

    def value(self, var: M.Variable, node) -> str:
        val = self.text(node)
        if val in var.values:
            return val
        raise self.error(
            f"{val!r} is not a value of {var.name}{did_you_mean(val, var.values)}"
            f" (values: {', '.join(var.values)})", self.tok(node))

    def bare(self) -> Story:
        """A story with the declarations only: atom numbers for formulas."""
        if self._bare is None:
            self._bare = Story(name="s", agents=self.agents or ["_"], rooms=self.rooms,
                               variables=self.variables)
        return self._bare

    # -- formulas ------------------------------------------------------------------------------

    def _formula(self, node) -> Form:
        from pyfront.grammar.tree import Token, Tree

        if isinstance(node, Token):  # a bare NAME: a proposition
            return self.prop(node)
        kind, ch = node.data, node.children
        if kind == "paren":
            return self.formula(ch[0])
        if kind == "true":
            return TOP
        if kind == "false":
            return BOT
        if kind == "prop":
            return self.prop(ch[0])
        if kind in ("is_value", "is_not_value"):
            var = self.variable(ch[0])
            f = self.bare().value_form(var.name, self.value(var, ch[1]))
            return Neg(f) if kind == "is_not_value" else f
        if kind == "not_":
            return Neg(self.formula(ch[0]))
        if kind in ("and_", "or_"):
            operands = chain_operands(kind, ch)
            return (Conj if kind == "and_" else Disj)(tuple(self.formula(c) for c in operands))
        if kind == "implies":
            return Impl(self.formula(ch[0]), self.formula(ch[1]))
        if kind == "iff":
            return Equi(self.formula(ch[0]), self.formula(ch[1]))
        if kind in MODAL_FORMULAS:
            return self.modal_formula(node)
        what = _PROBLEM_ONLY.get(kind, kind.replace("_", " "))
        raise self.error(f"{what} belongs to problem formulas (predicates, counts, numbers), "
                         "not to a story's", node)

    def prop(self, tok) -> Form:
        name = str(tok)
        for v in self.variables:
            if v.name == name and v.boolean:
                return self.bare().value_form(name, "true")
        for v in self.variables:
            if v.name == name or v.subject == name:
                raise self.error(f"{name} has several values: say which ('{name} is "
                                 f"{v.values[0]}')", tok)
        props = [v.name for v in self.variables if v.boolean]
        raise self.error(f"unknown proposition {name!r}{did_you_mean(name, props)}", tok)

    # -- the story -------------------------------------------------------------------------------

    def build(self) -> Story:
        from pyfront.grammar.tree import Tree

        label, *statements = self.tree.children
        statements = [s for s in statements if isinstance(s, Tree)]
        self._declare(statements, label)
        fields: dict[str, Any] = {"common": [], "actually": [], "observes": [], "starts_in": [],
                                  "events": [], "hypotheses": [], "questions": [], "initial": None,
                                  "trust": []}
        seen_obs: set[str] = set()
        names: set[str] = set()
        planning: dict = {}
        counter = 0
        for st in statements:
            kind = st.data
            if kind in _DECLARATIONS:
                continue
            if kind in _SETUP:
                if fields["events"]:
                    raise self.error("this describes the start: write it before the first event", st)
                self._setup(st, fields, seen_obs)
            elif kind in _EVENTS:
                ev = self.event(st, len(fields["events"]))
                if 0 < st.meta.line <= len(self.lines):
                    ev = ev.model_copy(update={"source": self.lines[st.meta.line - 1].strip()})
                fields["events"].append(ev)
            elif kind in _TRUST:
                fields["trust"].extend(self.trust(st))
            elif kind in PLANNING_STATEMENTS:
                self.planning_statement(st, planning, len(fields["events"]), names)
            elif kind in ("s_hypothesis", "question"):
                counter += 1
                hl = st.children[0]
                name = self.text(hl) if hl is not None and hl.children else f"q{counter}"
                if name in names:
                    raise self.error(f"{name!r} is defined twice", hl if hl is not None else st)
                names.add(name)
                step = len(fields["events"])
                if kind == "s_hypothesis":
                    _, body, expect = st.children
                    expected = None if expect is None else str(expect.children[0]) in ("true", "entailment")
                    fields["hypotheses"].append(M.Hypothesis(
                        name=name, formula=self.formula(body), expected=expected, step=step,
                        line=st.meta.line))
                else:
                    fields["questions"].append(self.question(st, name, step))
            else:  # grammar and builder out of step
                raise self.error(f"unexpected {kind}", st)
        fields["planning"] = self.planning_part(planning)
        try:
            return Story(name=self.text(label), agents=self.agents, rooms=self.rooms,
                         variables=self.variables, line=self.tree.meta.line, **fields)
        except ValueError as err:
            msg = str(err).splitlines()
            detail = next((m.strip() for m in msg[1:] if m.strip()), msg[0])
            raise self.error(detail.removeprefix("Value error, "), self.tree) from None

    def _declare(self, statements, label) -> None:
        kinds = {}
        for st in statements:
            kinds.setdefault(st.data, []).append(st)
        agents = kinds.get("agents", [])
        if not agents:
            raise self.error("a story needs an 'agents' line", label)
        if len(agents) > 1:
            raise self.error("'agents' is given twice", agents[1])
        for n in agents[0].children:
            name = self.text(n)
            if name in self.agents:
                raise self.error(f"agent {name!r} is listed twice", self.tok(n))
            self.agents.append(name)
        for st in kinds.get("rooms", []):
            for n in st.children:
                name = self.text(n)
                if name in self.rooms:
                    raise self.error(f"room {name!r} is listed twice", self.tok(n))
                self.rooms.append(name)
        for st in statements:
            if st.data == "variable":
                vn, room, *vals, phrase = st.children
                name = self.var_ref_text(vn)
                values = tuple(self.text(v) for v in vals)
                self._add_variable(st, name, values, False, phrase, room)
            elif st.data == "s_proposition":
                name, room, phrase, negative = st.children
                self._add_variable(st, str(name), ("true", "false"), True, phrase, room, negative)

    def _add_variable(self, st, name, values, boolean, phrase, room=None, negative=None) -> None:
        if any(v.name == name for v in self.variables):
            raise self.error(f"{name!r} is declared twice", st)
        if name in self.agents:
            raise self.error(f"{name!r} is an agent", st)
        dup = [x for x in values if values.count(x) > 1]
        if dup:
            raise self.error(f"{name} lists the value {dup[0]!r} twice", st)
        if len(values) < 2:
            raise self.error(f"{name} needs at least two values", st)
        text = unquote(str(phrase)) if phrase is not None else None
        self.variables.append(M.Variable(name=name, values=values, boolean=boolean, phrase=text,
                                         negative=unquote(str(negative)) if negative is not None else None,
                                         room=None if room is None else self.room(room.children[-1]),
                                         line=st.meta.line))

    def _setup(self, st, fields, seen_obs) -> None:
        ch = st.children
        if st.data == "common_fact":
            fields["common"].append(self.boolean_formula(ch[0], "common knowledge at the start"))
        elif st.data == "actual_fact":
            fields["actually"].append(self.boolean_formula(ch[0], "a fact at the start"))
        elif st.data == "s_observes":
            who = self.agent(ch[0])
            if who in seen_obs:
                raise self.error(f"what {who} observes is given twice: list it in one line", st)
            seen_obs.add(who)
            fields["observes"].append((who, tuple(self.variable(v).name for v in ch[1:])))
        elif st.data == "initial_model":
            if fields["initial"] is not None:
                raise self.error("a story has at most one 'model'", st)
            fields["initial"] = self.initial_model(st)
        elif st.data == "starts_in":
            who = self.agent(ch[0])
            if any(a == who for a, _ in fields["starts_in"]):
                raise self.error(f"where {who} is at the start is given twice", st)
            fields["starts_in"].append((who, self.room(ch[1])))

    def boolean_formula(self, node, what: str) -> Form:
        f = self.formula(node)
        if f.agents():
            raise self.error(f"{what} is a fact about the world (no knows/believes): "
                             "tell beliefs with events", node)
        return f

def iter_story_trees(tree):
    for child in tree.children:
        if getattr(child, "data", None) == "story":
            yield child


def parse_document(text: str, filename: str = "<string>") -> list:
    """Every problem and story of a DSL text, in order (names distinct across both)."""
    from pyfront.problem.dsl import ProblemBuilder

    tree = parse_tree(text, filename)
    out: list = []
    seen: dict[str, int] = {}
    for t in tree.children:
        kind = getattr(t, "data", None)
        if kind == "problem":
            item = ProblemBuilder(t, filename).build()
        elif kind == "story":
            item = StoryBuilder(t, filename, text).build()
        else:
            continue
        if item.name in seen:
            raise UserError(f"{item.name!r} is defined twice (first on line {seen[item.name]})",
                            file=filename, line=item.line)
        seen[item.name] = item.line or 0
        out.append(item)
    return out


def parse_stories(text: str, filename: str = "<string>") -> list[Story]:
    """Every story of a DSL text, in order."""
    return [x for x in parse_document(text, filename) if isinstance(x, Story)]


def parse_story(text: str, filename: str = "<string>") -> Story:
    """The single story of a DSL text."""
    stories = parse_stories(text, filename)
    if len(stories) != 1:
        raise UserError(f"expected one story, found {len(stories)}", file=filename)
    return stories[0]
