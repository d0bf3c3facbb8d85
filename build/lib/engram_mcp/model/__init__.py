"""Pure domain: memory records and the rules over them. Standard library only."""

from engram_mcp.model.records import (
    MEMORY_ID_PATTERN,
    Certainty,
    Kind,
    Memory,
    MemoryType,
    Provenance,
    Source,
    content_hash,
    ensure_utc,
    new_memory_id,
    point_id,
)

__all__ = [
    "MEMORY_ID_PATTERN",
    "Certainty",
    "Kind",
    "Memory",
    "MemoryType",
    "Provenance",
    "Source",
    "content_hash",
    "ensure_utc",
    "new_memory_id",
    "point_id",
]
