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
    seen = set()
    for i, entry in enumerate(step["chains"]):
        why = _entry_error(i, entry)
        if why is None and (entry["variable"], entry["chain"]) in seen:
            why = f"chains[{i}] repeats chain {entry['chain']} of {entry['variable']}"
        if why is not None:
            return why
        seen.add((entry["variable"], entry["chain"]))
    return None


def _entry_error(i: int, entry: object) -> str | None:
    """Why chain entry ``i`` is not as ``mindgames trace`` writes it (None: it is)."""
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
    if not all(isinstance(v, str) for v in entry["values"]):
        return f"chains[{i}]: values must be a list of values (text)"
    chain = entry["chain"]
    if chain != "real" and not all(a.strip() for a in chain.split("->")):
        return f"chains[{i}]: chain {chain[:40]!r} is not real or agents joined by ->"
    if entry["order"] != chain_order(chain):
        return f"chains[{i}]: order {entry['order']} is not the length of chain {chain[:40]}"
    return None


def _story_error(step: dict, line: int, steps: list[dict], first: int
                 ) -> tuple[int, str] | None:
    """The line at fault and why, when a story's next trace line (at ``line``) does not
    follow its lines before (``first``: the line of its first): ``mindgames trace`` writes
    t = 1, 2, … once each, every line with the same chains (none, for a story without
    variables)."""
    story = step.get("story")
    if step["t"] != len(steps) + 1:
        return line, (f"t = {step['t']} after {f't = {len(steps)}' if steps else 'no line'} "
                      f"of story {story!r} (a trace has t = 1, 2, … once each)")
    if not steps:
        return None
    have = {(c["variable"], c["chain"]) for c in step["chains"]}
    want = {(c["variable"], c["chain"]) for c in steps[0]["chains"]}
    if have == want:
        return None
    same = "(a trace has the same chains after every sentence)"
    if not want:  # the story's first line is the one without chains
        return first, f"no chains, though line {line} of story {story!r} has some {same}"
    if not have:
        return line, f"no chains, though line {first} of story {story!r} has some {same}"
    return line, f"its chains are not those of line {first} of story {story!r} {same}"


def _read_trace(path: str) -> dict[str | None, list[dict]]:
    out: dict[str | None, list[dict]] = {}
    first: dict[str | None, int] = {}
    for _, line, step in json_lines(path):
        if isinstance(step, RowError):
            raise step.user_error(path, line)
        why = _trace_shape_error(step)
        if why is not None:
            raise UserError(why, file=path, line=line)
        story = step.get("story")
        steps = out.setdefault(story, [])
        fault = _story_error(step, line, steps, first.setdefault(story, line))
        if fault is not None:
            raise UserError(fault[1], file=path, line=fault[0])
        steps.append(step)
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


def variable_of(resp: Response, steps: list[dict], file: str, against: str | None = None) -> str:
    """The variable a response traces: the one it names, or the only one of its story
    (a story with none is said of ``against``, the file graded against)."""
    names = list(dict.fromkeys(c["variable"] for s in steps[:1] for c in s["chains"]))
    if not names:
        name = steps[0].get("story") if steps else resp.story
        raise UserError(f"story {name!r} has no {'variable' if steps else 'sentence'}: "
                        "there is nothing to grade against", file=against)
    try:
        found = match_variable(names, resp.object, f"response {resp.id}")
    except UserError as exc:
        raise UserError(exc.message, file=file, line=resp.line) from None
    if len(found) != 1:
        raise UserError(f"the story has several variables ({', '.join(found)}): name one "
                        "with 'object'", file=file, line=resp.line)
    return found[0]
