"""The modal words of the one formula language, read alike in problems and stories.

Knowing that / whether, believing, "everyone knows / believes", common knowledge and
common belief (of everyone or of a group), distributed knowledge (of everyone or of a
group).  Both readers share this mixin; each says what an agent's relations are called
(:meth:`ModalReader.knower`, :meth:`ModalReader.believer`) and which agents "everyone"
is (:meth:`ModalReader.everyone_ids`).  In a problem (S5 models: every relation an
equivalence, every belief true) a belief *is* knowledge, so both name the same relation;
in a story the belief relation is the most plausible worlds of the knowledge cell.

Usage::

    from pyfront.problem.dsl import parse_problem
    pb = parse_problem("problem p\\n agents A, B\\n proposition r \\"it rains\\" / \\"\\"\\n"
                       " hypothesis h: it is distributed knowledge among A and B that r\\n")
    str(pb.hypotheses[0].formula)  # 'Dk "Agenta","Agentb" 1'
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from smcdel_bridge.language import Ck, Conj, Dk, Form, K, Kw, Neg

#: tree nodes this mixin turns into formulas
MODAL_FORMULAS = frozenset((
    "knows_that", "knows_whether", "not_knows_that", "not_knows_whether", "believes_that",
    "not_believes_that", "everyone_knows", "everyone_believes", "common_knowledge",
    "common_knowledge_among", "common_belief", "common_belief_among", "distributed_knowledge",
    "distributed_knowledge_among"))


class ModalReader(ABC):
    """Reads the modal nodes; needs ``formula``, ``error`` and the three hooks below."""

    @abstractmethod
    def knower(self, node) -> str:
        """The id of the knowledge relation of the agent ``node`` names."""

    @abstractmethod
    def believer(self, node) -> str:
        """The id of the belief relation of the agent ``node`` names."""

    @abstractmethod
    def everyone_ids(self, belief: bool) -> tuple[str, ...]:
        """Every agent's knowledge (or belief) relation, in the reader's order."""

    def group_ids(self, group, belief: bool) -> tuple[str, ...]:
        """The relations of a named group, in the order of :meth:`everyone_ids` (the order
        the printers write back), each member named once."""
        ids, seen = [], set()
        for member in group.children:
            ident = self.believer(member) if belief else self.knower(member)
            if ident in seen:
                raise self.error("this agent is named twice in the group", member)
            seen.add(ident)
            ids.append(ident)
        order = {a: i for i, a in enumerate(self.everyone_ids(belief))}
        return tuple(sorted(ids, key=order.__getitem__))

    def modal_formula(self, node) -> Form:
        kind, ch = node.data, node.children
        if kind in ("knows_that", "knows_whether", "not_knows_that", "not_knows_whether"):
            who = self.knower(ch[0])  # (the agent first: the first error, left to right)
            body = self.formula(ch[1])
            f: Form = K(who, body) if kind.endswith("that") else Kw(who, body)
            return Neg(f) if kind.startswith("not_") else f
        if kind in ("believes_that", "not_believes_that"):
            who = self.believer(ch[0])
            f = K(who, self.formula(ch[1]))
            return Neg(f) if kind.startswith("not_") else f
        if kind in ("everyone_knows", "everyone_believes"):
            body = self.formula(ch[0])
            each = tuple(K(a, body) for a in self.everyone_ids(kind == "everyone_believes"))
            return each[0] if len(each) == 1 else Conj(each)  # (one agent: her attitude)
        belief = kind.startswith("common_belief")
        if kind.endswith("_among"):
            group = self.group_ids(ch[0], belief)
            body = self.formula(ch[1])
        else:
            group = self.everyone_ids(belief)
            body = self.formula(ch[0])
        return (Dk if kind.startswith("distributed") else Ck)(group, body)
