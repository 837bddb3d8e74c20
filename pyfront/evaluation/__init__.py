"""Evaluating language models on the toolkit's datasets.

A dataset row becomes one or more :class:`~.items.EvalItem` (a prompt, its options, the
gold option) in the ``nli`` or ``mcq`` format; a model answers (:mod:`.models`); the answer
is parsed (:mod:`.answers`) and scored (:mod:`.metrics`); :mod:`.runner` ties it together
with a response cache so that an interrupted run resumes where it stopped.  Multiple-choice
options and prospective questions are built from the row's problem and every option's
truth comes from the model checker (:mod:`.questions`, :mod:`.truth`).
"""
