"""Dynamic epistemic logic with event models: Kripke models with any relations (K, KD45
belief, S5 knowledge), action models with pre- and postconditions, product update,
plausibility models for belief revision, and the JSON case format.

See ``docs/event-models.md``.
"""

from .action import ActionModel, Event
from .backend import EventBackend, get_event_backend
from .errors import DelModelError, InexecutableAction, UnsupportedFormula
from .kripke import KripkeModel
from .minimize import contract, generated, minimize
from .semantics import holds, holds_at_actual, truth_set, valid
from .stock import (
    lie, private_announcement, private_change, public_announcement, public_change,
    semi_private_announcement,
)
from .update import product_update
from . import jsonio

__all__ = [
    "ActionModel", "DelModelError", "Event", "EventBackend", "InexecutableAction",
    "KripkeModel", "UnsupportedFormula", "contract", "generated", "get_event_backend",
    "holds", "holds_at_actual", "jsonio", "lie", "minimize", "private_announcement",
    "private_change", "product_update",
    "public_announcement", "public_change", "semi_private_announcement", "truth_set", "valid",
]
