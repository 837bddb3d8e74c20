"""DEL-ToM's ``trace.jsonl`` against the model's trace of the same object: a record per
entry (``story``, ``t``, ``order``, ``chain``, ``expected`` theirs, ``answer`` the model's,
``agrees``, ``class``, ``explanation``), each disagreement classed (``docs/hitom.md``).

The model's value of a chain after sentence ``t`` is what the story model of the traced
object allows there (:mod:`pyfront.steps.trace`'s reading): one place, or several (the
``answer`` is then their list, and a null entry of theirs agrees with it).  The classes:

``null_before_placement``
    their recorder nulls every line before the object's first placement sentence; the
    story model has the object in its first-mentioned place from the start, and those
    who entered the room have seen it.
``recorder_skipped``
    their line is a copy of an earlier snapshot: the recorder takes a new one only after
    the story's first sentence, a move or words, and a sentence since (someone entering
    the room, a placement) changed this entry in their own oracle.
``tell_orders_3_4``
    their oracle's entry (third or fourth order) is older than words that decide the
    model's answer: their tells write first- and second-order entries only.
``unreproducible_entry``
    neither their oracle after the sentence nor the recorder's snapshot gives the entry.

An entry is ``stale`` when it is not their own oracle's entry after its sentence (outside the
nulled lines): a line with one is a stale line.
The others are Hi-ToM's modelling classes (:mod:`pyfront.hitom.classes`), applied to the
story up to the line: their oracle's entry is what their rules write, the model reads more
into the story.
"""

from __future__ import annotations

from bisect import bisect_right

from ..hitom.classes import classify, decider
from ..hitom.explain import WHY
from .recorder import Recorder

__all__ = ["ORDER_KEYS", "TRACE_CLASSES", "compare_trace", "entries_of"]

ORDER_KEYS = ("real", "first", "second", "third", "fourth")
TRACE_CLASSES = ("null_before_placement", "recorder_skipped", "tell_orders_3_4",
                 "unreproducible_entry")
_SPEECH = ("assert", "assert_private")


def entries_of(lines) -> list[tuple[str, ...]]:
    """Every chain a trace names (``()`` for ``real``), in the trace's order: a null line
    has the chains of the others."""
    seen: dict[tuple[str, ...], None] = {(): None}
    for line in lines:
        for key in ORDER_KEYS[1:]:
            for name in line.get(key) or {}:
                seen.setdefault(tuple(name.split("->")), None)
    return list(seen)


def _value(line: dict, chain: tuple[str, ...]):
    if not chain:
        return line.get("real")
    return (line.get(ORDER_KEYS[len(chain)]) or {}).get("->".join(chain)) \
        if len(chain) < len(ORDER_KEYS) else None


class TraceJudge:
    """The model's trace of one translated story (``tr``, ``answers``) and DEL-ToM's
    recorder over it, for one object."""

    def __init__(self, tr, answers, obj: str, sentences=None):
        self.tr, self.answers, self.obj = tr, answers, obj
        #: DEL-ToM's recorder over every sentence (``sentences``; default: ``tr``'s, the
        #: story as it concerns the object, which lacks the snapshots other objects cause)
        self.recorder = Recorder(sentences if sentences is not None else tr.sentences, obj)
        self.agents = set(tr.scene.agents)
        self._numbers = [s.number for s in tr.sentences]

    def index_at(self, t: int) -> int | None:
        """Index of the last modelled sentence numbered ``t`` or less (None: none)."""
        i = bisect_right(self._numbers, t)
        return i - 1 if i else None

    def ours(self, chain, t: int) -> list[str] | None:
        """What the model allows for ``chain`` after sentence ``t`` (None: an agent of the
        chain is not in the story)."""
        if not set(chain) <= self.agents:
            return None
        i = self.index_at(t)
        step = self.tr.boundaries[i] if i is not None else 0
        return self.answers.at(tuple(chain), self.obj, step)

    def trail(self, chain, t: int) -> list[list[str]]:
        i = self.index_at(t)
        return [self.answers.at(tuple(chain), self.obj, b)
                for b in self.tr.boundaries[:(i + 1 if i is not None else 0)]]

    def judge(self, chain, t: int, expected) -> tuple[str, str]:
        """The class of a disagreement at line ``t`` and its explanation."""
        rec, obj = self.recorder, self.obj
        text = {s.number: s.text for s in rec.sentences}
        if expected is None and rec.nulled(t):
            where = (f"sentence {rec.placement} {text[rec.placement]!r}" if rec.placement
                     else "no sentence places it")
            return "null_before_placement", (
                f"DEL-ToM's line {t} is null: its recorder nulls every line before the first "
                f"placement of the {obj} ({where}); in the model the {obj} is in its "
                "first-mentioned place from the start, and whoever entered its room has seen it.")
        recorded, fresh = rec.recorded(chain, t), rec.fresh(chain, t)
        fresh_value = fresh.container if fresh else None
        if expected != recorded and expected != fresh_value:
            return "unreproducible_entry", (
                f"DEL-ToM's {expected or 'null'} is neither its oracle's entry after sentence "
                f"{t} ({fresh_value or 'null'}) nor its recorder's copy ({recorded or 'null'}).")
        if expected == recorded and recorded != fresh_value:
            s = rec.snapshot_line(t)
            return "recorder_skipped", (
                f"DEL-ToM's line {t} copies the snapshot of line {s} ({text.get(s, '')!r}): its "
                "recorder takes a new one only after a move or words; sentence "
                f"{fresh.number} {fresh.sentence.text!r} set this entry to the "
                f"{fresh_value or 'null'} in its own oracle.")
        trail = self.trail(chain, t)
        k = decider(trail)
        d = self.tr.sentences[k] if k is not None else None
        if (len(chain) >= 3 and d is not None and d.kind in _SPEECH and d.obj == obj
                and (fresh is None or d.number > fresh.number)):
            written = (f"wrote the {expected} at sentence {fresh.number} {fresh.sentence.text!r}"
                       if fresh else "never wrote it")
            return "tell_orders_3_4", (
                f"DEL-ToM's oracle {written}; the words of sentence {d.number} {d.text!r} "
                "decide the model's answer, but its tells write first- and second-order "
                "entries only.")
        sentences = [s for s in self.tr.sentences if s.number <= t]
        v = classify(sentences, tuple(chain), obj, expected, trail)
        written = (f"DEL-ToM's oracle wrote the {expected} at sentence {fresh.number} "
                   f"{fresh.sentence.text!r}" if fresh else "DEL-ToM's oracle never wrote it")
        decided = (f"; the model's answer is decided by sentence {d.number} {d.text!r}"
                   if d is not None else "")
        return v.cls, f"{written}{decided}: {WHY[v.cls]}."


def _answer(allowed):
    if allowed is None:
        return None
    return allowed[0] if len(allowed) == 1 else list(allowed)


def compare_trace(judge: TraceJudge, lines, story: str, source: str) -> list[dict]:
    """A record per entry of every line (``source``: the trace file, ``row``: the record's
    position among the story's entries, ``line``: the file line)."""
    out = []
    chains = entries_of(lines)
    rec = judge.recorder
    for n, line in enumerate(lines, 1):
        t = line["t"]
        nulled = rec.nulled(t)
        for chain in chains:
            expected = _value(line, chain)
            allowed = judge.ours(chain, t)
            single = allowed[0] if allowed is not None and len(allowed) == 1 else None
            agrees = expected == single
            record = {"source": source, "row": len(out), "line": n, "story": story, "t": t,
                      "order": len(chain), "chain": "->".join(chain) or "real",
                      "expected": expected, "answer": _answer(allowed), "agrees": agrees,
                      "class": None, "explanation": None,
                      "stale": not nulled and expected != rec.fresh_value(chain, t)}
            if not agrees:
                record["class"], record["explanation"] = judge.judge(chain, t, expected)
            out.append(record)
    return out
