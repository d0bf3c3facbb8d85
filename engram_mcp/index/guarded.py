"""An index that cannot take the memory down: disk faults become reasons, not crashes.

The embedded engine memory-maps its files, so a write that needs a new page on a full disk
kills the process with SIGBUS (nothing on stderr, nothing to catch). This wrapper checks the
free space of the index's file system before opening the index and before every write, and
turns every failure to open or write it into a ``StorageError`` that names the folder and the
reason. It opens the index lazily and retries on each call, so the memory recovers by itself
once space is freed or the folder is reachable again.

Callers check ``check_writable`` and ``open`` before they write the markdown, so a write is
refused whole. If the index still fails after that, the markdown (the source of truth) already
holds the memory: the entries are kept and written with the next write that succeeds, and
until then ``content_hashes`` lacks them, so a check reports them as not indexed.
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from engram_mcp.errors import EngramError, MemoryFolderLocked, StorageError
from engram_mcp.index.base import IndexEntry, MemoryFilter, ScoredId, VectorIndex

__all__ = ["MIN_FREE_BYTES", "GuardedIndex", "free_bytes"]

log = logging.getLogger(__name__)

# Enough for the engine to create its segment files and grow them by a chunk.
MIN_FREE_BYTES = 32 * 1024 * 1024


class GuardedIndex:
    """A ``VectorIndex`` opened on first use, refusing writes it cannot make safely."""

    def __init__(self, open_index: Callable[[], VectorIndex], folder: Path, min_free: int = MIN_FREE_BYTES) -> None:
        self._open_index = open_index
        self.folder = folder
        self._min_free = min_free
        self._index: VectorIndex | None = None
        self._lock = threading.RLock()
        self._owed: dict[str, IndexEntry] = {}
        self._owed_deletes: set[str] = set()

    def check_writable(self) -> None:
        """Raise StorageError if a write could not be made safely now (low space, unreachable)."""
        free = free_bytes(self.folder)
        if free is None:
            raise StorageError(f"the search index folder {self.folder} cannot be reached")
        if free < self._min_free:
            raise StorageError(
                f"the disk holding {self.folder} is full ({free // 1024 // 1024} MB free, "
                f"{self._min_free // 1024 // 1024} MB needed); free some space and try again"
            )

    def open(self) -> VectorIndex:
        """The index, opened now if it was not yet (start-up calls it to report faults early)."""
        with self._lock:
            if self._index is None:
                self.check_writable()
                try:
                    self._index = self._open_index()
                except MemoryFolderLocked:
                    raise
                except (OSError, EngramError) as error:
                    reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
                    raise StorageError(f"the search index at {self.folder} cannot be opened: {reason}") from error
            return self._index

    def upsert(self, entries: Sequence[IndexEntry]) -> None:
        with self._lock:
            for entry in entries:
                self._owed[entry.memory.id] = entry
                self._owed_deletes.discard(entry.memory.id)
            self._settle()

    def delete(self, memory_ids: Sequence[str]) -> None:
        with self._lock:
            for memory_id in memory_ids:
                self._owed.pop(memory_id, None)
                self._owed_deletes.add(memory_id)
            self._settle()

    @property
    def owed(self) -> int:
        """Writes the index still owes the markdown (after a failure)."""
        return len(self._owed) + len(self._owed_deletes)

    def _settle(self) -> None:
        if not (self._owed or self._owed_deletes):
            return
        try:
            deletes, entries = list(self._owed_deletes), list(self._owed.values())
            self._write(lambda index: index.delete(deletes) if deletes else None)
            self._owed_deletes.difference_update(deletes)
            self._write(lambda index: index.upsert(entries) if entries else None)
            for entry in entries:
                if self._owed.get(entry.memory.id) is entry:
                    del self._owed[entry.memory.id]
        except StorageError as error:
            log.error("the search index is behind the markdown by %d writes (retried at the next one): %s",
                      self.owed, error)

    def search_dense(self, vector: Sequence[float], where: MemoryFilter, limit: int) -> list[ScoredId]:
        return self.open().search_dense(vector, where, limit)

    def search_sparse(self, text: str, where: MemoryFilter, limit: int) -> list[ScoredId]:
        return self.open().search_sparse(text, where, limit)

    def content_hashes(self, namespace: str | None = None) -> dict[str, str]:
        return self.open().content_hashes(namespace)

    def count(self) -> int:
        return self.open().count()

    def compact(self) -> bool:
        """Rewrite segments holding deleted points; an engine failure (its folder deleted under it) is a
        StorageError naming the folder, like a failed write."""
        compacted: list[bool] = []
        self._write(lambda index: compacted.append(bool(getattr(index, "compact", lambda: False)())))
        return compacted == [True]

    def flush(self) -> None:
        flush = getattr(self._index, "flush", None)
        if flush is not None:
            flush()

    def close(self) -> None:
        with self._lock:
            index, self._index = self._index, None
        if index is not None:
            index.close()

    def __getattr__(self, name: str) -> Any:
        # Anything else the wrapped index offers (e.g. ``path``) is passed through.
        if name.startswith("_") or self._index is None:
            raise AttributeError(name)
        return getattr(self._index, name)

    def _write(self, action: Callable[[VectorIndex], None]) -> None:
        self.check_writable()
        index = self.open()
        try:
            action(index)
        except StorageError:
            raise
        except EngramError:
            raise
        except Exception as error:  # noqa: BLE001 - the engine raises bare exceptions; each is a write that failed
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise StorageError(f"cannot write the search index at {self.folder}: {reason}") from error


def free_bytes(folder: Path) -> int | None:
    """Bytes free for this process on the file system holding ``folder`` (or its nearest existing parent)."""
    probe = folder
    while not probe.exists() and probe.parent != probe:
        probe = probe.parent
    try:
        status = os.statvfs(probe)
    except OSError:
        return None
    return status.f_bavail * status.f_frsize
