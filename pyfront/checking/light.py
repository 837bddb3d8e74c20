"""Which check items are light: answered in the checking process itself rather than in a
child process (:mod:`.limits`), because their work is provably small and all of it is
Python code, which the time limit's signal interrupts wherever it is.

An item is light when it needs no checker (a failure, or an item already answered) or when
every SMCDEL text it holds (the problem and its ``pbcheck``) is short
(:data:`LIGHT_TEXT` characters), in the published one-line form that the fast path reads
(:mod:`smcdel_bridge.syntax.fastpath`: Boolean connectives, ``knows that`` /
``knows whether`` and public announcements, no common knowledge, no fresh atoms) and
about a few atoms (:data:`LIGHT_ATOMS`), on the explicit engine.  Its truth tables then
have at most 2^13 bits (with the premise check's atom), its formula a few hundred nodes,
and the whole item takes well under a millisecond and a few kilobytes.  The short text
also keeps the formula shallow enough for the engines' recursion: no item here needs the
deep-stack thread of :mod:`smcdel_bridge.native.deep`.  Puzzles, the BDD engine and every
other text go to children.

A row with a ``pbcheck`` in that form has its two answers straight from the explicit
engine (:func:`light_answers`: the engine's own ``VALID?``, without the general
pipeline's plan, backend and answer objects); anything unusual, an error above all,
returns ``None`` and takes the general path, which words it.

Usage::

    >>> from pyfront.checking.light import light_answers, light_item
    >>> from pyfront.data.items import CheckItem
    >>> row = CheckItem("rows.jsonl", 0, "VARS 1,2 LAW Top OBS Agenta:2 Agentb:1 "
    ...                 "VALID? [ ! (1|2) ] (Agenta knows whether 1)",
    ...                 "VARS 0,1,2 LAW Top OBS Agenta:2 Agentb:1 VALID? [ ! (1|2) ] 0")
    >>> light_item(row, "auto"), light_item(row, "symbolic")
    (True, False)
    >>> light_answers(row, "auto")  # (valid, contradictory)
    (False, False)
"""

from __future__ import annotations

import importlib.util
import sys

from smcdel_bridge.engines import AUTO_EXPLICIT_ATOMS, LIGHT_ATOMS, LIGHT_TEXT
from smcdel_bridge.errors import SmcdelError

from pyfront.data.items import AnsweredItem, CheckItem

from .sources import ItemFailure


def _on_first_use(name: str):
    """Module ``name``, loaded when an attribute is first read: a file of puzzles or
    stories never reads a row's text, and the reader and the explicit engine cost a
    few milliseconds of start-up (a tenth of a small check) it then saves."""
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.find_spec(name)
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = sys.modules[name] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    parent, _, child = name.rpartition(".")
    setattr(sys.modules[parent], child, module)  # as an import would
    return module


_fastpath = _on_first_use("smcdel_bridge.syntax.fastpath")
_explicit = _on_first_use("smcdel_bridge.native.explicit")

__all__ = ["LIGHT_ATOMS", "LIGHT_TEXT", "light_answers", "light_item"]

def light_item(entry, engine: str) -> bool:
    """Whether ``entry`` may be answered in this process on ``engine`` (see above)."""
    if isinstance(entry, (ItemFailure, AnsweredItem)):
        return True
    if engine == "symbolic" or not isinstance(entry, CheckItem) or entry.puzzle is not None:
        return False  # (a story of a DSL file, a puzzle: their own work, in a child)
    for text in (entry.problem, entry.pbcheck):
        if text is None:
            continue
        if len(text) > LIGHT_TEXT:
            return False
        parts = _fastpath.published_parts(text)
        if parts is None or len(set(parts[0].vocab)) > LIGHT_ATOMS:
            return False
    return True


def light_answers(item, engine: str) -> tuple[bool, bool] | None:
    """``(valid, contradictory)`` of a row whose problem and ``pbcheck`` both have the
    published form, from the explicit engine; None: the general path answers (another
    form, another engine, or any error)."""
    if item.pbcheck is None or item.puzzle is not None or engine == "symbolic":
        return None
    answers = []
    for text in (item.problem, item.pbcheck):
        parts = _fastpath.published_parts(text)
        if parts is None:
            return None
        structure, announcements, hypothesis = parts
        if engine == "auto" and len(set(structure.vocab)) > AUTO_EXPLICIT_ATOMS:
            return None  # the BDD engine's
        try:
            model = _explicit.compile_structure(structure)
            answers.append(_explicit.valid_after(model, announcements, hypothesis))
        except (SmcdelError, RecursionError):  # (deep formulas: the general path's deep stack)
            return None
    return answers[0], answers[1]
