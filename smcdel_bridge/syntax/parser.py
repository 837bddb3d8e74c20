"""SMCDEL text to the program or formula tree: the entry points.

Inputs in the published one-line MindGames form take a fast path (:mod:`.fastpath`) that
builds the same tree; everything else, errors included, goes through the LR driver
(:mod:`.lr`), which words and positions errors as the reference does.
"""

from __future__ import annotations

from ..language import Form
from ..program import CheckInput
from . import lr_tables  # noqa: F401  (re-exported: the problem DSL reads its tables)
from .fastpath import parse_published
from .lr import (  # noqa: F401  (re-exported: the driver's names, as before the split)
    ACCEPT, ACTIONS, EOF, FAIL, REDUCE, SHIFT, ACTION_TABLE, GOTO_TABLE, RULE_TABLE, decode_rows,
    parse_tokens,
)
from .lr_groups import parse_text


def parse_input(text: str) -> CheckInput:
    """Parse a whole SMCDEL input (``VARS … LAW … OBS … jobs``).

    Inputs in the published one-line MindGames form take a fast path that builds the same
    tree (:mod:`.fastpath`); everything else, errors included, goes through the tables."""
    program = parse_published(text)
    if program is not None:
        return program
    return parse_text(text, "CheckInput")


def parse_formula(text: str) -> Form:
    """Parse one formula in SMCDEL syntax."""
    return parse_text(text, "Form")


def parse_formula_list(text: str) -> tuple[Form, ...]:
    """Parse comma-separated formulas."""
    return parse_text(text, "FormList")
