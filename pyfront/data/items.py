"""A check item: one question for a checker, from a DSL file or a dataset row.

DSL files and datasets both become lists of :class:`CheckItem`, which ``mindgames check``
sends to a backend; the item keeps where it came from so results can name it.
"""

from __future__ import annotations

from smcdel_bridge.values import value


@value(frozen=True)
class CheckItem:
    #: the file the item came from
    source: str
    #: 0-based position of the item in its file (dataset row, or hypothesis index in a DSL file)
    row: int
    #: SMCDEL input text whose single ``VALID?`` job decides the label
    #: (the published ``smcdel_problem`` form: ``VALID? [ ! a1 ] … [ ! an ] h``)
    problem: str
    #: SMCDEL input whose ``VALID?`` answer is True exactly when the premise is contradictory
    #: (the published ``pbcheck`` form); None: derive it from ``problem``
    pbcheck: str | None = None
    #: "entailment" / "not_entailment" expected by a label column or a DSL expectation
    expected: str | None = None
    #: human name of the item (DSL problem and hypothesis), for reports
    name: str | None = None
    #: 1-based line in ``source`` where the item is written, when known
    line: int | None = None
    #: a problem with variables (:class:`pyfront.problem.puzzle_check.PuzzleJob`): the
    #: embedded checker answers it on the value engine, and its SMCDEL input is written
    #: by the encoding when a checker needs it (``problem`` is then "")
    puzzle: object | None = None


@value(frozen=True)
class AnsweredItem:
    """An item answered while it was read (a story's hypothesis or question: the story
    engine answers them all at once); ``record`` is its finished JSON record."""

    source: str
    row: int
    record: dict
    name: str | None = None
    line: int | None = None
    expected: str | None = None


@value(frozen=True)
class StoryItem:
    """A story of a DSL file: one item answered all at once by the story engine, giving a
    record per hypothesis and question (rows ``row`` to ``row + count - 1``)."""

    source: str
    row: int
    #: the story (:class:`pyfront.story.model.Story`)
    story: object
    #: its hypotheses and questions
    count: int
    name: str | None = None
    line: int | None = None


@value(frozen=True)
class PlanEntry:
    """A plan item of a DSL problem (``plan … within N steps``): answered by the planner
    on the embedded engines (:func:`pyfront.planning.problems.plan_entry_record`), one
    record."""

    source: str
    row: int
    #: the problem (:class:`pyfront.problem.model.Problem`) and the item's position in
    #: ``problem.planning.plans``
    problem: object
    index: int
    name: str | None = None
    line: int | None = None
    expected: str | None = None


@value(frozen=True)
class ToldEntry:
    """A hypothesis of a DSL problem with an announcement told to a group: answered on
    the event-model engines (:func:`pyfront.problem.events.told_answers`), the embedded
    checker only (SMCDEL input cannot write the event model)."""

    source: str
    row: int
    #: the problem (:class:`pyfront.problem.model.Problem`) and the hypothesis's position
    problem: object
    index: int
    name: str | None = None
    line: int | None = None
    expected: str | None = None
