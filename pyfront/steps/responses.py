"""A model's step-by-step answers, read into steps: ``(quote, chain, value)``.

Two forms, one JSON value per line of a responses file:

* DEL-ToM's: an object with ``response`` (text in ``## Step n ##`` blocks, each ending in
  a bracketed value, ``[box]``) and ``chain`` (the chain the question asks about:
  ``Anne->Sally``; ``real`` or ``""`` for where the object really is); the whole block is
  the quote;
* a plain list of ``{"sentence", "chain", "value"}`` objects, or an object with such a
  list under ``steps``.

Objects may also carry ``id``, ``story`` (which story of the file), ``object`` (which
variable) and ``prompt`` (kept for process-reward data).

Use::

    from pyfront.steps.responses import norm_value, read_response, split_steps
    r = read_response('[{"sentence": "Sally leaves.", "chain": "Sally", "value": "[basket]"}]', 1)
    [(s.quote, s.chain, s.value) for s in r.steps]   # [('Sally leaves.', 'Sally', '[basket]')]
    split_steps("## Step 1 ##" + chr(10) + "Sally leaves. [basket]", "Sally")[0].value   # 'basket'
    norm_value("The Box.")                          # 'box'
"""

from __future__ import annotations

import json
import re

from smcdel_bridge.values import value

from ..data.rows import RowError, json_value
from ..errors import UserError

__all__ = ["Response", "Step", "norm_text", "norm_value", "read_response", "read_responses",
           "split_steps"]

_STEP = re.compile(r"^[ \t]*##\s*Step\s*(\d+)\s*##[ \t]*$", re.MULTILINE | re.IGNORECASE)
_BRACKET = re.compile(r"\[([^\[\]]*)\]")


@value(frozen=True)
class Step:
    """One step as the model wrote it."""

    #: the text the step quotes the story with (a whole block, or the ``sentence`` field)
    quote: str
    #: ``Anne->Sally``; ``real`` for the real state
    chain: str
    #: the value it ends in (None: none given)
    value: str | None
    #: the step as written (a block's text, or the JSON object)
    text: str


@value(frozen=True)
class Response:
    """One response: its steps and what it is about."""

    line: int
    id: object
    story: str | None
    object: str | None
    prompt: str | None
    steps: tuple[Step, ...]


def norm_text(s: str) -> str:
    """Lower case, words only, one space between them."""
    return " ".join(re.findall(r"[a-z0-9]+", s.lower()))


def norm_value(s: str | None) -> str | None:
    """A value as compared: words only, without a leading article."""
    if s is None:
        return None
    text = norm_text(s)
    return re.sub(r"^(the|a|an) ", "", text)


def norm_chain(chain: object) -> str:
    """``A->B`` with the spaces removed; ``real`` for an empty chain."""
    text = re.sub(r"\s+", "", str(chain or ""))
    return "real" if text in ("", "real") else text


def split_steps(text: str, chain: str) -> list[Step]:
    """The ``## Step n ##`` blocks of ``text``, in order, each with its last bracketed value."""
    marks = list(_STEP.finditer(text))
    steps = []
    for i, m in enumerate(marks):
        body = text[m.end():marks[i + 1].start() if i + 1 < len(marks) else len(text)].strip()
        found = _BRACKET.findall(body)
        steps.append(Step(body, chain, found[-1].strip() if found else None, body))
    return steps


def read_response(line: str, number: int, file: str | None = None) -> Response:
    """One line of a responses file (``number``: its line number, for messages)."""
    data = json_value(line)
    if isinstance(data, RowError):  # worded as the dataset reader words it
        raise UserError(f"invalid JSON: {data}", file=file, line=number, column=data.column)
    if isinstance(data, list):
        data = {"steps": data}
    if not isinstance(data, dict):
        raise UserError("a response is a JSON object or a list of steps", file=file, line=number)
    why = _field_error(data)
    if why is not None:
        raise UserError(why, file=file, line=number)
    if "steps" in data:
        steps = []
        for item in data["steps"]:
            if not isinstance(item, dict) or not isinstance(item.get("sentence"), str) \
                    or not _chain_like(item.get("chain")) or not _scalar(item.get("value")):
                raise UserError("a step is an object with sentence (text), chain (text) and "
                                "value (text)", file=file, line=number)
            raw = item.get("value")
            steps.append(Step(item["sentence"], norm_chain(item.get("chain", data.get("chain"))),
                              None if raw is None else str(raw), json.dumps(item)))
    elif isinstance(data.get("response"), str):
        steps = split_steps(data["response"], norm_chain(data.get("chain")))
    else:
        raise UserError("a response needs 'steps' (a list) or 'response' (text in "
                        "## Step n ## blocks)", file=file, line=number)
    return Response(number, data.get("id", number), data.get("story"), data.get("object"),
                    data.get("prompt"), tuple(steps))


def _scalar(value: object) -> bool:
    return not isinstance(value, (list, dict))


def _chain_like(value: object) -> bool:
    return value is None or isinstance(value, str)


def _field_error(data: dict) -> str | None:
    """Why a response's own fields have the wrong types (None: they do not), so that it is
    named by its line rather than failing while graded."""
    if "steps" in data and not isinstance(data["steps"], list):
        return "a response's steps must be a list of {sentence, chain, value}"
    for name in ("story", "object", "prompt", "chain"):
        if not _chain_like(data.get(name)):
            return f"a response's {name} must be text"
    return None


def read_responses(path: str) -> list[Response]:
    """Every non-blank line of a responses file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as exc:
        raise UserError(f"cannot read: {exc.strerror}", file=path) from None
    try:
        # (only line feeds end lines: a JSON string may hold U+2028 and the like)
        lines = data.decode("utf-8-sig").split("\n")
    except UnicodeDecodeError as exc:
        raise UserError(f"not UTF-8 text ({exc.reason})", file=path,
                        line=data.count(b"\n", 0, exc.start) + 1) from None
    responses = [read_response(text, n, path)
                 for n, text in enumerate(lines, start=1) if text.strip()]
    if not responses:
        raise UserError("no response in this file", file=path)
    return responses
