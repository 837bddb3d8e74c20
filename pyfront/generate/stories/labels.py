"""Labels from the checker: the story model of a drawn story, compiled once, and the
answer of every belief chain (who believes what about whom, up to the highest order)."""

from __future__ import annotations

from typing import Iterator

from smcdel_bridge.values import value

from ...story.compile import answer_engine, compile_story, event_action, initial_state, update
from ...story import model as sm
from ...tomi.translate import build_story, variable_name
from .sampler import DrawnStory


@value(frozen=True)
class Labelled:
    drawn: DrawnStory
    story: sm.Story
    #: where the object is at the beginning and at the end
    memory: str
    reality: str
    #: chain (outermost believer first) -> the containers its nested belief allows
    chains: dict[tuple[str, ...], tuple[str, ...]]

    def false_belief(self) -> bool:
        """Some chain's single answer is not where the object is."""
        return any(len(v) == 1 and v[0] != self.reality for v in self.chains.values())


def chains(agents: tuple[str, ...], order: int) -> Iterator[tuple[str, ...]]:
    """Every chain of ``order`` agents without the same agent twice in a row."""
    if order == 0:
        yield ()
        return
    for prefix in chains(agents, order - 1):
        for a in agents:
            if not prefix or prefix[-1] != a:
                yield prefix + (a,)


def to_story(drawn: DrawnStory, name: str = "story") -> sm.Story:
    """The story model of the drawn story, its decoy object included (:mod:`.decoys`)."""
    from .decoys import with_decoy

    containers, initial, steps = with_decoy(drawn)
    return build_story(name, drawn.agents, drawn.rooms, containers,
                       initial, steps)


def _start_and_end(drawn: DrawnStory, story: sm.Story, engine):
    """The states before and after the story's events; when the sampler already updated
    the model along a prefix of these steps (with the same engine), the update goes on
    from its state (the same updates, in the same order) and the start is its start (the
    start depends on the agents, rooms and containers only)."""
    last = drawn.prefix
    key = (drawn.agents, drawn.rooms, drawn.obj, drawn.containers)
    if (last is None or drawn.decoys or last[0] != key or drawn.steps[:len(last[1])] != last[1]
            or last[3].name != engine.name):
        # from the start, keeping the current state only (a story with decoys: every step's
        # state kept at once held most of the labelling's memory)
        last = (key, (), initial_state(story, engine), engine, None)
    start = last[4] if last[4] is not None else last[2]
    state = last[2]
    for i in range(state.step, len(story.events)):
        action = event_action(story, i)
        if not engine.executable(state, action):
            return _start_and_end_checked(story, engine)
        state = update(state, action, i + 1, engine)
    return start, state


def _start_and_end_checked(story: sm.Story, engine):
    """Through :attr:`CompiledStory.states`, which names the event that cannot happen."""
    states = compile_story(story, engine).states
    return states[0], states[-1]


def label(drawn: DrawnStory, max_order: int, engine_name: str = "auto") -> Labelled:
    story = to_story(drawn)
    engine = answer_engine(story, engine_name)
    start, end = _start_and_end(drawn, story, engine)
    var = story.variable(variable_name(drawn.obj))
    forms = [story.value_form(var.name, v) for v in var.values]

    def values(state, chain: tuple[str, ...]) -> tuple[str, ...]:
        allowed = engine.possible(state, [sm.belief_id(a) for a in chain], forms)
        return tuple(v for v, ok in zip(var.values, allowed) if ok)

    answers: dict[tuple[str, ...], tuple[str, ...]] = {}
    for k in range(1, max_order + 1):
        for chain in chains(drawn.agents, k):
            answers[chain] = values(end, chain)
    (memory,) = values(start, ())
    (reality,) = values(end, ())
    return Labelled(drawn, story, memory, reality, answers)
