"""Scalable puzzles as problem models, so that the DSL, ``check``, ``render`` and
``explain`` take them at any size (the SMCDEL-text versions live in
:mod:`pyfront.puzzles.programs`).

Muddy children with ``n`` children, the first ``m`` of them muddy: the ``forehead`` setup,
the father's "someone's forehead is muddy", then rounds of "nobody knows whether their own
forehead is muddy".  A hypothesis about the actual state ``s`` is asked as the validity of
``s -> φ`` (true exactly when ``φ`` holds at ``s``, since ``s`` survives every round), which
keeps the question a MindGames-style validity check.
"""

from __future__ import annotations

from smcdel_bridge.language import Conj, Disj, Form, Impl, Kw, Neg, Prp

from pyfront.problem.model import Announcement, Hypothesis, Problem, agent_id


def _kw_own(i: int) -> Form:
    """Agent ``i`` (0-based) knows whether its own predicate atom ``i + 1`` holds."""
    return Kw(agent_id(i), Prp(i + 1))


def muddy_children_problem(n: int, m: int, rounds: int) -> Problem:
    """``n`` children, the first ``m`` muddy, after ``rounds`` rounds of "nobody knows".

    Hypotheses (at the actual state): some child knows whether it is muddy (true exactly
    when ``rounds >= m - 1``); every child knows (true when ``rounds >= m``, or
    ``rounds == m - 1`` and ``m == n``).
    """
    if n < 1 or not 1 <= m <= n:
        raise ValueError("need 1 <= m <= n")
    if rounds < 0 or rounds > m - 1:
        raise ValueError(f"rounds must be between 0 and m - 1 = {m - 1}")
    pb = Problem.from_setup(
        "forehead", [f"Child{i}" for i in range(1, n + 1)], name=f"muddy_{n}_{m}_after_{rounds}"
    )
    atoms = pb.predicate_atoms
    nobody_knows = Conj(tuple(Neg(_kw_own(i)) for i in range(n)))
    pb.announcements.append(Announcement(formula=pb.someone()))
    pb.announcements.extend(Announcement(formula=nobody_knows) for _ in range(rounds))
    actual = Conj(tuple(Prp(a) if k < m else Neg(Prp(a)) for k, a in enumerate(atoms)))
    someone = Disj(tuple(_kw_own(i) for i in range(n)))
    everyone = Conj(tuple(_kw_own(i) for i in range(n)))
    pb.hypotheses.append(Hypothesis(
        name="someone_knows", formula=Impl(actual, someone), expected=rounds == m - 1,
    ))
    pb.hypotheses.append(Hypothesis(
        name="everyone_knows", formula=Impl(actual, everyone),
        expected=rounds == m - 1 and m == n,
    ))
    return pb


def muddy_children_course(n: int, m: int) -> list[Problem]:
    """The benchmark question as problems: one round short of ``m - 1`` (nobody knows yet,
    when ``m >= 2``), and after ``m - 1`` rounds (the muddy children know)."""
    rounds = [m - 2, m - 1] if m >= 2 else [m - 1]
    return [muddy_children_problem(n, m, r) for r in rounds]


def dining_cryptographers_problem(n: int) -> Problem:
    """The dining cryptographers (see :mod:`pyfront.puzzles.programs`) as one problem.

    Cryptographer ``i`` owns atom ``i`` ("Ci paid"); the propositions ``nsa`` (the NSA
    paid) and ``coin1`` … ``coinN`` (coin ``k`` lies between ``Ck`` and the next one)
    follow.  The one hypothesis is the benchmark's formula, announcements of whether
    included, so it is valid (and ``check`` expects it so).
    """
    from smcdel_bridge.language import Ck, Neg as N, PubAnnounceW, Xor
    from smcdel_bridge.language import K as Knows

    from pyfront.problem.model import Proposition
    from pyfront.problem.setups import Predicate

    if n < 3:
        raise ValueError("need N >= 3: with fewer the two coins of a cryptographer coincide")
    nsa = n + 1

    def coin(k: int) -> int:  # k = 0 is the coin between Cn and C1
        return nsa + (k if k else n)

    pb = Problem(
        name=f"dining_cryptographers_{n}",
        agents=[{"name": f"C{i}"} for i in range(1, n + 1)],
        predicate=Predicate(keyword="paid", positive="{x} paid", negative="{x} did not pay"),
        propositions=[Proposition(name="nsa", positive="the NSA paid",
                                  negative="the NSA did not pay")]
        + [Proposition(name=f"coin{k}", positive=f"coin {k} shows heads",
                       negative=f"coin {k} shows tails") for k in range(1, n + 1)],
        observations=[[i, coin(i - 1), coin(i)] for i in range(1, n + 1)],
        sentences=["Each cryptographer tosses a coin with the neighbour on the right; "
                   "each sees their own two coins."],
    )
    payers = [nsa] + list(range(1, n + 1))
    pb.law = Conj((Disj(tuple(Prp(a) for a in payers)),) + tuple(
        N(Conj((Prp(a), Prp(b)))) for k, a in enumerate(payers) for b in payers[k + 1:]))
    ids = tuple(pb.agent_ids())
    goal: list[Form] = [Impl(Prp(nsa), Ck(ids, Prp(nsa)))]
    for i in range(1, n + 1):
        goal.append(Impl(Prp(i), Conj(tuple(
            N(Knows(ids[j - 1], Prp(i))) for j in range(1, n + 1) if j != i))))
    f: Form = Conj(tuple(goal))
    for i in range(n, 0, -1):
        f = PubAnnounceW(Xor(tuple(Prp(a) for a in sorted({i, coin(i - 1), coin(i)}))), f)
    pb.hypotheses.append(Hypothesis(name="nobody_learns_who_paid", formula=f, expected=True))
    return pb
