"""Scores of ``mindgames eval --score steps``: each reply graded by the step grader
(:func:`pyfront.steps.grade.grade_response`) against the certified trace, then step
accuracy, first-error position and final-answer accuracy over the run, with intervals.

Per story sentence (``t`` = 1 … n, the numbered sentences of the prompt): the sentence is
*right* when the model's step aligned to it (by the sentence it quotes) has the certified
value; a sentence with no aligned step is *missing* and counts as wrong, so leaving steps
out never raises the score.  Steps that quote no sentence are *unaligned*: reported and
labelled wrong by the grader, not counted against a sentence.

* step accuracy: right sentences / sentences, over all items; its interval is the bootstrap
  interval :func:`.metrics.bootstrap_ci` gives accuracy (a binomial count);
* first error: the first sentence that is not right (1-based; None when all are); its mean
  and median over the items that have one, with percentile bootstrap intervals (items
  resampled, 2,000 draws, seeded), and the share of items with none, with the accuracy
  interval;
* final accuracy: the last step's bracketed value against the certified value after the
  last sentence (``unknown`` or ``none`` where that is null), with the accuracy interval.

Use::

    from pyfront.evaluation.step_scores import percentile_interval
    percentile_interval([1.0, 2.0, 3.0], seed=0)[0] >= 1.0     # True
"""

from __future__ import annotations

import random
import statistics
from typing import Any, Callable, Sequence

from ..steps.grade import NULL_WORDS, grade_response
from ..steps.responses import Response, norm_value, split_steps
from .metrics import BOOTSTRAP_DRAWS, BREAKDOWNS, bootstrap_ci

__all__ = ["percentile_interval", "step_metrics", "step_record", "step_score"]


def _same(said: str | None, certified: str | None) -> bool:
    if said is None:
        return False
    if certified is None:
        return norm_value(said) in NULL_WORDS
    return norm_value(said) == norm_value(certified)


def step_record(item, response: str) -> dict[str, Any]:
    """One line of results.jsonl: the item, the reply, the grader's steps (each with its
    ``label`` and ``prefix_label``) and the per-sentence view."""
    steps = split_steps(response, item.chain)
    graded = grade_response(Response(0, item.id, None, item.variable, item.prompt, tuple(steps)),
                            item.trace, item.variable)
    n = len(item.sentences)
    right = [False] * n
    aligned = set()
    for row in graded["steps"]:
        if row["t"] is not None:
            aligned.add(row["t"])
            right[row["t"] - 1] = row["label"]
    final = steps[-1].value if steps else None
    rec: dict[str, Any] = {"id": item.id, **item.meta, "chain": item.chain,
                           "object": item.variable, "prompt": item.prompt, "response": response,
                           "steps": graded["steps"], "n_sentences": n,
                           "sentence_labels": right,
                           "missing": [t for t in range(1, n + 1) if t not in aligned],
                           "unaligned": sum(r["status"] == "unaligned" for r in graded["steps"]),
                           "right": sum(right), "step_accuracy": sum(right) / n if n else None,
                           "first_error": next((t for t, ok in enumerate(right, 1) if not ok), None),
                           "final_answer": final, "gold": item.gold,
                           "final_correct": _same(final, item.gold)}
    return rec


def percentile_interval(values: Sequence[float], seed: int = 0,
                        stat: Callable[[Sequence[float]], float] = statistics.fmean,
                        draws: int = BOOTSTRAP_DRAWS) -> list[float]:
    """95 % percentile bootstrap interval of ``stat`` over ``values`` (resampled with
    replacement, seeded: the same values and seed give the same interval)."""
    if not values:
        return [0.0, 0.0]
    rng = random.Random(f"bootstrap\0{seed}\0{len(values)}\0{stat.__name__}")
    k = len(values)
    samples = sorted(stat([values[rng.randrange(k)] for _ in range(k)]) for _ in range(draws))
    return [samples[int(0.025 * draws)], samples[int(0.975 * draws) - 1]]


def step_score(results: Sequence[dict[str, Any]], seed: int = 0) -> dict[str, Any]:
    """The three figures of some results, with intervals (``accuracy`` is final accuracy,
    the figure ``eval compare`` shows)."""
    n = len(results)
    sentences = sum(r["n_sentences"] for r in results)
    right = sum(r["right"] for r in results)
    final = sum(1 for r in results if r["final_correct"])
    firsts = [float(r["first_error"]) for r in results if r["first_error"] is not None]
    clean = n - len(firsts)
    return {
        "n": n,
        "accuracy": final / n if n else 0.0,
        "correct": final,
        "ci95": bootstrap_ci(final, n, seed),
        "unparsed": sum(1 for r in results if not r["steps"]),
        "steps": sentences,
        "steps_right": right,
        "step_accuracy": right / sentences if sentences else 0.0,
        "step_ci95": bootstrap_ci(right, sentences, seed),
        "missing": sum(len(r["missing"]) for r in results),
        "unaligned": sum(r["unaligned"] for r in results),
        "first_error": {
            "n": len(firsts),
            "mean": statistics.fmean(firsts) if firsts else None,
            "mean_ci95": percentile_interval(firsts, seed) if firsts else None,
            "median": statistics.median(firsts) if firsts else None,
            "median_ci95": percentile_interval(firsts, seed, statistics.median) if firsts else None,
            "no_error": clean / n if n else 0.0,
            "no_error_ci95": bootstrap_ci(clean, n, seed),
        },
    }


def step_metrics(results: Sequence[dict[str, Any]], *, seed: int = 0,
                 extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole metrics.json of a steps run: overall, then ``by`` field and value."""
    out = step_score(results, seed)
    by: dict[str, dict[str, Any]] = {}
    for name in BREAKDOWNS:
        groups: dict[Any, list[dict[str, Any]]] = {}
        for r in results:
            if r.get(name) is not None:
                groups.setdefault(r[name], []).append(r)
        if groups:
            keys = sorted(groups, key=lambda v: (0, v, "") if isinstance(v, (int, float))
                          else (1, 0, str(v)))
            by[name] = {str(v): step_score(groups[v], seed) for v in keys}
    out["by"] = by
    if extra:
        out.update(extra)
    return out
