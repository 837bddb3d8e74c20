"""Labels from the checker: the story model of a drawn story, compiled once, and the
answer of every belief chain (who believes what about whom, up to the highest order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

from smcdel_bridge.dynamic import InexecutableAction

from ...story.compile import compile_story, event_action, initial_state, update
from ...story import model as sm
from ...tomi.translate import build_story, variable_name
from . import sampler
from .sampler import DrawnStory


@dataclass(frozen=True)
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
    return build_story(name, drawn.agents, (drawn.room, drawn.other_room),
                       {drawn.obj: drawn.containers}, {drawn.obj: drawn.containers[0]},
                       drawn.steps)


def _start_and_end(drawn: DrawnStory, story: sm.Story):
    """The states before and after the story's events; when the sampler already updated
    the model along a prefix of these steps, the update goes on from its state (the same
    updates, in the same order)."""
    last = sampler.LAST_PREFIX
    key = (drawn.agents, (drawn.room, drawn.other_room), drawn.obj, drawn.containers)
    if last is None or last[0] != key or drawn.steps[:len(last[1])] != last[1]:
        states = compile_story(story).states
        return states[0], states[-1]
    state = last[2]
    for i in range(state.step, len(story.events)):
        try:
            state = update(state, event_action(story, i), i + 1)
        except InexecutableAction:
            return _start_and_end_checked(story)
    return initial_state(story), state


def _start_and_end_checked(story: sm.Story):
    """Through :attr:`CompiledStory.states`, which names the event that cannot happen."""
    states = compile_story(story).states
    return states[0], states[-1]


def label(drawn: DrawnStory, max_order: int) -> Labelled:
    story = to_story(drawn)
    start, end = _start_and_end(drawn, story)
    var = story.variable(variable_name(drawn.obj))
    atoms = {story.atom(var.name, v): v for v in var.values}

    def values(state, worlds) -> tuple[str, ...]:
        val = state.model.valuation
        found = {atoms[p] for w in worlds for p in val[w] if p in atoms}
        return tuple(v for v in var.values if v in found)

    actual = frozenset(end.model.actual)
    memo: dict[tuple[str, ...], frozenset[str]] = {(): actual}
    believed: dict[tuple[str, str], frozenset[str]] = {}

    def worlds_of(chain: tuple[str, ...]) -> frozenset[str]:
        got = memo.get(chain)
        if got is None:
            out: set[str] = set()
            agent = chain[-1]
            for w in worlds_of(chain[:-1]):
                key = (agent, w)
                b = believed.get(key)
                if b is None:
                    b = believed[key] = end.believed(agent, w)
                out |= b
            got = memo[chain] = frozenset(out)
        return got

    answers: dict[tuple[str, ...], tuple[str, ...]] = {}
    for k in range(1, max_order + 1):
        for chain in chains(drawn.agents, k):
            answers[chain] = values(end, worlds_of(chain))
    (memory,) = values(start, start.model.actual)
    (reality,) = values(end, actual)
    return Labelled(drawn, story, memory, reality, answers)
