"""Steps (from a ToMi story or a generated one) -> a :class:`pyfront.story.model.Story`.

One uniform translation (``docs/tomi.md``):

- each object is a variable ``location(OBJ)`` whose values are the containers the story
  names for it, in the room of those containers; where it is at the beginning is a fact
  nobody is told (``actually``);
- rooms are the rooms the story names; every agent starts outside (in no room);
- ``X entered R`` is ``Enter``; ``X exited R`` is ``Leave``;
- ``The O is in the C`` is, for every agent in the room, an open ``Look`` at the object's
  location (each learns it and the others present see them learn it); an agent entering a
  room that holds the object's containers looks the same way (so a returning agent revises
  a belief the room contradicts);
- ``X moved the O to the C`` is a ``Move`` seen by the room (the others believe nothing
  changed); Hi-ToM's ``X made no movements and stayed in the R`` is a ``Wait`` (those
  away cannot tell it from a move);
- Hi-ToM's claims and private tells are ``assert`` / ``assert_private``: a ``Claim``
  whose sincerity the story leaves open (heard by the step's observers / by the listener);
- generated stories add ``tell`` (a ``Tell`` of what the speaker knows, heard by everyone,
  wherever they are), ``tell_private`` (``TellPrivate``), ``claim`` (a private ``Claim``
  of what the speaker believes), ``lie`` (``Lie``) and ``peek`` (``Peek``);
- questions: memory asks where the object is at step 0 (before any event), reality at the
  end with an empty chain, "where will X look" X's belief, "where does X think that Y
  searches" X's belief about Y's belief.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..story import model as sm
from .scene import SceneStep


def variable_name(obj: str) -> str:
    return f"location({obj})"


def build_story(name: str, agents: Sequence[str], rooms: Sequence[str],
                containers: dict[str, Sequence[str]], initial: dict[str, str],
                steps: Iterable[SceneStep], questions: Iterable[sm.Question] = (),
                trust: Sequence[sm.Trust] = (), together: bool = False) -> sm.Story:
    """The story: ``containers[obj]`` the values of ``location(obj)``, ``initial[obj]``
    where it is at the beginning; ``trust``: its trust policy; ``together``: the agents
    present at a ``place`` step look at once (one event) instead of one by one.  An
    object is in the room where the steps first see it or move it."""
    steps = list(steps)
    room_of: dict[str, str] = {}
    for st in steps:
        if st.obj is not None and st.room is not None and st.kind in ("place", "move", "look",
                                                                        "look_group"):
            room_of.setdefault(st.obj, st.room)
    variables = [sm.Variable(name=variable_name(o), values=tuple(cs), room=room_of.get(o))
                 for o, cs in containers.items()]
    bare = sm.Story(name=name, agents=list(agents), rooms=list(rooms), variables=variables)
    actually = [bare.value_form(variable_name(o), c) for o, c in initial.items()]
    events: list = []
    for st in steps:
        line = st.sentence.line if st.sentence is not None else None
        var = variable_name(st.obj) if st.obj is not None else None
        if st.kind == "enter":
            events.append(sm.Enter(agent=st.agent, room=st.room, line=line))
        elif st.kind == "exit":
            events.append(sm.Leave(agent=st.agent, line=line))
        elif st.kind == "look":
            events.append(sm.Look(agent=st.agent, variable=var, line=line))
        elif st.kind == "look_group" or (st.kind == "place" and together and st.observers):
            lookers = st.observers  # they look together
            if len(lookers) == 1:
                events.append(sm.Look(agent=lookers[0], variable=var, line=line))
            else:
                events.append(sm.Show(agent=lookers[0], variable=var, listeners=lookers[1:],
                                      line=line))
        elif st.kind == "place":
            events.extend(sm.Look(agent=a, variable=var, line=line) for a in st.observers)
        elif st.kind == "wait":
            events.append(sm.Wait(agent=st.agent, line=line))
        elif st.kind == "move":
            events.append(sm.Move(agent=st.agent, variable=var, value=st.container, line=line))
        elif st.kind == "tell":  # what the speaker knows, to everyone, wherever they are
            events.append(sm.Tell(agent=st.agent, formula=bare.value_form(var, st.container),
                                  seen_by=tuple(agents), line=line))
        elif st.kind == "claim":  # what the speaker believes, to the listener only
            events.append(sm.Claim(agent=st.agent, listeners=(st.listener,),
                                   formula=bare.value_form(var, st.container), line=line))
        elif st.kind == "tell_private":
            events.append(sm.TellPrivate(agent=st.agent, listeners=(st.listener,),
                                         formula=bare.value_form(var, st.container), line=line))
        elif st.kind == "lie":
            events.append(sm.Lie(agent=st.agent, listeners=(st.listener,),
                                 formula=bare.value_form(var, st.container), line=line))
        elif st.kind == "assert":  # said aloud, heard by the step's observers
            events.append(sm.Claim(agent=st.agent, formula=bare.value_form(var, st.container),
                                   stance="open", seen_by=st.observers, line=line))
        elif st.kind == "assert_private":
            events.append(sm.Claim(agent=st.agent, listeners=(st.listener,), stance="open",
                                   formula=bare.value_form(var, st.container), line=line))
        elif st.kind == "peek":
            events.append(sm.Peek(agent=st.agent, variable=var, line=line))
        elif st.kind != "none":
            raise ValueError(f"unknown step kind {st.kind!r}")
    return sm.Story(name=name, agents=list(agents), rooms=list(rooms), variables=variables,
                    actually=actually, events=events, questions=list(questions),
                    trust=list(trust))
