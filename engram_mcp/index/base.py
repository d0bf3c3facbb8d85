"""The vector index port: what the service needs from Qdrant, whichever engine runs it.

The index is derived data. Every record's source of truth is the markdown store; the index
holds a vector, a sparse BM25 vector and the payload fields needed to filter, plus the
record's content hash so that reconciliation can tell what changed without re-embedding.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Protocol, Self

from engram_mcp.model import Kind, Memory, MemoryType

__all__ = ["IndexEntry", "MemoryFilter", "ScoredId", "VectorIndex"]


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """A memory and its dense vector, ready to upsert. The index computes the sparse vector
    from ``text``: what the dense vector was computed from (the memory's text in context)."""

    memory: Memory
    vector: Sequence[float]
    text: str = ""

    @property
    def indexed_text(self) -> str:
        return self.text or self.memory.text


@dataclass(frozen=True, slots=True)
class ScoredId:
    memory_id: str
    score: float


@dataclass(frozen=True, slots=True)
class MemoryFilter:
    """Which memories a query may return. Empty tuples mean 'no restriction'.

    ``valid_at``: only memories true in the world at that moment
    (valid_at, or created_at when unknown, <= moment < invalid_at).
    ``known_at``: only memories the system believed at that moment
    (created_at <= moment < expired_at).
    ``current_only``: current at ``present`` (``temporal.current_at``): not withdrawn, and not
    ended in the world by then (what begins later is upcoming, and current); without
    ``present``, only memories with no end at all.
    ``happened_within``: only memories whose event time (when it happened or became true,
    else when it was learned) lies in ``[start, end)``.
    """

    namespace: str | None = None
    kinds: tuple[Kind, ...] = ()
    types: tuple[MemoryType, ...] = ()
    entities: tuple[str, ...] = ()
    current_only: bool = False
    present: datetime | None = None
    valid_at: datetime | None = None
    known_at: datetime | None = None
    ids: tuple[str, ...] = ()
    happened_within: tuple[datetime, datetime] | None = None


class VectorIndex(Protocol):
    """Dense + sparse search over memories, with payload filters."""

    def upsert(self, entries: Sequence[IndexEntry]) -> None: ...

    def delete(self, memory_ids: Sequence[str]) -> None: ...

    def search_dense(self, vector: Sequence[float], where: MemoryFilter, limit: int) -> list[ScoredId]: ...

    def search_sparse(self, text: str, where: MemoryFilter, limit: int) -> list[ScoredId]: ...

    def content_hashes(self, namespace: str | None = None) -> dict[str, str]:
        """memory id -> content hash of every indexed memory (of one namespace, if given)."""
        ...

    def count(self) -> int: ...

    def close(self) -> None: ...


class ClosesOnExit:
    """``with index:`` closes the index at the end of the block, however it ends."""

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
