"""Weighted reciprocal rank fusion of ranked channels."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import TypeVar

__all__ = ["weighted_rrf"]

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
