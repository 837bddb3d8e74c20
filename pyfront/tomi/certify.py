"""Certify ToMi's answers: translate each story into the story model, answer every
question with the event-model checker, compare, and explain each disagreement.

Stories repeat in ToMi files (each is told once per question): the model of a story is
built once and reused for all its questions.
"""

from __future__ import annotations

from typing import Callable, Iterator

from smcdel_bridge.values import value

from ..story import model as sm
from .reader import TomiQuestion, iter_questions
from .scene import Scene, SceneError, SceneStep, survey, walk
from .sentences import ParsedQuestion, Sentence, ShapeError, parse_question, parse_sentence
from .translate import build_story, variable_name
from ..errors import UserError


class TomiError(UserError, ValueError):
    """A question that cannot be modelled; ``args[0]`` is the ``FILE:LINE: message`` line."""


@value(frozen=True)
class Translated:
    """A ToMi story in the story model, with the bookkeeping explanations need."""

    sentences: tuple[Sentence, ...]
    scene: Scene
    #: per sentence, its steps
    steps: tuple[tuple[SceneStep, ...], ...]
    story: sm.Story
    #: per sentence, the number of story events told once it is read
    boundaries: tuple[int, ...]
    #: per sentence, agent -> room once it is read
    whereabouts: tuple[dict, ...]

    @property
    def n_events(self) -> int:
        return len(self.story.events)


def _events_of(step: SceneStep, together: bool = False) -> int:
    if step.kind == "none":
        return 0
    if step.kind == "place":
        return min(len(step.observers), 1) if together else len(step.observers)
    return 1


def translate(source: str, lines, name: str = "tomi") -> Translated:
    """The story of a question (``lines``: the reader's :class:`~.reader.Line` records)."""
    sentences = []
    for ln in lines:
        try:
            sentences.append(parse_sentence(ln.text, ln.line, ln.number))
        except ShapeError as err:
            raise TomiError(f"{source}:{ln.line}: {err}") from None
    return translate_sentences(source, sentences, name)


def translate_sentences(source: str, sentences: list[Sentence], name: str = "tomi",
                        trust: tuple[sm.Trust, ...] = (), where=None,
                        together: bool = False) -> Translated:
    """The story of typed sentences (ToMi's, or Hi-ToM's, which add what people say):
    one uniform translation; ``trust``: the story's trust policy; ``where(sentence)``:
    ``FILE:LINE`` of a sentence for messages (default: ``source:line``)."""
    where = where or (lambda s: f"{source}:{s.line}")
    scene = survey(sentences)
    try:
        steps = walk(sentences, scene, together)
    except SceneError as err:
        s = sentences[err.index]
        raise TomiError(f"{where(s)}: {err.message}") from None
    initial: dict[str, str] = {}
    for group in steps:
        for st in group:
            if st.kind == "place":
                initial.setdefault(st.obj, st.container)
            elif st.kind == "move" and st.obj not in initial:
                from pyfront.words import be

                raise TomiError(f"{where(st.sentence)}: the {st.obj} {be(st.obj)} moved "
                                "before the story says where it is")
    containers = {o: scene.containers[o] for o in scene.objects if o in initial}
    for o, cs in containers.items():
        if len(cs) < 2:  # a variable needs two values: the object could only be there
            cs.append(_elsewhere(cs))
    boundaries, count, where, whereabouts = [], 0, {}, []
    for group in steps:
        for st in group:
            count += _events_of(st, together)
            if st.kind == "enter":
                where[st.agent] = st.room
            elif st.kind == "exit":
                where.pop(st.agent, None)
        boundaries.append(count)
        whereabouts.append(dict(where))
    story = build_story(name, scene.agents, scene.rooms, containers, initial,
                        [st for group in steps for st in group], trust=trust,
                        together=together)
    return Translated(tuple(sentences), scene, tuple(steps), story, tuple(boundaries),
                      tuple(whereabouts))


def _elsewhere(containers: list[str]) -> str:
    return "elsewhere" if "elsewhere" not in containers else "somewhere_else"


def question_for(q: ParsedQuestion, tr: Translated, *, name: str = "q", step: int | None = None
                 ) -> sm.Question:
    """The story-model question of a ToMi question (at the end unless ``step`` is given)."""
    end = tr.n_events if step is None else step
    if q.kind == "memory":
        return sm.Question(name=name, path=(), variable=variable_name(q.obj), step=0)
    form = "look" if q.kind == "first_order" else "where"
    return sm.Question(name=name, path=q.agents, variable=variable_name(q.obj), form=form,
                       step=end)


#: a ToMi question's record, in the order written
FIELDS = ("source", "row", "line", "question", "question_type", "story_type", "expected",
          "answer", "agrees", "explanation", "disagreement")


def base_record(tq: TomiQuestion) -> dict:
    """The record of a question before it is answered."""
    from ..checking.records import check_record

    return check_record(tq.source, tq.row, line=tq.line, fields=FIELDS, question=tq.question,
                        question_type=tq.question_type, story_type=tq.story_type,
                        expected=tq.expected)


def check_question(tq: TomiQuestion, cache: dict | None = None, engine: str = "auto") -> dict:
    """The JSON record of one ToMi question."""
    record = base_record(tq)
    try:
        if tq.error:
            raise TomiError(tq.error)
        try:
            q = parse_question(tq.question)
        except ShapeError as err:
            raise TomiError(f"{tq.source}:{tq.line}: {err}") from None
        key = tuple(ln.text for ln in tq.story)
        tr = cache.get(key) if cache is not None else None
        if tr is None:
            tr = translate(tq.source, tq.story)
            if cache is not None:
                cache[key] = tr
        check_names(tq, q, tr)
        from .answers import Answers

        answers = Answers.cached(tr, cache, engine=engine)
        answer = answers.ask(q)
        if record["question_type"] is None:
            record["question_type"] = q.kind
        if record["story_type"] is None:
            record["story_type"] = answers.story_type(q.obj)
        record["answer"] = answer[0] if len(answer) == 1 else answer
        record["agrees"] = answer == [tq.expected]
        if not record["agrees"]:
            record["explanation"], record["disagreement"] = answers.explain(
                q, tq.expected, answer)
    except Exception as err:  # noqa: BLE001 - a modelling failure is this question's, not the run's
        record["error"] = failure_text(err, tq.source, tq.line)
    return record


def failure_text(err: Exception, source: str, line: int) -> str:
    """A question's record error for ``err`` (a translation or modelling failure, placed at
    the question unless it names its place); any other exception propagates."""
    from smcdel_bridge.errors import SmcdelError

    from ..errors import UserError

    if isinstance(err, TomiError):
        return str(err)
    if not isinstance(err, (SmcdelError, UserError, ValueError)):
        raise err
    return f"{source}:{line}: {getattr(err, 'message', None) or err}"


def check_names(tq, q: ParsedQuestion, tr: Translated, column: str = "") -> None:
    """Refuse a question about an object or agent the story never mentions, at the
    question's ``source:line`` (ToMi, Hi-ToM and DEL-ToM questions alike)."""
    where = f"{tq.source}:{tq.line}{column}"
    if variable_name(q.obj) not in {v.name for v in tr.story.variables}:
        raise TomiError(f"{where}: question about an unknown object: "
                        f"the story never says where the {q.obj} is")
    for a in q.agents:
        if a not in tr.scene.agents:
            raise TomiError(f"{where}: question about an unknown agent: {a}")


def check_file(path: str, skip: Callable[[int], bool] | None = None,
               engine: str = "auto") -> Iterator[dict]:
    """The record of every question of a ToMi file, in order (here, unbounded: ``mindgames
    check`` answers each question within its limits, :mod:`pyfront.tomi.check_run`)."""
    return check_questions(iter_questions(path), check_question, skip, engine)


def check_questions(questions, check_one, skip: Callable[[int], bool] | None = None,
                    engine: str = "auto") -> Iterator[dict]:
    """``check_one(question, cache, engine)`` on every question (ToMi's, Hi-ToM's or
    reasoning-core's) but those ``skip`` names, the questions of a story sharing a cache."""
    cache: dict = {}
    for q in questions:
        if skip is not None and skip(q.row):
            continue
        yield check_one(q, cache, engine)
        if len(cache) > 64:
            cache.clear()
