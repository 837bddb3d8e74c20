"""Product update of a Kripke model with an action model.

The new worlds are the pairs ``(w, e)`` with ``pre(e)`` true at ``w``, in the order "for
each old world, for each event"; the pair is named ``"{w}.{e}"`` (so a world's name
reads as its history: ``w0.e1.e0``; a ``'`` is appended in the rare case two pairs would
get the same name).  ``(w, e) R_a (v, f)`` iff ``w R_a v`` and ``e R_a f``.  An atom with a
postcondition takes the value the postcondition had at ``w`` (in the old model); other
atoms keep their value.  The actual worlds are the pairs of an actual world and an
actual event that survive; when none does, :class:`InexecutableAction` names the action.

The product itself (:func:`.semantics.product`) lives with the truth definition: ``[A]φ``
is evaluated on the product, and the product needs the preconditions' truth, so the two are
one recursion in one module; this one gives the update on named models.
"""

from __future__ import annotations

from .action import ActionModel
from .kripke import kripke_of
from .semantics import pair_names, product

__all__ = ["pair_names", "product", "product_update"]


def product_update(model, action: ActionModel):
    """The :class:`KripkeModel` after ``action`` (raises :class:`InexecutableAction`)."""
    after, _ = product(model.indexed, action)
    return kripke_of(after)
