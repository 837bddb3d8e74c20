"""Belief engines by name, and the choice ``auto`` makes."""

from __future__ import annotations

from .interface import BeliefEngine

from ...engines import ENGINE_NAMES  # noqa: F401  (the names, declared once)


def get_belief_engine(name: str = "explicit") -> BeliefEngine:
    """The engine called ``name`` (``explicit`` or ``symbolic``)."""
    if name == "explicit":
        from .explicit import ExplicitBeliefEngine

        return ExplicitBeliefEngine()
    if name == "symbolic":
        from ..symbolic.engine import SymbolicBeliefEngine

        return SymbolicBeliefEngine()
    raise ValueError(f"unknown belief engine {name!r}; choose one of explicit, symbolic")
