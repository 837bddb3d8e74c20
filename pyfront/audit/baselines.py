"""Baselines that do not read what an item is about, cross-fitted over folds of premises.

* ``premise-blind``: naive Bayes over the words and word pairs of the statement (NLI) or
  of each option (multiple choice), never the premise or the question;
* ``position``: the option position that is most often right;
* ``majority``: the answer text that is most often right (NLI: the commoner label);
* ``length``: the longest or the shortest option, whichever is more often right (NLI:
  a threshold on the statement's length).

Each is trained on the items of the other folds and scores the items of its fold, so
every item is scored once, by baselines that never saw it nor its premise.  Chance is the
mean of 1/k over the items (k options).
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from typing import Callable, Sequence

from smcdel_bridge.values import value

from pyfront.evaluation.bag_of_words import NaiveBayes
from pyfront.evaluation.items import EvalItem

BASELINES = ("premise-blind", "position", "majority", "length")

#: a baseline further than this above chance fails the audit (when the excess is not noise:
#: its 95 % interval lies above chance)
MARGIN = 0.05
#: a setting with items from fewer premises is reported but never fails (too few to tell a
#: leak from luck)
MIN_PREMISES = 50

Predictor = Callable[[EvalItem], int]


def _premise_blind(train: Sequence[EvalItem]) -> Predictor:
    examples: list[tuple[str, bool]] = []
    for it in train:
        if it.letters:
            examples.extend((text, i == it.gold) for i, text in enumerate(it.options))
        else:
            examples.append((it.statement, it.gold == 0))
    nb = NaiveBayes().fit(examples)

    def predict(it: EvalItem) -> int:
        if it.letters:
            scores = [nb.log_odds(t) for t in it.options]
            return scores.index(max(scores))
        return 0 if nb.log_odds(it.statement) > 0 else 1

    return predict


def _position(train: Sequence[EvalItem]) -> Predictor:
    by_k: dict[int, Counter] = {}
    for it in train:
        by_k.setdefault(len(it.options), Counter())[it.gold] += 1
    best = {k: min(c, key=lambda i: (-c[i], i)) for k, c in by_k.items()}
    return lambda it: best.get(len(it.options), 0)


def _majority(train: Sequence[EvalItem]) -> Predictor:
    right = Counter(it.options[it.gold] for it in train)

    def predict(it: EvalItem) -> int:
        return max(range(len(it.options)), key=lambda i: (right[it.options[i]], -i))

    return predict


def _length(train: Sequence[EvalItem]) -> Predictor:
    if train and not train[0].letters:
        # NLI: "entailed when at least t characters long" (or when shorter), best on train
        pairs = sorted((len(it.statement), it.gold == 0) for it in train)
        n, n_true = len(pairs), sum(g for _, g in pairs)
        best = (-1, 0, True)
        true_short = 0
        for i in range(n + 1):
            if i == 0 or i == n or pairs[i][0] != pairs[i - 1][0]:
                threshold = pairs[i][0] if i < n else pairs[-1][0] + 1
                long_true = (n_true - true_short) + (i - true_short)
                for score, long_means in ((long_true, True), (n - long_true, False)):
                    if score > best[0]:
                        best = (score, threshold, long_means)
            if i < n:
                true_short += pairs[i][1]
        _, threshold, long_means = best

        def predict_nli(it: EvalItem) -> int:
            entailed = (len(it.statement) >= threshold) == long_means
            return 0 if entailed else 1

        return predict_nli
    wins = Counter()
    for it in train:
        lengths = [len(o) for o in it.options]
        wins["longest"] += lengths.index(max(lengths)) == it.gold
        wins["shortest"] += lengths.index(min(lengths)) == it.gold
    pick = max if wins["longest"] >= wins["shortest"] else min

    def predict_mc(it: EvalItem) -> int:
        lengths = [len(o) for o in it.options]
        return lengths.index(pick(lengths))

    return predict_mc


FITTERS: dict[str, Callable[[Sequence[EvalItem]], Predictor]] = {
    "premise-blind": _premise_blind, "position": _position, "majority": _majority,
    "length": _length,
}


def fold_of(group: str, folds: int, seed: int) -> int:
    """The fold of a premise (all its items together), from a hash: same seed, same folds."""
    digest = hashlib.sha256(f"{seed}\0{group}".encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % folds


@value(frozen=True)
class Score:
    baseline: str
    accuracy: float
    n: int
    chance: float
    #: premises the items come from (items of one premise share their words: the interval
    #: counts premises, not items)
    premises: int = 0

    @property
    def margin(self) -> float:
        return self.accuracy - self.chance

    @property
    def interval(self) -> tuple[float, float]:
        """Wilson 95 % interval of the accuracy, over as many trials as premises."""
        return wilson(self.accuracy, min(self.n, self.premises or self.n))

    @property
    def leaks(self) -> bool:
        """More than :data:`MARGIN` above chance, and above chance beyond noise."""
        return ((self.premises or self.n) >= MIN_PREMISES and self.margin > MARGIN + 1e-12
                and self.interval[0] > self.chance)


def wilson(p: float, n: int, z: float = 1.959964) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(centre - half, 4), round(centre + half, 4))


def chance(items: Sequence[EvalItem]) -> float:
    return sum(1 / len(it.options) for it in items) / len(items) if items else 0.0


def cross_fit(items: Sequence[EvalItem], groups: Sequence[str], *, folds: int = 5,
              seed: int = 0) -> list[Score]:
    """Every baseline's cross-fitted accuracy on ``items`` (one setting), ``groups[i]``
    naming the premise of ``items[i]``."""
    fold = [fold_of(g, folds, seed) for g in groups]
    used = sorted(set(fold))
    base = chance(items)
    out: list[Score] = []
    for name in BASELINES:
        correct = scored = 0
        for f in used:
            train = [it for it, g in zip(items, fold) if g != f]
            test = [it for it, g in zip(items, fold) if g == f]
            if not train:
                continue
            predict = FITTERS[name](train)
            correct += sum(predict(it) == it.gold for it in test)
            scored += len(test)
        out.append(Score(name, round(correct / scored, 4) if scored else 0.0, scored,
                         round(base, 4), len(set(groups))))
    return out
