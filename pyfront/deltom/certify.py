"""Certify a DEL-ToM story folder: every question answered as Hi-ToM's
(:func:`pyfront.hitom.certify.check_question`, same fields, plus ``story``, the folder), and
every entry of its ``trace.jsonl`` compared with the model's trace of the same object
(:mod:`.traces`).  The questions and the trace share one translation and its models.

Usage::

    from pyfront.deltom.certify import check_dir
    records = list(check_dir("deltom_seed1/Tell/MC/length_1"))
"""

from __future__ import annotations

from typing import Iterator

from ..hitom.certify import FIELDS as HITOM_FIELDS
from ..hitom.certify import base_record as hitom_record
from ..hitom.certify import check_question, parsed_question
from ..tomi.certify import TomiError, failure_text
from .reader import TRACE_FILE, DeltomStory, iter_stories

__all__ = ["FIELDS", "TRACE_FIELDS", "check_story", "check_dir", "last_record_key",
           "question_records", "stopped_records", "story_failure", "trace_records"]

#: a question's record: Hi-ToM's, then the story folder
FIELDS = HITOM_FIELDS + ("story",)
#: a trace entry's record
TRACE_FIELDS = ("source", "row", "line", "story", "t", "order", "chain", "expected", "answer",
                "agrees", "class", "explanation", "stale")


def question_records(story: DeltomStory, cache: dict | None, engine: str) -> list[dict]:
    out = []
    for hq in story.questions:
        record = check_question(hq, cache, engine)
        record["story"] = story.source
        out.append(record)
    return out


def _traced_object(story: DeltomStory) -> tuple[str | None, object]:
    """The object the questions ask about (DEL-ToM traces the same one) and a question
    that reads, or (None, None)."""
    for hq in story.questions:
        try:
            return parsed_question(hq).obj, hq
        except TomiError:
            continue
    return None, None


def trace_records(story: DeltomStory, cache: dict | None, engine: str) -> list[dict]:
    """A record per entry of the story's trace; one error record when it cannot be
    compared."""
    from ..hitom.certify import translated
    from ..hitom.translate import sentences_of
    from ..tomi.answers import Answers
    from .traces import TraceJudge, compare_trace

    source = f"{story.source}/{TRACE_FILE}"
    if story.trace is None and story.trace_error is None:
        return []
    if story.trace_error:
        return [story_failure(source, story, story.trace_error)]
    obj, hq = _traced_object(story)
    if obj is None:
        return [story_failure(source, story, f"{source}:1:1: no question of the story could "
                                             "be read: the traced object is unknown")]
    try:
        tr = translated(hq, obj, cache)
        judge = TraceJudge(tr, Answers.cached(tr, cache, None, engine), obj,
                           sentences_of(hq.source, hq.story))
        return compare_trace(judge, story.trace, story.source, source)
    except Exception as err:  # noqa: BLE001 - a modelling failure is this story's
        return [story_failure(source, story, failure_text(err, source, 1))]


def story_failure(source: str, story: DeltomStory, error: str) -> dict:
    """The one record of a trace that could not be compared."""
    from ..checking.records import check_record

    return check_record(source, 0, line=1, fields=TRACE_FIELDS, story=story.source,
                        error=error)


def stopped_records(story: DeltomStory, why: str) -> list[dict]:
    """The records of a story stopped at a limit: its questions unanswered, its trace
    not compared, each with the reason."""
    out = []
    for hq in story.questions:
        record = hitom_record(hq)
        record["story"] = story.source
        record["error"] = f"{hq.source}:{hq.line}: {why}"
        out.append(record)
    if story.trace is not None or story.trace_error:
        source = f"{story.source}/{TRACE_FILE}"
        out.append(story_failure(source, story, f"{source}:1:1: {why}"))
    return out


def last_record_key(story: DeltomStory) -> tuple:
    """``(source, row)`` of the last record :func:`check_story` gives ``story``."""
    from .traces import entries_of

    if story.error and not story.questions:
        return story.source, 0
    if story.trace:
        return (f"{story.source}/{TRACE_FILE}",
                len(story.trace) * len(entries_of(story.trace)) - 1)
    if story.trace_error:
        return f"{story.source}/{TRACE_FILE}", 0
    return story.questions[-1].source, 0


def check_story(story: DeltomStory, cache: dict | None = None, engine: str = "auto",
                traces: bool = True) -> list[dict]:
    """Every record of one story folder: its questions, then (``traces``) its trace's
    entries."""
    if story.error and not story.questions:
        return [story_failure(story.source, story, story.error)]
    out = question_records(story, cache, engine)
    return out + trace_records(story, cache, engine) if traces else out


def check_dir(root: str, engine: str = "auto", traces: bool = True) -> Iterator[dict]:
    """Every record of every story folder under ``root`` (unbounded; ``mindgames check``
    answers each story within its limits); ``traces`` False: the questions only."""
    cache: dict = {}
    for story in iter_stories(root):
        yield from check_story(story, cache, engine, traces)
        cache.clear()
