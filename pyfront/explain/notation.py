"""Textbook notation for formulas: ``K_Alice ¬m_Alice``, ``[!φ] ψ``, ``C_{Alice,Bob} φ``.

Explanations put English and formal notation side by side; this is the formal side.  It is
syntax only: atoms and agents are printed through the names a problem gives them, and
parentheses appear only where the reading would otherwise be ambiguous.
"""

from __future__ import annotations

from typing import Callable

from smcdel_bridge.language import (
    Announce,
    AnnounceW,
    Bot,
    Ck,
    Ckw,
    Conj,
    Disj,
    Dk,
    Dkw,
    Equi,
    Exists,
    Forall,
    Form,
    Impl,
    K,
    Kw,
    Neg,
    Prp,
    PubAnnounce,
    PubAnnounceW,
    Top,
    Xor,
)

#: n-ary connectives: separator, and what the empty one prints as
_NARY = {Conj: (" ∧ ", "⊤"), Disj: (" ∨ ", "⊥"), Xor: (" ⊕ ", "⊥")}
_INFIX = {Impl: "→", Equi: "↔"}
_AGENT = {K: "K", Kw: "Kw"}
_GROUP = {Ck: "C", Ckw: "Cw", Dk: "D", Dkw: "Dw"}
#: announcements: the mark before the announced formula (a group's, if any, comes first)
_ANNOUNCE = {PubAnnounce: "!", PubAnnounceW: "?!", Announce: "!", AnnounceW: "?!"}
_QUANTIFIER = {Forall: "∀", Exists: "∃"}


class Notation:
    """Prints formulas with the problem's own names for atoms and agents."""

    def __init__(
        self,
        atom_name: Callable[[int], str] = lambda n: f"p{n}",
        agent_name: Callable[[str], str] = str,
    ):
        self.atom_name = atom_name
        self.agent_name = agent_name

    def __call__(self, form: Form) -> str:
        return self.show(form)

    def show(self, f: Form) -> str:
        t = type(f)
        if t is Top:
            return "⊤"
        if t is Bot:
            return "⊥"
        if t is Prp:
            return self.atom_name(f.n)
        if t is Neg:
            return "¬" + self._tight(f.f)
        if t in _NARY:
            sep, empty = _NARY[t]
            if not f.fs:
                return empty
            if len(f.fs) == 1:
                return self.show(f.fs[0])
            return sep.join(self._operand(g, t) for g in f.fs)
        if t in _INFIX:
            return f"{self._tight(f.a)} {_INFIX[t]} {self._tight(f.b)}"
        if t in _AGENT:
            return f"{_AGENT[t]}_{self.agent_name(f.agent)} {self._tight(f.f)}"
        if t in _GROUP:
            return f"{_GROUP[t]}_{{{self.group(f.group)}}} {self._tight(f.f)}"
        if t in _ANNOUNCE:
            who = f"{self.group(f.group)} " if t in (Announce, AnnounceW) else ""
            return f"[{who}{_ANNOUNCE[t]}{self.show(f.ann)}] {self._tight(f.f)}"
        if t in _QUANTIFIER:
            names = ",".join(self.atom_name(n) for n in f.props)
            return f"{_QUANTIFIER[t]}{{{names}}} {self._tight(f.f)}"
        raise TypeError(f"not a formula: {f!r}")

    def group(self, agents) -> str:
        return ",".join(self.agent_name(a) for a in agents)

    # -- parenthesising ---------------------------------------------------------------
    def _is_binary(self, f: Form) -> bool:
        if isinstance(f, (Conj, Disj, Xor)):
            return len(f.fs) > 1
        return isinstance(f, (Impl, Equi))

    def _tight(self, f: Form) -> str:
        """Operand of a prefix operator: binary connectives need parentheses."""
        text = self.show(f)
        return f"({text})" if self._is_binary(f) else text

    def _operand(self, f: Form, parent: type) -> str:
        """Operand of an n-ary connective: same connective nests without parentheses."""
        if isinstance(f, parent):
            return self.show(f)
        return self._tight(f)
