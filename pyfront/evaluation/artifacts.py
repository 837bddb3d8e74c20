"""The dataset-artifact check: how well the hypothesis alone predicts the label.

A classifier that never sees the premise should sit at chance on a dataset that needs
reasoning; ``generate`` writes this figure into the dataset card and flags a dataset where
it is far above chance (``mindgames eval … -m baseline:hypothesis-only`` gives the same
figure on the test split, with its interval)."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from smcdel_bridge.values import value

from .bag_of_words import NaiveBayes
from .items import label_value

#: accuracy this far above chance (the majority label's share) is flagged
FLAG_MARGIN = 0.10


@value(frozen=True)
class HypothesisOnly:
    accuracy: float
    n: int
    chance: float
    flagged: bool

    @property
    def margin(self) -> float:
        return self.accuracy - self.chance


def _examples(rows: Iterable[dict[str, Any]]) -> list[tuple[str, bool]]:
    out = []
    for r in rows:
        gold = label_value(r.get("label"))
        if gold is not None and isinstance(r.get("hypothesis"), str):
            out.append((r["hypothesis"], gold))
    return out


def hypothesis_only(train: Sequence[dict[str, Any]], test: Sequence[dict[str, Any]],
                    margin: float = FLAG_MARGIN) -> HypothesisOnly | None:
    """Train on ``train``'s hypotheses and labels, score on ``test``; None when either
    split has no labelled hypothesis."""
    tr, te = _examples(train), _examples(test)
    if not tr or not te:
        return None
    nb = NaiveBayes().fit(tr)
    correct = sum(1 for text, gold in te if (nb.log_odds(text) > 0) == gold)
    chance = max(Counter(g for _, g in te).values()) / len(te)
    acc = correct / len(te)
    return HypothesisOnly(acc, len(te), chance, acc >= chance + margin)
