"""Property tests: the symbolic engine agrees with the explicit engine, and its two BDD
implementations (CUDD and pure Python) agree with each other, on random programs."""

from __future__ import annotations

import importlib
import pytest
from hypothesis import HealthCheck, assume, given, settings

from smcdel_bridge.errors import SmcdelError, TooLargeError
from smcdel_bridge.native.symbolic import SymbolicBackend
from strategies import check_inputs

SETTINGS = dict(
    deadline=None, max_examples=100, suppress_health_check=[HealthCheck.too_slow]
)


def outcome(backend, program):
    """Answers, or the error's class name and the answers before it."""
    try:
        return backend.run(program)
    except TooLargeError:
        raise
    except SmcdelError as err:
        return (type(err).__name__, tuple(getattr(err, "partial", ())))


@settings(**SETTINGS)
@given(check_inputs(max_jobs=3))
def test_symbolic_agrees_with_explicit(program):
    explicit = importlib.import_module("smcdel_bridge.native.explicit").ExplicitBackend()
    try:
        expected = outcome(explicit, program)
    except TooLargeError:
        assume(False)
    assert outcome(SymbolicBackend(), program) == expected


@settings(**SETTINGS)
@given(check_inputs(max_jobs=3))
def test_cudd_and_pure_python_bdds_agree(program):
    assert outcome(SymbolicBackend(bdd="cudd"), program) == outcome(
        SymbolicBackend(bdd="autoref"), program
    )
