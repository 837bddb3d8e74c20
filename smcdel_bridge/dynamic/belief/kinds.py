"""Events of a kind: every content an event of that kind could have had, for the agents
who miss it.

An agent who does not observe an event learns nothing of its content.  This is the DEL
reading of an unobserved action (Baltag, Moss & Solecki, "The logic of public
announcements, common knowledge, and private suspicions", 1998; van Ditmarsch, van der
Hoek & Kooi, *Dynamic Epistemic Logic*, 2007, ch. 6): the outsider considers possible
anything that could have happened where she was not, and believes that nothing did.
A cell of two events, "nothing" and the real one, would leak the real event's content:
after missing a move among three places she would *know* where the object is not.

So every story event is compiled with its *variants*: the other events of its kind, which
observers tell apart from the real one (had a variant happened, they would have seen
which) and outsiders do not (:func:`.events.observed`).  What "the kind" ranges over is
given by the caller as a *family* of variables (the story: the variables of the same sort
in the room where it happened):

* a change (:func:`changes`): any variable of the family set to any of its values;
* a moment without change (:func:`idle`, someone in the room does nothing): the same;
* a turn (:func:`turns`): turning any two-valued variable of the family;
* a look, peek or showing (:func:`learnings`): learning any variable of the family;
* speech (:func:`contents`): any statement of the same shape about the family (for a
  statement that is not about one value of one variable: it or its negation).

Usage::

    from smcdel_bridge.dynamic.belief.backend import StateVariable
    from smcdel_bridge.dynamic.belief.kinds import changes
    marble = StateVariable("location(marble)", ("basket", "box"), (1, 2))
    real, variants = changes("moved", [marble], marble, "box")
    [v.events[0].name for v in variants]          # ['moved~1']
"""

from __future__ import annotations

from typing import Sequence

from ...language import Form, Neg, Prp
from ..action import Event
from .events import Variant
from .backend import StateVariable


def _others(family: Sequence[StateVariable], variable: StateVariable):
    """The family with ``variable`` first (the real event's variable is always in it)."""
    return [variable] + [v for v in family if v.name != variable.name]


def changes(name: str, family: Sequence[StateVariable], variable: StateVariable,
            value: str) -> tuple[Event, list[Variant]]:
    """The change ``variable := value`` (its precondition: none) and every other
    assignment of one variable of ``family`` to one of its values."""
    real = Event(name, post=variable.assignment(value))
    variants = []
    for v in _others(family, variable):
        for x in v.values:
            if (v.name, x) != (variable.name, value):
                ev = Event(f"{name}~{len(variants) + 1}", post=v.assignment(x))
                variants.append(Variant((ev,)))
    return real, variants


def idle(name: str, family: Sequence[StateVariable]) -> tuple[Event, list[Variant]]:
    """A moment in which nothing changes, and every change of one variable of ``family``
    that could have been made in it instead."""
    changes_ = [(v, x) for v in family for x in v.values]
    variants = [Variant((Event(f"{name}~{i}", post=v.assignment(x)),))
                for i, (v, x) in enumerate(changes_, 1)]
    return Event(name), variants


def turning(variable: StateVariable) -> dict[int, Form]:
    """The postconditions that swap the two values of ``variable``."""
    if variable.boolean:
        p = variable.atoms[0]
        return {p: Neg(Prp(p))}
    if len(variable.values) != 2:
        raise ValueError(f"{variable.name} has {len(variable.values)} values; a turn swaps two")
    a, b = variable.atoms
    return {a: Prp(b), b: Prp(a)}


def turns(name: str, family: Sequence[StateVariable], variable: StateVariable
          ) -> tuple[Event, list[Variant]]:
    """Turning ``variable``, and turning any other two-valued variable of ``family``."""
    real = Event(name, post=turning(variable))
    variants = [Variant((Event(f"{name}~{i}", post=turning(v)),))
                for i, v in enumerate((v for v in _others(family, variable)[1:]
                                       if v.boolean or len(v.values) == 2), 1)]
    return real, variants


def learning(name: str, variable: StateVariable) -> list[Event]:
    """One event per value of ``variable``: its value is seen (precondition: it holds)."""
    return [Event(f"{name}_{x}", variable.holds(x)) for x in variable.values]


def learnings(name: str, family: Sequence[StateVariable], variable: StateVariable,
              learners: Sequence[str]) -> tuple[list[Event], dict, list[Variant]]:
    """``learners`` see the value of ``variable`` (the other observers see that they do,
    not the value): the real events, the learners' split of them, and the variants in
    which they learn another variable of ``family``."""
    real = learning(name, variable)
    split = {a: [[e.name] for e in real] for a in learners}
    variants = []
    for i, v in enumerate(_others(family, variable)[1:], 1):
        events = tuple(learning(f"{name}~{i}", v))
        variants.append(Variant(events, {a: [[e.name] for e in events] for a in learners}))
    return real, split, variants


def literal(form: Form, family: Sequence[StateVariable]
            ) -> tuple[StateVariable, str, bool] | None:
    """``(variable, value, positive)`` when ``form`` says that a variable of ``family``
    has (``positive``) or has not a value; None for any other formula."""
    positive = not isinstance(form, Neg)
    atom = form if positive else form.f
    if not isinstance(atom, Prp):
        return None
    for v in family:
        if atom.n in v.atoms:
            if v.boolean:
                return v, "true" if positive else "false", True
            return v, v.values[v.atoms.index(atom.n)], positive
    return None


def contents(form: Form, family: Sequence[StateVariable]) -> list[Form]:
    """What else could have been said instead of ``form``: the statements of the same
    shape ("V is x", "V is not x") about every variable of ``family`` and every value,
    or, for a formula that says no such thing, its negation."""
    found = literal(form, family)
    if found is None:
        return [form.f if isinstance(form, Neg) else Neg(form)]
    variable, value, positive = found
    out = []
    for v in _others(family, variable):
        for x in v.values:
            f = v.holds(x) if positive or v.boolean else Neg(v.holds(x))
            if f != form and f not in out:
                out.append(f)
    return out
