"""The baselines the product is measured against: BM25 alone and dense alone.

Each keeps one in-memory store per namespace and ranks whole turns. BM25 uses the product's
tokenizer (``index.sparse.tokenize``: the same words, stopwords and stemming as the sparse
channel) with the textbook corpus statistics; dense uses the product's embedder on the raw
turn text. What they lack is everything the product adds on top, which is what the
comparison shows.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from datetime import datetime
from typing import Protocol

import numpy as np

from engram_mcp.bench.datasets import BenchTurn
from engram_mcp.bench.embedder import Embedder, Vectors
from engram_mcp.index.sparse import tokenize

__all__ = ["BM25", "BM25Backend", "DenseBackend", "RecallBackend"]


class RecallBackend(Protocol):
    """What the harness needs: write a store's turns once, then ask it questions."""

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        """Store ``turns`` (in write order, ``turn_id`` opaque) under ``namespace``."""
        ...

    def recall(self, namespace: str, query: str, k: int, asked_at: datetime | None = None) -> list[str]:
        """Up to ``k`` turn ids of ``namespace``, best first, each at most once; ``asked_at``
        is when the question is asked, when the dataset says."""
        ...


class BM25:
    """Okapi BM25 over token lists, Lucene's non-negative IDF, k1 = 1.2, b = 0.75."""

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

    def top(self, query: Sequence[str], limit: int) -> list[tuple[int, float]]:
        scores: dict[int, float] = {}
        for term in set(query):
            idf = self._idf.get(term, 0.0)
            for index, tf in self._postings.get(term, ()):
                norm = self._k1 * (1 - self._b + self._b * self._lengths[index] / (self._avg or 1.0))
                scores[index] = scores.get(index, 0.0) + idf * tf * (self._k1 + 1) / (tf + norm)
        return sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]


def _top_dense(matrix: Vectors, query: Vectors, limit: int) -> list[int]:
    sims = matrix @ query
    limit = min(limit, len(sims))
    if limit <= 0:
        return []
    part = np.argpartition(-sims, limit - 1)[:limit]
    return [int(i) for i in part[np.argsort(-sims[part], kind="stable")]]


class BM25Backend:
    """Baseline: BM25 on the raw turn text with the product's tokenizer."""

    name = "bm25"

    def __init__(self) -> None:
        self._stores: dict[str, tuple[list[str], BM25]] = {}

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        self._stores[namespace] = ([t.turn_id for t in turns], BM25([tokenize(t.text) for t in turns]))

    def recall(self, namespace: str, query: str, k: int, asked_at: datetime | None = None) -> list[str]:
        ids, index = self._stores[namespace]
        return [ids[i] for i, _ in index.top(tokenize(query), k)]


class DenseBackend:
    """Baseline: cosine similarity of the product's embeddings of the raw turn text."""

    name = "dense"

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._stores: dict[str, tuple[list[str], Vectors]] = {}

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        self._stores[namespace] = ([t.turn_id for t in turns], self._embedder.embed([t.text for t in turns]))

    def recall(self, namespace: str, query: str, k: int, asked_at: datetime | None = None) -> list[str]:
        ids, matrix = self._stores[namespace]
        return [ids[i] for i in _top_dense(matrix, self._embedder.embed([query])[0], k)]
