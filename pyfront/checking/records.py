"""The one result record of ``mindgames check``: a JSON object per answered item.

Every input kind writes the same shape, so the writer, ``--resume`` and the summaries read
one thing: ``source`` and ``row`` say where the item is (``row`` is the key ``--resume``
goes by), then the fields of the kind in a fixed order, then what the answer adds.  The
fields of an S5 item and of a story's hypothesis are :data:`CHECK_FIELDS`; a story's
question has ``answer`` where a hypothesis has ``valid`` (:data:`QUESTION_FIELDS`); the
benchmark formats (ToMi, Hi-ToM, reasoning-core) and story rows name theirs.

Usage::

    >>> check_record("a.del", 0, name="p/h", line=4, error="a.del:4: p/h: no")
    ... # doctest: +NORMALIZE_WHITESPACE
    {'source': 'a.del', 'row': 0, 'valid': None, 'label': None, 'contradictory': None,
     'expected': None, 'agrees': None, 'name': 'p/h', 'line': 4, 'error': 'a.del:4: p/h: no'}
"""

from __future__ import annotations

import json

from typing import Any, Sequence

#: an S5 item's and a story hypothesis's fields, in the order written
CHECK_FIELDS = ("source", "row", "valid", "label", "contradictory", "expected", "agrees")
#: a story question's fields: its values (``answer``) where a hypothesis has ``valid``
QUESTION_FIELDS = ("source", "row", "answer", "label", "contradictory", "expected", "agrees")


#: ``line=OMIT``: the record has no ``line`` field
OMIT: Any = object()


def check_record(source: str, row: int | None, *, name: str | None = None,
                 line: int | None = OMIT, fields: Sequence[str] = CHECK_FIELDS,
                 **values: Any) -> dict:
    """A record with ``fields`` (None unless given in ``values``), then ``name`` (when
    there is one) and ``line`` (when given), then the other ``values`` in the order
    given."""
    record = dict.fromkeys(fields)
    record["source"] = source
    if "row" in record or row is not None:
        record["row"] = row
    if name:
        record["name"] = name
    if line is not OMIT:
        record["line"] = line
    record.update(values)
    return record


#: what names an item in its record, answered or not
_NAMING = frozenset(("source", "row", "name", "line", "expected", "engine"))


def finished(record: object) -> bool:
    """Whether ``record`` has the shape of a record a run writes for an item it finished
    (a source, a row, and an answer or a failure of some kind): ``--resume`` keeps only
    those, since a forged or cut-down line would stand for an item never checked."""
    if not isinstance(record, dict) or not isinstance(record.get("source"), str):
        return False
    row = record.get("row")
    if row.__class__ is not int or row < 0:
        return False
    error = record.get("error")
    if error is not None:
        return isinstance(error, str) and bool(error)
    return any(value is not None for key, value in record.items() if key not in _NAMING)


def _record_encoder():
    """``json.dumps(record, ensure_ascii=False)`` made once for every record: dumps makes
    an encoder per call when given an option, and the encoder's ``encode`` a C encoder
    per call; here the C encoder is made once (without the check for circular records:
    a record is made of JSON values, never of itself).  The same text, some 1.5 µs less
    per record (3,725 records: 1% of a check)."""
    standard = json.JSONEncoder(ensure_ascii=False)
    make = getattr(json.encoder, "c_make_encoder", None)
    if make is None:  # (an interpreter without the C accelerator)
        return standard.encode
    chunks = make(None, standard.default, json.encoder.encode_basestring, None, ": ", ", ",
                  False, False, True)
    join = "".join

    def encode_record(record: dict) -> str:
        return join(chunks(record, 0))

    return encode_record


encode_record = _record_encoder()
