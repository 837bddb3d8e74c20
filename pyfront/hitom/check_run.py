"""``mindgames check FILE.jsonl --format hitom``: every Hi-ToM question answered by the
model.

One JSON line per question (``source``, ``row``, ``line``, ``question``,
``prompting_type``, ``question_order``, ``deception``, ``story_length``, ``expected``,
``answer``, ``agrees``, ``explanation``, ``class``, ``hitom_sentence`` and
``model_sentence`` (the numbers of the sentences that decide the two answers);
``twin_row`` and ``twin_expected`` where the file holds the question's twin; ``error`` for a
question that could not be read or modelled), then the agreement tables, every
disagreement, the classes and the twin line.  The loop is ToMi's
(:func:`pyfront.tomi.check_run.run_with`).
"""

from __future__ import annotations


def run(args) -> int:
    from ..tomi.check_run import run_with
    from .certify import check_file
    from .report import HitomSummary

    return run_with(args, check_file, HitomSummary(), "hitom")
