"""Questions built from a premise: near-miss and random distractors, announcements to come.

Every candidate is a formula over the problem's own agents and atoms; which candidates
are kept is decided by the model checker (:mod:`.truth`), never by the shape of the
edit, so a "near miss" that happens to be true is dropped.
"""

from __future__ import annotations

import random
from itertools import islice
from dataclasses import dataclass
from typing import Iterator, Sequence

from smcdel_bridge.language import Form, K, Kw, Neg, Prp

from pyfront.problem.model import Hypothesis, Problem
from ..verbalize import DEFAULT_STYLE, hypothesis, sayable
from ..verbalize.describe import quantifier
from .truth import valid_after

#: the distractor kinds of hard multiple-choice items
NEAR_MISS_KINDS = ("other agent", "negation", "that/whether", "deeper")

NOTA = "None of the above"


def say_statement(pb: Problem, f: Form, style: str = DEFAULT_STYLE) -> str:
    """``f`` as a hypothesis sentence of ``pb`` ("Bob can now know that …")."""
    q = pb.model_copy(update={"hypotheses": [Hypothesis(name="option", formula=f)]})
    return hypothesis(q, 0, style=style)


def say_clause(pb: Problem, f: Form, style: str = DEFAULT_STYLE) -> str:
    """``f`` as the clause an announcement says ("Carl's forehead is not muddy")."""
    from ..verbalize import _style
    from ..verbalize.describe import Describer

    env, words = _style(style)
    node = Describer(pb, words).describe(f, "present")
    return " ".join(str(env.get_template("formula.j2").module.say(node)).split())


# --- near misses ---------------------------------------------------------------------------

def _flip_quantifier(pb: Problem, f: Form) -> Form | None:
    return {
        "someone": pb.nobody(), "nobody": pb.someone(),
        "everyone": pb.not_everyone(), "not_everyone": pb.everyone(),
    }.get(quantifier(pb, f) or "")


def _edits(pb: Problem, f: Form) -> Iterator[tuple[str, Form]]:
    """Single edits anywhere inside ``f``, with their kind."""
    ids = pb.agent_ids()
    flipped = _flip_quantifier(pb, f)
    if flipped is not None:
        yield "negation", flipped
    elif isinstance(f, (K, Kw)):
        for a in ids:
            if a != f.agent:
                yield "other agent", type(f)(a, f.f)
        yield "that/whether", (Kw if isinstance(f, K) else K)(f.agent, f.f)
        for b in ids:
            if b != f.agent:
                yield "deeper", type(f)(f.agent, K(b, f.f))
                yield "deeper", type(f)(f.agent, Kw(b, f.f))
        for kind, g in _edits(pb, f.f):
            yield kind, type(f)(f.agent, g)
    elif isinstance(f, Neg) and isinstance(f.f, (K, Kw)):
        yield "negation", f.f
        for kind, g in _edits(pb, f.f):
            if not isinstance(g, Neg):
                yield kind, Neg(g)
    elif isinstance(f, Prp) or (isinstance(f, Neg) and isinstance(f.f, Prp)):
        positive = isinstance(f, Prp)
        atom = f.n if positive else f.f.n
        yield "negation", Neg(f) if positive else f.f
        if pb.atom_owner(atom) is not None:
            for other in pb.predicate_atoms:
                if other != atom:
                    yield "other agent", Prp(other) if positive else Neg(Prp(other))


def near_misses(pb: Problem, f: Form) -> list[tuple[str, Form]]:
    """Formulas one edit away from ``f``: another agent, a negation, "that" for
    "whether" (or back), or one knowledge operator more inside the outermost one
    (wrapping the whole of a valid formula would give a valid one)."""
    out = list(_edits(pb, f))
    # no "cannot know" around the whole statement: true options (dataset hypotheses) never
    # have one, so it marks a distractor by its wording alone (choices() uses it last)
    return [(k, g) for k, g in out if g != f and sayable(g)]


def two_edit_misses(pb: Problem, f: Form, rng: random.Random, limit: int = 48) -> list[tuple[str, Form]]:
    """Near misses of near misses (kind ``first+second``), a seeded sample of at most
    ``limit``: for hypotheses whose single edits are nearly all still true (``whether``
    is blind to negating what follows it)."""
    first = near_misses(pb, f)
    seen = {f} | {g for _, g in first}
    out: list[tuple[str, Form]] = []
    for k1, g in first:
        for k2, h in near_misses(pb, g):
            if h not in seen:
                seen.add(h)
                out.append((f"{k1}+{k2}", h))
    return rng.sample(out, min(limit, len(out)))


def fits(pb: Problem, f: Form) -> bool:
    """Whether ``f`` speaks only of ``pb``'s agents and predicate atoms."""
    return f.agents() <= set(pb.agent_ids()) and f.atoms() <= set(pb.predicate_atoms) and sayable(f)


# --- announcements to come -------------------------------------------------------------------

def announcement_candidates(pb: Problem) -> list[Form]:
    """Announcements of the kinds a MindGames premise makes: a literal about one agent,
    someone knows (or does not know) whether some predicate holds, not everyone."""
    atoms = pb.predicate_atoms
    out: list[Form] = []
    for a in atoms:
        out += [Prp(a), Neg(Prp(a))]
    for ident in pb.agent_ids():
        for a in atoms:
            out += [Kw(ident, Prp(a)), Neg(Kw(ident, Prp(a)))]
    if len(atoms) > 1:
        out += [pb.everyone(), pb.not_everyone()]
    return out


def informative_announcements(pb: Problem, rng: random.Random) -> list[Form]:
    """Candidates that can be truthfully announced now and are not already known to
    hold, in a seeded order."""
    from smcdel_bridge.language import Bot, PubAnnounce

    cands = announcement_candidates(pb)
    rng.shuffle(cands)
    # one input: "already known" for every candidate, then "nothing survives it"
    answers = valid_after(pb, cands + [PubAnnounce(f, Bot()) for f in cands])
    known, dead = answers[:len(cands)], answers[len(cands):]
    return [f for f, k, d in zip(cands, known, dead) if not k and not d]


# --- multiple choice ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Choice:
    """One option: its text, its formula (None for "None of the above"), its truth and
    how it was made (``true``, a near-miss kind, ``easy`` or ``nota``)."""

    text: str
    form: Form | None
    true: bool | None
    made_as: str


def _round_robin(cands: list[tuple[str, Form]], rng: random.Random) -> list[tuple[str, Form]]:
    """Candidates shuffled, then taken one kind after another so that distractors vary."""
    by_kind: dict[str, list[tuple[str, Form]]] = {}
    rng.shuffle(cands)
    for c in cands:
        by_kind.setdefault(c[0], []).append(c)
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    out: list[tuple[str, Form]] = []
    while any(by_kind.values()):
        for k in kinds:
            if by_kind[k]:
                out.append(by_kind[k].pop(0))
    return out


def choices(
    pb: Problem,
    true_form: Form,
    rng: random.Random,
    *,
    distractors: str,
    probe: str,
    pool: Sequence[Form] = (),
    extra: Sequence[Form] = (),
    n_options: int = 4,
    style: str = DEFAULT_STYLE,
) -> list[Choice] | None:
    """Four options: ``true_form`` (valid after the announcements and ``extra``) and
    three distractors the checker finds not valid; with ``probe='nota'`` the true one is
    replaced by "None of the above" (the last option).  None when three distinct false
    distractors cannot be found."""
    def candidates() -> Iterator[tuple[str, Form]]:
        if distractors == "hard":
            first = near_misses(pb, true_form)
            yield from _round_robin(list(first), rng)
            # only when single edits did not give enough
            yield from _round_robin(two_edit_misses(pb, true_form, rng), rng)
            # last: "cannot know" around the whole statement or a near miss (see near_misses)
            negated = [("negation", Neg(true_form))] if isinstance(true_form, (K, Kw)) else []
            negated += [(f"{k}+negation", Neg(g)) for k, g in first if isinstance(g, (K, Kw))]
            yield from _round_robin(negated, rng)
        else:
            drawn = rng.sample(range(len(pool)), min(len(pool), 48))
            yield from (("easy", pool[i]) for i in drawn if pool[i] != true_form and fits(pb, pool[i]))

    true_text = say_statement(pb, true_form, style)
    picked: list[Choice] = []
    seen = {true_text}
    need = n_options - 1
    stream = candidates()
    while len(picked) < need:
        batch = list(islice(stream, 12))  # checked a few at a time: most items need one batch
        if not batch:
            break
        truths = valid_after(pb, [f for _, f in batch], extra)
        for (kind, f), t in zip(batch, truths):
            if t:
                continue
            text = say_statement(pb, f, style)
            if text in seen:
                continue
            seen.add(text)
            picked.append(Choice(text, f, False, kind))
            if len(picked) == need:
                break
    if len(picked) < need:
        return None
    if probe == "nota":
        rng.shuffle(picked)
        return picked + [Choice(NOTA, None, None, "nota")]
    options = picked + [Choice(true_text, true_form, True, "true")]
    rng.shuffle(options)
    return options
