"""Session-aware scoring: the turns of one conversation support each other. Pure.

A question about something spread over a conversation (what was decided, which options
were weighed) matches several turns of it a little, and a stray turn of another
conversation a lot. Before the list is cut, each turn gains a share of its session's
evidence — the mean of the session's best ``top`` scores — so a session that matches in
several places outranks one lucky turn, while the order of turns inside a session stays
theirs. The single best match stays first whatever its session: the evidence of a session
decides which conversations come next, never hides the one turn that answers best
(the pipeline keeps it first with ``retrieval.fusion.ranked_first``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Mapping, Sequence

__all__ = ["spread_over_sessions", "with_session_evidence"]


def with_session_evidence(
    scores: Mapping[str, float],
    session_of: Callable[[str], Hashable | None],
    weight: float,
    top: int = 3,
) -> dict[str, float]:
    """score + ``weight`` × (mean of the best ``top`` scores of the memory's session).

    Memories without a session (facts, notes) keep their score. ``top`` counts missing
    places as zero, so one strong turn alone lifts its session less than three do.
    """
    if weight <= 0 or top <= 0:
        return dict(scores)
    best: dict[Hashable, list[float]] = {}
    keys: dict[str, Hashable] = {}
    for memory_id, score in scores.items():
        key = session_of(memory_id)
        if key is None:
            continue
        keys[memory_id] = key
        best.setdefault(key, []).append(score)
    support = {key: sum(sorted(values, reverse=True)[:top]) / top for key, values in best.items()}
    return {
        memory_id: score + weight * support[keys[memory_id]] if memory_id in keys else score
        for memory_id, score in scores.items()
    }


def spread_over_sessions(
    ranked: Sequence[tuple[str, float]], session_of: Callable[[str], Hashable | None], decay: float
) -> list[tuple[str, float]]:
    """Re-rank so that each further turn of an already listed session counts ``decay`` × less.

    A question whose answer is spread over several conversations ('what activities does she
    do?') needs one turn from each of them more than a third turn from the best one. The
    n-th turn of a session (n from 0) keeps ``score × decay ** n``; a session's best turn and
    memories outside sessions keep their score, so the order of sessions by their best turn
    never changes. ``decay`` 1 changes nothing. Input and output are best first.
    """
    if decay >= 1.0:
        return list(ranked)
    seen: Counter[Hashable] = Counter()
    out: list[tuple[str, float]] = []
    for memory_id, score in ranked:
        key = session_of(memory_id)
        if key is None:
            out.append((memory_id, score))
            continue
        out.append((memory_id, score * decay ** seen[key]))
        seen[key] += 1
    out.sort(key=lambda item: -item[1])
    return out
