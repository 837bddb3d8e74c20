"""Formulas to truth tables: the reference checker's symbolic semantics on bitsets.

:func:`truth_table` computes, for a formula and a :class:`BitStructure`, the Boolean
function the reference (SMCDEL's ``SMCDEL.Symbolic.S5.bddOf``) computes as a BDD — a
function on *all* assignments of the vocabulary, not only on states of the law:

* ``K a f`` is ``forall (vocab \\\\ O_a) (law -> f)``; ``Dk G f`` quantifies the atoms no
  member of ``G`` observes; ``Kw``/``Dkw`` are the disjunction for ``f`` and ``~f``;
* ``Ck G f`` is the greatest fixed point of ``Z = f & AND_a forall (vocab \\\\ O_a) (law -> Z)``;
  ``Ckw G f`` is ``Ck G f | Ck G ~f``;
* ``[! f] g`` is ``f -> g'`` where ``g'`` is computed on the structure whose law is
  conjoined with ``f``; ``[?! f] g`` is ``if f then g' else g''`` (``g''`` after ``~f``);
* ``[G ! f] g`` adds a fresh atom ``k`` (one above the largest atom), the law gets
  ``k <-> f``, the group observes ``k``; the result is ``f -> g'[k := True]``.
  ``[G ?! f] g`` is ``if f then g'[k := True] else g'[k := False]`` — the *same*
  structure (announcing ``f``, not ``~f``) in both branches, as in the reference;
* ``Forall ps f`` / ``Exists ps f`` quantify the truth table of ``f`` — also when ``f``
  is epistemic, where this differs from substituting ``Top``/``Bot`` for the atoms.

Conjunctions stop at the first false conjunct and disjunctions at the first true
disjunct, as the reference's ``conSet``/``disSet`` do; this matters only for which jobs
a non-Boolean law makes fail (the law is used only when an epistemic operator is
actually evaluated).  Sub-formulas skipped that way are still checked for undeclared
atoms and agents (:meth:`BitStructure.check_names`), so every atom and agent of a
formula meets a check whether or not it is evaluated.  The law itself is compiled by
:func:`smcdel_bridge.native.knowledge.law_table`.
"""

from __future__ import annotations

from typing import Callable

from .. import language as L
from ..errors import UnsupportedFormula
from ..language import Form
from .bitspace import Space
from .knowledge import BitStructure


#: formulas whose tables one structure keeps (:func:`remembered`) before it starts afresh,
#: and the most variables of a structure that keeps any (tables of 2^12 bits: 512 bytes)
MEMO_LIMIT = 256
MEMO_VARIABLES = 12


def truth_table(bs: BitStructure, form: Form) -> int:
    """The truth table of ``form`` on ``bs`` (bit ``i`` = value at assignment ``i``)."""
    return _TABLE[form.__class__](bs, form)


# --- Boolean connectives ------------------------------------------------------------

def _top(bs: BitStructure, f: L.Top) -> int:
    return bs.space.full


def _bot(bs: BitStructure, f: L.Bot) -> int:
    return 0


def _prp(bs: BitStructure, f: L.Prp) -> int:
    position = bs.position.get(f.n)
    if position is None:
        position = bs.atom_position(f.n)  # raises for an atom outside VARS
    return bs.space.var[position]


def _neg(bs: BitStructure, f: L.Neg) -> int:
    return bs.space.full ^ _TABLE[f.f.__class__](bs, f.f)


def _conj(bs: BitStructure, f: L.Conj) -> int:
    acc = bs.space.full
    for i, g in enumerate(f.fs):
        v = _TABLE[g.__class__](bs, g)
        if not v:
            bs.check_names(f.fs[i + 1:])
            return 0
        acc &= v
    return acc


def _disj(bs: BitStructure, f: L.Disj) -> int:
    full = bs.space.full
    acc = 0
    for i, g in enumerate(f.fs):
        v = _TABLE[g.__class__](bs, g)
        if v == full:
            bs.check_names(f.fs[i + 1:])
            return full
        acc |= v
    return acc


def _xor(bs: BitStructure, f: L.Xor) -> int:
    acc = 0
    for g in f.fs:
        acc ^= _TABLE[g.__class__](bs, g)
    return acc


def _impl(bs: BitStructure, f: L.Impl) -> int:
    a = _TABLE[f.a.__class__](bs, f.a)
    b = _TABLE[f.b.__class__](bs, f.b)
    return (bs.space.full ^ a) | b


def _equi(bs: BitStructure, f: L.Equi) -> int:
    a = _TABLE[f.a.__class__](bs, f.a)
    b = _TABLE[f.b.__class__](bs, f.b)
    return bs.space.full ^ a ^ b


def _forall(bs: BitStructure, f: L.Forall) -> int:
    body = _TABLE[f.f.__class__](bs, f.f)
    return bs.space.forall(body, [bs.atom_position(p) for p in f.props])


def _exists(bs: BitStructure, f: L.Exists) -> int:
    body = _TABLE[f.f.__class__](bs, f.f)
    return bs.space.exists(body, [bs.atom_position(p) for p in f.props])


# --- knowledge ------------------------------------------------------------------------

def _box(sp: Space, law: int, bits: int, hidden: tuple[int, ...]) -> int:
    """``forall hidden (law -> bits)``: true where every law state looking the same holds ``bits``."""
    return sp.forall((sp.full ^ law) | bits, hidden)


def _knows(bs: BitStructure, hidden: tuple[int, ...], f: Form) -> int:
    """``K``/``Dk``: ``f`` holds at every law state that looks the same with ``hidden`` unseen.

    The law is read before ``f`` is evaluated (a non-Boolean law fails first), as in the
    reference."""
    law = bs.law
    return _box(bs.space, law, _TABLE[f.__class__](bs, f), hidden)


def _knows_whether(bs: BitStructure, hidden: tuple[int, ...], f: Form) -> int:
    """``Kw``/``Dkw``: knowing that ``f`` or knowing that ``~f``."""
    law = bs.law
    sp = bs.space
    body = _TABLE[f.__class__](bs, f)
    return _box(sp, law, body, hidden) | _box(sp, law, sp.full ^ body, hidden)


def _k(bs: BitStructure, f: L.K) -> int:
    # _knows written out: the published problems are mostly K and Kw
    hidden = bs.hidden.get(f.agent)
    if hidden is None:
        hidden = bs.unobserved(f.agent)  # raises for an agent without observations
    law = bs.law
    sp = bs.space
    return sp.forall((sp.full ^ law) | _TABLE[f.f.__class__](bs, f.f), hidden)


def _kw(bs: BitStructure, f: L.Kw) -> int:
    hidden = bs.hidden.get(f.agent)
    if hidden is None:
        hidden = bs.unobserved(f.agent)
    law = bs.law
    sp = bs.space
    body = _TABLE[f.f.__class__](bs, f.f)
    full = sp.full
    return sp.forall_either((full ^ law) | body, (full ^ law) | (full ^ body), hidden)


def _dk(bs: BitStructure, f: L.Dk) -> int:
    return _knows(bs, bs.group_unobserved(f.group), f.f)


def _dkw(bs: BitStructure, f: L.Dkw) -> int:
    return _knows_whether(bs, bs.group_unobserved(f.group), f.f)


def common_knowledge(bs: BitStructure, group: tuple[str, ...], body: int) -> int:
    """Greatest fixed point of ``Z = body & AND_a forall (vocab \\\\ O_a) (law -> Z)``."""
    hiddens = [bs.unobserved(a) for a in group]
    if not body:  # the reference's conjunction stops here, before touching the law
        return 0
    sp = bs.space
    notlaw = sp.full ^ bs.law
    current = sp.full
    while True:
        nxt = body
        for hidden in hiddens:
            nxt &= sp.forall(notlaw | current, hidden)
            if not nxt:
                break
        if nxt == current:
            return current
        current = nxt


def _ck(bs: BitStructure, f: L.Ck) -> int:
    return common_knowledge(bs, f.group, _TABLE[f.f.__class__](bs, f.f))


def _ckw(bs: BitStructure, f: L.Ckw) -> int:
    body = _TABLE[f.f.__class__](bs, f.f)
    return (common_knowledge(bs, f.group, body)
            | common_knowledge(bs, f.group, bs.space.full ^ body))


# --- announcements --------------------------------------------------------------------

def remembered(bs: BitStructure, f: Form) -> int:
    """The truth table of ``f`` on ``bs``, kept on ``bs`` for this very formula object:
    the rows of a dataset share their announcements' and hypotheses' objects (the fast
    path reads each text once), and an announcement's structure is shared too
    (:meth:`BitStructure.restrict`), so each is evaluated once per structure.  Keyed by
    identity (hashing a tree would cost as much as a small evaluation); the entry holds
    the formula, so the identity cannot pass to another object.  Large structures keep
    none (their tables are large, and their evaluation dwarfs the look-up anyway)."""
    if bs.space.n > MEMO_VARIABLES:
        return _TABLE[f.__class__](bs, f)
    memo = bs.memo
    hit = memo.get(id(f))
    if hit is not None and hit[0] is f:
        return hit[1]
    table = _TABLE[f.__class__](bs, f)
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[id(f)] = (f, table)
    return table


def _pub(bs: BitStructure, f: L.PubAnnounce) -> int:
    ann = remembered(bs, f.ann)
    after = bs.restrict(ann)
    return (bs.space.full ^ ann) | remembered(after, f.f)


def _pubw(bs: BitStructure, f: L.PubAnnounceW) -> int:
    ann = _TABLE[f.ann.__class__](bs, f.ann)
    full = bs.space.full
    yes = _TABLE[f.f.__class__](bs.restrict(ann), f.f)
    no = _TABLE[f.f.__class__](bs.restrict(full ^ ann), f.f)
    return (ann & yes) | ((full ^ ann) & no)


def _group(bs: BitStructure, f: L.Announce) -> int:
    ann = _TABLE[f.ann.__class__](bs, f.ann)
    after = _TABLE[f.f.__class__](bs.extend(f.group, ann), f.f)
    sp = bs.space
    return (sp.full ^ ann) | (after >> sp.size)  # fresh atom := True


def _groupw(bs: BitStructure, f: L.AnnounceW) -> int:
    ann = _TABLE[f.ann.__class__](bs, f.ann)
    after = _TABLE[f.f.__class__](bs.extend(f.group, ann), f.f)
    sp = bs.space
    return (ann & (after >> sp.size)) | ((sp.full ^ ann) & after)


class _Dispatch(dict):
    """Formula class -> evaluator; a class without one is a clean one-line error."""

    def __missing__(self, cls):
        raise UnsupportedFormula(f"the S5 checker cannot handle {cls.__name__} formulas")


_TABLE: dict[type, Callable[[BitStructure, Form], int]] = _Dispatch({
    L.Top: _top, L.Bot: _bot, L.Prp: _prp, L.Neg: _neg,
    L.Conj: _conj, L.Disj: _disj, L.Xor: _xor, L.Impl: _impl, L.Equi: _equi,
    L.Forall: _forall, L.Exists: _exists,
    L.K: _k, L.Kw: _kw, L.Ck: _ck, L.Ckw: _ckw, L.Dk: _dk, L.Dkw: _dkw,
    L.PubAnnounce: _pub, L.PubAnnounceW: _pubw,
    L.Announce: _group, L.AnnounceW: _groupw,
})
