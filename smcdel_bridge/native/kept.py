"""The last knowledge structure the symbolic engine built, kept for the next program.

Programs checked one after another often share their structure: every hypothesis of a
DSL problem is an input of its own (``VALID? [! a1] … [! an] h``), and so is its premise
check (``VALID? [! a1] … [! an] q``).  The announcements ``a1 … an`` are the same, and the
structure after each of them is the same; on BDDs, each of them costs a conjunction over
every agent (muddy children with 300 children: 0.05 to 0.3 s a round, 148 rounds).  A
kept structure keeps its memo tables (:mod:`.bdd_memo`), so the next program with that
structure finds every structure after a prefix of announcements it shares, and the BDD of
every formula met before on it.

The premise check's structure has one atom more than its problem's: a fresh atom ``q``
that no agent observes and the law does not mention.  Such atoms change no answer to a
``VALID?`` or ``TRUE?`` job whose formula does not mention them (the argument of
:mod:`smcdel_bridge.premise`: quantifying over an atom nothing depends on changes no BDD,
so every subformula has the same BDD on both structures), so a program whose structure is
the kept one less such atoms is answered on the kept one.  ``WHERE?`` lists states, which
those atoms would double: it always gets its own structure.

One structure is kept (a new one replaces it), and only while its BDD manager holds at
most :data:`KEEP_NODES` nodes, so what stays between programs is bounded; a failed program
drops it.

Usage::

    >>> from smcdel_bridge.language import Prp, Top
    >>> from smcdel_bridge.program import CheckInput, Structure, ValidQ
    >>> from smcdel_bridge.native.kept import answers_on
    >>> kept = Structure((1, 2), Top(), (("a", (1,)),))
    >>> answers_on(kept, CheckInput(Structure((1,), Top(), (("a", (1,)),)), (ValidQ(Prp(1)),)))
    True
    >>> answers_on(kept, CheckInput(Structure((1,), Top(), (("a", (1,)),)), (ValidQ(Prp(2)),)))
    False
"""

from __future__ import annotations

from ..program import CheckInput, Structure, TrueQ, ValidQ

__all__ = ["KEEP_NODES", "answers_on"]

#: the most BDD nodes a kept structure's manager may hold (CUDD: about 40 bytes a node);
#: muddy children with 300 children end near 1.3 million
KEEP_NODES = 1 << 22


def answers_on(kept: Structure, program: CheckInput) -> bool:
    """Whether ``program`` gets the answers of its own structure on ``kept``: the same
    law and observations, ``kept`` adding to the vocabulary only atoms that no agent
    observes and the law does not mention, only ``VALID?`` and ``TRUE?`` jobs, whose
    formulas mention atoms of the program's vocabulary only."""
    mine = program.structure
    try:
        if mine == kept:
            return True
        if mine.obs != kept.obs or mine.law != kept.law:
            return False
    except RecursionError:  # a law too deep to compare: its own structure
        return False
    extra = set(kept.vocab) - set(mine.vocab)
    if not extra or not set(mine.vocab) <= set(kept.vocab):
        return False
    if any(type(job) not in (ValidQ, TrueQ) for job in program.jobs):
        return False
    used = set(mine.law.atoms())
    for _, atoms in mine.obs:
        used.update(atoms)
    vocab = set(mine.vocab)
    # atoms outside the vocabulary could meet the fresh atoms of group announcements,
    # which the larger vocabulary numbers differently
    return not extra & used and all(job.form.atoms() <= vocab for job in program.jobs)
