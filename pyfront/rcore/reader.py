"""Reading reasoning-core belief-tracking rows: JSON lines, one row a line, as the
library's ``Entry.to_dict()`` gives them.

A row has ``prompt``, ``answer`` and ``metadata`` (an object, or a JSON string of one, as
``Entry.from_dict`` accepts), whose ``init``, ``specs``, ``trace``, ``chain``, ``object``,
``agents`` and ``containers`` the translation reads; ``task``, ``level`` and any other
key may be there or not.  A row that cannot be read does not stop the reader: it carries
the problem (:attr:`RcoreRow.error`, ``FILE:LINE: message``) and the others are read.
"""

from __future__ import annotations

from typing import Iterator

from smcdel_bridge.values import field, value

from ..data.rows import RowError, json_value, not_json, numbered_lines


#: the metadata fields the translation needs
NEEDED = ("init", "specs", "trace", "chain", "object", "agents", "containers")


@value(frozen=True)
class RcoreRow:
    """One row: the story's structured form, its prose, the question and the answer."""

    source: str
    #: 0-based position of the row in the file
    row: int
    #: file line of the row
    line: int
    prompt: str = ""
    expected: str = ""
    metadata: dict = field(default_factory=dict)
    level: int | None = None
    #: ``FILE:LINE: message`` when the row could not be read
    error: str | None = None

    @property
    def chain(self) -> tuple[str, ...]:
        return tuple(self.metadata.get("chain", ()))

    @property
    def obj(self) -> str:
        return self.metadata.get("object", "")

    @property
    def question(self) -> str:
        q = self.prompt.split("Question: ", 1)
        return q[1].split("\n", 1)[0].strip() if len(q) == 2 else ""


#: what each needed metadata list holds, and each spec field the translation reads
_LISTS = {"specs": dict, "trace": dict, "chain": str, "agents": str, "containers": str}
_SPEC = {"kind": (str,), "scene": (str,), "object": (str,), "actor": (str, type(None)),
         "destination": (str, type(None)), "target": (str, type(None)),
         "report_type": (str, type(None)), "observers": (list,),
         "asserted_proposition_chain": (list,)}


def metadata_problem(meta: dict) -> str | None:
    """Why the needed metadata fields do not have the library's types (None: they do),
    so that a damaged row is named by its line rather than failing while translated."""
    for key, item in _LISTS.items():
        if not isinstance(meta[key], list) or not all(isinstance(x, item) for x in meta[key]):
            return f"{key} is not a list of {'objects' if item is dict else 'names'}"
    if not isinstance(meta["object"], str):
        return "object is not a name"
    if not isinstance(meta["init"], dict) or not isinstance(meta["init"].get("loc"), dict):
        return "init has no loc object"
    for i, spec in enumerate(meta["specs"]):
        for key, types in _SPEC.items():
            if not isinstance(spec.get(key), types):
                return f"specs[{i}] has no {key} of the library's type"
        if not all(isinstance(a, str) for k in ("observers", "asserted_proposition_chain")
                   for a in spec[k]):
            return f"specs[{i}] names someone by something other than a name"
    for i, event in enumerate(meta["trace"]):
        details = event.get("details")
        if not isinstance(details, list) or (meta["specs"][i:i + 1] and len(details) < 2
                                             and meta["specs"][i]["kind"] != "move"):
            return f"trace[{i}] has no details of the library's shape"
    return None


def iter_rows(path: str) -> Iterator[RcoreRow]:
    """Every row of a file, in order."""
    for row, n, raw in numbered_lines(path):
        yield read_row(path, row, n, raw)


def read_row(path: str, row: int, n: int, raw: bytes | str) -> RcoreRow:
    def bad(message: str) -> RcoreRow:
        return RcoreRow(source=path, row=row, line=n, error=f"{path}:{n}: {message}")

    try:
        data = json_value(raw.decode("utf-8") if isinstance(raw, bytes) else raw)
    except UnicodeDecodeError:
        return bad("not UTF-8 text")
    if isinstance(data, RowError):
        return bad(not_json(data))
    if not isinstance(data, dict):
        return bad("not a JSON object")
    meta = data.get("metadata")
    if isinstance(meta, str):
        meta = json_value(meta)
        if isinstance(meta, RowError):
            return bad(f"metadata is a string but not JSON ({meta})")
    if not isinstance(meta, dict):
        return bad("no metadata object (a reasoning-core row has prompt, answer, metadata)")
    missing = [k for k in NEEDED if k not in meta]
    if missing:
        return bad(f"metadata without {', '.join(missing)}: not a belief-tracking row")
    if not isinstance(data.get("answer"), str) or not isinstance(data.get("prompt"), str):
        return bad("no prompt or answer (a reasoning-core row has prompt, answer, metadata)")
    why = metadata_problem(meta)
    if why is not None:
        return bad(f"metadata {why}: not a belief-tracking row")
    level = data.get("level", meta.get("_level"))
    if not isinstance(level, int):
        level = None
    return RcoreRow(source=path, row=row, line=n, prompt=data["prompt"],
                    expected=data["answer"].strip(), metadata=meta, level=level)
