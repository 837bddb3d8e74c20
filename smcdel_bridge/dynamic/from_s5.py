"""S5 knowledge structures (``VARS``/``LAW``/``OBS``) as Kripke models, and public
announcements as action models, so that the event-model engine and the S5 engines can be
checked against each other on every SMCDEL input they both understand.

The worlds are the states of the law, in the reference's order, named by their true
atoms (``{}``, ``{1,3}``); an agent cannot tell two states apart when they agree on every
atom it observes.  ``VALID?``, ``TRUE?`` (at a state of the law) and ``WHERE?`` then have
the same answers on both sides.  What has no Kripke-model counterpart raises
:class:`NotExpressible` with the reason: Boolean quantifiers (they act on the truth
table of a structure) and ``TRUE?`` at an assignment that breaks the law.
"""

from __future__ import annotations

from typing import Iterable

from ..errors import SmcdelError
from ..language import Form, Forall, Exists, PubAnnounce
from ..program import Answer, BoolAnswer, StatesAnswer, Structure, TrueQ, ValidQ, WhereQ
from .action import ActionModel
from .errors import InexecutableAction
from .kripke import KripkeModel
from .semantics import holds, truth_set, valid
from .stock import public_announcement
from .update import product_update

State = tuple[int, ...]


class NotExpressible(SmcdelError):
    """A job the Kripke-model translation cannot say (the message is the reason)."""

    kind = "not-expressible"


def state_name(state: Iterable[int]) -> str:
    """The world name of a state: its true atoms, ``{1,3}``."""
    return "{" + ",".join(str(p) for p in sorted(state)) + "}"


def law_states(structure: Structure) -> tuple[State, ...]:
    """The states of the law, in the reference's order (raises the S5 engine's errors)."""
    from ..native.explicit import ExplicitModel

    return tuple(ExplicitModel(structure).states)


def structure_to_kripke(structure: Structure, actual: Iterable[State] | None = None
                        ) -> KripkeModel:
    """The S5 Kripke model of a knowledge structure, pointed at ``actual`` (default: every
    state, so that truth "at the actual worlds" is validity)."""
    states = law_states(structure)
    names = tuple(state_name(s) for s in states)
    agents = tuple(dict.fromkeys(structure.agents))
    relations = {}
    for a in agents:
        seen = frozenset(structure.observed(a))
        classes: dict[frozenset, set[str]] = {}
        for s, name in zip(states, names):
            classes.setdefault(frozenset(s) & seen, set()).add(name)
        relations[a] = {name: frozenset(classes[frozenset(s) & seen])
                        for s, name in zip(states, names)}
    pointed = names if actual is None else tuple(state_name(s) for s in actual)
    return KripkeModel(agents, names, {n: frozenset(s) for n, s in zip(names, states)},
                       relations, pointed, tuple(structure.vocab))


def announcement_to_action(agents: Iterable[str], f: Form, label: str | None = None
                           ) -> ActionModel:
    """A public announcement of ``f`` as an action model."""
    return public_announcement(tuple(agents), f, label)


def peel_announcements(form: Form) -> tuple[tuple[Form, ...], Form]:
    """``[! a1] … [! an] g`` as ``((a1, …, an), g)``."""
    anns = []
    while isinstance(form, PubAnnounce):
        anns.append(form.ann)
        form = form.f
    return tuple(anns), form


def expressible(form: Form) -> str | None:
    """Why ``form`` cannot be checked on a Kripke model, or None when it can."""
    for node in form.unique_nodes():
        if isinstance(node, (Forall, Exists)):
            return "Boolean quantifier (acts on a knowledge structure's truth table)"
    return None


def answer_job(model: KripkeModel, job) -> Answer:
    """A job of an SMCDEL input, answered on the Kripke model of its structure."""
    reason = expressible(job.form)
    if reason:
        raise NotExpressible(reason)
    if isinstance(job, ValidQ):
        return BoolAnswer("VALID?", valid(model, job.form))
    if isinstance(job, TrueQ):
        name = state_name(job.state)
        if name not in model.valuation or model.valuation[name] != frozenset(job.state):
            raise NotExpressible("TRUE? at an assignment outside the law")
        return BoolAnswer("TRUE?", holds(model, name, job.form))
    if isinstance(job, WhereQ):
        where = truth_set(model, job.form)
        return StatesAnswer(tuple(tuple(sorted(model.valuation[w]))
                                  for w in model.worlds if w in where))
    raise TypeError(f"not a job: {job!r}")


def valid_after_announcements(model: KripkeModel, form: Form) -> bool:
    """``VALID? [! a1] … [! an] g`` by product updates: apply each announcement to the
    worlds where it can be made, then check ``g`` on what is left (vacuously true when
    nothing is left)."""
    anns, body = peel_announcements(form)
    for f in anns:
        try:
            model = product_update(model, announcement_to_action(model.agents, f))
        except InexecutableAction:
            return True
    return valid(model, body)
