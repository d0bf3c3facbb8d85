"""Fusion of ranked channels (weighted reciprocal rank fusion, or a weighted sum of scores), and lifting chosen ids first."""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

__all__ = ["ranked_first", "weighted_rrf", "weighted_scores"]

K = TypeVar("K", bound=Hashable)


def weighted_rrf(
    rankings: Mapping[str, Sequence[K]], weights: Mapping[str, float] | None = None, k: float = 60.0
) -> dict[K, float]:
    """score(d) = sum over channels c of w_c / (k + rank_c(d)), ranks starting at 1.

    Channels missing from ``weights`` weigh 1. Returns every id seen in any channel.
    """
    fused: dict[K, float] = {}
    for channel, ranking in rankings.items():
        weight = 1.0 if weights is None else weights.get(channel, 1.0)
        if weight == 0:
            continue
        for rank, key in enumerate(ranking, start=1):
            fused[key] = fused.get(key, 0.0) + weight / (k + rank)
    return fused


def weighted_scores(
    channels: Mapping[str, Sequence[tuple[K, float]]], weights: Mapping[str, float] | None = None
) -> dict[K, float]:
    """score(d) = sum over channels c of w_c × (score_c(d) − worst_c) / (best_c − worst_c).

    Unlike rank fusion it keeps how far apart a channel's scores are: a turn the dense
    channel finds far closer than the rest stays far ahead. Each channel is scaled to [0, 1]
    over what it returned (min-max), so channels of different units (cosines, BM25) add up;
    what a channel did not return counts 0 from it, as its worst does. Channels missing from
    ``weights`` weigh 1.
    """
    fused: dict[K, float] = {}
    for channel, scored in channels.items():
        weight = 1.0 if weights is None else weights.get(channel, 1.0)
        if weight == 0 or not scored:
            continue
        best = max(score for _, score in scored)
        worst = min(score for _, score in scored) if len(scored) > 1 else 0.0
        spread = best - worst
        for key, score in scored:
            fused[key] = fused.get(key, 0.0) + weight * ((score - worst) / spread if spread > 0 else 1.0)
    return fused


def ranked_first(scores: Mapping[K, float], chosen: Iterable[K]) -> dict[K, float]:
    """``scores`` with the ``chosen`` ids lifted above every other id, their own order kept.

    Ids already above all the others keep their scores.
    """
    lifted = {key for key in chosen if key in scores}
    others = max((v for k, v in scores.items() if k not in lifted), default=None)
    if not lifted or others is None:
        return dict(scores)
    out = dict(scores)
    lowest = min(scores[key] for key in lifted)
    # Enough that the lowest lifted score clears the best other one in floating point too.
    shift = max(0.0, others - lowest + max(abs(others), 1.0) * 1e-9)
    for key in lifted:
        out[key] = scores[key] + shift
    return out
