"""Declarations of a problem (agents, setup, predicates, propositions) and its
observation statements, resolved by the problem DSL's builder (a mixin of
:class:`pyfront.problem.dsl.ProblemBuilder`)."""

from __future__ import annotations

from pyfront.problem.dsl_syntax import did_you_mean, unquote
from pyfront.problem.model import MAX_AGENTS, Proposition
from pyfront.problem.setups import Predicate, get_setup, setup_names


class Declarations:
    """Reads the declaration statements into the builder's lists."""

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
                    f"unknown setup {str(tok)!r}{did_you_mean(str(tok), setup_names())}"
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
                p = Predicate(keyword=str(kw), positive=unquote(str(pos)), negative=unquote(str(neg)))
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
            self.props.append(Proposition(name=str(name), positive=unquote(str(pos)), negative=unquote(str(neg))))

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
                term = self.observed_term(t)
                if term is not None:
                    self.terms_seen[viewer].append(term)
                    continue
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
            for b in bits:
                if str(b) not in ("0", "1"):
                    raise self.error(f"an observation row has bits 0 and 1, not {str(b)!r}", b)
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
            for b in bits:
                if str(b) not in ("0", "1"):
                    raise self.error(f"a stated row has bits 0 and 1, not {str(b)!r}", b)
            if len(bits) != len(self.agents):
                raise self.error(f"a stated row needs {len(self.agents)} bits, got {len(bits)}", bits[0])
            rows[viewer] = [i + 1 for i, b in enumerate(bits) if str(b) == "1"]
        return rows
