"""A multinomial naive Bayes classifier over words and word pairs: the hypothesis-only
baseline.  It sees a statement alone (never the premise); when it beats chance, the
statements of a dataset give their labels away."""

from __future__ import annotations

import math
import re
from collections import Counter
from functools import lru_cache
from typing import Iterable

_TOKEN = re.compile(r"[a-z']+")


@lru_cache(maxsize=65536)
def features(text: str) -> tuple[str, ...]:
    """Words and word pairs (kept per text: the baselines read each text in every fold
    and score it under both classes)."""
    words = _TOKEN.findall(text.lower())
    return tuple(words + [f"{a} {b}" for a, b in zip(words, words[1:])])


class NaiveBayes:
    """Two classes (True / False), Laplace smoothing; deterministic."""

    def __init__(self, alpha: float = 1.0):
        self.alpha = alpha
        self.counts = {True: Counter(), False: Counter()}
        self.docs = Counter()

    def fit(self, examples: Iterable[tuple[str, bool]]) -> "NaiveBayes":
        for text, label in examples:
            self.docs[label] += 1
            self.counts[label].update(features(text))
        self._vocab = len(set(self.counts[True]) | set(self.counts[False])) or 1
        self._totals = {c: sum(self.counts[c].values()) for c in (True, False)}
        return self

    def log_odds(self, text: str) -> float:
        """log P(True | text) - log P(False | text)."""
        total_docs = sum(self.docs.values())
        if not total_docs:
            return 0.0
        score = 0.0
        for c, sign in ((True, 1.0), (False, -1.0)):
            prior = math.log((self.docs[c] + self.alpha) / (total_docs + 2 * self.alpha))
            denom = self._totals[c] + self.alpha * self._vocab
            like = sum(math.log((self.counts[c][f] + self.alpha) / denom) for f in features(text))
            score += sign * (prior + like)
        return score
