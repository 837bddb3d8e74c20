"""The shortcut model: a cross-fitted n-gram linear classifier (scikit-learn), the cheap
stand-in for the small supervised model whose verdicts the published MindGames rows carry
(``deberta_pred``, ``deberta_confidence``, ``difficulty``).

Premise and hypothesis (or story and question, and each option) are word 1-2-grams,
tf-idf weighted, in separate vocabularies; a logistic regression trained on the other folds
(whole premises) gives each row its prediction and the probability of it.  ``difficulty``
follows the published column: 1 − confidence when the prediction is right, 1 +
confidence when it is wrong.  A row the model finds easy can be answered from its words
alone; sort or filter by ``difficulty`` to keep the hard ones.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from ..errors import UserError
from .baselines import fold_of
from .rows import answered, fold_group, parse_choices, row_form
from .tfidf import Field, Texts

COLUMNS = ("shortcut_pred", "shortcut_confidence", "difficulty")


def difficulty(correct: bool, confidence: float) -> float:
    """The published ``difficulty``: 1 − confidence if right, 1 + confidence if wrong."""
    return 1 - confidence if correct else 1 + confidence


def _sklearn():
    try:
        from scipy.sparse import hstack
        from sklearn.feature_extraction.text import TfidfVectorizer
        from sklearn.linear_model import LogisticRegression
    except ImportError:
        raise UserError("the shortcut model needs scikit-learn: pip install 'scikit-learn>=1.3'") from None
    return TfidfVectorizer, LogisticRegression, hstack


def _one_thread():
    """BLAS on one thread while the model fits and predicts: its vectors are too short
    for threads to pay, and on a busy machine waiting threads cost more than the sums
    (the same figures either way, and the same on every machine)."""
    from threadpoolctl import threadpool_limits

    return threadpool_limits(limits=1, user_api="blas")


_ANALYZED: dict[str, list[str]] = {}


def _cached_analyzer(tfidf):
    """The default word 1-2-gram analysis, done once per text: a story is read once, not
    once per option and fold (same features, so the same model)."""
    analyze = tfidf(ngram_range=(1, 2)).build_analyzer()

    def cached(text: str) -> list[str]:
        found = _ANALYZED.get(text)
        if found is None:
            if len(_ANALYZED) > 200_000:
                _ANALYZED.clear()
            found = _ANALYZED[text] = analyze(text)
        return found

    return cached


class _Model:
    """Two text fields -> binary label: tf-idf 1-2-grams of each, logistic regression."""

    def __init__(self, stores: tuple[Texts, Texts]):
        self.tfidf, self.lr, self.hstack = _sklearn()
        self.stores = stores

    def fit(self, a: Sequence[str], b: Sequence[str], y: Sequence[int]) -> "_Model":
        self.va, self.vb = Field(self.stores[0]), Field(self.stores[1])
        x = self.hstack([self.va.fit_transform(a), self.vb.fit_transform(b)]).tocsr()
        self.constant = None
        if len(set(y)) < 2:
            self.constant = y[0]
            return self
        with _one_thread():
            self.clf = self.lr(C=4.0, max_iter=2000).fit(x, y)
        return self

    def proba(self, a: Sequence[str], b: Sequence[str]) -> list[float]:
        """P(label 1) per pair."""
        if self.constant is not None:
            return [float(self.constant)] * len(a)
        x = self.hstack([self.va.transform(a), self.vb.transform(b)]).tocsr()
        with _one_thread():
            return [float(p) for p in self.clf.predict_proba(x)[:, 1]]


def annotate(rows: Sequence[dict[str, Any]], *, folds: int = 5, seed: int = 0) -> dict[str, Any]:
    """Adds :data:`COLUMNS` to every row of ``rows`` that has an NLI or QA form (in
    place); returns the model's cross-fitted accuracy, n and form."""
    forms = {row_form(r) for r in rows} - {None}
    if not forms:
        return {"form": None, "n": 0, "accuracy": None}
    form = "qa" if "qa" in forms else "nli"
    picked = [r for r in rows if row_form(r) == form]
    groups = [fold_group(r) for r in picked]
    fold = [fold_of(g, folds, seed) for g in groups]
    correct = 0
    stores = None  # each text read once for all folds
    # a row without its answer (a blind split) gets a verdict but trains nothing and is
    # not scored: its difficulty is unknown
    for f in sorted(set(fold)):
        train = [r for r, g in zip(picked, fold) if g != f and answered(r, form)]
        test = [r for r, g in zip(picked, fold) if g == f]
        if not train:
            for r in test:
                r.update(shortcut_pred=None, shortcut_confidence=None, difficulty=None)
            continue
        if stores is None:
            analyzer = _cached_analyzer(_sklearn()[0])
            stores = (Texts(analyzer), Texts(analyzer))
        correct += (_qa if form == "qa" else _nli)(train, test, stores)
    n = sum(answered(r, form) for r in picked)
    return {"form": form, "n": n, "accuracy": round(correct / n, 4) if n else None}


def _gold(r: dict[str, Any]) -> int:
    from pyfront.evaluation.items import label_value

    return 1 if label_value(r.get("label")) else 0


def _nli(train, test, stores) -> int:
    model = _Model(stores).fit([str(r["premise"]) for r in train], [str(r["hypothesis"]) for r in train],
                         [_gold(r) for r in train])
    probs = model.proba([str(r["premise"]) for r in test], [str(r["hypothesis"]) for r in test])
    correct = 0
    for r, p in zip(test, probs):
        pred = 1 if p >= 0.5 else 0
        conf = p if pred else 1 - p
        if not answered(r, "nli"):
            r.update(shortcut_pred="entailment" if pred else "not_entailment",
                     shortcut_confidence=round(conf, 6), difficulty=None)
            continue
        right = pred == _gold(r)
        correct += right
        r.update(shortcut_pred="entailment" if pred else "not_entailment",
                 shortcut_confidence=round(conf, 6), difficulty=round(difficulty(right, conf), 6))
    return correct


def _context(r: dict[str, Any]) -> str:
    return f"{r.get('story') or r.get('premise')} {r['question']}"


def _qa(train, test, stores) -> int:
    a, b, y = [], [], []
    for r in train:
        for c in parse_choices(r["choices"]) or []:
            a.append(_context(r))
            b.append(c)
            y.append(int(c == str(r["answer"])))
    model = _Model(stores).fit(a, b, y)
    options = [parse_choices(r["choices"]) or [str(r.get("answer"))] for r in test]
    # one transform for the whole fold (per-row calls cost a vectorizer pass each)
    flat = model.proba([_context(r) for r, opts in zip(test, options) for _ in opts],
                       [o for opts in options for o in opts])
    correct = 0
    start = 0
    for r, opts in zip(test, options):
        p, start = flat[start:start + len(opts)], start + len(opts)
        total = sum(p) or 1.0
        share = [x / total for x in p]
        best = max(range(len(opts)), key=lambda i: (share[i], -i))
        conf = share[best] if not math.isnan(share[best]) else 1 / len(opts)
        if r.get("answer") in (None, "") or str(r["answer"]) not in opts:
            r.update(shortcut_pred=opts[best], shortcut_confidence=round(conf, 6),
                     difficulty=None)
            continue
        right = opts[best] == str(r["answer"])
        correct += right
        r.update(shortcut_pred=opts[best], shortcut_confidence=round(conf, 6),
                 difficulty=round(difficulty(right, conf), 6))
    return correct
