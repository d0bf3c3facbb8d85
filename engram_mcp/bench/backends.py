"""Recall backends the harness can run: the BM25-alone and dense-alone baselines and the hybrid.

Each backend keeps one in-memory store per namespace. They use numpy for dense search and
the package's own BM25 so that experiments iterate in seconds; the hybrid's steps map one
to one onto Qdrant (a dense and a sparse prefetch on the namespace filter, then Python
post-processing), see ``docs/retrieval-experiments.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Protocol

import numpy as np

from engram_mcp.bench.datasets import BenchTurn
from engram_mcp.bench.embedder import Embedder, Vectors
from engram_mcp.bench.research.bm25 import BM25
from engram_mcp.bench.research.contextual import TurnView, contextual_text
from engram_mcp.bench.research.entities import boost_named_speaker
from engram_mcp.bench.research.expansion import expand_neighbours, rank, session_boost
from engram_mcp.bench.research.text import tokenize
from engram_mcp.retrieval.fusion import weighted_rrf
from engram_mcp.retrieval.query import strip_question_words
from engram_mcp.retrieval.time_expr import in_any_window, parse_time_windows

__all__ = ["PLAIN_RRF", "BM25Backend", "DenseBackend", "HybridBackend", "HybridConfig", "RecallBackend"]


class RecallBackend(Protocol):
    """What the harness needs: write a store's turns once, then ask it questions."""

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        """Store ``turns`` (in write order, ``turn_id`` opaque) under ``namespace``."""
        ...

    def recall(self, namespace: str, query: str, k: int) -> list[str]:
        """Up to ``k`` turn ids of ``namespace``, best first, each at most once."""
        ...


def _top_dense(matrix: Vectors, query: Vectors, limit: int) -> list[int]:
    sims = matrix @ query
    limit = min(limit, len(sims))
    if limit <= 0:
        return []
    part = np.argpartition(-sims, limit - 1)[:limit]
    return [int(i) for i in part[np.argsort(-sims[part], kind="stable")]]


class BM25Backend:
    """Baseline: BM25 on the raw turn text, lowercase words, no stopwords or stemming."""

    name = "bm25"

    def __init__(self) -> None:
        self._stores: dict[str, tuple[list[str], BM25]] = {}

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        docs = [tokenize(t.text, stopwords=False, stemming=False) for t in turns]
        self._stores[namespace] = ([t.turn_id for t in turns], BM25(docs))

    def recall(self, namespace: str, query: str, k: int) -> list[str]:
        ids, index = self._stores[namespace]
        return [ids[i] for i, _ in index.top(tokenize(query, stopwords=False, stemming=False), k)]


class DenseBackend:
    """Baseline: cosine similarity of MiniLM embeddings of the raw turn text."""

    name = "dense"

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._stores: dict[str, tuple[list[str], Vectors]] = {}

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        self._stores[namespace] = ([t.turn_id for t in turns], self._embedder.embed([t.text for t in turns]))

    def recall(self, namespace: str, query: str, k: int) -> list[str]:
        ids, matrix = self._stores[namespace]
        return [ids[i] for i in _top_dense(matrix, self._embedder.embed([query])[0], k)]


@dataclass(frozen=True, slots=True)
class HybridConfig:
    """Every knob of the hybrid method; the defaults are the best measured configuration."""

    # what is indexed per turn
    dense_speaker: bool = True
    dense_previous_chars: int = 200
    sparse_speaker: bool = True
    sparse_date: bool = False
    sparse_previous_chars: int = 200
    dense_following_chars: int = 0
    sparse_following_chars: int = 0
    stopwords: bool = True
    stemming: bool = True
    # channels and fusion
    raw_dense_channel: bool = False
    strip_query: bool = True
    weights: dict[str, float] = field(default_factory=lambda: {"dense": 1.0, "sparse": 1.0, "dense_raw": 1.0})
    rrf_k: float = 20.0
    depth: int = 100
    # post-processing
    neighbour_window: int = 1
    neighbour_decay: float = 0.85
    neighbour_top: int | None = 50
    session_weight: float = 0.0
    session_depth: int = 3
    speaker_boost: float = 0.6
    # turns written inside a time window the query names (plus slack days after it) are boosted
    time_boost: float = 0.6
    time_slack_days: int = 0


PLAIN_RRF = HybridConfig(
    dense_speaker=False,
    dense_previous_chars=0,
    sparse_speaker=False,
    sparse_previous_chars=0,
    stopwords=False,
    stemming=False,
    strip_query=False,
    rrf_k=60.0,
    neighbour_window=0,
    speaker_boost=0.0,
    time_boost=0.0,
)
"""Baseline: RRF (k=60) of the two baselines' rankings, raw text, no post-processing."""


@dataclass(slots=True)
class _HybridStore:
    ids: list[str]
    sessions: list[str]
    speakers: list[str]
    timestamps: list[datetime]
    dense: Vectors
    dense_raw: Vectors | None
    sparse: BM25


class HybridBackend:
    """Dense + BM25 over contextual turn text, weighted RRF, neighbour and session post-processing."""

    name = "hybrid"

    def __init__(self, embedder: Embedder, config: HybridConfig | None = None) -> None:
        self._embedder = embedder
        self.config = config or HybridConfig()
        self._stores: dict[str, _HybridStore] = {}

    def _texts(
        self, turns: Sequence[BenchTurn], speaker: bool, date: bool, previous_chars: int, following_chars: int
    ) -> list[str]:
        def view(index: int, session: str) -> TurnView | None:
            if 0 <= index < len(turns) and turns[index].session_id == session:
                t = turns[index]
                return TurnView(t.speaker, t.text, t.timestamp)
            return None

        return [
            contextual_text(
                TurnView(turn.speaker, turn.text, turn.timestamp),
                view(i - 1, turn.session_id),
                view(i + 1, turn.session_id),
                speaker=speaker,
                date=date,
                previous_chars=previous_chars,
                following_chars=following_chars,
            )
            for i, turn in enumerate(turns)
        ]

    def ingest(self, namespace: str, turns: list[BenchTurn]) -> None:
        c = self.config
        dense_texts = self._texts(turns, c.dense_speaker, False, c.dense_previous_chars, c.dense_following_chars)
        sparse_texts = self._texts(
            turns, c.sparse_speaker, c.sparse_date, c.sparse_previous_chars, c.sparse_following_chars
        )
        self._stores[namespace] = _HybridStore(
            ids=[t.turn_id for t in turns],
            sessions=[t.session_id for t in turns],
            speakers=[t.speaker for t in turns],
            timestamps=[t.timestamp for t in turns],
            dense=self._embedder.embed(dense_texts),
            dense_raw=self._embedder.embed([t.text for t in turns]) if c.raw_dense_channel else None,
            sparse=BM25([tokenize(t, stopwords=c.stopwords, stemming=c.stemming) for t in sparse_texts]),
        )

    def recall(self, namespace: str, query: str, k: int) -> list[str]:
        c = self.config
        store = self._stores[namespace]
        text = strip_question_words(query) if c.strip_query else query
        vector = self._embedder.embed([query])[0]
        rankings: dict[str, list[int]] = {
            "dense": _top_dense(store.dense, vector, c.depth),
            "sparse": [i for i, _ in store.sparse.top(tokenize(text, stopwords=c.stopwords, stemming=c.stemming), c.depth)],
        }
        if store.dense_raw is not None:
            rankings["dense_raw"] = _top_dense(store.dense_raw, vector, c.depth)
        scores = weighted_rrf(rankings, c.weights, c.rrf_k)
        if c.neighbour_window > 0:
            scores = expand_neighbours(scores, store.sessions, c.neighbour_window, c.neighbour_decay, c.neighbour_top)
        if c.speaker_boost > 0:
            scores = boost_named_speaker(scores, store.speakers, query, c.speaker_boost)
        if c.time_boost > 0 and store.timestamps:
            # the bench has no clock: the newest turn stands in for 'now'
            windows = parse_time_windows(query, max(store.timestamps))
            if windows:
                slack = timedelta(days=c.time_slack_days)
                scores = {
                    p: s * (1 + c.time_boost) if in_any_window(store.timestamps[p], windows, slack) else s
                    for p, s in scores.items()
                }
        if c.session_weight > 0:
            scores = session_boost(scores, store.sessions, c.session_weight, c.session_depth)
        return [store.ids[i] for i in rank(scores, k)]
