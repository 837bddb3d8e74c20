"""A compiled story: its start, one action per event, and the states the events lead to,
made as far as they are asked for.

States are kept by default.  A reader that walks a story once from the start (``check``,
``explain`` on the symbolic engine, a trace) compiles it with ``keep=False``: then only the
start and the latest state are held, since every state of a long story holds a law of its
own and CUDD's nodes are hardly shared between them (10 agents, 150 events of moves, peeks
and looks, ``check`` on the symbolic engine: 1.19 GB with every state kept, 139 MB without;
see ``docs/symbolic-stories.md``).  A state passed is made again from the nearest one held
when asked, from the actions as they happened, so answers do not depend on ``keep``.
"""

from __future__ import annotations

from typing import Callable, Iterator

from smcdel_bridge.dynamic import KripkeModel
from smcdel_bridge.dynamic.belief.backend import BeliefEngine, get_belief_engine
from smcdel_bridge.dynamic.belief.events import PlausibleAction, concrete
from smcdel_bridge.language import Form
from smcdel_bridge.values import field, value

from ..errors import UserError
from .model import Story
from .preconditions import cannot_happen

__all__ = ["CompiledStory", "again"]


@value
class CompiledStory:
    story: Story
    #: the state before the first event (the engine's own state object)
    start: object
    #: one plausibility action model per story event
    actions: list[PlausibleAction]
    #: hypotheses' formulas, in the order of ``story.hypotheses``
    queries: list[Form]
    #: the belief engine the states come from
    engine: BeliefEngine = field(default_factory=lambda: get_belief_engine("explicit"))
    #: hold every state made (False: the start and the latest only; see the module docstring)
    keep: bool = True
    _states: list | None = field(default=None, repr=False)
    #: ``on_event(story_name, events_done, events)`` after each event applied (a progress
    #: display; None: nothing)
    on_event: Callable[[str, int, int], None] | None = field(default=None, repr=False)

    def watched(self, on_event) -> "CompiledStory":
        """This story, telling ``on_event`` (when not None) after each event and now (the
        start is made: none applied)."""
        if on_event is not None:
            self.on_event = on_event
            on_event(self.story.name, 0, len(self.actions))
        return self

    @property
    def initial(self) -> KripkeModel:
        """The initial model (belief and knowledge relations; explicit engine only)."""
        return self.start.model

    @property
    def states(self) -> list:
        """The state before the first event and after each event (``len(events) + 1``);
        UserError (naming the line) when an event cannot happen."""
        states, failure = self.run()
        if failure is not None:
            raise again(failure)
        return states

    @property
    def failure(self) -> UserError | None:
        """Why the story stops before its end (None: every event happens), once the
        events have been applied as far as they go."""
        return self._failure

    def run(self) -> tuple[list, UserError | None]:
        """The states as far as the story can go (the start, then one per event that can
        happen), and why it stops there (None: every event happens).  The list holds them
        all, whatever :attr:`keep` says: it was asked for."""
        if self.keep:
            self.state_at(len(self.actions))
            return list(self._states), self._failure
        return [s for _, s in self.walk()], self._failure

    def walk(self) -> Iterator[tuple[int, object]]:
        """``(k, state after k events)`` from the start as far as the story can go, each
        state made from the one before (a state passed and not kept is made again from
        the one in hand, not from the start)."""
        k, state = 0, self.start
        while state is not None:
            yield k, state
            k += 1
            made = self._states or ()
            if k < len(made) and made[k] is not None:
                state = made[k]
            elif k < len(made):
                state = self.engine.update(state, self.actions[k - 1], k)
            else:
                state = self.state_at(k)

    def state_at(self, step: int):
        """The state after ``step`` events, the events computed only as far as that
        (so answers before a long tail come early); None when the story stops before
        (:meth:`run` says why)."""
        states = self._states = self._states or [self.start]
        while len(states) <= min(step, len(self.actions)) and not self._ended:
            i = len(states) - 1
            pa = concrete(self.engine, states[-1], self.actions[i])
            if pa is None or not self.engine.executable(states[-1], pa):
                pa = pa or self.actions[i]
                self._failure = UserError(cannot_happen(self.story, i, pa), line=pa.line)
                self._ended = True
                break
            self.actions[i] = pa  # as it happened (a conditional event model resolved)
            states.append(self.engine.update(states[-1], pa, i + 1))
            if not self.keep and len(states) > 2:
                states[-2] = None
            if self.on_event is not None:
                self.on_event(self.story.name, i + 1, len(self.actions))
        if len(states) == len(self.actions) + 1:
            self._ended = True
        if step >= len(states):
            return None
        return states[step] if states[step] is not None else self._made_again(step)

    def _made_again(self, step: int):
        """A state passed and not kept: made from the nearest one held before it, with the
        actions as they happened (their conditions already resolved and executable)."""
        states = self._states
        j = max(i for i in range(step + 1) if states[i] is not None)
        state = states[j]
        for i in range(j, step):
            state = self.engine.update(state, self.actions[i], i + 1)
        return state

    _failure: UserError | None = field(default=None, repr=False)
    #: every event that can happen has been applied (``_states`` is whole)
    _ended: bool = field(default=False, repr=False)


def again(failure: UserError) -> UserError:
    """A fresh copy of a kept error to raise: raising the kept one would tie it to the
    raising frame (a reference cycle holding the engine's states, whose BDDs must go
    before their manager, not in the garbage collector's order)."""
    return UserError(failure.message, file=failure.file, line=failure.line,
                     column=failure.column)
