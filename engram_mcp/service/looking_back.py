"""What held at a moment when nothing is asked: ``as_of`` without a question. Pure: it reads a
catalogue and writes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.retrieval.catalogue import Catalogue

__all__ = ["held_at"]


def held_at(
    catalogue: Catalogue, namespace: str, moment: datetime, axis: Axis, types: Sequence[MemoryType], limit: int
) -> list[Memory]:
    """At most ``limit`` memories of ``namespace`` visible at ``moment``: instructions and facts first,
    then the latest turns. Read from the latest back, so it costs the answer, not the memory."""
    visible: list[Memory] = []
    # In world time nothing is true before its event time (temporal.valid_interval).
    until = moment if axis is Axis.VALID else None
    for turns in (False, True):
        for m in catalogue.latest(namespace, turns=turns, until=until):
            if len(visible) >= limit and m.event_time < visible[-1].event_time:
                break  # everything tied with the last one taken is in; the sort settles ties
            if (not types or m.type in types) and visible_at(m, moment, axis):
                visible.append(m)
        if len(visible) >= limit:
            break
    visible.sort(key=lambda m: (m.kind is Kind.EPISODE, -m.event_time.timestamp(), m.id))
    return visible[:limit]
