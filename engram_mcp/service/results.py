"""What the memory service answers: plain values the server and the benchmarks read."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath

from engram_mcp.errors import MalformedMemoryFile
from engram_mcp.model import Memory

__all__ = ["Recall", "RecalledMemory", "ReconcileReport"]


@dataclass(frozen=True, slots=True)
class RecalledMemory:
    memory: Memory
    score: float
    file: PurePosixPath | None
    supports: str | None = None
    """Set on a turn recalled as the source of a recalled fact: that fact's id."""


@dataclass(frozen=True, slots=True)
class Recall:
    """What recall found. ``abstained`` means nothing relevant enough was known."""

    memories: tuple[RecalledMemory, ...]
    abstained: bool
    confidence: float = 1.0
    """The best dense cosine of any candidate; recall abstains below the configured threshold."""
    context: str = ""
    """The memories as a block ready to inject into a prompt, under the context token budget."""
    context_tokens: int = 0


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    memories: int
    embedded: int
    deleted: int
    errors: tuple[MalformedMemoryFile, ...] = field(default_factory=tuple)
