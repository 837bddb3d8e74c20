"""What must hold for a story event to happen, in words, and whose minds that involves.

A truthful ``says``/``tells`` needs the speaker to know what she says, a ``tells …
whether`` to know which, a claim to believe it, a lie to believe the opposite
(:mod:`smcdel_bridge.dynamic.speech`); :func:`cannot_happen` says which failed, quoting the
event's line as written.  :func:`minds_for` is the set of agents a question's answer
depends on (the compiler models only those when asked to).
"""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.dynamic.belief.events import PlausibleAction
from smcdel_bridge.language import Neg

from . import model as M
from .model import Story, split_agent


def cannot_happen(story: Story, index: int, pa: PlausibleAction) -> str:
    """Why event ``index`` cannot happen, quoting its line as written."""
    from ..verbalize.story_words import StoryWords

    ev = story.events[index]
    quoted = f"'{ev.source or pa.label}' cannot happen here"
    said = StoryWords(story).clause
    if isinstance(ev, (M.Tell, M.TellPrivate)):
        return f"{quoted}: {ev.agent} does not know that {said(ev.formula)}"
    if isinstance(ev, M.TellSemiPrivate):
        return f"{quoted}: {ev.agent} does not know whether {said(ev.formula)}"
    if isinstance(ev, M.Lie):
        return (f"{quoted}: a liar believes the opposite of what she says, and {ev.agent} "
                f"does not believe that {said(Neg(ev.formula))}")
    if isinstance(ev, M.Claim):
        return f"{quoted}: {ev.agent} does not believe that {said(ev.formula)}"
    if isinstance(ev, M.EventModel):
        if ev.when is not None:
            return (f"{quoted}: its 'only when' condition or the precondition of its actual "
                    "event is false")
        return f"{quoted}: the precondition of its actual event is false"
    return f"{quoted}: what is announced must be true, and it is false"


def minds_for(story: Story, agents: Sequence[str]) -> tuple[str, ...]:
    """The agents whose minds a question about the nested belief of ``agents`` depends
    on: those, and everyone whose knowledge or belief an event's precondition speaks of
    (a speaker's).  An agent's relations change only by events and by the preconditions
    that hold, so leaving the others out of the model (its reduct) changes no answer
    about these, and the model is smaller."""
    need = set(agents)
    for ev in story.events:
        if isinstance(ev, (M.Tell, M.TellPrivate, M.TellSemiPrivate, M.Lie, M.Claim)):
            need.add(ev.agent)
        for f in (getattr(ev, "formula", None),
                  *(e.pre for e in getattr(ev, "events", ())),
                  *(g for e in getattr(ev, "events", ()) for _, g in e.becomes)):
            if f is not None:
                need.update(split_agent(a)[0] for a in f.agents())
    for f in (*story.common, *story.actually):
        need.update(split_agent(a)[0] for a in f.agents())
    return tuple(a for a in story.agents if a in need)
