"""Certify Hi-ToM's answers: translate each story into the story model, answer every
question with the event-model checker, compare, and explain and classify each
disagreement (:mod:`.explain`).  Stories repeat across questions: each is modelled once."""

from __future__ import annotations

from typing import Callable, Iterator

from ..tomi.answers import Answers
from ..tomi.certify import TomiError, check_names, check_questions, failure_text
from ..tomi.sentences import ShapeError
from ..tomi.translate import variable_name
from .reader import HitomQuestion, iter_questions
from .sentences import parse_question
from .translate import translate


def parsed_question(hq: HitomQuestion):
    """The question of ``hq``; a row that could not be read or a sentence of no known shape
    is a :class:`TomiError` naming its line (for check and import alike)."""
    if hq.error:
        raise TomiError(hq.error)
    try:
        return parse_question(hq.question)
    except ShapeError as err:
        raise TomiError(f"{hq.source}:{hq.line}: {err}") from None


def check_question(hq: HitomQuestion, cache: dict | None = None, engine: str = "auto") -> dict:
    """The JSON record of one Hi-ToM question."""
    record = base_record(hq)
    try:
        q = parsed_question(hq)
        tr = translated(hq, q.obj, cache)
        check_names(hq, q, tr)
        if record["question_order"] is None:
            record["question_order"] = len(q.agents)
        answers = _answers(tr, q.agents, cache, engine)
        answer = answers.at(q.agents, q.obj, tr.n_events)
        record["answer"] = answer[0] if len(answer) == 1 else answer
        record["agrees"] = answer == [hq.expected]
        if not record["agrees"]:
            from .explain import explain

            (record["explanation"], record["class"], record["hitom_sentence"],
             record["model_sentence"]) = explain(tr, answers, q, hq.expected, answer)
    except Exception as err:  # noqa: BLE001 - a modelling failure is this question's, not the run's
        record["error"] = failure_text(err, hq.source, hq.line)
    return record


#: a Hi-ToM question's record, in the order written
FIELDS = ("source", "row", "line", "question", "prompting_type", "question_order",
          "deception", "story_length", "expected", "answer", "agrees", "explanation",
          "class", "hitom_sentence", "model_sentence")


def base_record(hq: HitomQuestion) -> dict:
    """The record of a question before it is answered."""
    from ..checking.records import check_record

    return check_record(hq.source, hq.row, line=hq.line, fields=FIELDS, question=hq.question,
                        prompting_type=hq.prompting_type, question_order=hq.question_order,
                        deception=hq.deception, story_length=hq.story_length,
                        expected=hq.expected)


def translated(hq: HitomQuestion, obj: str, cache: dict | None):
    """The story of ``hq`` as it concerns ``obj``, translated once per run (``cache``)."""
    key = (tuple(ln.text for ln in hq.story), obj)
    tr = cache.get(key) if cache is not None else None
    if tr is None:
        tr = translate(hq.source, hq.story, obj=obj)
        if cache is not None:
            cache[key] = tr
    return tr


def _answers(tr, chain, cache: dict | None, engine: str = "auto") -> Answers:
    """The answers about ``tr``'s story from a model of the minds the chain depends on
    (:func:`pyfront.story.compile.minds_for`)."""
    from ..story.compile import minds_for

    return Answers.cached(tr, cache, minds_for(tr.story, chain), engine)


def question_for(q, tr, hq: HitomQuestion):
    """The story-model question of a Hi-ToM question, at the end, Hi-ToM's answer
    expected."""
    from ..story import model as sm

    return sm.Question(name=f"q{hq.row}", path=q.agents, variable=variable_name(q.obj),
                       step=tr.n_events, expected=(hq.expected,))


def twins(questions) -> dict[int, HitomQuestion]:
    """Each question's twin in the same file: the same numbered story and question, the
    other prompting type (Hi-ToM asks each twice, ``VP`` and ``CoTP``)."""
    by_key: dict = {}
    for hq in questions:
        if hq.error or hq.prompting_type is None:
            continue
        key = (tuple(ln.text for ln in hq.story), hq.question)
        by_key.setdefault(key, []).append(hq)
    out: dict[int, HitomQuestion] = {}
    for group in by_key.values():
        for hq in group:
            other = [t for t in group if t.prompting_type != hq.prompting_type]
            if len(other) == 1:
                out[hq.row] = other[0]
    return out


def check_file(path: str, skip: Callable[[int], bool] | None = None,
               engine: str = "auto") -> Iterator[dict]:
    """The record of every question of a Hi-ToM file, in order, each with its twin's row
    and label where the file holds it (``twin_row``, ``twin_expected``)."""
    questions = list(iter_questions(path))
    twin_of = twins(questions)
    for record in check_questions(questions, check_question, skip, engine):
        twin = twin_of.get(record["row"])
        if twin is not None:
            record["twin_row"], record["twin_expected"] = twin.row, twin.expected
        yield record
