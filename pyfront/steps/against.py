"""What a model's steps are graded against: the certified traces of a story file, or a
trace written by ``mindgames trace`` (its JSON-lines shape), by story name.

Use::

    from pyfront.steps.against import chain_order
    chain_order("Anne->Sally")            # 2
    chain_order("real")                   # 0
"""

from __future__ import annotations

import json
from typing import Sequence

from ..errors import UserError
from .responses import Response
from .trace import match_variable, story_trace

__all__ = ["chain_order", "load_against", "story_of", "variable_of"]


def chain_order(chain: str) -> int:
    """How many agents a chain names (0 for ``real``)."""
    return 0 if chain == "real" else chain.count("->") + 1


def _read_trace(path: str) -> dict[str | None, list[dict]]:
    out: dict[str | None, list[dict]] = {}
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                step = json.loads(line)
            except ValueError as exc:
                raise UserError(f"not JSON: {exc}", file=path, line=n) from None
            if not isinstance(step, dict) or not {"t", "sentence", "chains"} <= set(step):
                raise UserError("a trace line needs t, sentence and chains (mindgames trace's "
                                "lines shape)", file=path, line=n)
            out.setdefault(step.get("story"), []).append(step)
    return out


def load_against(path: str, responses: Sequence[Response]) -> dict[str | None, list[dict]]:
    """Story name -> its trace steps: read from a trace (``.jsonl``/``.json``), or computed
    from a DSL file to the longest chain the responses ask about."""
    try:
        if path.endswith((".jsonl", ".json")):
            return _read_trace(path)
        from ..data.loading import load_document
        from ..data.story_stops import marking
        from ..problem.model import Problem

        stories = [s for s in load_document(path) if not isinstance(s, Problem)]
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror}", file=path) from None
    if not stories:
        raise UserError("no story", file=path)
    order = max((chain_order(s.chain) for r in responses for s in r.steps), default=0)
    wanted = {r.story for r in responses}
    out: dict[str | None, list[dict]] = {}
    for story in stories:
        if story.name in wanted or (None in wanted and len(stories) == 1):
            # (marked: a story stopped at the command's limit says how far it got)
            with marking(story) as on_event:
                steps = story_trace(story, order, on_event=on_event)
            out[story.name] = [{**step, "story": story.name} for step in steps]
    return out


def story_of(resp: Response, against: dict[str | None, list[dict]], file: str) -> str | None:
    """The story a response is about: the one it names, or the only one."""
    if resp.story is not None:
        if resp.story not in against:
            raise UserError(f"no story called {resp.story!r} to grade against", file=file,
                            line=resp.line)
        return resp.story
    if len(against) != 1:
        raise UserError("several stories to grade against: name one with 'story'", file=file,
                        line=resp.line)
    return next(iter(against))


def variable_of(resp: Response, steps: list[dict], file: str) -> str:
    """The variable a response traces: the one it names, or the only one of its story."""
    names = list(dict.fromkeys(c["variable"] for s in steps[:1] for c in s["chains"]))
    found = match_variable(names, resp.object, f"response {resp.id}", resp.line)
    if len(found) != 1:
        raise UserError(f"the story has several variables ({', '.join(found)}): name one "
                        "with 'object'", file=file, line=resp.line)
    return found[0]
