from __future__ import annotations

from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id

SESSION_DATE = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)


def turn(text: str, speaker: str = "Caroline", when: datetime = SESSION_DATE) -> Memory:
    return Memory(
        id=new_memory_id(Kind.EPISODE, seed=f"{speaker}:{text}"),
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=when,
        valid_at=when,
        provenance=Provenance(speaker=speaker),
    )
