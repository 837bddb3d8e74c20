"""The dynamic modality ``Dynamic(A, f)`` (``[A] f``): an immutable node of the formula
AST that the event-model engine evaluates and every S5 part rejects in one line."""

from __future__ import annotations

import pytest

from smcdel_bridge.backend import get_backend
from smcdel_bridge.dynamic import (
    KripkeModel, holds, jsonio, private_announcement, product_update, public_announcement,
)
from smcdel_bridge.errors import SmcdelError, UnsupportedFormula
from smcdel_bridge.language import Conj, Dynamic, K, Kw, Neg, Prp
from smcdel_bridge.program import CheckInput, Structure, TrueQ, ValidQ
from smcdel_bridge.syntax.printer import pp_form, to_input

p, q = Prp(1), Prp(2)
AGENTS = ("a", "b")
A = private_announcement(AGENTS, ("a",), p, label="a is told 1")
F = Conj((q, Dynamic(A, K("a", p))))


def test_node_is_immutable_hashable_and_knows_its_names():
    assert F == Conj((q, Dynamic(private_announcement(AGENTS, ("a",), p, "a is told 1"),
                                 K("a", p))))
    assert hash(F) == hash(Conj((q, Dynamic(A, K("a", p)))))
    with pytest.raises(Exception):
        F.fs[1].f = p
    assert F.atoms() == {1, 2} and F.agents() == {"a", "b"}
    assert str(Dynamic(A, K("a", p))) == "[a is told 1] K a 1"
    assert str(Neg(F)) == "~(2 & [a is told 1] K a 1)"  # str() shows it; pp_form refuses


def test_event_engine_evaluates_it_like_product_update():
    m = KripkeModel(AGENTS, ("w0", "w1"), {"w0": {1, 2}, "w1": {2}},
                    {"a": {"w0": {"w0", "w1"}, "w1": {"w0", "w1"}},
                     "b": {"w0": {"w0", "w1"}, "w1": {"w0", "w1"}}}, "w0")
    after = product_update(m, A)
    g = Conj((K("a", p), Neg(Kw("b", p))))
    assert holds(m, "w0", Dynamic(A, g)) and holds(after, after.actual[0], g)
    assert holds(m, "w1", Dynamic(A, p))  # A cannot happen at w1: vacuously true


@pytest.mark.parametrize("engine", ["explicit", "symbolic", "native"])
def test_s5_engines_reject_it_in_one_line(engine):
    program = CheckInput(Structure((1, 2), Prp(1), (("a", (1,)), ("b", (2,)))),
                         (ValidQ(F), TrueQ((1,), F)))
    with pytest.raises(UnsupportedFormula) as info:
        get_backend(engine).run(program)
    message = str(info.value)
    assert isinstance(info.value, SmcdelError) and "\n" not in message
    assert "cannot handle Dynamic" in message


@pytest.mark.parametrize("printer", [pp_form, to_input])
def test_smcdel_printers_reject_it_in_one_line(printer):
    with pytest.raises(UnsupportedFormula, match="SMCDEL's syntax cannot handle Dynamic "
                                                 r"\(event model 'a is told 1'\)"):
        printer(F)


def test_json_form():
    tree = jsonio.form_to_json(F)
    assert tree[2][0] == "after" and tree[2][1]["label"] == "a is told 1"
    assert jsonio.form_from_json(tree, AGENTS, (1, 2)) == F
    pub = Dynamic(public_announcement(AGENTS, q, "q"), p)
    assert jsonio.form_from_json(jsonio.form_to_json(pub)) == pub
