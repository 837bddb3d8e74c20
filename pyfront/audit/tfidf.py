"""The shortcut model's tf-idf fields, each distinct text read once for every fold.

``TfidfVectorizer(sublinear_tf=True)`` counts the n-grams of every text it is given, in
every fold: a story comes back with each of its questions and options, and each text
with four of the five folds.  Here a :class:`Texts` store analyses a text the first
time it is seen and keeps its n-gram ids and counts; a :class:`Field` builds each
fold's count matrix from them exactly as the vectorizer does (vocabulary in the order
of first sight over the fold's texts, columns in the terms' alphabetical order, each
row's entries in first-sight order at fit time and column order at transform time), so
the matrices are the vectorizer's array for array and the model the same.
"""

from __future__ import annotations

from typing import Callable, Sequence


class Texts:
    """Distinct texts of one field: per text the ids of its terms (ids in order of first
    sight over all texts) and how often each occurs."""

    def __init__(self, analyzer: Callable[[str], list[str]]):
        self.analyzer = analyzer
        self.index: dict[str, int] = {}
        self.terms: dict[str, int] = {}
        self.names: list[str] = []
        self.ids: list = []
        self.counts: list = []

    def of(self, texts: Sequence[str]):
        """The store's number of each text (reading the new ones)."""
        import numpy as np

        numbers = [self.index.get(t) for t in texts]
        if None in numbers:
            numbers = [self._read(t) if k is None else k for t, k in zip(texts, numbers)]
        return np.asarray(numbers, dtype=np.intp)

    def _read(self, text: str) -> int:
        import numpy as np

        k = self.index.get(text)
        if k is not None:  # read earlier in the same call
            return k
        k = self.index[text] = len(self.ids)
        seen: dict[int, int] = {}
        for term in self.analyzer(text):
            g = self.terms.get(term)
            if g is None:
                g = self.terms[term] = len(self.names)
                self.names.append(term)
            seen[g] = seen.get(g, 0) + 1
        self.ids.append(np.fromiter(seen.keys(), dtype=np.intp, count=len(seen)))
        self.counts.append(np.fromiter(seen.values(), dtype=np.float64, count=len(seen)))
        return k

    def rows(self, texts: Sequence[str]):
        """The distinct texts among ``texts`` in first-seen order (store numbers), each
        text's row among them, and the distinct texts' terms and counts laid end to end
        with each one's row."""
        import numpy as np

        numbers = self.of(texts)
        uniq, first, inverse = np.unique(numbers, return_index=True, return_inverse=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        distinct = uniq[order]
        lengths = np.fromiter((len(self.ids[k]) for k in distinct), dtype=np.intp,
                              count=len(distinct))
        terms = (np.concatenate([self.ids[k] for k in distinct]) if len(distinct)
                 else np.empty(0, dtype=np.intp))
        counts = (np.concatenate([self.counts[k] for k in distinct]) if len(distinct)
                  else np.empty(0, dtype=np.float64))
        row = np.repeat(np.arange(len(distinct)), lengths)
        return rank[inverse.ravel()], lengths, terms, counts, row


def _matrix(lengths, data, indices, n_cols):
    import numpy as np
    from scipy.sparse import csr_matrix

    indptr = np.zeros(len(lengths) + 1, dtype=np.int32)
    np.cumsum(lengths, out=indptr[1:])
    return csr_matrix((data, indices.astype(np.int32), indptr), shape=(len(lengths), n_cols))


class Field:
    """One field's tf-idf over a :class:`Texts` store (fit on one fold's texts)."""

    def __init__(self, store: Texts):
        from sklearn.feature_extraction.text import TfidfTransformer

        self.store = store
        self.tfidf = TfidfTransformer(sublinear_tf=True)

    def fit_transform(self, texts: Sequence[str]):
        import numpy as np

        where, lengths, terms, counts, row = self.store.rows(texts)
        vocab, first = np.unique(terms, return_index=True)
        by_sight = vocab[np.argsort(first, kind="stable")]
        sight = np.empty(len(self.store.names), dtype=np.intp)
        sight[by_sight] = np.arange(len(by_sight))
        names = self.store.names
        alphabetical = sorted(vocab.tolist(), key=names.__getitem__)
        self.column = np.full(len(names), -1, dtype=np.intp)
        self.column[alphabetical] = np.arange(len(alphabetical))
        self.width = len(vocab)
        order = np.lexsort((sight[terms], row))
        x = _matrix(lengths, counts[order], self.column[terms[order]], len(vocab))[where]
        self.tfidf.fit(x)
        return self.tfidf.transform(x, copy=False)

    def transform(self, texts: Sequence[str]):
        import numpy as np

        where, lengths, terms, counts, row = self.store.rows(texts)
        column = np.full(len(self.store.names), -1, dtype=np.intp)
        column[:len(self.column)] = self.column
        cols = column[terms]
        known = cols >= 0
        kept = np.bincount(row[known], minlength=len(lengths))
        order = np.lexsort((cols[known], row[known]))
        x = _matrix(kept, counts[known][order], cols[known][order], self.width)[where]
        return self.tfidf.transform(x, copy=False)
