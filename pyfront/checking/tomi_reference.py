"""ToMi questions checked by the reference: ``check FILE.txt --format tomi --backend
smcdel|both``.

Each question's story is translated as for the embedded engine (:mod:`pyfront.tomi.certify`)
and handed, with the question, to :func:`.story_reference.story_reference_records`: the
reference answers it by product update, or refuses it when the answer depends on belief
revision (an agent comes back and sees the object moved).  ``smcdel`` reports the
reference's answer in the ToMi record; ``both`` keeps the embedded engine's record and adds
``backends`` (each one's answer) and ``backends_agree``.
"""

from __future__ import annotations

from collections import Counter
from typing import Callable, Iterator

from smcdel_bridge.values import field, value


@value
class ReferenceTally:
    """What the reference did with the questions of a run."""

    checked: int = 0
    equal: int = 0
    differ: int = 0
    refused: int = 0
    failed: int = 0
    reasons: Counter = field(default_factory=Counter)
    differences: list[str] = field(default_factory=list)

    def add(self, record: dict) -> None:
        ref = record.get("backends", {}).get("smcdel") or {}
        if "refused" in ref:
            self.refused += 1
            why = ref["refused"].split("refused by the reference: ", 1)[-1]
            self.reasons[f"{why.split(' (', 1)[0]}: {record.get('question_type')}"] += 1
        elif "error" in ref:
            self.failed += 1
        elif "answer" in ref:
            self.checked += 1
            if "native" not in record.get("backends", {}):  # the reference alone
                self.equal += record.get("agrees") is True
                self.differ += record.get("agrees") is False
                self.alone = True
            elif record.get("backends_agree"):
                self.equal += 1
            else:
                self.differ += 1
                if len(self.differences) < 20:
                    mine = record.get("backends", {}).get("native", {})
                    self.differences.append(
                        f"{record['source']}:{record.get('line')}: native "
                        f"{mine.get('answer', mine.get('error'))}, smcdel {ref['answer']}")

    alone: bool = False

    def lines(self) -> list[str]:
        compared = ("agree with ToMi's label, {} do not" if self.alone
                    else "answered as by the embedded engine, {} differently")
        out = [f"reference (SMCDEL.Explicit.K): {self.checked} questions checked, "
               f"{self.equal} " + compared.format(self.differ)
               + f"; {self.refused} refused, {self.failed} failed"]
        out += [f"  refused ({n}): {why}" for why, n in self.reasons.most_common()]
        out += [f"  differs: {d}" for d in self.differences]
        return out


def _reference_answer(tq, record: dict, cache: dict, backend) -> dict:
    """The reference's word on one ToMi question: ``{"answer"}``, ``{"refused"}`` or
    ``{"error"}``."""
    from pyfront.tomi.certify import question_for, translate
    from pyfront.tomi.sentences import parse_question

    from .story_reference import story_reference_records

    if record.get("error"):
        return {"error": record["error"]}
    try:
        key = tuple(ln.text for ln in tq.story)
        tr = cache.get(key)
        if tr is None:
            tr = cache[key] = translate(tq.source, tq.story)
        q = question_for(parse_question(tq.question), tr)
        story = tr.story.model_copy(update={"questions": [q]})
        (ref,) = story_reference_records(story, tq.source, backend).values()
    except Exception as err:  # noqa: BLE001 - one question's failure is that question's
        return {"error": f"{tq.source}:{tq.line}: smcdel: {type(err).__name__}: {err}"}
    for kind in ("refused", "error"):
        if ref.get(kind):
            text = ref[kind].split(": ", 1)[-1]
            return {kind: f"{tq.source}:{tq.line}: {text.split(': ', 1)[-1]}"}
    answer = ref["answer"]
    return {"answer": answer[0] if len(answer) == 1 else answer}


def check_file(path: str, mode: str, backend,
               skip: Callable[[int], bool] | None = None) -> Iterator[dict]:
    """Every question's record with the reference's answer (``mode``: smcdel or both)."""
    from pyfront.tomi.certify import check_question
    from pyfront.tomi.reader import iter_questions

    native_cache: dict = {}
    cache: dict = {}
    for tq in iter_questions(path):
        if skip is not None and skip(tq.row):
            continue
        record = check_question(tq, native_cache)
        ref = _reference_answer(tq, record, cache, backend)
        if len(cache) > 64:
            cache.clear()
        if len(native_cache) > 64:
            native_cache.clear()
        if mode == "smcdel":
            out = dict(record, answer=None, agrees=None, explanation=None, disagreement=None)
            for kind in ("refused", "error"):
                if kind in ref:
                    out[kind] = ref[kind]
            if "answer" in ref:
                out["answer"] = ref["answer"]
                out["agrees"] = [ref["answer"]] == [tq.expected]
            out["backends"] = {"smcdel": ref}
            yield out
            continue
        mine = {"error": record["error"]} if record.get("error") else {"answer": record["answer"]}
        out = dict(record, backends={"native": mine, "smcdel": ref})
        out["backends_agree"] = mine == ref if "answer" in ref else None
        yield out
