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

from ..data.rows import RowError, json_lines
from ..errors import UserError
from .responses import Response
from .trace import match_variable, story_trace

__all__ = ["chain_order", "load_against", "story_of", "variable_of"]


def chain_order(chain: str) -> int:
    """How many agents a chain names (0 for ``real``)."""
    return 0 if chain == "real" else chain.count("->") + 1


#: a trace line's chain entry as ``mindgames trace`` writes it: field -> the types it may hold
_CHAIN_FIELDS = {"chain": (str,), "order": (int,), "variable": (str,), "value": (str, type(None)),
                 "reason": (str, type(None)), "values": (list,)}


def _trace_shape_error(step: object) -> str | None:
    """Why a trace record is not in ``mindgames trace``'s lines shape (None: it is), so a
    hand-made or damaged trace is named by its line rather than failing while graded."""
    if not isinstance(step, dict) or not {"t", "sentence", "chains"} <= set(step):
        return "a trace line needs t, sentence and chains (mindgames trace's lines shape)"
    if not isinstance(step.get("story", ""), (str, type(None))):
        return "a trace line's story must be a name (text)"
    if not isinstance(step["t"], int) or isinstance(step["t"], bool):
        return "a trace line's t must be a whole number"
    if not isinstance(step["sentence"], str):
        return "a trace line's sentence must be text"
    if not isinstance(step["chains"], list):
        return "a trace line's chains must be a list"
    for i, entry in enumerate(step["chains"]):
        if not isinstance(entry, dict):
            return f"chains[{i}] must be an object with {', '.join(_CHAIN_FIELDS)}"
        for name, types in _CHAIN_FIELDS.items():
            if name not in entry:
                return f"chains[{i}] has no {name} (mindgames trace's lines shape)"
            if not isinstance(entry[name], types) or isinstance(entry[name], bool):
                got = entry[name]  # (a scalar shown, a list or object named: never deep)
                shown = json.dumps(got)[:40] if not isinstance(got, (list, dict)) else \
                    f"a{'n object' if isinstance(got, dict) else ' list'}"
                return f"chains[{i}]: {name} cannot be {shown}"
    return None


def _read_trace(path: str) -> dict[str | None, list[dict]]:
    out: dict[str | None, list[dict]] = {}
    for _, line, step in json_lines(path):
        if isinstance(step, RowError):
            raise step.user_error(path, line)
        why = _trace_shape_error(step)
        if why is not None:
            raise UserError(why, file=path, line=line)
        out.setdefault(step.get("story"), []).append(step)
    if not out:
        raise UserError("the trace has no steps (mindgames trace writes a line per sentence)",
                        file=path)
    return out


def load_against(path: str, responses: Sequence[Response]) -> dict[str | None, list[dict]]:
    """Story name -> its trace steps: read from a trace (``mindgames trace``'s JSON lines,
    named ``.jsonl`` or ``.json``), or computed from a DSL file to the longest chain the
    responses ask about."""
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
