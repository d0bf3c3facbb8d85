"""Okapi BM25 over an in-memory list of token lists.

The bench uses it directly; the service gets the same ranking from Qdrant sparse vectors
(term frequency weights written per document, IDF applied by the collection's modifier).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

__all__ = ["BM25"]


class BM25:
    """BM25 with Lucene's non-negative IDF, k1=1.2, b=0.75 by default (Qdrant's defaults too)."""

    def __init__(self, documents: Sequence[Sequence[str]], k1: float = 1.2, b: float = 0.75) -> None:
        self._k1 = k1
        self._b = b
        self._postings: dict[str, list[tuple[int, int]]] = {}
        self._lengths = [len(d) for d in documents]
        self._avg = (sum(self._lengths) / len(self._lengths)) if documents else 0.0
        for index, doc in enumerate(documents):
            for term, tf in Counter(doc).items():
                self._postings.setdefault(term, []).append((index, tf))
        n = len(documents)
        self._idf = {t: math.log(1 + (n - len(p) + 0.5) / (len(p) + 0.5)) for t, p in self._postings.items()}

    def __len__(self) -> int:
        return len(self._lengths)

    def scores(self, query: Sequence[str]) -> dict[int, float]:
        """Document index -> score, for documents sharing at least one term with the query."""
        out: dict[int, float] = {}
        for term in set(query):
            postings = self._postings.get(term)
            if not postings:
                continue
            idf = self._idf[term]
            for index, tf in postings:
                norm = self._k1 * (1 - self._b + self._b * self._lengths[index] / (self._avg or 1.0))
                out[index] = out.get(index, 0.0) + idf * tf * (self._k1 + 1) / (tf + norm)
        return out

    def top(self, query: Sequence[str], limit: int) -> list[tuple[int, float]]:
        ranked = sorted(self.scores(query).items(), key=lambda item: (-item[1], item[0]))
        return ranked[:limit]
