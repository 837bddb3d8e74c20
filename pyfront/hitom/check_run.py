"""``mindgames check FILE.jsonl --format hitom``: every Hi-ToM question answered by the
model.

One JSON line per question (``source``, ``row``, ``line``, ``question``,
``prompting_type``, ``question_order``, ``deception``, ``story_length``, ``expected``,
``answer``, ``agrees``, ``explanation``, ``class``, ``hitom_sentence`` and
``model_sentence`` (the numbers of the sentences that decide the two answers);
``twin_row`` and ``twin_expected`` where the file holds the question's twin; ``error`` for a
question that could not be read or modelled), then the agreement tables, every
disagreement, the classes and the twin line.  The source is built as ToMi's
(:func:`pyfront.tomi.check_run.benchmark_source`).
"""

from __future__ import annotations


def source(args, options):
    """The check source of Hi-ToM files: each record gets its twin's row and label in the
    parent, where every question of the file has been read."""
    from ..tomi.check_run import benchmark_source
    from .certify import base_record, check_question, twins
    from .reader import iter_questions
    from .report import HitomSummary

    twin_of: dict = {}

    def questions(path):
        found = list(iter_questions(path))
        twin_of.update({(path, row): twin for row, twin in twins(found).items()})
        yield from found

    def add_twin(record: dict) -> None:
        twin = twin_of.get((record["source"], record["row"]))
        if twin is not None:
            record["twin_row"], record["twin_expected"] = twin.row, twin.expected

    out = benchmark_source(args, options, questions, check_question, base_record,
                           HitomSummary(), "hitom")
    out.after = add_twin
    return out
