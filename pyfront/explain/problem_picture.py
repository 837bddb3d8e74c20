"""The class pictures of a public-announcement problem (or of an SMCDEL knowledge
structure): one :class:`.class_picture.ClassPicture` per step, the worlds on a Karnaugh
map of the atoms laid out once on the initial model, the worlds an announcement removed
greyed in their places, each agent's classes as the engine's partition gives them.

    >>> from pyfront.problem.dsl import parse_problems
    >>> from pyfront.explain import explain_problem
    >>> pb = parse_problems("problem p\\n agents A, B\\n setup forehead\\n announce someone\\n")[0]
    >>> [len(p.live) for p in problem_pictures(explain_problem(pb))]
    [4, 3]
"""

from __future__ import annotations

from .class_picture import ClassPicture, World, best_boolean_layout
from .model import Frame, ProblemExplanation, State

#: worlds drawn as labelled boxes (beyond: boxes with the name only, then dots)
MAX_LABELLED = 64
MAX_NAMED = 256
#: worlds drawn at all (beyond, a step gets a message)
MAX_DRAWN = 4096


def _label(state: State, full: bool) -> tuple[str, ...]:
    if not full:
        return (state.name,)
    true = state.true_symbols.split(", ") if state.true_symbols != "nothing true" else []
    return (state.name, *(true or ["nothing true"]))


def frame_classes(frame: Frame) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """(agent position, world names) of every class of two or more worlds."""
    return tuple((k, tuple(s.name for s in block))
                 for k, (_, blocks) in enumerate(frame.partitions)
                 for block in blocks if len(block) > 1)


def too_large(n_worlds: int) -> str | None:
    if n_worlds > MAX_DRAWN:
        return (f"{n_worlds} worlds: too many to draw (the limit is {MAX_DRAWN}); "
                "the text describes this step")
    return None


def problem_pictures(p: ProblemExplanation) -> list[ClassPicture | None]:
    """One picture per frame (None for a model too large to draw)."""
    if too_large(len(p.initial)):
        return [None for _ in p.frames]
    symbols = [q.symbol for q in p.propositions]
    valuations = {s.name: s.values for s in p.initial}
    first = p.frames[0]
    # the search for a layout that keeps classes whole pays on boxes, not on dots
    budget = 80 if len(p.initial) <= MAX_LABELLED else 1
    grid, cells = best_boolean_layout(symbols, valuations,
                                      [c for _, c in frame_classes(first)], budget)
    full = len(p.initial) <= MAX_LABELLED
    compact = len(p.initial) > MAX_NAMED
    out = []
    actual = (p.actual.name,) if p.actual is not None else ()
    for frame in p.frames:
        kept = {s.name for s in frame.states}
        worlds = tuple(World(s.name, _label(s, full), cells[s.name], s.name not in kept)
                       for s in p.initial)
        out.append(ClassPicture(
            title=frame.title, agents=tuple(a for a, _ in frame.partitions), grid=grid,
            worlds=worlds, classes=frame_classes(frame),
            actual=tuple(a for a in actual if a in kept), compact=compact,
            note=_note(compact, len(kept)), legend=tuple(symbols)))
    return out


def _note(compact: bool, live: int) -> str | None:
    if not compact:
        return None
    from .class_svg import COMPACT_CLASSES

    if live > COMPACT_CLASSES:
        return f"{live} worlds, one dot each; the classes are not drawn at this size"
    return "one dot per world; each agent's classes join its worlds by lines"
