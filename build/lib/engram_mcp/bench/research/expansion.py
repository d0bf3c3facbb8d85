"""Neighbour expansion and session aggregation: post-processing on fused turn scores.

Evidence in conversations clusters: the answer often sits in the turn after the one that
matches the question, and the turns that answer one question tend to share a session.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["expand_neighbours", "rank", "session_boost"]


def expand_neighbours(
    scores: Mapping[int, float],
    session_of: Sequence[str],
    window: int = 1,
    decay: float = 0.5,
    top: int | None = None,
) -> dict[int, float]:
    """Give each turn's neighbours (same session, within ``window`` positions) ``decay`` × its score.

    Turns are positions in write order. A neighbour keeps the larger of its own score and
    the one it inherits, so expansion never lowers a turn. Only the ``top`` best hits spread.
    """
    out = dict(scores)
    sources = sorted(scores.items(), key=lambda item: -item[1])
    if top is not None:
        sources = sources[:top]
    for position, score in sources:
        for offset in range(1, window + 1):
            inherited = score * decay**offset
            for neighbour in (position - offset, position + offset):
                if 0 <= neighbour < len(session_of) and session_of[neighbour] == session_of[position]:
                    if inherited > out.get(neighbour, 0.0):
                        out[neighbour] = inherited
    return out


def session_boost(
    scores: Mapping[int, float], session_of: Sequence[str], weight: float = 0.5, depth: int = 3
) -> dict[int, float]:
    """Add ``weight`` × (mean of the session's ``depth`` best turn scores) to each scored turn."""
    by_session: dict[str, list[float]] = {}
    for position, score in scores.items():
        by_session.setdefault(session_of[position], []).append(score)
    session_score = {
        s: sum(sorted(v, reverse=True)[:depth]) / depth for s, v in by_session.items()
    }
    return {p: s + weight * session_score[session_of[p]] for p, s in scores.items()}


def rank(scores: Mapping[int, float], limit: int) -> list[int]:
    """Best first; ties broken by earlier position."""
    return [p for p, _ in sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]]
