"""A reasoning-core belief-tracking story -> the story model, from its structured specs
(the prose is read apart and must say the same: :mod:`.prose`).

The event models (``docs/reasoning-core.md`` says why each):

* ``Initially, everyone knows that the O is in the C``: common knowledge at the start;
* a move watched together (``public_observation``): a move seen by the actor and the
  watchers, who see one another; everyone else missed it (the absence semantics:
  believes nothing happened, knows any move of the object might have);
* a move nobody else sees (``private_observation`` without a watcher, or
  ``missed_observation`` with an actor): a secret move;
* a move watched through a window (``private_observation`` with a watcher), watched one
  way (``one_way_observation``), or that nobody sees (``The O falls into the C.``): an
  explicit event model with one event per layer of who-knows-who-watched (the actor
  believes she is alone; the window watcher knows she watched; in the one-way scene the
  subject believes she watched through a window and the second watcher knows it all),
  "nothing happened", and the moves to every other container, which those who see
  nothing cannot rule out;
* a message delivered (face to face, confirmed, unconfirmed, or heard by the listener
  while others see them talking): an assertion by the speaker to the listener, her own
  attitude left open (``asserts``), of the quoted proposition ("The O is in the C", or
  "I think B thinks the O is in the C": the speaker believes that B believes it); an
  indirect report ("what A believes about …") asserts the content the library realised,
  and its sincerity is checked against the model;
* a message not delivered: no event (nobody learns anything, the sender included).

Only the events about the object asked about are translated (as for Hi-ToM: every event
concerns one object, so the answers about it are those of its own factor).
"""

from __future__ import annotations

from smcdel_bridge.values import value

from smcdel_bridge.language import TOP, K

from ..errors import UserError
from ..story import model as sm
from .prose import ProseError, compare, read_story
from .reader import RcoreRow


class RcoreError(UserError, ValueError):
    """A row that cannot be translated; ``args[0]`` is the ``FILE:LINE: message`` line."""


def variable_name(obj: str) -> str:
    return f"location({obj})"


@value(frozen=True)
class Translated:
    """A row's story in the story model, with what explanations need."""

    row: RcoreRow
    story: sm.Story
    specs: tuple[dict, ...]
    #: per spec, its sentence(s) in the prose
    texts: tuple[str, ...]
    #: per spec, its realised content (reports) or destination (moves)
    values: tuple[str | None, ...]
    #: per spec, the number of story events told once it is read
    boundaries: tuple[int, ...]
    #: per spec, the story event it became (None: left out or no event)
    event_of: tuple[int | None, ...]

    @property
    def n_events(self) -> int:
        return len(self.story.events)


def event_kind(spec: dict) -> str:
    """The event kind of a spec, for the report's table (``move:window`` …,
    ``belief_report:face_to_face`` …)."""
    if spec["kind"] == "move":
        scene = spec["scene"]
        if scene == "private_observation":
            return "move:window" if spec["observers"] else "move:secret"
        if scene == "missed_observation":
            return "move:secret" if spec["actor"] else "move:unseen"
        return {"public_observation": "move:public", "one_way_observation": "move:one_way"}[scene]
    return f"{spec['report_type']}:{spec['scene']}"


def translate(row: RcoreRow, name: str = "rcore") -> Translated:
    meta = row.metadata
    where = f"{row.source}:{row.line}"
    specs = tuple(meta["specs"])
    trace = meta["trace"]
    if len(trace) != len(specs):
        raise RcoreError(f"{where}: {len(specs)} specs but {len(trace)} trace events")
    try:
        told = read_story(row.prompt)
    except ProseError as err:
        raise RcoreError(f"{where}: {err}") from None
    if len(told) != len(specs):
        raise RcoreError(f"{where}: the prose tells {len(told)} events, the specs "
                         f"{len(specs)}")
    values = []
    for i, (spec, t) in enumerate(zip(specs, told)):
        value = spec["destination"] if spec["kind"] == "move" else trace[i]["details"][1]
        values.append(value)
        try:
            compare(t, spec, value, i + 1)
        except ProseError as err:
            raise RcoreError(f"{where}: {err}") from None
        if spec.get("awareness_chains") or spec.get("delivery_observers"):
            raise RcoreError(f"{where}: sentence {i + 1}: awareness chains and delivery "
                             "observers are not translated")
    obj = row.obj
    agents = list(meta["agents"])
    for a in row.chain:
        if a not in agents:
            raise RcoreError(f"{where}: the question names {a}, who is not in the story")
    containers = tuple(meta["containers"])
    var = variable_name(obj)
    init = meta["init"]["loc"].get(obj)
    if init not in containers:
        raise RcoreError(f"{where}: the {obj} starts in {init!r}, not a container")
    bare = sm.Story(name=name, agents=agents,
                    variables=[sm.Variable(name=var, values=containers)])
    events, boundaries, event_of = [], [], []
    for i, spec in enumerate(specs):
        ev = None
        if spec["object"] == obj:
            ev = _event(bare, spec, values[i], told[i].text, i + 1)
        if ev is not None:
            event_of.append(len(events))
            events.append(ev)
        else:
            event_of.append(None)
        boundaries.append(len(events))
    story = bare.model_copy(update={"common": [bare.value_form(var, init)], "events": events})
    return Translated(row, story, specs, tuple(t.text for t in told), tuple(values),
                      tuple(boundaries), tuple(event_of))


def _event(bare: sm.Story, spec: dict, value: str, text: str, line: int):
    var = variable_name(spec["object"])
    actor = spec["actor"]
    if spec["kind"] == "move":
        if value not in bare.variable(var).values:
            raise RcoreError(f"sentence {line}: {value!r} is not a container")
        scene, observers = spec["scene"], tuple(spec["observers"])
        if scene == "public_observation":
            return sm.Move(agent=actor, variable=var, value=value, line=line, source=text,
                           seen_by=tuple(a for a in observers if a != actor))
        if actor and (scene == "missed_observation" or not observers):
            return sm.Move(agent=actor, variable=var, value=value, seen_by=(), line=line,
                           source=text)
        if scene == "private_observation":
            layers = [("seen", {actor, observers[0]}, {actor: "alone", observers[0]: "seen"}),
                      ("alone", {actor}, {actor: "alone"})]
        elif scene == "one_way_observation":
            subject, watcher = observers
            layers = [("seen", {actor, subject, watcher},
                       {actor: "alone", subject: "window", watcher: "seen"}),
                      ("window", {actor, subject}, {actor: "alone", subject: "window"}),
                      ("alone", {actor}, {actor: "alone"})]
        else:  # nobody sees it
            layers = [("seen", set(), {})]
        return layered_move(bare, var, value, actor, layers, text, line)
    if spec["scene"] == "failed_message":
        return None
    form = bare.value_form(var, value)
    for agent in reversed(spec["asserted_proposition_chain"]):
        form = K(sm.belief_id(agent), form)
    return sm.Claim(agent=actor, listeners=(spec["target"],), formula=form, stance="open",
                    line=line, source=text)


def layered_move(bare: sm.Story, var: str, value: str, actor: str | None, layers, text: str,
                 line: int) -> sm.EventModel:
    """A move with layers of who saw it: ``layers`` is ``(event, who sees it, agent ->
    the event it believes happens)``, the first the real one; every agent not seeing an
    event believes nothing happened and cannot rule out a move to any container."""
    layers = [(n, {a for a in seen if a}, {a: b for a, b in bel.items() if a}) for n, seen, bel in layers]
    others = [c for c in bare.variable(var).values if c != value]
    names = [n for n, _, _ in layers] + [f"to_{c}" for c in others] + ["nothing"]
    events = [sm.RawEvent(name=n, pre=TOP, sets=((var, value),)) for n, _, _ in layers]
    events += [sm.RawEvent(name=f"to_{c}", pre=TOP, sets=((var, c),)) for c in others]
    events.append(sm.RawEvent(name="nothing", pre=TOP))
    considers = []
    for a in bare.agents:
        rows = []
        for n, seen, bel in layers:
            rows.append((n, (bel[a],) if a in seen else ("nothing",)))
        for c in others:
            rows.append((f"to_{c}", (f"to_{c}",) if a == actor else ("nothing",)))
        rows.append(("nothing", ("nothing",)))
        considers.append((a, tuple(rows)))
    return sm.EventModel(label=text, events=tuple(events), considers=tuple(considers),
                         actual=(layers[0][0],), line=line, source=text)
