"""Contradictory premises, detected in the same call as the question.

A MindGames item asks ``VALID? [ ! a1 ] … [ ! an ] h``.  Its premise is contradictory when
no state survives the announcements ``a1 … an``.  That is itself a validity question: add a
fresh atom ``q`` that no agent observes and the law does not mention, and ask
``VALID? [ ! a1 ] … [ ! an ] q``.  It is valid exactly when no state is left (``q`` is
false somewhere in every non-empty set of states, since nothing constrains it).  Adding an
unobserved, unconstrained atom changes no other answer, so the check rides in the same
input — and the same call of the official binary — as the question.
"""

from __future__ import annotations

from .language import Form, Prp, PubAnnounce
from .program import CheckInput, Job, Structure, ValidQ, WhereQ


def split_announcements(form: Form) -> tuple[list[Form], Form]:
    """The leading public announcements of ``form`` and what follows them."""
    anns: list[Form] = []
    while isinstance(form, PubAnnounce):
        anns.append(form.ann)
        form = form.f
    return anns, form


def fresh_atom(program: CheckInput) -> int:
    """An atom used nowhere in ``program``."""
    used = set(program.structure.vocab) | program.structure.law.atoms()
    for _, ps in program.structure.obs:
        used.update(ps)
    for job in program.jobs:
        used |= job.form.atoms()
        used.update(getattr(job, "state", ()))
    return max(used, default=-1) + 1


def premise_job(job: Job, atom: int) -> ValidQ:
    """``VALID? [ ! a1 ] … [ ! an ] atom`` for the announcements that open ``job``."""
    anns, _ = split_announcements(job.form)
    form: Form = Prp(atom)
    for ann in reversed(anns):
        form = PubAnnounce(ann, form)
    return ValidQ(form)


def with_premise_checks(program: CheckInput) -> CheckInput:
    """``program`` with one premise check per job appended after its own jobs.

    The fresh atom joins ``VARS``; job ``k``'s check is job ``len(program.jobs) + k``.
    ``WHERE?`` answers list states over ``VARS``, which the fresh atom would double: for
    those use :func:`premise_input` (a separate input) instead.
    """
    if any(isinstance(job, WhereQ) for job in program.jobs):
        raise ValueError("a WHERE? job cannot share its input with a premise check")
    atom = fresh_atom(program)
    st = program.structure
    structure = Structure(st.vocab + (atom,), st.law, st.obs)
    checks = tuple(premise_job(job, atom) for job in program.jobs)
    return CheckInput(structure, program.jobs + checks)


def premise_input(program: CheckInput, job: Job) -> CheckInput:
    """The premise check of ``job`` as an input of its own (``program``'s structure plus
    the fresh atom)."""
    atom = fresh_atom(program)
    st = program.structure
    return CheckInput(Structure(st.vocab + (atom,), st.law, st.obs), (premise_job(job, atom),))
