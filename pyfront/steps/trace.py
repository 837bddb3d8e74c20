"""Belief traces: after every sentence of a story, the certified value of every belief chain.

A *chain* is a sequence of distinct agents (``Anne->Sally``: where Anne thinks Sally thinks
the object is); the empty chain (order 0, written ``real``) is the real state.  Its value
after a sentence is what the story's belief engine allows there
(:func:`pyfront.story.compile.answer_where`, the machinery that answers the story's own
questions): one place, or ``None`` with a reason: ``"no belief"`` (the chain allows no
place: the last agent's beliefs are inconsistent) or ``"several"`` (several places equally
plausible; ``values`` lists them).

Use::

    from pyfront.story.dsl import parse_story
    from pyfront.steps.trace import deltom_line, story_trace
    story = parse_story('''story s
      agents Sally, Anne
      location(marble): basket, box
      Sally puts the marble in the basket
      Sally leaves
      Anne moves the marble to the box
    ''')
    steps = story_trace(story, order=2)
    steps[-1]["sentence"]                          # 'Anne moves the marble to the box'
    [c["value"] for c in steps[-1]["chains"] if c["chain"] in ("real", "Sally", "Anne->Sally")]
    # ['box', 'basket', 'basket']
    deltom_line(steps[-1], "location(marble)")["second"]["Anne->Sally"]   # 'basket'
"""

from __future__ import annotations

import itertools
import re
from typing import Sequence

from ..errors import UserError
from ..story.compile import answer_engine, answer_where, compile_story
from ..story.dsl_print import event_text
from ..story.model import Story

__all__ = ["ORDER_KEYS", "chain_name", "chains", "deltom_line", "match_variable", "pick_variable",
           "iter_trace", "sentence", "story_trace", "story_trace_partial", "trace_job"]

#: DEL-ToM's trace keys by order (order 0 is ``real``)
ORDER_KEYS = ("real", "first", "second", "third", "fourth")

_COMMENT = re.compile(r"\s+#.*$")


def chain_name(path: Sequence[str]) -> str:
    """``Anne->Sally``; ``real`` for the empty chain."""
    return "->".join(path) if path else "real"


def chains(agents: Sequence[str], order: int) -> list[tuple[str, ...]]:
    """Every chain of distinct agents up to ``order`` (the empty chain first), by order."""
    out: list[tuple[str, ...]] = []
    for k in range(min(order, len(agents)) + 1):
        out.extend(itertools.permutations(agents, k))
    return out


def sentence(story: Story, index: int) -> str:
    """The ``index``-th event (0-based) as written in the story (without a comment), or as
    the DSL prints it when the story was not read from text."""
    ev = story.events[index]
    if getattr(ev, "source", None):
        return _COMMENT.sub("", ev.source).strip()
    return event_text(story, ev)


def pick_variable(story: Story, name: str | None) -> list[str]:
    """The variables to trace: all (``name`` None), or the one called ``name`` or whose
    argument is ``name`` (``marble`` picks ``location(marble)``); UserError otherwise."""
    return match_variable([v.name for v in story.variables], name, f"story {story.name}",
                          story.line)


def match_variable(names: Sequence[str], name: str | None, where: str,
                   line: int | None = None) -> list[str]:
    """:func:`pick_variable` over variable names (``where`` names their story in messages)."""
    if name is None:
        return list(names)
    hits = [n for n in names if n == name or re.fullmatch(rf"\w+\(\s*{re.escape(name)}\s*\)", n)]
    if len(hits) != 1:
        what = "no" if not hits else "several"
        raise UserError(f"{where}: {what} variable called {name!r} (it has "
                        f"{', '.join(names) or 'none'})", line=line)
    return hits


def _entry(path: tuple[str, ...], variable: str, allowed: list[str]) -> dict:
    if len(allowed) == 1:
        value, reason = allowed[0], None
    else:
        value, reason = None, ("no belief" if not allowed else "several")
    return {"chain": chain_name(path), "order": len(path), "variable": variable,
            "value": value, "reason": reason, "values": allowed}


def story_trace(story: Story, order: int = 2, variables: Sequence[str] | None = None,
                engine: str = "auto", on_event=None) -> list[dict]:
    """One record per sentence (``t`` from 1, ``sentence``, ``chains``): every chain up to
    ``order`` for each variable (default: all).  UserError (naming the line) when a
    sentence cannot happen, after the steps before it (:func:`story_trace_partial`)."""
    steps, failure = story_trace_partial(story, order, variables, engine, on_event)
    if failure is not None:
        raise failure
    return steps


def story_trace_partial(story: Story, order: int = 2, variables: Sequence[str] | None = None,
                        engine: str = "auto", on_event=None
                        ) -> tuple[list[dict], UserError | None]:
    """The steps as far as the story can go, and why it stops there (None: to the end)."""
    from ..streams import collected

    return collected(iter_trace(story, order, variables, engine, on_event))


def iter_trace(story: Story, order: int = 2, variables: Sequence[str] | None = None,
               engine: str = "auto", on_event=None):
    """:func:`story_trace_partial` one step at a time, each as soon as its event is
    applied (a generator returning why the story stops, or None); ``on_event`` as for
    :meth:`pyfront.story.compiled.CompiledStory.watched`."""
    if order < 0:
        raise UserError(f"--order must be 0 or more, not {order}")
    # one pass from the start, holding only the state in hand
    compiled = compile_story(story, answer_engine(story, engine), keep=False).watched(on_event)
    variables = list(variables) if variables is not None else [v.name for v in story.variables]
    paths = chains(story.agents, order)
    for t, _ in itertools.islice(compiled.walk(), 1, None):  # the steps after each event
        rows = [_entry(p, v, answer_where(story, p, v, t, compiled))
                for v in variables for p in paths]
        yield {"t": t, "sentence": sentence(story, t - 1), "chains": rows}
    return compiled.failure


def trace_job(job: tuple):
    """:func:`iter_trace` of ``(story, order, variables, engine)`` for a child process: each
    step as soon as it is made, then (the steps, the failure's message and line or None).
    A story stopped at its limit keeps the steps it gave, and its mark
    (:mod:`pyfront.checking.marks`) says how many of its events were applied."""
    from ..checking import marks
    from ..streams import kept

    steps: list = []
    failure = yield from kept(iter_trace(*job, on_event=lambda _name, k, _n: marks.mark(k + 1)),
                              steps)
    return steps, (failure.message if failure else None), (failure.line if failure else None)


def deltom_line(step: dict, variable: str) -> dict:
    """One step in DEL-ToM's ``trace.jsonl`` shape for ``variable``: ``t``, ``real``, then
    ``first`` … ``fourth`` keyed by chain (``None`` where the value is not single)."""
    line: dict = {"t": step["t"], "real": None}
    for key in ORDER_KEYS[1:]:
        line[key] = {}
    for c in step["chains"]:
        if c["variable"] != variable or c["order"] >= len(ORDER_KEYS):
            continue
        if c["order"] == 0:
            line["real"] = c["value"]
        else:
            line[ORDER_KEYS[c["order"]]][c["chain"]] = c["value"]
    return line
