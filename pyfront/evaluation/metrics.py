"""Scores of a run: accuracy, unparsed replies, macro-F1, and the same per group, with
seeded bootstrap 95 % intervals.

Resampling n items with replacement and counting the correct ones draws from
Binomial(n, k/n); the bootstrap draws that count directly (inverse CDF, seeded), which
gives the same intervals as resampling item lists, in a fraction of the time.
"""

from __future__ import annotations

import bisect
import math
import random
from collections import Counter
from typing import Any, Iterable, Sequence

#: result fields the breakdowns group by (those present in a run)
BREAKDOWNS = ("setting", "setup", "hypothesis_depth", "n_agents", "kind", "format",
              "distractors", "probe", "order", "question_type", "story_type", "framing")
BOOTSTRAP_DRAWS = 2000


def bootstrap_ci(correct: int, n: int, seed: int = 0, draws: int = BOOTSTRAP_DRAWS) -> list[float]:
    """95 % percentile bootstrap interval of the accuracy ``correct / n``."""
    if n == 0:
        return [0.0, 0.0]
    p = correct / n
    if p in (0.0, 1.0):
        return [p, p]
    # CDF of Binomial(n, p), built in log space
    logs = [math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p) for k in range(n + 1)]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    total = sum(weights)
    cdf, acc = [], 0.0
    for w in weights:
        acc += w / total
        cdf.append(acc)
    rng = random.Random(f"bootstrap\0{seed}\0{correct}\0{n}")
    samples = sorted(min(bisect.bisect_left(cdf, rng.random()), n) / n for _ in range(draws))
    # full precision: machine-readable figures are rounded only where they are shown
    return [samples[int(0.025 * draws)], samples[int(0.975 * draws) - 1]]


def macro_f1(golds: Sequence[str], predictions: Sequence[str | None]) -> float:
    """Mean F1 over the gold classes (an unparsed reply is a miss for its gold class)."""
    classes = sorted(set(golds))
    if not classes:
        return 0.0
    scores = []
    for c in classes:
        tp = sum(1 for g, p in zip(golds, predictions) if g == c and p == c)
        fp = sum(1 for g, p in zip(golds, predictions) if g != c and p == c)
        fn = sum(1 for g, p in zip(golds, predictions) if g == c and p != c)
        scores.append(0.0 if tp == 0 else 2 * tp / (2 * tp + fp + fn))
    return sum(scores) / len(scores)


def _class(result: dict[str, Any], key: str) -> str | None:
    """The class of a gold or predicted option: the letter or the NLI word."""
    idx = result[f"{key}_index"]
    if idx is None:
        return None
    return chr(ord("A") + idx) if result["format"] == "mcq" else result[key]


def score(results: Sequence[dict[str, Any]], seed: int = 0) -> dict[str, Any]:
    n = len(results)
    correct = sum(1 for r in results if r["correct"])
    golds = [_class(r, "gold") for r in results]
    preds = [_class(r, "prediction") for r in results]
    return {
        "accuracy": correct / n if n else 0.0,  # rounded in the report only
        "n": n,
        "correct": correct,
        "unparsed": sum(1 for r in results if r["prediction_index"] is None),
        "macro_f1": macro_f1(golds, preds),  # type: ignore[arg-type]
        "ci95": bootstrap_ci(correct, n, seed),
    }


def _order(value: Any) -> tuple:
    return (0, value, "") if isinstance(value, (int, float)) else (1, 0, str(value))


def metrics(results: Sequence[dict[str, Any]], *, seed: int = 0,
            extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """The whole metrics.json: overall, then ``by`` field and value."""
    out = score(results, seed)
    by: dict[str, dict[str, Any]] = {}
    for field in BREAKDOWNS:
        groups: dict[Any, list[dict[str, Any]]] = {}
        for r in results:
            if r.get(field) is not None:
                groups.setdefault(r[field], []).append(r)
        if groups:
            by[field] = {str(v): score(groups[v], seed) for v in sorted(groups, key=_order)}
    out["by"] = by
    if extra:
        out.update(extra)
    return out


def usage_tally(usages: Iterable[dict[str, int] | None]) -> dict[str, int]:
    tally: Counter = Counter()
    replies = 0
    for u in usages:
        if u:
            replies += 1
            tally.update(u)
    out = {"prompt_tokens": tally["prompt_tokens"], "completion_tokens": tally["completion_tokens"]}
    out["total_tokens"] = out["prompt_tokens"] + out["completion_tokens"]
    out["replies_with_usage"] = replies
    return out
