"""The index half of every write: what the service holds, embedded in batches and upserted, or deleted.

Each memory is embedded with the turn before it in its session (``retrieval.context.index_text``),
so a turn's rewrite or removal also re-embeds the turn that follows it (the service's decision).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engram_mcp.embedding.base import Embedder
from engram_mcp.index.base import IndexEntry, VectorIndex
from engram_mcp.model import Memory
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.context import index_text

__all__ = ["IndexProgress", "IndexWriter"]

# Told (done, total) after each batch a long indexing run embeds: reindex, sync, start-up.
IndexProgress = Callable[[int, int], None]

_EMBED_BATCH = 64


class IndexWriter:
    """Writes memories into the derived index; the markdown was written first by the caller."""

    def __init__(
        self, index: VectorIndex, embedder: Embedder, catalogue: Catalogue, progress: IndexProgress | None = None
    ) -> None:
        self._index = index
        self._embedder = embedder
        self._catalogue = catalogue
        self._progress = progress

    def check_writable(self) -> None:
        """Refuse a write before the caller touches the markdown when the index could not take it
        (disk full, index unreachable): a clear reason, nothing half-written. Only a guarded index can tell."""
        check = getattr(self._index, "check_writable", None)
        opener = getattr(self._index, "open", None)
        if check is not None and opener is not None:
            check()
            opener()

    def write(self, memories: Sequence[Memory]) -> None:
        """Embed and upsert ``memories``, a batch at a time; a long run reports its progress."""
        for start in range(0, len(memories), _EMBED_BATCH):
            batch = memories[start : start + _EMBED_BATCH]
            texts = [index_text(m, next(iter(self._catalogue.previous(m, 1)), None)) for m in batch]
            vectors = self._embedder.embed(texts)
            self._index.upsert(
                [IndexEntry(memory=m, vector=v, text=t) for m, v, t in zip(batch, vectors, texts, strict=True)]
            )
            if self._progress is not None and len(memories) > _EMBED_BATCH:
                self._progress(start + len(batch), len(memories))

    def delete(self, memory_ids: Sequence[str]) -> None:
        if memory_ids:
            self._index.delete(memory_ids)

    def compact(self) -> bool:
        """Rewrite index segments so deleted data leaves the disk (when the index can)."""
        compact = getattr(self._index, "compact", None)
        return bool(compact()) if compact is not None else False
