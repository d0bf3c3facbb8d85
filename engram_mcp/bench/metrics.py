"""Retrieval metrics: LoCoMo evidence recall, LongMemEval recall/NDCG, latency, token estimates.

Pure. The LongMemEval functions follow the official retrieval evaluation
(xiaowu0162/LongMemEval, src/retrieval/eval_utils.py): recall_all@k is 1 when every gold
id is in the top k (vacuously 1 when there is no gold), recall_any@k when at least one is,
and session-level figures are computed from the turn ranking by mapping each turn to its
session and widening k until it covers k distinct sessions.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engram_mcp.retrieval.context import estimate_tokens

__all__ = [
    "LatencySummary",
    "RetrievalScores",
    "estimate_tokens",
    "evidence_recall",
    "latency_summary",
    "mean",
    "ndcg_any",
    "percentile",
    "retrieval_scores",
    "session_of_turn",
    "session_scores",
    "whole_session_scores",
]

# LongMemEval's ids for the turns of a gold session: 'answer_…' for the turns marked as
# evidence, 'noans_…' for the others, which the official session scoring then counts as
# sessions of their own (datasets.py mints them the same way).
MARKED, UNMARKED = "answer", "noans"


@dataclass(frozen=True, slots=True)
class RetrievalScores:
    recall_any: float
    recall_all: float
    ndcg_any: float


@dataclass(frozen=True, slots=True)
class LatencySummary:
    count: int
    mean_ms: float
    p50_ms: float
    p95_ms: float
    max_ms: float


def mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items) if items else float("nan")


def evidence_recall(ranked: Sequence[str], evidence: Sequence[str], k: int) -> tuple[float, float, float]:
    """(fraction of evidence in the top k, any evidence in the top k, all evidence in the top k)."""
    if not evidence:
        raise ValueError("evidence_recall needs at least one evidence id")
    top = set(ranked[:k])
    hits = sum(1 for e in set(evidence) if e in top)
    total = len(set(evidence))
    return hits / total, float(hits > 0), float(hits == total)


def _dcg(relevances: Sequence[float], k: int) -> float:
    rel = list(relevances)[:k]
    if not rel:
        return 0.0
    return rel[0] + sum(r / math.log2(i + 1) for i, r in enumerate(rel[1:], start=2))


def ndcg_any(ranked: Sequence[str], gold: set[str], corpus: Sequence[str], k: int) -> float:
    """Binary-relevance NDCG@k; the ideal ranking counts every gold occurrence in the corpus."""
    ideal = sorted((1.0 if doc in gold else 0.0 for doc in corpus), reverse=True)
    ideal_dcg = _dcg(ideal, k)
    if ideal_dcg == 0:
        return 0.0
    return _dcg([1.0 if doc in gold else 0.0 for doc in ranked], k) / ideal_dcg


def retrieval_scores(ranked: Sequence[str], gold: Sequence[str], corpus: Sequence[str], k: int) -> RetrievalScores:
    """Official evaluate_retrieval on id lists: ``ranked`` best first, ``corpus`` every indexed id."""
    top = set(ranked[:k])
    gold_set = set(gold)
    return RetrievalScores(
        recall_any=float(any(g in top for g in gold_set)),
        recall_all=float(all(g in top for g in gold_set)),
        ndcg_any=ndcg_any(ranked, gold_set, corpus, k),
    )


def session_of_turn(turn_id: str) -> str:
    """'answer_4be1b6b4_2_3' -> 'answer_4be1b6b4_2': drop the last '_'-separated part."""
    return turn_id.rsplit("_", 1)[0]


def session_scores(ranked: Sequence[str], gold: Sequence[str], corpus: Sequence[str], k: int) -> RetrievalScores:
    """Official evaluate_retrieval_turn2session: session-level scores from a turn ranking."""
    ranked_sessions = [session_of_turn(t) for t in ranked]
    corpus_sessions = [session_of_turn(t) for t in corpus]
    gold_sessions = sorted({session_of_turn(g) for g in gold})
    effective_k = k
    while effective_k <= len(corpus_sessions) and len(set(ranked_sessions[:effective_k])) < k:
        effective_k += 1
        if effective_k > len(ranked_sessions):
            break
    return retrieval_scores(ranked_sessions, gold_sessions, corpus_sessions, effective_k)


def whole_session_scores(
    ranked: Sequence[str], gold: Sequence[str], corpus: Sequence[str], k: int
) -> RetrievalScores:
    """``session_scores`` with each unmarked turn of a gold session counted as that session.

    Not the official figure: a diagnostic that tells a session missed from one found
    through a turn the labels do not mark.
    """

    def whole(turn_id: str) -> str:
        return turn_id.replace(UNMARKED, MARKED)

    return session_scores([whole(t) for t in ranked], gold, [whole(t) for t in corpus], k)


def percentile(values: Iterable[float], p: float) -> float:
    """The nearest-rank ``p``-th percentile (0 < p <= 100); NaN for no values.

    The one percentile of every benchmark: a value that was actually observed, never an
    interpolation between two calls.
    """
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def latency_summary(samples_ms: Sequence[float]) -> LatencySummary:
    """Nearest-rank percentiles of per-call latencies in milliseconds."""
    if not samples_ms:
        return LatencySummary(0, float("nan"), float("nan"), float("nan"), float("nan"))
    return LatencySummary(
        count=len(samples_ms),
        mean_ms=sum(samples_ms) / len(samples_ms),
        p50_ms=percentile(samples_ms, 50),
        p95_ms=percentile(samples_ms, 95),
        max_ms=max(samples_ms),
    )
