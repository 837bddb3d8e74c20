"""Explicit event models of stories (``event model … end``) as actions of the belief
engines (and the ids and variables the engines see): read the soft way (:func:`raw_action`), and, with ``when`` lines, decided at the
actual worlds of the state they happen in (:func:`conditional_action`)."""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.dynamic import Event
from smcdel_bridge.dynamic.belief.backend import StateVariable
from smcdel_bridge.dynamic.belief.events import ConditionalAction, PlausibleAction, build_action
from smcdel_bridge.dynamic.plausibility import soft_cells
from smcdel_bridge.language import TOP, Form

from . import model as M
from .model import Story, belief_id, knowledge_id


def agent_ids(agents: Sequence[str]) -> tuple[tuple[str, str, str], ...]:
    """Each story agent with the ids of its belief and knowledge relations."""
    return tuple((a, belief_id(a), knowledge_id(a)) for a in agents)


def state_variable(story: Story, v: M.Variable) -> StateVariable:
    """A story variable as the belief engines see it (its atoms)."""
    atoms = ((story.atom(v.name),) if v.boolean
             else tuple(story.atom(v.name, x) for x in v.values))
    return StateVariable(v.name, tuple(v.values), atoms, v.boolean)


def raw_action(story: Story, ev: M.EventModel, label: str, agents: Sequence[str]
                ) -> PlausibleAction:
    """An explicit event model, read the soft way: what an agent cannot rule out are the
    events its arrows connect, what they point to is most plausible."""
    events = []
    for re_ in ev.events:
        post: dict[int, Form] = {}
        for var, value in re_.sets:
            post.update(state_variable(story, story.variable(var)).assignment(value))
        for var, f in re_.becomes:
            post[story.atom(var)] = f
        events.append(Event(re_.name, re_.pre, post))
    names = [e.name for e in events]
    views, arrows = {}, {}
    for a in agents:
        rel = ev.relation(a)
        cells, ranks = soft_cells(names, rel)
        views[a] = [{e: ranks[e] for e in c} for c in cells]
        arrows[a] = {e: frozenset(rel.get(e, ())) for e in names}
    return build_action(label, agent_ids(agents), events, ev.actual, views, ev.line, arrows)


def conditional_action(story: Story, ev: M.EventModel, label: str, agents: Sequence[str]
                        ) -> ConditionalAction:
    """An event model with ``when`` lines: decided at the actual worlds of the state it
    happens in (each combination of its conditions compiled once, when first met)."""
    made: dict[tuple[bool, ...], PlausibleAction] = {}

    def variant(truth: tuple[bool, ...]) -> PlausibleAction:
        got = made.get(truth)
        if got is None:
            got = made[truth] = raw_action(story, ev.resolved(truth), label, agents)
        return got

    guard = ev.when if ev.when is not None else TOP
    return ConditionalAction(label, guard, ev.conditions, variant, ev.line)
