"""A problem with variables as a Boolean knowledge structure, for SMCDEL (and the BDD engine).

The encoding (``docs/puzzles.md`` has it with an example):

* the problem's own atoms (predicates, propositions) keep their numbers ``1 … n``;
* every variable then gets atoms of its own, by its encoding: ``binary`` — ⌈log2 k⌉ atoms
  (at least one) for k values, the value at position ``i`` of the domain written as ``i``
  in binary, lowest bit first; ``onehot`` — one atom per value, exactly one true;
* every observed term that is not a plain variable (``x + y``) becomes a *term variable*
  whose domain is the set of values the term takes, binary-encoded after the variables;
* the law is the disjunction, over the states of the problem (the valuations that satisfy
  its law), of the cube of that state: every atom of every variable, term variable and
  proposition, positive or negated.  So a state of the Boolean structure is exactly a
  state of the problem, with the term variables holding the terms' values;
* an agent observes the atoms of the variables, term variables and propositions it
  observes (an agent who observes nothing gets a fresh atom the law keeps false);
* ``t1 op t2`` becomes the disjunction, over the values of its variables that make it true
  (in some state), of their cubes; "a knows the value of x" becomes "a knows whether each
  atom of x holds", which is the same: in every state a considers possible x has the same
  atoms, hence the same value (SMCDEL's ``Cheryl.hs`` writes ``kv`` so).

These are SMCDEL's own encodings in ``SumAndProduct.hs`` (sum and product as extra atoms
tied to x, y by the law) and ``Cheryl.hs`` (one atom per day and per month).
"""

from __future__ import annotations

from smcdel_bridge.values import field, value

from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Bot, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Exists, Forall,
    Form, Impl, K, Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Top, Xor,
)
from smcdel_bridge.program import CheckInput, Structure, ValidQ, WhereQ
from smcdel_bridge.terms import Cmp, Kv, Term, Var

from pyfront.problem.model import Problem
from pyfront.problem.puzzle_structure import atom_variable, value_structure


@value
class Encoded:
    """How one variable (or term variable) is written in atoms."""

    name: str
    values: tuple
    encoding: str
    atoms: tuple[int, ...]
    #: the term it stands for (term variables), else the variable itself
    term: Term | None = None
    _index: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        self._index = {v: i for i, v in enumerate(self.values)}

    def bits(self, value) -> tuple[bool, ...]:
        i = self._index[value]
        if self.encoding == "onehot":
            return tuple(k == i for k in range(len(self.atoms)))
        return tuple(bool(i >> k & 1) for k in range(len(self.atoms)))

    def cube(self, value) -> list[Form]:
        return [Prp(a) if b else Neg(Prp(a)) for a, b in zip(self.atoms, self.bits(value))]

    def decode(self, true_atoms: set[int]):
        if self.encoding == "onehot":
            for v, a in zip(self.values, self.atoms):
                if a in true_atoms:
                    return v
            return None
        i = sum(1 << k for k, a in enumerate(self.atoms) if a in true_atoms)
        return self.values[i] if i < len(self.values) else None


def _width(n: int) -> int:
    return max(1, (n - 1).bit_length())


class Encoding:
    """The Boolean structure of a problem with variables, and formulas translated to it."""

    def __init__(self, pb: Problem):
        self.pb = pb
        self.vs = value_structure(pb)
        vs = self.vs
        next_atom = max(pb.vocabulary, default=0) + 1
        self.items: dict[str, Encoded] = {}
        for v in pb.variables:
            enc = v.chosen_encoding
            n = len(v.values) if enc == "onehot" else _width(len(v.values))
            self.items[v.name] = Encoded(v.name, tuple(v.values), enc,
                                         tuple(range(next_atom, next_atom + n)), Var(v.name))
            next_atom += n
        # term variables: composite observed terms
        self.term_items: dict[Term, Encoded] = {}
        for row in pb.observed_terms:
            for t in row:
                if not isinstance(t, Var) and t not in self.term_items:
                    fn = vs.function(t)
                    values = tuple(sorted({fn(s) for s in vs.states}))
                    n = _width(len(values))
                    name = f"term{len(self.term_items) + 1}"
                    self.term_items[t] = Encoded(name, values, "binary",
                                                 tuple(range(next_atom, next_atom + n)), t)
                    next_atom += n
        self.blind: dict[str, int] = {}
        for ident, atoms, terms in zip(pb.agent_ids(), pb.observations, pb.observed_terms):
            if not atoms and not terms:
                self.blind[ident] = next_atom
                next_atom += 1
        self.vocab = tuple(range(1, next_atom)) if next_atom > 1 else (1,)
        self._memo: dict[int, tuple[Form, Form]] = {}

    # -- the structure -------------------------------------------------------------

    def state_cube(self, state: tuple) -> Form:
        vs = self.vs
        lits: list[Form] = []
        for k, name in enumerate(vs.names):
            value = state[k]
            if name in self.items:
                lits += self.items[name].cube(value)
            else:  # an atom of the problem (0/1)
                atom = atom_variable(name)
                lits.append(Prp(atom) if value else Neg(Prp(atom)))
        for t, item in self.term_items.items():
            lits += item.cube(self._term_fn(t)(state))
        return Conj(tuple(lits))

    def _term_fn(self, t: Term):
        cache = self.__dict__.setdefault("_fns", {})
        if t not in cache:
            cache[t] = self.vs.function(t)
        return cache[t]

    def law(self) -> Form:
        states = Disj(tuple(self.state_cube(s) for s in self.vs.states)) if self.vs.states else BOT
        blind = tuple(Neg(Prp(a)) for a in self.blind.values())
        return Conj((states,) + blind) if blind else states

    def obs(self) -> tuple[tuple[str, tuple[int, ...]], ...]:
        out = []
        for ident, atoms, terms in zip(self.pb.agent_ids(), self.pb.observations,
                                       self.pb.observed_terms):
            seen = list(atoms)
            for t in terms:
                seen += self.atoms_of_term(t)
            if ident in self.blind:
                seen = [self.blind[ident]]
            out.append((ident, tuple(sorted(set(seen)))))
        return tuple(out)

    def structure(self) -> Structure:
        hit = self.__dict__.get("_structure")
        if hit is None:
            hit = self._structure = Structure(vocab=self.vocab, law=self.law(), obs=self.obs())
        return hit

    def law_text(self) -> str:
        """The law in SMCDEL syntax, written straight from the states (the printer's text
        for :meth:`law`, without building the formula: it is large)."""
        vs = self.vs

        def lits(item, value) -> list[str]:
            return [str(a) if b else f"(~ {a})" for a, b in zip(item.atoms, item.bits(value))]

        columns = []
        for k, name in enumerate(vs.names):
            if name in self.items:
                item = self.items[name]
                table = {v: lits(item, v) for v in item.values}
                columns.append(lambda s, k=k, table=table: table[s[k]])
            else:
                atom = atom_variable(name)
                columns.append(lambda s, k=k, atom=atom: [str(atom) if s[k] else f"(~ {atom})"])
        for t, item in self.term_items.items():
            fn, table = self._term_fn(t), {v: lits(item, v) for v in item.values}
            columns.append(lambda s, fn=fn, table=table: table[fn(s)])
        cubes = []
        for s in vs.states:
            parts = [x for col in columns for x in col(s)]
            cubes.append(parts[0] if len(parts) == 1 else "(" + " & ".join(parts) + ")")
        states = "Bot" if not cubes else cubes[0] if len(cubes) == 1 else "(" + " | ".join(cubes) + ")"
        blind = [f"(~ {a})" for a in self.blind.values()]
        return "(" + " & ".join([states] + blind) + ")" if blind else states

    def input_text(self, jobs) -> str:
        """SMCDEL input for the structure and ``jobs`` (:class:`smcdel_bridge.program`
        jobs), the law written by :meth:`law_text`."""
        from smcdel_bridge.syntax import to_input

        lines = ["VARS " + ",".join(map(str, self.vocab)), "LAW  " + self.law_text()]
        for i, (agent, atoms) in enumerate(self.obs()):
            lines.append(f"{'OBS ' if i == 0 else '    '}{agent}: {','.join(map(str, atoms))}")
        for job in jobs:
            state = f"{{{','.join(map(str, job.state))}}} " if job.kind == "TRUE?" else ""
            lines.append(f"{job.kind} {state}{to_input(job.form)}")
        return "\n".join(lines) + "\n"

    def checked_input(self, kind: str, i: int) -> tuple[CheckInput, str]:
        """The program ``mindgames check`` asks about item ``i`` (a hypothesis or a
        question) and its text: the item's job (for a question ``WHERE?`` and a
        ``VALID? Top`` in the place of its answer), then the premise check ``VALID? [ ! a1
        ] … [ ! ak ] Bot`` (valid exactly when no state survives the announcements)."""
        if kind == "hypothesis":
            h = self.pb.hypotheses[i]
            k = h.announcements_before(len(self.pb.announcements))
            jobs = [ValidQ(self.after(k, self.formula(h.formula)))]
        else:
            k = self.pb.questions[i].after
            jobs = [WhereQ(self.after(k, TOP, diamond=True)), ValidQ(TOP)]
        jobs.append(ValidQ(self.after(k, BOT)))
        return CheckInput(self.structure(), tuple(jobs)), self.input_text(jobs)

    def atoms_of_term(self, t: Term) -> tuple[int, ...]:
        if isinstance(t, Var):
            if t.name in self.items:
                return self.items[t.name].atoms
            return (atom_variable(t.name),)
        if t not in self.term_items:
            raise ValueError(f"term {t} is neither a variable nor observed: SMCDEL input "
                             "cannot speak of its value")
        return self.term_items[t].atoms

    # -- formulas --------------------------------------------------------------------

    def formula(self, f: Form) -> Form:
        """``f`` over the encoding's atoms.  Shared sub-formulas are translated once (the
        memo keeps ``f`` itself, so that an id is never reused for another formula)."""
        hit = self._memo.get(id(f))
        if hit is None or hit[0] is not f:
            hit = self._memo[id(f)] = (f, self._formula(f))
        return hit[1]

    def _formula(self, f: Form) -> Form:
        tr = self.formula
        if isinstance(f, (Prp, Top, Bot)):
            return f
        if isinstance(f, Cmp):
            return self._comparison(f)
        if isinstance(f, Kv):
            return Conj(tuple(Kw(f.agent, Prp(a)) for t in f.terms for a in self.atoms_of_term(t)))
        if isinstance(f, Neg):
            return Neg(tr(f.f))
        if isinstance(f, (Conj, Disj, Xor)):
            return type(f)(tuple(tr(g) for g in f.fs))
        if isinstance(f, (Impl, Equi)):
            return type(f)(tr(f.a), tr(f.b))
        if isinstance(f, (K, Kw)):
            return type(f)(f.agent, tr(f.f))
        if isinstance(f, (Ck, Ckw, Dk, Dkw)):
            return type(f)(f.group, tr(f.f))
        if isinstance(f, (PubAnnounce, PubAnnounceW)):
            return type(f)(tr(f.ann), tr(f.f))
        if isinstance(f, (Announce, AnnounceW)):
            return type(f)(f.group, tr(f.ann), tr(f.f))
        if isinstance(f, (Forall, Exists)):
            return type(f)(f.props, tr(f.f))
        raise ValueError(f"cannot encode {type(f).__name__} for SMCDEL")

    def _comparison(self, f: Cmp) -> Form:
        names = sorted(f.variables())
        if not names:
            return TOP if self.vs.holds(f) else BOT
        idx = [self.vs.names.index(n) for n in names]
        test = self.vs._compile(f)
        true, false = set(), set()
        for s in self.vs.states:
            (true if test(s) else false).add(tuple(s[k] for k in idx))
        if not true:
            return BOT
        if not false:
            return TOP
        cubes = []
        for row in sorted(true, key=repr):
            lits: list[Form] = []
            for name, value in zip(names, row):
                lits += self.items[name].cube(value)
            cubes.append(Conj(tuple(lits)) if len(lits) > 1 else lits[0])
        return Disj(tuple(cubes)) if len(cubes) > 1 else cubes[0]

    # -- jobs and answers ------------------------------------------------------------

    def after(self, k: int, g: Form, *, diamond: bool = False) -> Form:
        """``[ ! a1 ] … [ ! ak ] g`` (``< ! a1 > … g`` with ``diamond``)."""
        for a in reversed(self.pb.announcements[:k]):
            ann = self.formula(a.formula)
            g = Neg(PubAnnounce(ann, Neg(g))) if diamond else PubAnnounce(ann, g)
        return g

    def hypothesis_input(self, i: int) -> CheckInput:
        h = self.pb.hypotheses[i]
        k = h.announcements_before(len(self.pb.announcements))
        return CheckInput(self.structure(), (ValidQ(self.after(k, self.formula(h.formula))),))

    def question_input(self, i: int) -> CheckInput:
        q = self.pb.questions[i]
        return CheckInput(self.structure(), (WhereQ(self.after(q.after, TOP, diamond=True)),))

    def decode(self, state) -> dict:
        """The valuation of the problem's variables in a state (its true atoms)."""
        true = set(state)
        return {name: item.decode(true) for name, item in self.items.items()}

