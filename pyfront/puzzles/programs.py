"""Scalable epistemic puzzles, built for any size, as checker inputs and as SMCDEL text.

Muddy children (SMCDEL's own benchmark): ``n`` children, ``m`` of them muddy; each child
sees every forehead but its own.  The father announces that at least one child is muddy,
then asks again and again whether anyone knows; the question is how many "nobody knows"
answers it takes until someone knows.  With ``m`` muddy children the answer is ``m - 1``:
after ``m - 1`` rounds of "nobody knows" the muddy children know, and not before.

Dining cryptographers (SMCDEL's other benchmark): ``n`` cryptographers at a round table,
a coin between each two neighbours; exactly one of them paid, or the NSA did.  Everyone
announces the XOR of whether they paid and the two coins they see; afterwards, if the NSA
paid that is common knowledge, and if cryptographer ``i`` paid nobody else knows it.

Command line: ``python -m pyfront.puzzles muddy N M`` (or ``dining N``) prints the
SMCDEL input.
"""

from __future__ import annotations

import argparse
import sys

from smcdel_bridge.language import (
    Ck, Conj, Disj, Form, Impl, K, Kw, Neg, PubAnnounce, PubAnnounceW, Prp, TOP, Xor,
)
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ

# --- muddy children ------------------------------------------------------------------------


def child(i: int) -> str:
    """The agent name of child ``i`` (1-based): ``c1``, ``c2``, …"""
    return f"c{i}"


def muddy_structure(n: int) -> Structure:
    """Atoms ``1..n`` (child ``i`` is muddy); child ``i`` observes every atom but ``i``."""
    vocab = tuple(range(1, n + 1))
    obs = tuple((child(i), tuple(j for j in vocab if j != i)) for i in vocab)
    return Structure(vocab=vocab, law=TOP, obs=obs)


def father(n: int) -> Form:
    """"At least one of you is muddy"."""
    return Disj(tuple(Prp(i) for i in range(1, n + 1)))


def knows_own(i: int) -> Form:
    """Child ``i`` knows whether it is muddy."""
    return Kw(child(i), Prp(i))


def nobody_knows(n: int) -> Form:
    return Conj(tuple(Neg(knows_own(i)) for i in range(1, n + 1)))


def someone_knows(n: int) -> Form:
    return Disj(tuple(knows_own(i) for i in range(1, n + 1)))


def everyone_knows(n: int) -> Form:
    return Conj(tuple(knows_own(i) for i in range(1, n + 1)))


def after_rounds(n: int, rounds: int, goal: Form) -> Form:
    """``[! father] [! nobody knows]^rounds goal``."""
    nk = nobody_knows(n)  # one shared object: checkers can reuse its translation
    f = goal
    for _ in range(rounds):
        f = PubAnnounce(nk, f)
    return PubAnnounce(father(n), f)


def muddy_children(n: int, m: int) -> CheckInput:
    """The benchmark question for ``n`` children of whom the first ``m`` are muddy.

    Jobs, all ``TRUE?`` at the state where children ``1..m`` are muddy, after the
    father's announcement and rounds of "nobody knows":

    1. after ``m - 1`` rounds, does some child know? — ``True``;
    2. after ``m - 1`` rounds, does every child know? — ``True`` only when ``m == n``
       (the clean children learn one round later);
    3. (for ``m >= 2``) after ``m - 2`` rounds, does some child know? — ``False``.
    """
    if n < 1 or not 1 <= m <= n:
        raise ValueError("need 1 <= m <= n")
    state = tuple(range(1, m + 1))
    jobs = [
        TrueQ(state, after_rounds(n, m - 1, someone_knows(n))),
        TrueQ(state, after_rounds(n, m - 1, everyone_knows(n))),
    ]
    if m >= 2:
        jobs.append(TrueQ(state, after_rounds(n, m - 2, someone_knows(n))))
    return CheckInput(muddy_structure(n), tuple(jobs))


def muddy_expected(n: int, m: int) -> list[bool]:
    """The known answers to the jobs of :func:`muddy_children`."""
    return [True, m == n] + ([False] if m >= 2 else [])


def rounds_until_someone_knows(n: int, m: int) -> CheckInput:
    """Jobs ``k = 0 … m - 1``: after ``k`` rounds of "nobody knows", does someone know?

    The index of the first ``True`` answer is SMCDEL's benchmark number (``m - 1``).
    """
    state = tuple(range(1, m + 1))
    goal = someone_knows(n)
    jobs = tuple(TrueQ(state, after_rounds(n, k, goal)) for k in range(m))
    return CheckInput(muddy_structure(n), jobs)


# --- dining cryptographers -------------------------------------------------------------------


def coin(n: int, i: int) -> int:
    """The atom of the coin between cryptographers ``i`` and ``i + 1`` (``coin(n, 0)`` is
    the one between ``n`` and 1): ``n + i``, or ``2n`` for ``i = 0``."""
    return n + (i if i else n)


def dining_structure(n: int) -> Structure:
    """Atoms ``0`` (the NSA paid), ``1..n`` (cryptographer ``i`` paid), ``n+1..2n`` (coins);
    law: exactly one of ``0..n`` paid; cryptographer ``i`` sees ``i`` and its two coins."""
    payers = range(0, n + 1)
    law = Conj(
        (Disj(tuple(Prp(i) for i in payers)),)
        + tuple(Neg(Conj((Prp(i), Prp(j)))) for i in payers for j in payers if i < j)
    )
    vocab = tuple(range(0, 2 * n + 1))
    obs = tuple((child(i), tuple(sorted({i, coin(n, i - 1), coin(n, i)}))) for i in range(1, n + 1))
    return Structure(vocab=vocab, law=law, obs=obs)


def dining_goal(n: int) -> Form:
    """If the NSA paid it is common knowledge; if ``i`` paid, no other cryptographer knows it."""
    agents = tuple(child(i) for i in range(1, n + 1))
    parts: list[Form] = [Impl(Prp(0), Ck(agents, Prp(0)))]
    for i in range(1, n + 1):
        parts.append(Impl(Prp(i), Conj(tuple(
            Neg(K(child(j), Prp(i))) for j in range(1, n + 1) if j != i))))
    return Conj(tuple(parts))


def dining_cryptographers(n: int) -> CheckInput:
    """One ``VALID?``: after everyone announces the XOR of what they see, :func:`dining_goal`
    (valid for every ``n >= 3``)."""
    if n < 3:
        raise ValueError("need n >= 3: with fewer the two coins of a cryptographer coincide")
    f = dining_goal(n)
    for i in range(n, 0, -1):
        f = PubAnnounceW(Xor(tuple(Prp(a) for a in sorted({i, coin(n, i - 1), coin(n, i)}))), f)
    return CheckInput(dining_structure(n), (ValidQ(f),))


def dining_cryptographers_text(n: int) -> str:
    """SMCDEL input for :func:`dining_cryptographers`."""
    return to_smcdel_text(
        dining_cryptographers(n),
        title=f"Dining cryptographers: {n} at the table, atom 0: the NSA paid, "
        f"1..{n}: cryptographer i paid, {n + 1}..{2 * n}: coins; answer: True",
    )


# --- SMCDEL text -------------------------------------------------------------------------


def _text(f: Form) -> str:
    """Input text for the constructs these puzzles use, fully parenthesised."""
    if isinstance(f, Prp):
        return str(f.n)
    if f is TOP:
        return "Top"
    if isinstance(f, Neg):
        inner = _text(f.f)
        return "~" + (inner if inner.startswith("(") else f"({inner})")
    if isinstance(f, Kw):
        return f"(Kw {f.agent} {_text(f.f)})"
    if isinstance(f, Conj):
        return "AND(" + ", ".join(_text(g) for g in f.fs) + ")"
    if isinstance(f, Disj):
        return "OR(" + ", ".join(_text(g) for g in f.fs) + ")"
    if isinstance(f, Xor):
        return "XOR(" + ", ".join(_text(g) for g in f.fs) + ")"
    if isinstance(f, Impl):
        return f"({_text(f.a)} -> {_text(f.b)})"
    if isinstance(f, K):
        return f"({f.agent} knows that {_text(f.f)})"
    if isinstance(f, Ck):
        return f"(({','.join(f.group)}) comknow that {_text(f.f)})"
    if isinstance(f, PubAnnounce):
        return f"[ ! {_text(f.ann)} ]\n    {_text(f.f)}"
    if isinstance(f, PubAnnounceW):
        return f"[ ?! {_text(f.ann)} ]\n    {_text(f.f)}"
    raise TypeError(f"no puzzle text for {type(f).__name__}")


def to_smcdel_text(program: CheckInput, title: str = "") -> str:
    """SMCDEL input text for a puzzle (``VARS``, ``LAW``, ``OBS``, jobs)."""
    s = program.structure
    lines = [f"-- {title}"] if title else []
    lines.append("VARS " + ",".join(map(str, s.vocab)))
    lines.append("LAW  " + _text(s.law))
    for k, (agent, atoms) in enumerate(s.obs):
        lines.append(("OBS  " if k == 0 else "     ") + f"{agent}: " + ",".join(map(str, atoms)))
    for job in program.jobs:
        if isinstance(job, TrueQ):
            lines.append("TRUE? {" + ",".join(map(str, job.state)) + "}")
        else:
            lines.append(job.kind)
        lines.append("    " + _text(job.form))
    return "\n".join(lines) + "\n"


def muddy_children_text(n: int, m: int) -> str:
    """SMCDEL input for :func:`muddy_children` (``n >= 2``: SMCDEL input cannot give an
    agent who observes nothing, as a lone child would be)."""
    if n < 2:
        raise ValueError("need n >= 2: a lone child observes nothing, which OBS cannot express")
    return to_smcdel_text(
        muddy_children(n, m),
        title=f"Muddy children: {n} children, {m} muddy; answers: "
        + ", ".join(map(str, muddy_expected(n, m))),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m pyfront.puzzles",
        description="Print scalable puzzles as SMCDEL input.",
    )
    sub = parser.add_subparsers(dest="puzzle", required=True)
    muddy = sub.add_parser("muddy", help="muddy children: N children, M of them muddy")
    muddy.add_argument("n", type=int, metavar="N")
    muddy.add_argument("m", type=int, metavar="M")
    dining = sub.add_parser("dining", help="dining cryptographers: N at the table")
    dining.add_argument("n", type=int, metavar="N")
    args = parser.parse_args(argv)
    try:
        if args.puzzle == "dining":
            text = dining_cryptographers_text(args.n)
        else:
            text = muddy_children_text(args.n, args.m)
    except ValueError as err:
        parser.error(str(err))
    sys.stdout.write(text)
    return 0

