"""The ``native`` backend: engine choice by size, lazy loading, fallback, registry."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

from smcdel_bridge import language as L
from smcdel_bridge.backend import get_backend
from smcdel_bridge.errors import NotBooleanError, TooLargeError
from smcdel_bridge.native import AUTO_EXPLICIT_ATOMS, NativeBackend
from smcdel_bridge.native.explicit import ExplicitBackend
from smcdel_bridge.program import BoolAnswer, CheckInput, Structure, TrueQ, ValidQ

P1 = L.Prp(1)


def structure(n_atoms: int) -> Structure:
    return Structure(tuple(range(1, n_atoms + 1)), L.TOP, (("a", (1,)), ("b", (2,))))


def test_registry_names():
    assert get_backend("native").name == "native"
    assert isinstance(get_backend("explicit"), ExplicitBackend)
    assert get_backend("native", engine="explicit").engine == "explicit"


def test_unknown_engine_is_refused():
    with pytest.raises(ValueError, match="unknown engine"):
        NativeBackend(engine="quantum")


def test_auto_picks_explicit_for_small_vocabularies():
    backend = NativeBackend()
    assert backend.engine_for(structure(AUTO_EXPLICIT_ATOMS)).name == "explicit"
    assert backend.run(CheckInput(structure(3), (ValidQ(L.K("a", L.Disj((P1, L.Neg(P1))))),))) \
        == [BoolAnswer("VALID?", True)]


def test_auto_picks_symbolic_for_large_vocabularies():
    importlib.import_module("smcdel_bridge.native.symbolic")
    backend = NativeBackend()
    assert backend.engine_for(structure(AUTO_EXPLICIT_ATOMS + 1)).name == "symbolic"
    assert backend.symbolic().available(), "no BDD library (dd is a dependency)"
    program = CheckInput(structure(30), (ValidQ(L.Kw("a", P1)), TrueQ((2,), L.K("a", P1))))
    assert [a.value for a in backend.run(program)] == [True, False]


def test_auto_falls_back_to_symbolic_when_group_announcements_outgrow_explicit():
    importlib.import_module("smcdel_bridge.native.symbolic")
    backend = NativeBackend()
    assert backend.symbolic().available(), "no BDD library (dd is a dependency)"
    deep = L.K("a", P1)
    for _ in range(6):
        deep = L.Announce(("a",), P1, deep)
    program = CheckInput(structure(AUTO_EXPLICIT_ATOMS), (ValidQ(L.K("a", P1)), ValidQ(deep)))
    with pytest.raises(TooLargeError):
        ExplicitBackend().run(program)
    assert [a.value for a in backend.run(program)] == [False, True]


def test_errors_carry_the_answers_before_them():
    program = CheckInput(
        Structure((1,), L.K("a", P1), (("a", (1,)),)),
        (TrueQ((1,), P1), ValidQ(P1)),
    )
    with pytest.raises(NotBooleanError) as info:
        NativeBackend(engine="explicit").run(program)
    assert info.value.partial == (BoolAnswer("TRUE?", True),)


def test_explicit_use_does_not_load_the_symbolic_engine():
    code = (
        "import sys\n"
        "from smcdel_bridge.native import NativeBackend\n"
        "from smcdel_bridge.syntax.parser import parse_input\n"
        "NativeBackend().run(parse_input('VARS 1 LAW Top OBS a:1 VALID? 1'))\n"
        "print('smcdel_bridge.native.symbolic' in sys.modules, 'dd' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]
