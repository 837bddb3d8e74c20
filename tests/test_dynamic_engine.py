"""The event-model engine on small textbook models: semantics details the corpus format
spells out (Ck not reflexive, empty successor sets, postconditions read in the old model,
world order and names), the stock actions, and clean errors."""

from __future__ import annotations

import pytest

from smcdel_bridge.dynamic import (
    ActionModel, DelModelError, Event, InexecutableAction, KripkeModel, UnsupportedFormula,
    get_event_backend, holds, holds_at_actual, lie, private_announcement, private_change,
    product_update, public_announcement, public_change, semi_private_announcement,
    truth_set, valid,
)
from smcdel_bridge.language import (
    BOT, TOP, Announce, AnnounceW, Ck, Ckw, Conj, Dk, Dkw, Dynamic, Equi, Forall, Impl, K,
    Kw, Neg, Prp, PubAnnounce, PubAnnounceW, Xor,
)

p, q = Prp(1), Prp(2)


def s5_two_worlds() -> KripkeModel:
    """``a`` does not know p, ``b`` does; p is true."""
    return KripkeModel(
        ("a", "b"), ("w0", "w1"), {"w0": {1}, "w1": set()},
        {"a": {"w0": {"w0", "w1"}, "w1": {"w0", "w1"}}, "b": {"w0": {"w0"}, "w1": {"w1"}}},
        "w0")


def sally_anne() -> KripkeModel:
    """p: the marble is in the box (else the basket); both saw it put in the basket."""
    return KripkeModel(("s", "a"), ("w0",), {"w0": set()},
                       {"s": {"w0": {"w0"}}, "a": {"w0": {"w0"}}}, "w0")


def test_knowledge_on_s5():
    m = s5_two_worlds()
    assert not holds(m, "w0", K("a", p)) and holds(m, "w0", K("b", p))
    assert holds(m, "w0", Kw("b", p)) and not holds(m, "w0", Kw("a", p))
    assert truth_set(m, K("b", p)) == {"w0"}
    assert valid(m, Kw("b", p)) and not valid(m, p)
    assert holds(m, "w0", Dk(("a", "b"), p)) and not holds(m, "w0", Ck(("a", "b"), p))
    assert valid(m, Dkw(("a", "b"), p)) and not valid(m, Ckw(("a", "b"), p))
    assert valid(m, Equi(Xor((p, p)), BOT))


def test_common_knowledge_is_not_reflexive():
    # b believes (wrongly) that p; a and b's only successor is w1, where p holds
    m = KripkeModel(("a", "b"), ("w0", "w1"), {"w1": {1}},
                    {"a": {"w0": {"w1"}, "w1": {"w1"}}, "b": {"w0": {"w1"}, "w1": {"w1"}}},
                    "w0")
    assert holds(m, "w0", Ck(("a", "b"), p)) and not holds(m, "w0", p)
    # reached in two steps only: w0 -> w1 -> w2
    chain = KripkeModel(("a",), ("w0", "w1", "w2"), {"w0": {1}, "w1": {1}},
                        {"a": {"w0": {"w1"}, "w1": {"w2"}}}, "w0")
    assert holds(chain, "w0", K("a", p)) and not holds(chain, "w0", Ck(("a",), p))


def test_empty_successor_sets_make_modalities_true():
    m = KripkeModel(("a", "b"), ("w0",), {}, {"a": {}, "b": {}}, "w0")
    for f in (K("a", BOT), Kw("a", p), Ck(("a", "b"), BOT), Dk(("a", "b"), BOT),
              Ckw(("a",), p), Dkw(("a",), p)):
        assert holds(m, "w0", f), f


def test_distributed_knowledge_intersects():
    m = KripkeModel(("a", "b"), ("w0", "w1", "w2"), {"w0": {1}, "w1": {1, 2}, "w2": {2}},
                    {"a": {w: {"w0", "w1"} for w in ("w0", "w1", "w2")},
                     "b": {w: {"w0", "w2"} for w in ("w0", "w1", "w2")}}, "w0")
    assert holds(m, "w0", Dk(("a", "b"), Neg(q)))
    assert not holds(m, "w0", K("a", Neg(q))) and not holds(m, "w0", K("b", Neg(q)))


def test_world_order_and_names():
    m = s5_two_worlds()
    action = ActionModel(("a", "b"), (Event("x", TOP), Event("y", p)),
                         {"a": {"x": {"x", "y"}, "y": {"x", "y"}},
                          "b": {"x": {"x"}, "y": {"y"}}}, "y", label="test")
    after = product_update(m, action)
    assert after.worlds == ("w0.x", "w0.y", "w1.x")   # each old world, then each event
    assert after.actual == ("w0.y",)
    assert after.successors("b", "w0.x") == {"w0.x"}
    assert after.successors("b", "w1.x") == {"w1.x"}
    assert after.successors("a", "w1.x") == {"w0.x", "w0.y", "w1.x"}


def test_postconditions_read_the_old_model():
    # swap p and q at once: each takes the value the other had before
    m = KripkeModel(("a",), ("w0",), {"w0": {1}}, {"a": {"w0": {"w0"}}}, "w0")
    after = product_update(m, public_change(("a",), {1: q, 2: p}))
    assert after.valuation["w0.e0"] == {2}
    assert holds_at_actual(after, Conj((Neg(p), q)))


def test_sally_anne_false_belief():
    m = product_update(sally_anne(), private_change(("s", "a"), ("a",), {1: TOP}))
    assert holds_at_actual(m, p)
    assert holds_at_actual(m, K("s", Neg(p)))            # Sally believes: basket
    assert holds_at_actual(m, K("a", K("s", Neg(p))))    # Anne knows Sally is wrong
    assert m.is_kd45("s") and not m.is_s5("s") and m.is_s5("a")


def test_announcements():
    m = s5_two_worlds()
    pub = product_update(m, public_announcement(m.agents, p))
    assert pub.worlds == ("w0.e0",) and holds_at_actual(pub, Ck(("a", "b"), p))
    priv = product_update(m, private_announcement(m.agents, ("a",), p))
    assert holds_at_actual(priv, K("a", p)) and holds_at_actual(priv, K("b", Neg(K("a", p))))
    semi = product_update(m, semi_private_announcement(m.agents, ("a",), p))
    assert holds_at_actual(semi, K("a", p)) and holds_at_actual(semi, K("b", Kw("a", p)))
    told = product_update(m, lie(m.agents, ("a",), Neg(p)))
    assert holds_at_actual(told, p) and holds_at_actual(told, K("a", Neg(p)))
    assert told.is_kd45("a")


def test_formula_announcements_agree_with_product_update():
    m = s5_two_worlds()
    assert holds(m, "w0", PubAnnounce(p, K("a", p)))
    assert holds(m, "w1", PubAnnounce(p, BOT))                # vacuous where p is false
    assert holds(m, "w0", PubAnnounceW(p, K("a", p)))
    assert holds(m, "w1", PubAnnounceW(p, K("a", Neg(p))))
    assert holds(m, "w0", Announce(("a",), p, Conj((K("a", p), K("b", Kw("a", p))))))
    assert not holds(m, "w0", Announce(("b",), p, Kw("a", p)))
    assert holds(m, "w1", AnnounceW(("a",), p, K("a", Neg(p))))
    A = private_announcement(m.agents, ("a",), p, label="a hears p")
    after = product_update(m, A)
    f = Impl(K("b", p), K("a", p))
    assert holds(m, "w0", Dynamic(A, f)) == holds_at_actual(after, f)
    assert str(Dynamic(A, p)) == "[a hears p] 1"


def test_dynamic_modality_is_vacuous_where_inexecutable():
    m = s5_two_worlds()
    A = public_announcement(m.agents, p)
    assert truth_set(m, Dynamic(A, BOT)) == {"w1"}
    assert truth_set(m, Neg(Dynamic(A, Neg(K("a", p))))) == {"w0"}   # the diamond


def test_inexecutable_action_names_the_action():
    m = product_update(sally_anne(), private_change(("s", "a"), ("a",), {1: TOP}))
    with pytest.raises(InexecutableAction, match="'Sally sees the basket'"):
        product_update(m, public_announcement(m.agents, Neg(p), label="Sally sees the basket"))


def test_unknown_names_are_clean_errors():
    m = s5_two_worlds()
    with pytest.raises(DelModelError, match="unknown agent 'z'"):
        truth_set(m, K("z", p))
    with pytest.raises(DelModelError, match="missing world 'w9'"):
        KripkeModel(("a",), ("w0",), {}, {"a": {"w0": {"w9"}}}, "w0")
    with pytest.raises(DelModelError, match="unknown agent"):
        KripkeModel(("a",), ("w0",), {}, {"b": {"w0": {"w0"}}}, "w0")
    with pytest.raises(DelModelError, match="actual world"):
        KripkeModel(("a",), ("w0",), {}, {}, "w1")
    with pytest.raises(DelModelError, match="missing event 'e5'"):
        ActionModel(("a",), (Event("e0"),), {"a": {"e0": {"e5"}}}, "e0")
    with pytest.raises(DelModelError, match="does not say what b observe"):
        product_update(m, public_announcement(("a",), p))
    with pytest.raises(UnsupportedFormula, match="Forall"):
        truth_set(m, Forall((1,), p))


def test_models_are_immutable_and_hashable():
    m = s5_two_worlds()
    with pytest.raises(Exception):
        m.worlds = ()
    with pytest.raises(TypeError):
        m.relations["a"]["w0"] = frozenset()
    assert m == s5_two_worlds() and hash(m) == hash(s5_two_worlds())
    A = public_announcement(m.agents, p)
    assert hash(A) == hash(public_announcement(m.agents, p))
    assert hash(Dynamic(A, p)) == hash(Dynamic(public_announcement(m.agents, p), p))


def test_backend_interface():
    backend = get_event_backend("explicit")
    m = sally_anne()
    A = private_change(m.agents, ("a",), {1: TOP})
    got = backend.run(m, [A], [K("s", Neg(p)), p])
    assert got.answers == ((True, True), (True, False)) and got.final_worlds == 2
    after = backend.update(m, A)
    assert backend.truth_set(after, p) == {"w0.e0"} and backend.holds(after, "w0.e0", p)
    with pytest.raises(ValueError, match="unknown event backend"):
        get_event_backend("nope")


def test_multi_pointed_models():
    m = s5_two_worlds().pointed(("w0", "w1"))
    assert not holds_at_actual(m, p) and holds_at_actual(m, Neg(K("a", p)))
    after = product_update(m, public_announcement(m.agents, p))
    assert after.actual == ("w0.e0",)
