"""Problem -> SMCDEL input text: the published one-line form and a readable multi-line form.

The published form is string-identical to the ``smcdel_problem`` and ``pbcheck`` columns of
the MindGames dataset::

    VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] [ ! ~(Agentb knows whether 2) ] (Agentb knows that 1)

Its formula printing differs from SMCDEL's own pretty-printer and is reproduced here:
every knowledge operator and every ``&``/``|`` chain is parenthesised, a negated chain is
``(~(1|2))``, any other negation ``~(…)`` around the bare operand, and a hypothesis whose
outer knowledge operator governs another one is written without the outer parentheses.

Agents who observe nothing: SMCDEL cannot write an empty ``OBS`` list.  The published data
leaves such agents out, which is fine while no formula mentions them (they are never
asked about).  When a formula does mention one, it gets a fresh atom that nobody else
observes and no formula mentions: the structure is the product of the original one with a
coin the agent sees, flipping the coin is an automorphism, so every formula without the
fresh atom keeps its truth value and the agent still learns nothing about the others' atoms
(``tests/test_render_smcdel.py`` checks the answers are unchanged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from smcdel_bridge.language import (
    Bot, Conj, Disj, Equi, Form, Impl, K, Kw, Neg, Prp, Top, Xor,
)

from pyfront.errors import UserError

if TYPE_CHECKING:
    from pyfront.problem.model import Problem


class UnprintableFormula(UserError, ValueError):
    """A formula with constructs the published form has no way to write."""


def _fallback(f: Form) -> str:
    """Constructs outside the published vocabulary: SMCDEL's own input syntax."""
    try:
        from smcdel_bridge.syntax import to_input
    except ImportError as err:  # pragma: no cover - depends on the syntax layer
        raise UnprintableFormula(f"cannot write {type(f).__name__} in SMCDEL input") from err
    return "(" + to_input(f) + ")"


def pub_form(f: Form) -> str:
    """A formula in the published MindGames printing (parenthesised)."""
    if isinstance(f, Prp):
        return str(f.n)
    if isinstance(f, Top):
        return "Top"
    if isinstance(f, Bot):
        return "Bot"
    if isinstance(f, Disj):
        return "(" + "|".join(pub_form(g) for g in f.fs) + ")" if f.fs else "Bot"
    if isinstance(f, Conj):
        return "(" + "&".join(pub_form(g) for g in f.fs) + ")" if f.fs else "Top"
    if isinstance(f, Neg):
        if isinstance(f.f, (Conj, Disj)) and f.f.fs:
            return "(~" + pub_form(f.f) + ")"
        return "~(" + bare_form(f.f) + ")"
    if isinstance(f, (K, Kw)):
        return "(" + bare_form(f) + ")"
    if isinstance(f, Impl):
        return "(" + pub_form(f.a) + " -> " + pub_form(f.b) + ")"
    if isinstance(f, Equi):
        return "(" + pub_form(f.a) + " iff " + pub_form(f.b) + ")"
    if isinstance(f, Xor) and f.fs:
        return "XOR(" + ",".join(pub_form(g) for g in f.fs) + ")"
    return _fallback(f)


def bare_form(f: Form) -> str:
    """Like :func:`pub_form` but without the outer parentheses of a knowledge operator."""
    if isinstance(f, K):
        return f"{f.agent} knows that {pub_form(f.f)}"
    if isinstance(f, Kw):
        return f"{f.agent} knows whether {pub_form(f.f)}"
    return pub_form(f)


def hypothesis_form(f: Form) -> str:
    """A hypothesis: bare when a knowledge operator governs another one."""
    if isinstance(f, (K, Kw)) and isinstance(f.f, (K, Kw)):
        return bare_form(f)
    return pub_form(f)


def announcement_form(f: Form) -> str:
    return f"[ ! {pub_form(f)} ]"


# --- the structure ---------------------------------------------------------------------

def obs_entries(pb: "Problem", formulas: list[Form]) -> tuple[list[int], list[tuple[str, list[int]]]]:
    """Vocabulary and OBS entries for a problem whose questions mention ``formulas``.

    Blind agents are left out unless mentioned; a mentioned blind agent observes a fresh
    atom of its own (after the vocabulary).  When every agent is blind and none is
    mentioned, the last one is written with a fresh atom: an empty ``OBS`` does not parse.
    """
    mentioned: set[str] = set()
    for f in formulas:
        mentioned |= f.agents()
    vocab = list(pb.vocabulary)
    fresh = max(vocab, default=0) + 1
    entries: list[tuple[str, list[int]]] = []
    for ident, row in zip(pb.agent_ids(), pb.observations):
        if row:
            entries.append((ident, list(row)))
        elif ident in mentioned or (not entries and ident == pb.agent_ids()[-1]):
            # mentioned, or the last chance to give OBS the entry its syntax requires
            vocab.append(fresh)
            entries.append((ident, [fresh]))
            fresh += 1
    if not entries:
        raise ValueError(f"problem {pb.name!r} has no agents: SMCDEL needs at least one")
    return vocab, entries


def render(pb: "Problem", hypothesis: int = 0, *, pbcheck: bool = False, readable: bool = False) -> str:
    """SMCDEL input for hypothesis ``hypothesis`` (or the contradiction check of the
    announcements before it): a hypothesis is asked after the announcements written above
    it (all of them for a published row, whose hypothesis comes last)."""
    if pb.has_told:
        raise UnprintableFormula(f"problem {pb.name!r} tells an announcement to a group: an "
                                 "event model, which SMCDEL input has no way to write")
    anns = [a.formula for a in pb.announcements]
    if pb.hypotheses and 0 <= hypothesis < len(pb.hypotheses):
        anns = anns[:pb.hypotheses[hypothesis].announcements_before(len(anns))]
    if pbcheck:
        question: Form = Prp(0)
        formulas = [pb.law, *anns]
    else:
        if not pb.hypotheses:
            raise ValueError(f"problem {pb.name!r} has no hypothesis")
        question = pb.hypotheses[hypothesis].formula
        formulas = [pb.law, *anns, question]
    vocab, entries = obs_entries(pb, formulas)
    if pbcheck:
        vocab = [0, *vocab]
    q_text = "0" if pbcheck else hypothesis_form(question)
    if readable:
        return _readable(pb, vocab, entries, anns, q_text, pbcheck)
    parts = ["VARS " + ",".join(map(str, vocab)), "LAW " + pub_form(pb.law), "OBS"]
    parts += [f"{ident}:{','.join(map(str, row))}" for ident, row in entries]
    parts.append("VALID?")
    parts += [announcement_form(a) for a in anns]
    parts.append(q_text)
    return " ".join(parts)


def _readable(pb, vocab, entries, anns, q_text, pbcheck) -> str:
    names = dict(zip(pb.agent_ids(), (a.name for a in pb.agents)))
    width = max((len(f"{i}: {','.join(map(str, r))}") for i, r in entries), default=0)
    lines = [f"-- {pb.name}" + (" (contradiction check: valid iff no state survives)" if pbcheck else "")]
    lines.append("VARS " + ",".join(map(str, vocab)))
    lines.append("LAW  " + pub_form(pb.law))
    for k, (ident, row) in enumerate(entries):
        cell = f"{ident}: {','.join(map(str, row))}"
        lines.append(("OBS  " if k == 0 else "     ") + cell.ljust(width) + f"  -- {names[ident]}")
    for ident in pb.agent_ids():
        if ident not in {i for i, _ in entries}:
            lines.append(f"     -- {ident} ({names[ident]}) observes nothing")
    lines.append("VALID?")
    lines += ["  " + announcement_form(a) for a in anns]
    lines.append("  " + q_text)
    return "\n".join(lines) + "\n"


def program(pb: "Problem", *, readable: bool = False) -> str:
    """One SMCDEL program asking every hypothesis of ``pb``: one structure, one ``VALID?``
    job per hypothesis, in order (``-- name`` comments say which).  One hypothesis gives
    exactly :func:`render`'s published line.  The structure observes what any hypothesis
    mentions; a fresh atom seen by a blind agent changes no truth value of the others."""
    if len(pb.hypotheses) == 1:
        return render(pb, 0, readable=readable).rstrip("\n")
    if not pb.hypotheses:
        raise ValueError(f"problem {pb.name!r} has no hypothesis")
    if pb.has_told:
        render(pb, 0)  # (its error: an event model has no SMCDEL input)
    anns = [a.formula for a in pb.announcements]
    questions = [h.formula for h in pb.hypotheses]
    vocab, entries = obs_entries(pb, [pb.law, *anns, *questions])
    names = ", ".join(h.name for h in pb.hypotheses)
    if readable:
        head = _readable(pb, vocab, entries, [], "", False).split("\nVALID?")[0]
        lines = [head.replace(f"-- {pb.name}", f"-- {pb.name}: {names}", 1)]
        for h, q in zip(pb.hypotheses, questions):
            before = anns[:h.announcements_before(len(anns))]  # asked where it is written
            lines += [f"-- {h.name}", "VALID?"] + ["  " + announcement_form(a) for a in before]
            lines.append("  " + hypothesis_form(q))
        return "\n".join(lines)
    obs = " ".join(f"{ident}:{','.join(map(str, row))}" for ident, row in entries)
    lines = [f"-- {pb.name}: {names}",
             f"VARS {','.join(map(str, vocab))} LAW {pub_form(pb.law)} OBS {obs}"]
    for h, q in zip(pb.hypotheses, questions):
        before = anns[:h.announcements_before(len(anns))]  # asked where it is written
        lines.append(f"-- {h.name}")
        lines.append(" ".join(["VALID?", *(announcement_form(a) for a in before), hypothesis_form(q)]))
    return "\n".join(lines)
