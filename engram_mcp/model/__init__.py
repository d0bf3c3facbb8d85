"""Pure domain: memory records and the rules over them. Standard library only."""

from engram_mcp.model.records import (
    DEFAULT_NAMESPACE,
    MEMORY_ID_PATTERN,
    MEMORY_ID_REGEX,
    NAMESPACE_REGEX,
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
    told_offset,
)

__all__ = [
    "DEFAULT_NAMESPACE",
    "MEMORY_ID_PATTERN",
    "MEMORY_ID_REGEX",
    "NAMESPACE_REGEX",
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
    "told_offset",
]
