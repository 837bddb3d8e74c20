"""Plausibility models and action-priority update on textbook cases: a false belief is
revised instead of collapsing, belief is the most plausible part of what one knows, and
the event's plausibility takes priority over the prior one."""

from __future__ import annotations

import pytest

from smcdel_bridge.dynamic import (
    DelModelError, Event, InexecutableAction, KripkeModel, holds_at_actual, private_change,
    product_update, public_announcement,
)
from smcdel_bridge.dynamic.plausibility import (
    EventPlausibilityModel, PlausibilityModel, from_action, from_kripke, priority_update,
    public_observation,
)
from smcdel_bridge.language import BOT, TOP, K, Kw, Neg, Prp

p = Prp(1)  # the marble is in the box (else in the basket)
AGENTS = ("sally", "anne")


def start() -> KripkeModel:
    return KripkeModel(AGENTS, ("w0",), {"w0": set()},
                       {a: {"w0": {"w0"}} for a in AGENTS}, "w0")


def moved_while_away():
    return private_change(AGENTS, ("anne",), {1: TOP}, label="Anne moves the marble")


def test_sally_revises_after_looking():
    after_move = priority_update(from_kripke(start()), from_action(moved_while_away()))
    belief = after_move.belief_view()
    assert holds_at_actual(belief, p)
    assert holds_at_actual(belief, K("sally", Neg(p)))           # the false belief
    assert not holds_at_actual(after_move.knowledge_view(), K("sally", Neg(p)))  # not known
    assert holds_at_actual(belief, K("anne", K("sally", Neg(p))))

    looked = priority_update(after_move, public_observation(after_move, p,
                                                             "Sally looks in the box"))
    belief = looked.belief_view()
    assert holds_at_actual(belief, K("sally", p))                # revised: the truth
    assert not holds_at_actual(belief, K("sally", BOT))          # and still consistent
    assert all(belief.is_kd45(a) for a in AGENTS)


def test_kd45_engine_falls_into_the_trap():
    """The same story with plain product update: Sally's belief collapses (she then
    'believes' everything, the falsum included) — what plausibility models avoid."""
    m = product_update(start(), moved_while_away())
    m = product_update(m, public_announcement(AGENTS, p, "Sally looks in the box"))
    assert holds_at_actual(m, K("sally", BOT))
    assert not m.is_serial("sally")


def test_belief_view_is_the_most_plausible_part_of_each_cell():
    m = PlausibilityModel(
        ("a",), ("u", "v", "w", "x"), {"v": {1}, "w": {1}},
        cells={"a": ({"u", "v", "w"}, {"x"})},
        ranks={"a": {"u": 2, "v": 0, "w": 0, "x": 5}}, actual="u")
    belief, knowledge = m.belief_view(), m.knowledge_view()
    assert belief.successors("a", "u") == {"v", "w"} == belief.successors("a", "w")
    assert belief.successors("a", "x") == {"x"}
    assert knowledge.successors("a", "u") == {"u", "v", "w"} and m.cell("a", "x") == {"x"}
    assert holds_at_actual(belief, K("a", p)) and not holds_at_actual(knowledge, Kw("a", p))
    assert belief.is_kd45("a") and knowledge.is_s5("a")


def test_event_plausibility_takes_priority():
    """A soft announcement of p (the 'p' event more plausible, ~p not ruled out) makes
    an agent who believed ~p believe p; it knows neither."""
    m = PlausibilityModel(("a",), ("w0", "w1"), {"w1": {1}}, cells={"a": ({"w0", "w1"},)},
                          ranks={"a": {"w0": 0, "w1": 1}}, actual="w1")
    assert holds_at_actual(m.belief_view(), K("a", Neg(p)))
    soft = EventPlausibilityModel(("a",), (Event("yes", p), Event("no", Neg(p))),
                                  cells={"a": ({"yes", "no"},)},
                                  ranks={"a": {"yes": 0, "no": 1}}, actual="yes",
                                  label="a hears a rumour that p")
    after = priority_update(m, soft)
    assert after.worlds == ("w0.no", "w1.yes")
    assert holds_at_actual(after.belief_view(), K("a", p))
    assert not holds_at_actual(after.knowledge_view(), Kw("a", p))


def test_from_kripke_soft_reading():
    m = product_update(start(), moved_while_away())
    pm = from_kripke(m)
    assert pm.cells["sally"] == (frozenset({"w0.e0", "w0.e1"}),)
    assert pm.ranks["sally"] == {"w0.e0": 1, "w0.e1": 0}
    assert pm.belief_view() == m


def test_errors():
    with pytest.raises(DelModelError, match="in two cells"):
        PlausibilityModel(("a",), ("u", "v"), {}, cells={"a": ({"u", "v"}, {"v"})},
                          actual="u")
    with pytest.raises(DelModelError, match="missing 'z'"):
        PlausibilityModel(("a",), ("u",), {}, cells={"a": ({"u", "z"},)}, actual="u")
    with pytest.raises(DelModelError, match="unknown agent 'b'"):
        PlausibilityModel(("a",), ("u",), {}, cells={"b": ({"u"},)}, actual="u")
    m = from_kripke(start())
    with pytest.raises(InexecutableAction, match="'Sally sees it in the box'"):
        priority_update(m, public_observation(m, p, "Sally sees it in the box"))
