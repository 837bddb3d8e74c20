"""Certify reasoning-core's belief-tracking answers: translate each row's story into the
story model, answer its question with the event-model checker, compare, and explain and
classify each disagreement (:mod:`.explain`)."""

from __future__ import annotations

from typing import Callable, Iterator

from ..tomi.certify import check_questions
from .reader import RcoreRow, iter_rows
from .translate import RcoreError, Translated, event_kind, translate, variable_name


#: a row's record, in the order written
FIELDS = ("source", "row", "line", "question", "level", "depth", "kinds", "expected",
          "answer", "agrees", "explanation", "class", "pivot")


def base_record(row: RcoreRow) -> dict:
    """The record of a row before it is answered."""
    from ..checking.records import check_record

    kinds = sorted({event_kind(s) for s in row.metadata.get("specs", ())
                    if s.get("object") == row.obj}) if not row.error else []
    return check_record(row.source, row.row, line=row.line, fields=FIELDS,
                        question=row.question, level=row.level, depth=len(row.chain) or None,
                        kinds=kinds, expected=row.expected)


class Answers:
    """The model's answers about a translated story, after any number of its specs."""

    def __init__(self, tr: Translated, minds: tuple[str, ...] | None = None,
                 engine: str = "auto"):
        from ..story.compile import answer_engine, compile_story

        self.tr = tr
        # ``auto`` is the symbolic engine here: a story of eight events may hold window
        # scenes of eight events each, missed by most agents, which the explicit engine
        # spells out world by world (a minute where the symbolic one takes a second)
        name = "symbolic" if engine == "auto" else engine
        self.compiled = compile_story(tr.story, answer_engine(tr.story, name), minds=minds)
        self._cache: dict = {}

    def at(self, chain: tuple[str, ...], step: int) -> list[str]:
        """The containers the nested belief of ``chain`` allows after ``step`` story events."""
        from ..story.compile import answer_where

        key = (tuple(chain), step)
        if key not in self._cache:
            self._cache[key] = answer_where(self.tr.story, chain, variable_name(self.tr.row.obj),
                                            step, self.compiled)
        return self._cache[key]

    def after_spec(self, chain: tuple[str, ...], i: int) -> list[str]:
        """After spec ``i`` (-1: before the first)."""
        return self.at(chain, self.tr.boundaries[i] if i >= 0 else 0)


def answers_for(tr: Translated, chains=(), engine: str = "auto") -> Answers:
    """Answers from a model of the minds the question (and ``chains``) depend on."""
    from ..story.compile import minds_for

    need = [a for c in (tr.row.chain, *chains) for a in c]
    return Answers(tr, minds_for(tr.story, need), engine)


def check_row(row: RcoreRow, cache: dict | None = None, engine: str = "auto") -> dict:
    """The JSON record of one row."""
    from ..tomi.certify import failure_text

    record = base_record(row)
    try:
        if row.error:
            raise RcoreError(row.error)
        tr = translate(row, name=f"rcore_{row.row:05d}")
        answers = answers_for(tr, engine=engine)
        answer = answers.at(row.chain, tr.n_events)
        record["answer"] = answer[0] if len(answer) == 1 else answer
        record["agrees"] = answer == [row.expected]
        if not record["agrees"]:
            from .explain import explain

            record["explanation"], record["class"], record["pivot"] = explain(tr, answers,
                                                                              answer)
    except RcoreError as err:
        record["error"] = str(err)
    except Exception as err:  # noqa: BLE001 - a modelling failure is this row's, not the run's
        record["error"] = failure_text(err, row.source, row.line)
    return record


def check_file(path: str, skip: Callable[[int], bool] | None = None,
               engine: str = "auto") -> Iterator[dict]:
    """The record of every row of a file, in order."""
    return check_questions(iter_rows(path), check_row, skip, engine)
