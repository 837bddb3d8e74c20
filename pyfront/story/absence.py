"""The absence window: what an agent away from a room considers possible at an entrance
or an exit she hears of (``docs/stories.md``, "The absence window").

Everyone learns of an entrance or an exit; an agent away from the room does not see what
happened there before it.  So at each entrance into or exit from a room, an agent not in
that room considers possible that, just before it, one change was made there (any
variable the story's acts change in that room set to any of its values: ``changed_in``),
seen by those then in the room; she believes nothing was.  Those in the room know
whether it was.

Why one change just before each entrance and exit: who sees a change in a room depends
only on who is in it, and that changes only at its entrances and exits.  One possible
change per stretch of the same company, added at the event that ends the stretch, gives
an absent agent every answer to "who could have seen it?"; the events she missed add
their own variants at their own moments (:mod:`pyfront.story.compile`).  People who
enter one after another with nothing told between them arrive as a group: no window
opens between them (:func:`joins_a_group`).
"""

from __future__ import annotations

from typing import Sequence

from smcdel_bridge.dynamic import Event
from smcdel_bridge.dynamic.belief import kinds
from smcdel_bridge.dynamic.belief.events import PlausibleAction, build_action

from . import model as M
from .model import Story


def rooms_touched(story: Story, index: int) -> list[str]:
    """The rooms whose company an entrance or exit (event ``index``) changes: the room
    left and the room entered (``""``: the story's only room)."""
    ev = story.events[index]
    before = story.presence_timeline()[index][ev.agent]
    out = [] if before is None else [before]
    if isinstance(ev, M.Enter):
        entered = ev.room if ev.room is not None else ""
        if entered not in out:
            out.append(entered)
    return out


def gap_action(story: Story, index: int, label: str, ids: Sequence[tuple[str, str, str]],
               line: int | None) -> PlausibleAction:
    """The entrance or exit ``index`` with the absence window: the real step (seen by
    everyone) and, for each room it touches that has company and someone away, every
    change of a variable of that room, seen by the company, which those away cannot tell
    from the step and find less plausible."""
    from .event_models import state_variable

    where = story.presence_timeline()[index]
    agents = [a for a, _, _ in ids]
    step = Event("step")
    events = [step]
    seen_by: dict[str, list[str]] = {a: [] for a in agents}  # agent -> variants it sees
    away: dict[str, list[str]] = {a: [] for a in agents}  # agent -> variants it cannot tell
    for room in rooms_touched(story, index):
        company = [a for a in story.agents if where[a] == room]
        absent = [a for a in agents if where[a] != room]
        if not company or not absent:
            continue
        family = [state_variable(story, v) for v in changed_in(story, room)]
        if not family:
            continue
        # named after the room: "meanwhile_hall~2" (a change in the hall just before)
        _, variants = kinds.idle(f"meanwhile_{room}" if room else "meanwhile", family)
        for v in variants:
            events.extend(v.events)
            for a in agents:
                (seen_by if where[a] == room else away)[a].extend(e.name for e in v.events)
    views = {}
    for a in agents:
        cell = {"step": 0, **{e: 1 for e in away[a]}}
        views[a] = [cell] + [{e: 0} for e in seen_by[a]]
    return build_action(label, ids, events, ["step"], views, line)


def changed_in(story: Story, room: str) -> list[M.Variable]:
    """The variables the story's own acts change in ``room`` (``""``: the story's only
    room): those a move or turn there is about or could have been about, and every
    variable of the room if someone waits there.  What an absent agent imagines is kept
    to what the story shows people doing in that room: an object moved only in the park
    is not imagined moved at home."""
    timeline = story.presence_timeline()
    names: set[str] = set()
    for i, ev in enumerate(story.events):
        if not isinstance(ev, (M.Move, M.Turn, M.Wait)) or timeline[i][ev.agent] != room:
            continue
        if isinstance(ev, M.Wait):
            names.update(v.name for v in story.variables if room == "" or v.room in (None, room))
        else:
            names.update(v.name for v in story.variables
                         if v.same_sort(story.variable(ev.variable))
                         and (room == "" or v.room in (None, room)))
    return [v for v in story.variables if v.name in names]


def joins_a_group(story: Story, index: int) -> bool:
    """Whether event ``index`` is an entrance right after an entrance into the same room:
    people coming in one after another with nothing told between them are a group
    arriving (Hi-ToM's "A, B and C entered the porch"), with no moment between them."""
    if index == 0:
        return False
    ev, prev = story.events[index], story.events[index - 1]
    return (isinstance(ev, M.Enter) and isinstance(prev, M.Enter) and ev.room == prev.room)


def has_gap(story: Story, index: int, agents: Sequence[str]) -> bool:
    """Whether the entrance or exit ``index`` opens an absence window for someone: it
    does not join a group arriving, a room it touches has company, one of ``agents`` is
    away from it, and the story's acts change something there."""
    if joins_a_group(story, index):
        return False
    where = story.presence_timeline()[index]
    return any(any(where[a] == room for a in story.agents)
               and any(where[a] != room for a in agents) and changed_in(story, room)
               for room in rooms_touched(story, index))
