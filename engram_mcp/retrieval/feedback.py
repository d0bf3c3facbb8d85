"""Pseudo-relevance feedback: the question moved towards what its best matches are about. Pure.

A question names a kind of thing ("what activities does she do?"); the turns that answer it
name instances ("I signed up for a pottery class"). The first pass finds a few of them; the
mean of their stored vectors, added to the question's (Rocchio), points at the rest, which a
second dense search then finds in words the question never used.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["moved_towards"]


def moved_towards(question: Sequence[float], found: Sequence[Sequence[float]], mix: float) -> list[float]:
    """unit(question + ``mix`` × mean(found)); the question itself when nothing was found."""
    if not found or mix <= 0:
        return list(question)
    mean = [sum(values) / len(found) for values in zip(*found, strict=True)]
    moved = [q + mix * m for q, m in zip(question, mean, strict=True)]
    norm = math.sqrt(sum(x * x for x in moved))
    return [x / norm for x in moved] if norm > 0 else list(question)
