"""What a purge must remove, so nothing of the forgotten text survives anywhere. Pure.

Purging a fact takes its whole supersession chain and the turns it was distilled from.
Purging a turn takes the facts derived from it; a fact that other, surviving turns also
support stays, with the purged turn dropped from its sources.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from engram_mcp.model.records import Kind, Memory
from engram_mcp.model.supersede import chain

__all__ = ["PurgePlan", "plan_purge"]


@dataclass(frozen=True, slots=True)
class PurgePlan:
    remove: tuple[str, ...]
    """Every memory to delete, in a stable order."""
    trimmed: tuple[Memory, ...]
    """Surviving facts with the purged turns dropped from their sources."""


def plan_purge(memories: Mapping[str, Memory], start: Iterable[str]) -> PurgePlan:
    doomed: set[str] = set()
    waiting = [memory_id for memory_id in start if memory_id in memories]
    while waiting:
        memory_id = waiting.pop()
        if memory_id in doomed:
            continue
        doomed.add(memory_id)
        memory = memories[memory_id]
        if memory.kind is Kind.FACT:
            waiting.extend(m.id for m in chain(memories, memory_id))
            waiting.extend(t for t in memory.provenance.turn_ids if t in memories)
        else:
            waiting.extend(
                m.id
                for m in memories.values()
                if m.kind is Kind.FACT
                and memory_id in m.provenance.turn_ids
                and all(t in doomed or t not in memories for t in m.provenance.turn_ids)
            )
    trimmed = tuple(
        replace(m, provenance=replace(m.provenance, turn_ids=tuple(t for t in m.provenance.turn_ids if t not in doomed)))
        for m in memories.values()
        if m.id not in doomed and any(t in doomed for t in m.provenance.turn_ids)
    )
    return PurgePlan(remove=tuple(sorted(doomed)), trimmed=trimmed)
