from __future__ import annotations

from datetime import datetime, timezone

from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.model.predicates import normalise

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


def slots(text: str, speaker: str = "Noor") -> set[tuple[str, str, bool]]:
    """The (predicate, object, ended) slots the rules extractor's facts for ``text`` fill."""
    facts = RulesExtractor().extract(turn(text, speaker=speaker), [])
    found = {normalise(f.subject, f.predicate, f.object) for f in facts}
    return {(slot.predicate, slot.object, slot.negated) for slot in found}
