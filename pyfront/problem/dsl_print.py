"""Problem -> DSL text, the inverse of :mod:`pyfront.problem.dsl`.

``parse_problems(to_dsl(pb))`` gives back ``pb`` (same agents, observations, formulas —
the tests check this on random problems).  Formulas print with the fewest parentheses
the grammar needs; anything the DSL has no words for prints as ``smcdel"…"``.
"""

from __future__ import annotations

import re

from smcdel_bridge.language import Bot, Ck, Conj, Disj, Dk, Equi, Form, Impl, K, Kw, Neg, Prp, Top

from pyfront.problem.model import Problem

#: words of the grammar that cannot be bare names
KEYWORDS = frozenset(
    """problem agents setup predicate proposition observes sees stated say law announce
    hypothesis expect knows that whether does not know someone everyone nobody true false
    and or implies iff nothing story at least most exactly question what which is are the
    it common knowledge among binary onehot possibilities possibility remain
    believes thinks believe think belief distributed to privately secretly seen unseen by""".split()
)

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# precedence levels of the grammar, loosest first
PREC_IFF, PREC_IMPLIES, PREC_OR, PREC_AND, PREC_NOT, PREC_ATOM = range(6)


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_text(s: str) -> str:
    """A name as the DSL writes it: bare when it can be, quoted otherwise."""
    return s if IDENTIFIER.match(s) and s not in KEYWORDS and not s.startswith("smcdel") else quote(s)


class FormulaPrinter:
    """What every DSL formula printer shares: parentheses by precedence and the Boolean
    connectives; subclasses write ``render`` (atoms and modalities, with precedence)."""

    def show(self, f: Form, level: int = PREC_IFF) -> str:
        text, own = self.render(f)
        return f"({text})" if own < level else text

    def connective(self, f: Form) -> tuple[str, int] | None:
        """``f`` written with and/or/implies/iff, with its precedence (None otherwise)."""
        if isinstance(f, Conj) and len(f.fs) >= 2:
            return " and ".join(self.show(g, PREC_NOT) for g in f.fs), PREC_AND
        if isinstance(f, Disj) and len(f.fs) >= 2:
            return " or ".join(self.show(g, PREC_AND) for g in f.fs), PREC_OR
        if isinstance(f, Impl):
            return f"{self.show(f.a, PREC_OR)} implies {self.show(f.b, PREC_IMPLIES)}", PREC_IMPLIES
        if isinstance(f, Equi):
            return f"{self.show(f.a, PREC_IMPLIES)} iff {self.show(f.b, PREC_IMPLIES)}", PREC_IFF
        return None

    def everyone_body(self, f: Form, ordered: tuple[str, ...]) -> Form | None:
        """The body of "everyone knows that body" (``ordered``: every agent's relation of
        the one kind), when ``f`` is that conjunction over two or more agents."""
        if not isinstance(f, Conj) or len(ordered) < 2 or len(f.fs) != len(ordered):
            return None
        if any(not isinstance(g, K) or g.agent != a or g.f != f.fs[0].f
               for g, a in zip(f.fs, ordered)):
            return None
        return f.fs[0].f

    def group_text(self, f: Form, ordered: tuple[str, ...], kind: str) -> tuple[str, int] | None:
        """Common knowledge or belief, distributed knowledge: of everyone (``ordered``, all
        the relations of ``kind``) or of a group of two or more in that order, the orders
        the readers give (None for another group)."""
        if not isinstance(f, (Ck, Dk)) or (isinstance(f, Dk) and kind != "knowledge"):
            return None
        group = tuple(f.group)
        word = "common" if isinstance(f, Ck) else "distributed"
        body = self.show(f.f, PREC_NOT)
        if group == ordered:
            return f"it is {word} {kind} that {body}", PREC_NOT
        rank = {a: i for i, a in enumerate(ordered)}
        if len(group) < 2 or any(a not in rank for a in group) or \
                list(group) != sorted(set(group), key=rank.__getitem__):
            return None
        names = [self.agent(a) for a in group]
        return (f"it is {word} {kind} among {', '.join(names[:-1])} and {names[-1]} "
                f"that {body}"), PREC_NOT


class ProblemFormulaPrinter(FormulaPrinter):
    def __init__(self, pb: Problem):
        self.pb = pb

    def agent(self, ident: str) -> str:
        return name_text(self.pb.agent_name(ident))

    def atom(self, n: int) -> str:
        owner = self.pb.atom_owner(n)
        if owner is not None:
            return f"{self.pb.predicate.keyword}({name_text(self.pb.agents[owner].name)})"
        extra = self.pb.predicate_of_atom(n)
        if extra is not None:
            return f"{extra[0].keyword}({name_text(self.pb.agents[extra[1]].name)})"
        prop = self.pb.proposition_of(n)
        if prop is None:
            raise ValueError(f"atom {n} is not part of problem {self.pb.name!r}")
        return prop.name

    def chain_of_all(self, f: Form, cls) -> bool:
        atoms = self.pb.predicate_atoms
        return (
            bool(atoms)
            and isinstance(f, cls)
            and all(isinstance(x, Prp) for x in f.fs)
            and [x.n for x in f.fs] == atoms
        )

    def count(self, f: Form) -> str | None:
        """``at least 2 muddy`` when ``f`` is a count over a predicate."""
        from pyfront.problem.counting import recognise

        preds = ([self.pb.predicate] if self.pb.predicate else []) + list(self.pb.extra_predicates)
        for p in preds:
            found = recognise(f, self.pb.atoms_of_predicate(p.keyword))
            if found is not None:
                return f"{found[0]} {found[1]} {p.keyword}"
        return None

    def render(self, f: Form) -> tuple[str, int]:
        if isinstance(f, Prp):
            return self.atom(f.n), PREC_ATOM
        if isinstance(f, Top):
            return "true", PREC_ATOM
        if isinstance(f, Bot):
            return "false", PREC_ATOM
        if self.chain_of_all(f, Disj):
            return "someone", PREC_ATOM
        count = self.count(f)
        if count is not None:
            return count, PREC_ATOM
        if self.chain_of_all(f, Conj):
            return "everyone", PREC_ATOM
        body = self.everyone_body(f, tuple(self.pb.agent_ids()))
        if body is not None:
            return f"everyone knows that {self.show(body, PREC_NOT)}", PREC_NOT
        value = self.value_text(f)
        if value is not None:
            return value
        if isinstance(f, Neg):
            if self.chain_of_all(f.f, Disj):
                return "nobody", PREC_ATOM
            if isinstance(f.f, (K, Kw)):
                word = "that" if isinstance(f.f, K) else "whether"
                return f"{self.agent(f.f.agent)} does not know {word} {self.show(f.f.f, PREC_NOT)}", PREC_NOT
            return "not " + self.show(f.f, PREC_NOT), PREC_NOT
        if isinstance(f, (K, Kw)):
            word = "that" if isinstance(f, K) else "whether"
            return f"{self.agent(f.agent)} knows {word} {self.show(f.f, PREC_NOT)}", PREC_NOT
        return self.connective(f) or (self.raw(f), PREC_ATOM)

    def value_text(self, f: Form) -> tuple[str, int] | None:
        """Comparisons, knowing the value (number puzzles); common and distributed knowledge."""
        from smcdel_bridge.terms import Cmp, Kv, term_text

        negated = isinstance(f, Neg) and isinstance(f.f, Kv)
        g = f.f if negated else f
        if isinstance(g, Kv):
            names = [term_text(t) for t in g.terms]
            verb = "does not know" if negated else "knows"
            return (f"{self.agent(g.agent)} {verb} what {' and '.join(names)} "
                    f"{'is' if len(names) == 1 else 'are'}"), PREC_NOT
        if isinstance(f, Cmp):
            return f"{term_text(f.a)} {f.op} {term_text(f.b)}", PREC_ATOM
        # the reader's groups: every agent, or two or more in the agents' order (others
        # print as smcdel"…", which keeps them exactly)
        return self.group_text(f, tuple(self.pb.agent_ids()), "knowledge")

    def raw(self, f: Form) -> str:
        from smcdel_bridge.syntax import to_input

        return "smcdel" + quote(to_input(f))


def formula_text(pb: Problem, f: Form) -> str:
    """One formula of ``pb`` in DSL syntax."""
    return ProblemFormulaPrinter(pb).show(f)


def _bits(row: list[int], atoms: list[int]) -> str:
    return " ".join("1" if a in row else "0" for a in atoms)


def to_dsl(pb: Problem, *, comments: bool = True) -> str:
    """One problem as DSL text."""
    fp = ProblemFormulaPrinter(pb)
    names = [name_text(a.name) for a in pb.agents]
    out = [f"problem {name_text(pb.name)}"]
    out.append("  agents " + ", ".join(names))
    if pb.setup is not None:
        out.append(f"  setup {pb.setup}")
    elif pb.predicate is not None:
        p = pb.predicate
        out.append(f"  predicate {p.keyword} {quote(p.positive)} / {quote(p.negative)}")
    for p in pb.extra_predicates:
        out.append(f"  predicate {p.keyword} {quote(p.positive)} / {quote(p.negative)}")
    for prop in pb.propositions[len(pb.extra_propositions()):]:
        out.append(f"  proposition {prop.name} {quote(prop.positive)} / {quote(prop.negative)}")
    out += variable_lines(pb)
    default = pb.default_observations() or [[] for _ in pb.agents]
    if pb.variables:
        for i, (row, terms) in enumerate(zip(pb.observations, pb.observed_terms)):
            seen = [fp.atom(a) for a in row] + [term_dsl(t) for t in terms]
            if seen:
                out.append(f"  {names[i]} observes " + ", ".join(seen))
    elif pb.observations != default:
        rows = [(i, row) for i, row in enumerate(pb.observations) if row]
        for i, row in rows:
            out.append(f"  {names[i]} observes " + ", ".join(fp.atom(a) for a in row))
        if not rows:
            out += [f"  {n} observes nothing" for n in names]
    if pb.stated_observations is not None:
        if comments:
            out.append("  # the published premise states these observations; the OBS above decide")
        for i, row in enumerate(pb.stated_observations):
            out.append(f"  stated {names[i]}: {_bits(row, pb.predicate_atoms)}")
    for s in pb.sentences:
        out.append(f"  say {quote(s)}")
    if not isinstance(pb.law, Top):
        out.append("  law " + fp.show(pb.law))
    out += planning_lines(pb, fp)
    total = len(pb.announcements)
    asked: list[tuple[int, int, int, str]] = []  # (position, line, order, text)
    for k, h in enumerate(pb.hypotheses):
        line = f"  hypothesis {name_text(h.name)}: {fp.show(h.formula)}"
        if h.expected is not None:
            line += " expect " + ("true" if h.expected else "false")
        asked.append((h.announcements_before(total), h.line or 0, k, line))
    for k, q in enumerate(pb.questions):
        asked.append((min(q.after, total), q.line or 0, len(pb.hypotheses) + k, question_line(q)))
    for k, item in enumerate(pb.planning.plans if pb.planning is not None else ()):
        where = total if item.after is None else min(item.after, total)
        asked.append((where, item.line or 0, len(pb.hypotheses) + len(pb.questions) + k,
                      plan_line(item, fp)))
    lines_known = all(a[1] for a in asked)
    asked.sort(key=lambda a: (a[0], a[1], a[2]) if lines_known else (a[0], a[2]))
    at = 0
    for k, a in enumerate(pb.announcements):
        while at < len(asked) and asked[at][0] <= k:
            out.append(asked[at][3])
            at += 1
        out.append("  " + announcement_line(pb, a, fp))
    out += [a[3] for a in asked[at:]]
    return "\n".join(out) + "\n"


def announcement_line(pb: Problem, a, fp: FormulaPrinter) -> str:
    """``announce F``, or told to a group: ``announce privately to G that F`` (nobody else
    sees it), ``announce to G whether F`` (everyone else sees it), else with ``seen by``."""
    if a.public:
        return "announce " + fp.show(a.formula)
    group = ", ".join(fp.agent(x) for x in a.to)
    others = [x for x in pb.agent_ids() if x not in a.to]
    word = "whether" if a.whether else "that"
    head = "announce privately to" if not a.whether and not a.seen_by else "announce to"
    line = f"{head} {group} {word} {fp.show(a.formula)}"
    if list(a.seen_by) == (others if a.whether else []):
        return line
    if not a.seen_by:
        return line + ", secretly"
    return line + ", seen by " + ", ".join(fp.agent(x) for x in a.seen_by)


def planning_lines(pb: Problem, fp: FormulaPrinter) -> list[str]:
    """``actually``, ``goal``, ``keep`` and ``may announce`` lines (none without a goal)."""
    p = pb.planning
    if p is None:
        return []
    actual = ", ".join(fp.atom(a) for a in p.actual) or "nothing"
    out = [f"  actually {actual}", "  goal " + fp.show(p.goal)]
    out += ["  keep " + fp.show(f) for f in p.keep]
    return out + ["  may announce " + fp.show(f) for f in p.actions]


def plan_line(item, fp: FormulaPrinter) -> str:
    """``plan NAME: within N steps [expect …]``."""
    steps = "step" if item.max_steps == 1 else "steps"
    line = f"  plan {name_text(item.name)}: within {item.max_steps} {steps}"
    if item.expect in ("none", "length"):
        return line + " expect " + item.expected_text
    if item.expect is not None:
        plans = " / ".join("; ".join(fp.show(f) for f in plan) for plan in item.expect_plans)
        return line + f" expect {item.expect} {plans}"
    return line


def term_dsl(t) -> str:
    from smcdel_bridge.terms import term_text

    return term_text(t)


def variable_lines(pb: Problem) -> list[str]:
    """``x: 2..99``, ``month: May, June onehot "the month"``."""
    out = []
    for v in pb.variables:
        if v.is_range:
            values = f"{v.values[0]}..{v.values[-1]}"
        else:
            values = ", ".join(map(str, v.values))
        line = f"  {v.name}: {values}"
        if v.encoding is not None:
            line += f" {v.encoding}"
        if v.phrase is not None:
            line += f" {quote(v.phrase)}"
        out.append(line)
    return out


def question_line(q) -> str:
    ask = ("which possibilities remain?" if q.kind == "remain" else
           f"what {'is' if len(q.variables) == 1 else 'are'} {' and '.join(q.variables)}?")
    line = f"  question {name_text(q.name)}: {ask}"
    if isinstance(q.expected, int):
        line += f" expect {q.expected} possibilities"
    elif q.expected is not None:
        line += " expect " + " or ".join(
            " and ".join(f"{k} = {v}" for k, v in row.items()) for row in q.expected)
    return line


def problems_to_dsl(problems: list[Problem], *, comments: bool = True) -> str:
    """Several problems as one DSL file."""
    return "\n".join(to_dsl(pb, comments=comments) for pb in problems)
