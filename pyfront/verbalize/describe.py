"""Formula -> a small description tree the English templates turn into words.

The logic lives here (which node is "someone", which knowledge verb carries "now", when
"whether" takes "or not"); every word the reader sees comes from a style's templates and
``style.json`` (quantifier words, predicate phrasings come from the setup data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from smcdel_bridge.language import (
    Announce, AnnounceW, Bot, Ck, Ckw, Conj, Disj, Dk, Dkw, Equi, Form, Impl, K, Kw, Neg, Prp,
    PubAnnounce, PubAnnounceW, Top, Xor,
)

if TYPE_CHECKING:
    from pyfront.problem.model import Problem

Node = dict[str, Any]

#: the operators :meth:`Describer.describe` says in words; any other (quantified Boolean
#: formulas, event models) it writes as SMCDEL text
SAYABLE: tuple[type, ...] = (
    Top, Bot, Prp, Neg, Conj, Disj, Impl, Equi, K, Kw, Xor, Ck, Ckw, Dk, Dkw,
    PubAnnounce, PubAnnounceW, Announce, AnnounceW,
)
#: group operators: (kind, whether)
_GROUP_KINDS = {Ck: ("common", False), Ckw: ("common", True), Dk: ("distributed", False),
                Dkw: ("distributed", True)}


def _value_sayable() -> tuple[type, ...]:
    from smcdel_bridge.terms import Cmp, Kv

    return (Cmp, Kv)


def sayable(f: Form) -> bool:
    """Whether every operator of ``f`` is said in words (none falls back to SMCDEL text)."""
    kinds = SAYABLE + _value_sayable()
    return all(isinstance(node, kinds) for node in f.walk())


def flatten(f: Form) -> Form:
    """``f`` with every conjunction (disjunction) directly inside a conjunction
    (disjunction) merged into it: ``(p | q) | r`` is one list ``p | q | r`` (SMCDEL reads
    ``(1|2|3)`` as a left-nested chain).  Both operators are associative, so the formula
    means the same; its English has one "either" per list."""
    if not isinstance(f, (Conj, Disj)):
        return f
    kind = type(f)
    parts: list[Form] = []
    for g in f.fs:
        g = flatten(g) if isinstance(g, kind) else g
        parts.extend(g.fs if isinstance(g, kind) else (g,))
    return kind(tuple(parts))


def quantifier(pb: "Problem", f: Form) -> str | None:
    """``someone`` / ``everyone`` / ``nobody`` / ``not_everyone`` when ``f`` has that shape
    over the problem's predicate atoms (in order), else None."""
    atoms = pb.predicate_atoms
    if not atoms:
        return None

    def chain(g: Form, kind: type) -> bool:
        g = flatten(g)
        return isinstance(g, kind) and [getattr(x, "n", None) for x in g.fs] == atoms and all(
            isinstance(x, Prp) for x in g.fs
        )

    if chain(f, Disj):
        return "someone"
    if chain(f, Conj):
        return "everyone"
    if isinstance(f, Neg):
        if chain(f.f, Disj):
            return "nobody"
        if chain(f.f, Conj):
            return "not_everyone"
    return None


class Describer:
    """Builds description trees for one problem in one style."""

    def __init__(self, pb: "Problem", words: dict[str, Any]):
        self.pb = pb
        self.words = words

    def atom_text(self, n: int, positive: bool) -> str:
        owner = self.pb.atom_owner(n)
        if owner is not None:
            return self.pb.predicate.say(self.pb.agents[owner].name, positive)
        prop = self.pb.proposition_of(n)
        if prop is not None:
            return prop.positive if positive else prop.negative
        raise ValueError(f"atom {n} is not part of problem {self.pb.name!r}")

    def describe(self, f: Form, tense: str, first: list[bool] | None = None) -> Node:
        """``tense``: ``present`` (premise: knows) or ``hypothesis`` (can know; the first
        knowledge verb met, left to right, is marked ``now``)."""
        if first is None:
            first = [True]
        f = flatten(f)
        q = quantifier(self.pb, f)
        if q is not None:
            word = self.words["quantifiers"][q]
            return {"kind": "quant", "which": q, "text": self.pb.predicate.say(word)}
        counted = self._count(f)
        if counted is not None:
            return counted
        value = self.value_node(f, tense, first)
        if value is not None:
            return value
        if isinstance(f, Prp):
            return {"kind": "atom", "text": self.atom_text(f.n, True)}
        if isinstance(f, Neg) and isinstance(f.f, Prp):
            return {"kind": "atom", "text": self.atom_text(f.f.n, False)}
        negated = False
        g = f
        if isinstance(f, Neg) and isinstance(f.f, (K, Kw)):
            negated, g = True, f.f
        if isinstance(g, (K, Kw)):
            now = tense == "hypothesis" and first[0]
            if tense == "hypothesis":
                first[0] = False
            body = self.describe(g.f, tense, first)
            return {
                "kind": "knows",
                "agent": self.pb.agent_name(g.agent),
                "whether": isinstance(g, Kw),
                "negated": negated,
                "tense": tense,
                "now": now,
                "or_not": body["kind"] == "quant" and body["which"] in ("everyone", "nobody"),
                "body": body,
            }
        if isinstance(f, Neg):
            return {"kind": "not", "body": self.describe(f.f, tense, first)}
        if isinstance(f, (Conj, Disj)):
            return {
                "kind": "and" if isinstance(f, Conj) else "or",
                "parts": [self.describe(x, tense, first) for x in f.fs],
            }
        if isinstance(f, Impl):
            a = self.describe(f.a, tense, first)
            return {"kind": "implies", "a": a, "b": self.describe(f.b, tense, first)}
        if isinstance(f, Equi):
            a = self.describe(f.a, tense, first)
            return {"kind": "iff", "a": a, "b": self.describe(f.b, tense, first)}
        if isinstance(f, Top):
            return {"kind": "top"}
        if isinstance(f, Bot):
            return {"kind": "bot"}
        if isinstance(f, Xor):
            return {"kind": "xor", "parts": [self.describe(x, tense, first) for x in f.fs]}
        if type(f) in _GROUP_KINDS:
            kind, whether = _GROUP_KINDS[type(f)]
            return {"kind": kind, "whether": whether, "agents": self._names(f.group),
                    "body": self.describe(f.f, tense, first)}
        if isinstance(f, (PubAnnounce, PubAnnounceW, Announce, AnnounceW)):
            told = self._names(f.group) if isinstance(f, (Announce, AnnounceW)) else None
            ann = self.describe(f.ann, "present", [False])
            return {"kind": "after", "whether": isinstance(f, (PubAnnounceW, AnnounceW)),
                    "told": told, "ann": ann, "body": self.describe(f.f, tense, first)}
        import re

        from pyfront.problem.to_smcdel import pub_form

        # no words for it (a quantified Boolean formula): SMCDEL text, with the agents' names
        text = re.sub(r"\bAgent[a-z]{1,2}\b", lambda m: self._names((m.group(0),))[0], pub_form(f))
        return {"kind": "raw", "text": text}

    def value_node(self, f: Form, tense: str, first: list[bool]) -> Node | None:
        """Comparisons, knowing the value and common knowledge (number puzzles)."""
        from smcdel_bridge.terms import Cmp, Kv

        negated = isinstance(f, Neg) and isinstance(f.f, Kv)
        g = f.f if negated else f
        if isinstance(g, Kv):
            now = tense == "hypothesis" and first[0]
            if tense == "hypothesis":
                first[0] = False
            named = [self.term_words(t) for t in g.terms]
            return {"kind": "knows_value", "agent": self.pb.agent_name(g.agent),
                    "negated": negated, "tense": tense, "now": now, "whether": False,
                    "what": named, "plain": len(named) == 1 and named[0].startswith("the ")}
        if isinstance(f, Cmp):
            return {"kind": "compare", "op": f.op, "a": self.term_words(f.a),
                    "b": self.term_words(f.b)}
        return None

    def term_words(self, t) -> str:
        """A term as the English says it: ``the month`` for a named variable, ``x + y``."""
        from smcdel_bridge.terms import Var, term_text

        if isinstance(t, Var):
            try:
                return self.pb.variable(t.name).said()
            except KeyError:
                return t.name
        return term_text(t)

    def _names(self, group) -> list[str]:
        return [self.pb.agent_name(a) for a in group]

    def _count(self, f: Form) -> Node | None:
        """``exactly two of …`` when ``f`` is a count over a predicate's atoms
        (:func:`pyfront.problem.counting.recognise`), else None."""
        if not isinstance(f, (Conj, Disj, Neg)):
            return None
        from pyfront.problem.counting import WORDS, recognise

        preds = ([self.pb.predicate] if self.pb.predicate else []) + list(self.pb.extra_predicates)
        for p in preds:
            atoms = self.pb.atoms_of_predicate(p.keyword)
            found = recognise(f, atoms)
            if found is not None:
                word, k = found
                table = self.words.get("numbers") or list(WORDS)
                return {"kind": "count", "word": word, "k": k,
                        "number": table[k] if k < len(table) else str(k),
                        "parts": [{"kind": "atom", "text": self.atom_text(a, True)} for a in atoms]}
        return None


def puzzle_setting(pb: "Problem", describer: Describer) -> dict[str, Any] | None:
    """What a number puzzle's premise says before the law: the variables' values (ranges
    with the same bounds together) and what each agent is told."""
    if not pb.variables:
        return None
    groups: list[dict[str, Any]] = []
    for v in pb.variables:
        if v.is_range and groups and groups[-1]["range"] == (v.values[0], v.values[-1]):
            groups[-1]["names"].append(v.said())
            continue
        groups.append({"names": [v.said()], "range": (v.values[0], v.values[-1]) if v.is_range
                       else None, "options": [str(x) for x in v.values]})
    told = []
    # atoms seen by the setup's rule are told by the setup's own words
    by_rule = pb.setup is not None and pb.observations == pb.default_observations()
    for agent, atoms, terms in zip(pb.agents, pb.observations, pb.observed_terms):
        what = [describer.term_words(t) for t in terms] + [
            "whether " + describer.atom_text(a, True) for a in atoms if not by_rule]
        if what:
            told.append({"agent": agent.name, "what": what})
    return {"groups": groups, "told": told}
