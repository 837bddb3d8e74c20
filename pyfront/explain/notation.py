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

_NARY = {Conj: (" ∧ ", "⊤"), Disj: (" ∨ ", "⊥"), Xor: (" ⊕ ", "⊥")}


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
        if isinstance(f, Top):
            return "⊤"
        if isinstance(f, Bot):
            return "⊥"
        if isinstance(f, Prp):
            return self.atom_name(f.n)
        if isinstance(f, Neg):
            return "¬" + self._tight(f.f)
        for cls, (sep, empty) in _NARY.items():
            if isinstance(f, cls):
                if not f.fs:
                    return empty
                if len(f.fs) == 1:
                    return self.show(f.fs[0])
                return sep.join(self._operand(g, cls) for g in f.fs)
        if isinstance(f, Impl):
            return f"{self._tight(f.a)} → {self._tight(f.b)}"
        if isinstance(f, Equi):
            return f"{self._tight(f.a)} ↔ {self._tight(f.b)}"
        if isinstance(f, K):
            return f"K_{self.agent_name(f.agent)} {self._tight(f.f)}"
        if isinstance(f, Kw):
            return f"Kw_{self.agent_name(f.agent)} {self._tight(f.f)}"
        if isinstance(f, (Ck, Ckw, Dk, Dkw)):
            op = {Ck: "C", Ckw: "Cw", Dk: "D", Dkw: "Dw"}[type(f)]
            return f"{op}_{{{self.group(f.group)}}} {self._tight(f.f)}"
        if isinstance(f, PubAnnounce):
            return f"[!{self.show(f.ann)}] {self._tight(f.f)}"
        if isinstance(f, PubAnnounceW):
            return f"[?!{self.show(f.ann)}] {self._tight(f.f)}"
        if isinstance(f, Announce):
            return f"[{self.group(f.group)} !{self.show(f.ann)}] {self._tight(f.f)}"
        if isinstance(f, AnnounceW):
            return f"[{self.group(f.group)} ?!{self.show(f.ann)}] {self._tight(f.f)}"
        if isinstance(f, (Forall, Exists)):
            q = "∀" if isinstance(f, Forall) else "∃"
            names = ",".join(self.atom_name(n) for n in f.props)
            return f"{q}{{{names}}} {self._tight(f.f)}"
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
