"""Questions built from a premise: distractors, announcements to come.

Every candidate is a formula over the problem's own agents and atoms, of the same shape
as the true option (:mod:`.shapes`); which candidates are kept is decided by the model
checker (:mod:`.truth`), so a renaming that happens to be true is dropped.
"""

from __future__ import annotations

import random
from typing import Mapping, Sequence

from smcdel_bridge.language import Form, Kw, Neg, Prp
from smcdel_bridge.values import value

from pyfront.problem.model import Hypothesis, Problem
from ..verbalize import DEFAULT_STYLE, hypothesis
from .truth import valid_after

#: the distractor kinds: the true option with other agents, or other problems' hypotheses
DISTRACTOR_KINDS = ("other agents", "easy")

NOTA = "None of the above"


def say_statement(pb: Problem, f: Form, style: str = DEFAULT_STYLE) -> str:
    """``f`` as a hypothesis sentence of ``pb`` ("Bob can now know that …")."""
    q = pb.model_copy(update={"hypotheses": [Hypothesis(name="option", formula=f)]})
    return hypothesis(q, 0, style=style)


def say_clause(pb: Problem, f: Form, style: str = DEFAULT_STYLE) -> str:
    """``f`` as the clause an announcement says ("Carl's forehead is not muddy")."""
    from ..verbalize import style_environment
    from ..verbalize.describe import Describer

    env, words = style_environment(style)
    node = Describer(pb, words).describe(f, "present")
    return " ".join(str(env.get_template("formula.j2").module.say(node)).split())


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

@value(frozen=True)
class Choice:
    """One option: its text, its formula (None for "None of the above"), its truth and
    how it was made (``true``, a near-miss kind, ``easy`` or ``nota``)."""

    text: str
    form: Form | None
    true: bool | None
    made_as: str


def choices(
    pb: Problem,
    true_form: Form,
    rng: random.Random,
    *,
    distractors: str,
    probe: str,
    asked: Mapping[Form, int] | None = None,
    extra: Sequence[Form] = (),
    n_options: int = 4,
    nota_share: float | None = None,
    style: str = DEFAULT_STYLE,
) -> list[Choice] | None:
    """Up to ``n_options`` options: ``true_form`` (valid after the announcements and
    ``extra``) and distractors the checker finds not valid, all of ``true_form``'s
    :func:`~.shapes.form_shape`, in a seeded order.  ``hard``: the true option and its
    images under one renaming of the agents (an orbit: nothing in the set of options tells
    the true one apart but the names); ``easy``: such an orbit whose every distractor is
    one of the hypotheses of other problems (``asked``: how many ask each), the ones
    they ask most.
    Distractors drawn from other problems one by one would share its commonest patterns of who
    is where and leave the true option the odd one out.
    With ``probe='nota'`` one statement is left out and "None of the above" ends the
    options: the true one is left out in a ``nota_share`` of the items (default 1/(k+1)
    for k statements shown, so every option is as often the answer), making "None of the
    above" right.  None when no distractor is found."""
    if distractors == "hard":
        statements = _orbit_choices(pb, true_form, rng, extra, n_options, style)
    else:
        statements = _orbit_choices(pb, true_form, rng, extra, n_options, style,
                                    asked=asked or {}, made_as="easy")
    if statements is None:
        return None
    true, picked = statements[0], statements[1:]
    if probe != "nota":
        options = picked + [true]
        rng.shuffle(options)
        return options
    # one statement is left out: the true one in a share of the items (default 1/(k+1) for
    # k statements shown, as if the one left out were drawn at random), a false one otherwise
    share = 1 / (len(picked) + 1) if nota_share is None else nota_share
    if rng.random() < share:
        shown = list(picked)
    else:
        shown = picked[:]
        shown.pop(rng.randrange(len(shown)))
        shown.append(true)
    rng.shuffle(shown)
    return shown + [Choice(NOTA, None, None, "nota")]


def _orbit_choices(pb: Problem, true_form: Form, rng: random.Random, extra: Sequence[Form],
                   n_options: int, style: str, *, asked: Mapping[Form, int] | None = None,
                   made_as: str = "other agents") -> list[Choice] | None:
    """The true option and its images under one renaming of the agents (``f, τf, τ²f …``),
    every image checked false: the longest such orbit (at most ``n_options``), the first
    of that length in a seeded order — or, given ``asked`` (how many other problems ask
    each formula), of the orbits whose images all are asked, the most asked; None when no
    renaming gives one."""
    from .shapes import orbits

    cycles = orbits(pb, true_form, rng, n_options, weight=asked)
    members = list(dict.fromkeys(g for c in cycles for g in c[1:]))
    if not members:
        return None
    false = {g for g, t in zip(members, valid_after(pb, members, extra)) if not t}
    best: list[Choice] | None = None
    for cycle in cycles:
        if best is not None and len(cycle) <= len(best):
            continue
        if not all(g in false for g in cycle[1:]):
            continue
        texts = [say_statement(pb, g, style) for g in cycle]
        if len(set(texts)) != len(texts):
            continue
        best = [Choice(texts[0], cycle[0], True, "true")] + [
            Choice(t, g, False, made_as) for t, g in zip(texts[1:], cycle[1:])]
    return best
