"""``mindgames check`` on functional datasets: every row's answer re-derived from its
``problem`` and ``query`` by the engines, and compared with its ``answer``.

* ``look``: the story DSL problem's question, answered by the story checker (the story
  rows' own check, :func:`pyfront.generate.stories.recheck.check_row`);
* ``step_forward`` / ``say_i_know``: the children who act under the rule after the
  problem's announcements, at the actual state ``query.muddy`` (one, or ``nobody``);
* ``which_announcement``: the problem's plan of one step among its ``may announce``
  formulas (the planner's list, each verified on its own; exactly one).

The derived key (a name, ``nobody``, a DSL announcement) is mapped to its option through
``choice_keys``.  A functional dataset is one whose first readable row has a ``query``
naming one of the kinds (:func:`is_functional_dataset`).
"""

from __future__ import annotations

import json

from pyfront.checking.sources import first_dataset_row
from pyfront.data.rows import RowError

from .items import KINDS


def _query(fields) -> dict | None:
    try:
        q = json.loads(fields.get("query") or "")
    except (TypeError, ValueError):
        return None
    return q if isinstance(q, dict) and q.get("kind") in KINDS else None


def is_functional_dataset(path: str) -> bool:
    """Whether the first readable row of ``path`` is a functional row."""
    fields = first_dataset_row(path)
    return (fields is not None and isinstance(fields.get("problem"), str)
            and _query(fields) is not None)


def derive_key(fields: dict, query: dict, where: str, engine: str = "auto") -> str:
    """What the engines say the answer is, as a ``choice_keys`` entry (raises
    ``ValueError`` when the problem does not give exactly one)."""
    from pyfront.problem.dsl_print import formula_text

    from . import muddy as M

    pb = M.parse_scene(fields["problem"], f"{where} (problem)")
    muddy = [str(c) for c in query.get("muddy") or ()]
    if query["kind"] == "which_announcement":
        plans = [formula_text(pb, f) for f in M.one_step_plans(pb, muddy, engine)]
        if len(plans) != 1:
            raise ValueError(f"{len(plans)} of the options are plans, not one")
        return plans[0]
    acting = M.acting_now(pb, muddy, str(query.get("rule")), engine)
    if len(acting) > 1:
        raise ValueError(f"{len(acting)} children act, not at most one")
    return acting[0] if acting else "nobody"


def check_row(source: str, row: int, line: int | None, fields, cache: dict | None = None,
              engine: str = "auto") -> dict:
    from smcdel_bridge.errors import SmcdelError

    from ...errors import UserError
    from ..stories import recheck as story_check

    where = f"{source}:{line}" if line is not None else f"{source}: row {row}"
    query = None if isinstance(fields, RowError) else _query(fields)
    if query is not None and query["kind"] == "look":
        return story_check.check_row(source, row, line, fields, cache, engine)
    record = _base(source, row, fields)
    if isinstance(fields, RowError):
        record["error"] = f"{where}: {fields}"
        return record
    if query is None or not isinstance(fields.get("problem"), str):
        record["error"] = f"{where}: no problem and query of a functional item"
        return record
    record["expected"] = fields.get("answer")
    try:
        key = derive_key(fields, query, where, engine)
        choices, keys = fields.get("choices"), fields.get("choice_keys")
        if isinstance(choices, str):
            choices, keys = json.loads(choices), json.loads(keys)
        if key not in keys:
            raise ValueError(f"the engines' answer {key!r} is not among the options")
        record["answer"] = choices[keys.index(key)]
    except (UserError, SmcdelError, ValueError, TypeError) as err:
        record["error"] = f"{where}: {err}"
        return record
    record["agrees"] = record["answer"] == record["expected"]
    return record


def _base(source: str, row: int, fields) -> dict:
    from ...checking.records import check_record
    from ..stories.recheck import FIELDS

    record = check_record(source, row, fields=FIELDS)
    if not isinstance(fields, RowError):
        record["question_type"] = fields.get("question_type")
    return record


def source(args, options):
    """The check source of functional datasets (each row in a child process within the
    limits; a child keeps the last story compiled)."""
    from ...checking.pipeline import Source
    from ...errors import UserError
    from ..stories.recheck import StoryRow, StoryRowsReport, story_rows

    if getattr(args, "backend", "native") != "native":
        raise UserError("functional rows are checked by the embedded engines: --backend "
                        f"{args.backend} does not apply")
    cache: dict = {}

    def answer(item: StoryRow) -> dict:
        return check_row(item.source, item.row, item.line, item.fields, cache, options.engine)

    def on_limit(item: StoryRow, why: str) -> dict:
        record = _base(item.source, item.row, item.fields)
        if isinstance(item.fields, dict):
            record["expected"] = item.fields.get("answer")
        where = f"{item.source}:{item.line}" if item.line is not None else item.source
        record["error"] = f"{where}: {why}"
        return record

    return Source(items=lambda: (r for p in args.paths for r in story_rows(p)), answer=answer,
                  on_limit=on_limit, report=StoryRowsReport("mindgames check (functional rows)"), echo_errors=True)
