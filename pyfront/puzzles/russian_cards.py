"""Russian cards (Kirkman 1847; van Ditmarsch 2003): Anne, Bill and Cath draw cards from a
deck; Anne and Bill must tell each other their hands in public without Cath learning
where any card is.

The DSL form: one 0/1 variable per card and player, ``aK`` (Anne holds card K) and ``bK``
(Bill holds it); Cath holds the rest.  Anne observes her ``aK``, Bill his ``bK``, Cath
``aK + bK`` (0 exactly for her own cards).  An announcement of Anne's is *safe* when, at
the actual deal, it is true, Bill then knows Anne's hand (and this is common knowledge
between them), Cath stays ignorant of every card (commonly known by all), and after Bill's
answer "Cath holds card N" the same holds with both knowing both hands — the six checks of
SMCDEL's ``RussianCards.checkSet``.
"""

from __future__ import annotations

from itertools import combinations

from smcdel_bridge.language import Ck, Conj, Disj, Form, K, Neg, PubAnnounce
from smcdel_bridge.terms import Arith, Cmp, Const, Kv, Var

#: the classic announcement: Anne holds one of these (SMCDEL's ``aAnnounce``)
CLASSIC = ((0, 1, 2), (0, 3, 4), (0, 5, 6), (1, 3, 5), (2, 4, 6))

AGENTS = ("Anne", "Bill", "Cath")


def _sum(names: list[str]) -> str:
    return " + ".join(names)


def _hand_text(hand) -> str:
    return f"{_sum([f'a{k}' for k in hand])} = {len(hand)}"


def dsl(cards: int = 7, deal=(3, 3, 1), announcement=CLASSIC) -> str:
    """The puzzle as DSL text: the deal, Anne's announcement, Bill's answer, the checks."""
    na, nb, nc = deal
    if na + nb + nc != cards or min(deal) < 1:
        raise ValueError(f"a deal of {cards} cards needs three positive hands adding up "
                         f"to {cards}, got {na}/{nb}/{nc}")
    hands = [tuple(h) for h in announcement]
    for h in hands:
        if len(h) != na or not all(0 <= k < cards for k in h):
            raise ValueError(f"each announced hand has {na} of the cards 0..{cards - 1}: {h}")
    a = [f"a{k}" for k in range(cards)]
    b = [f"b{k}" for k in range(cards)]
    lines = [f"  {v}: 0..1" for v in a + b]
    law = [f"{x} + {y} <= 1" for x, y in zip(a, b)] + [f"{_sum(a)} = {na}", f"{_sum(b)} = {nb}"]
    actual_a = hands[0] if hands else tuple(range(na))
    rest = [k for k in range(cards) if k not in actual_a]
    actual_b, actual_c = rest[:nb], rest[nb:]
    deal_text = " and ".join([f"a{k} = {int(k in actual_a)}" for k in range(cards)]
                             + [f"b{k} = {int(k in actual_b)}" for k in range(cards)])
    said = " or ".join(f"{_hand_text(h)}" for h in hands)
    a_knows = " and ".join(b)
    b_knows = " and ".join(a)
    ignorant = " and ".join(f"not Cath knows that {x} = 1" for x in a + b)
    c_card = actual_c[-1]
    expect = " expect true" if (cards, tuple(deal), tuple(hands)) == (7, (3, 3, 1), CLASSIC) else ""
    return "\n".join([
        f"# Russian cards: {cards} cards, Anne {na}, Bill {nb}, Cath {nc}.  Anne holds "
        f"{', '.join(map(str, actual_a))}, Bill {', '.join(map(str, actual_b))}, Cath "
        f"{', '.join(map(str, actual_c))}.",
        "# Anne announces that her hand is one of " + ", ".join("".join(map(str, h)) for h in hands)
        + f"; Bill answers that Cath holds card {c_card}.",
        "# aK = 1: Anne holds card K; bK = 1: Bill does; Cath holds the others.",
        "",
        f"problem russian_cards_{cards}_{na}{nb}{nc}",
        "  agents Anne, Bill, Cath",
        *lines,
        "  law " + " and ".join(law),
        "  Anne observes " + ", ".join(a),
        "  Bill observes " + ", ".join(b),
        "  Cath observes " + ", ".join(f"{x} + {y}" for x, y in zip(a, b)),
        f"  hypothesis truthful: ({deal_text}) implies Anne knows that ({said}){expect}",
        f"  announce Anne knows that ({said})",
        f"  hypothesis bill_learns: ({deal_text}) implies Bill knows what {b_knows} are{expect}",
        f"  hypothesis bill_learns_ck: ({deal_text}) implies it is common knowledge among "
        f"Anne and Bill that Bill knows what {b_knows} are{expect}",
        f"  hypothesis cath_ignorant: ({deal_text}) implies it is common knowledge that "
        f"({ignorant}){expect}",
        f"  announce Bill knows that a{c_card} + b{c_card} = 0",
        f"  hypothesis both_know: ({deal_text}) implies it is common knowledge among Anne "
        f"and Bill that (Anne knows what {a_knows} are and Bill knows what {b_knows} are){expect}",
        f"  hypothesis cath_still_ignorant: ({deal_text}) implies it is common knowledge "
        f"that ({ignorant}){expect}",
        "",
    ])


def candidate_lists(cards: int, hand: int, sizes) -> list[tuple[tuple[int, ...], ...]]:
    """Lists of Anne-hands (sorted, any two sharing fewer than two cards), of the given
    sizes: the lists SMCDEL's ``allHandLists`` tries."""
    hands = list(combinations(range(cards), hand))
    # fits[i]: bit j set when hands i and j share fewer than two cards
    fits = [sum(1 << j for j, g in enumerate(hands) if len(set(h) & set(g)) < 2)
            for h in hands]
    out: list = []

    def extend(chosen: list, start: int, size: int, allowed: int) -> None:
        if len(chosen) == size:
            out.append(tuple(hands[i] for i in chosen))
            return
        for i in range(start, len(hands)):
            if allowed >> i & 1:
                chosen.append(i)
                extend(chosen, i + 1, size, allowed & fits[i])
                chosen.pop()

    for size in sizes:
        extend([], 0, size, (1 << len(hands)) - 1)
    return out


def _checks(hands, a, b, names, na: int, c_card: int) -> list[Form]:
    """The six checks of SMCDEL's ``checkSet`` for Anne announcing ``hands``, over the
    card variables ``a``, ``b`` and the agents ``names`` (Anne, Bill, Cath)."""
    anne, bill, cath = names

    def total(vs):
        t = vs[0]
        for v in vs[1:]:
            t = Arith("+", t, v)
        return t

    says = K(anne, Disj(tuple(Cmp("=", total([a[k] for k in h]), Const(na)) for h in hands)))
    b_knows_a, a_knows_b = Kv(bill, tuple(a)), Kv(anne, tuple(b))
    ignorant = Conj(tuple(Neg(K(cath, Cmp("=", v, Const(1)))) for v in a + b))
    bob_says = K(bill, Cmp("=", Arith("+", a[c_card], b[c_card]), Const(0)))
    ab, abc = (anne, bill), (anne, bill, cath)
    return [
        says,
        PubAnnounce(says, b_knows_a),
        PubAnnounce(says, Ck(ab, b_knows_a)),
        PubAnnounce(says, Ck(abc, ignorant)),
        PubAnnounce(says, PubAnnounce(bob_says, Ck(ab, Conj((a_knows_b, b_knows_a))))),
        PubAnnounce(says, PubAnnounce(bob_says, Ck(abc, ignorant))),
    ]


def _candidates(cards: int, deal, sizes) -> list:
    """Candidate lists that hold Anne's actual hand (the others fail the first check)."""
    mine = tuple(range(deal[0]))
    return [h for h in candidate_lists(cards, deal[0], sizes) if h[0] == mine]


def safe_announcements(cards: int = 7, deal=(3, 3, 1), sizes=(5, 6, 7)) -> list:
    """Every candidate list (of the given sizes) whose announcement by Anne passes the six
    checks at the deal Anne 0 1 2, Bill the next cards, Cath the last ones."""
    from smcdel_bridge.native.values import ValueStructure

    na, nb, _ = deal
    names = [f"a{k}" for k in range(cards)] + [f"b{k}" for k in range(cards)]
    a = [Var(f"a{k}") for k in range(cards)]
    b = [Var(f"b{k}") for k in range(cards)]
    ta, tb = a[0], b[0]
    for v in a[1:]:
        ta = Arith("+", ta, v)
    for v in b[1:]:
        tb = Arith("+", tb, v)
    law = Conj(tuple(Cmp("<=", Arith("+", x, y), Const(1)) for x, y in zip(a, b))
               + (Cmp("=", ta, Const(na)), Cmp("=", tb, Const(nb))))
    obs = {"Anne": tuple(a), "Bill": tuple(b),
           "Cath": tuple(Arith("+", x, y) for x, y in zip(a, b))}
    vs = ValueStructure({n: (0, 1) for n in names}, law, obs)
    actual = [i for i, s in enumerate(vs.states)
              if s[:cards] == tuple(int(k < na) for k in range(cards))
              and s[cards:] == tuple(int(na <= k < na + nb) for k in range(cards))]
    at = 1 << actual[0]
    return [hands for hands in _candidates(cards, deal, sizes)
            if all(vs.holds(f) & at for f in _checks(hands, a, b, AGENTS, na, cards - 1))]


def safe_announcements_input(cards: int = 7, deal=(3, 3, 1), sizes=(5, 6, 7)):
    """(candidate lists, SMCDEL input): the puzzle's Boolean encoding with six ``TRUE?``
    jobs per candidate list, at the actual deal — for the official binary to answer.  A
    list is safe when its six answers are all True."""
    from smcdel_bridge.language import Prp
    from smcdel_bridge.program import TrueQ

    from pyfront.problem.dsl import parse_problem
    from pyfront.problem.encode import Encoding

    na, nb, _ = deal
    pb = parse_problem(dsl(cards, deal, (tuple(range(na)),)))
    enc = Encoding(pb)
    deal_values = {**{f"a{k}": int(k < na) for k in range(cards)},
                   **{f"b{k}": int(na <= k < na + nb) for k in range(cards)}}
    state = next(s for s in enc.vs.states
                 if all(s[enc.vs.names.index(n)] == v for n, v in deal_values.items()))
    cube = enc.state_cube(state)
    true_atoms = tuple(sorted(lit.n for lit in cube.fs if isinstance(lit, Prp)))
    a = [Var(f"a{k}") for k in range(cards)]
    b = [Var(f"b{k}") for k in range(cards)]
    ids = tuple(pb.agent_ids())
    lists = _candidates(cards, deal, sizes)
    jobs = [TrueQ(true_atoms, enc.formula(f)) for hands in lists
            for f in _checks(hands, a, b, ids, na, cards - 1)]
    return lists, enc.input_text(jobs)
