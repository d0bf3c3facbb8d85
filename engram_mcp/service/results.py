"""What the memory service answers: plain values the server and the benchmarks read."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from engram_mcp.errors import MalformedMemoryFile
from engram_mcp.model import Memory
from engram_mcp.retrieval.abstain import Coverage
from engram_mcp.retrieval.pipeline import Retrieved
from engram_mcp.retrieval.status import CURRENT, MemoryStatus

__all__ = ["Recall", "RecalledMemory", "ReconcileReport", "recall_of"]


@dataclass(frozen=True, slots=True)
class RecalledMemory:
    memory: Memory
    score: float
    file: PurePosixPath | None
    supports: str | None = None
    """Set on a turn recalled as the source of a recalled fact: that fact's id."""
    status: MemoryStatus = CURRENT
    """Whether it still holds at the moment asked about, and what replaced it."""


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
    coverage: Coverage | None = None
    """How well the store addressed the question: what abstention decided on."""


@dataclass(frozen=True, slots=True)
class ReconcileReport:
    memories: int
    embedded: int
    deleted: int
    errors: tuple[MalformedMemoryFile, ...] = field(default_factory=tuple)


def recall_of(found: Retrieved, file_of: Callable[[str], PurePosixPath | None]) -> Recall:
    """What recall and as_of answer: the retrieved hits with their files and statuses."""
    return Recall(
        memories=tuple(
            RecalledMemory(
                hit.memory,
                hit.score,
                file_of(hit.memory.id),
                hit.supports,
                found.statuses.get(hit.memory.id, CURRENT),
            )
            for hit in found.hits
        ),
        abstained=found.abstained,
        confidence=found.confidence,
        context=found.context.text,
        context_tokens=found.context.tokens,
        coverage=found.coverage,
    )
