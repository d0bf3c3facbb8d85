"""The embedded index: Qdrant's engine in-process (qdrant-edge), one shard in one folder.

Durability: the shard runs without its write-ahead log and every write is flushed before
``upsert``/``delete`` return, so a process killed after a call returned loses nothing.
The log is off because qdrant-edge never truncates it: every payload ever written would stay
in ``wal/`` after its point was deleted, and deleted memories must be purgeable.

Search structures: new points land in a plain segment that is searched by brute force; only
the optimiser builds the HNSW graph. With a background flusher the index optimises itself
once ``OPTIMIZE_AFTER`` points were written since the last build, in a quiet moment (below),
so dense search stays logarithmic as a memory grows, and a bulk write such as a reindex is
built once, at its end. Up to ``SEGMENTS`` segments are kept before small ones are merged,
and no merge makes a segment above ``SEGMENT_KB``: with the engine's default (as many
segments as cores) every build merged the whole index again, so a build cost what the
index held, 18 s at 100,000 memories; it now costs the points written since the last one.

Background work waits for a quiet moment: qdrant-edge holds Python's interpreter lock while
it flushes or optimises (searches release it), so a flush, about 30 ms at 100,000 points, or
a build, 1–2 s for 5,000 new points, stalls every other thread of the process, a recall
included. The flusher therefore waits until the index has gone unused for
``flush_interval`` (or writes have waited ``FLUSH_OVERDUE`` seconds) before it flushes or
optimises (docs/BENCHMARKS.md, Scale).

Locking: one process owns the folder. qdrant-edge's own guard (a lock on its log) goes with
the log, and a second opener that gets past it damages the first one's files, so the folder
is locked here with ``flock`` before the engine touches anything.
"""

from __future__ import annotations

import atexit
import fcntl
import logging
import os
import shutil
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import qdrant_edge as qe

from engram_mcp.errors import ConfigError, EngramError, InvalidInput, MemoryFolderLocked
from engram_mcp.index.base import ClosesOnExit, IndexEntry, MemoryFilter, ScoredId
from engram_mcp.index.payload import (
    KEYWORD_FIELDS,
    TIME_FIELDS,
    Condition,
    HasIds,
    MatchAny,
    MatchValue,
    Range,
    conditions_for,
    to_payload,
)
from engram_mcp.index.sparse import Bm25Encoder, SparseEncoder
from engram_mcp.model import point_id

__all__ = ["EdgeIndex", "ScratchIndex"]

logger = logging.getLogger(__name__)

DENSE = "dense"
SPARSE = "bm25"
LOCK_FILE = "engram-index.lock"
_CONFIG_FILE = "edge_config.json"
_SCROLL_PAGE = 1024
OPTIMIZE_AFTER = 5_000
SEGMENTS = 8
SEGMENT_KB = 40_000
"""About 26,000 vectors of 384 dimensions: the largest merge, and so the longest build, there can be."""
FLUSH_OVERDUE = 30.0


class EdgeIndex(ClosesOnExit):
    """A VectorIndex over a qdrant-edge shard at ``path`` (created on first use).

    Holds the folder's lock until ``close``; a second opener gets ``MemoryFolderLocked``.
    """

    def __init__(
        self,
        path: Path,
        dim: int,
        *,
        sparse: SparseEncoder | None = None,
        flush_interval: float | None = None,
        optimize_after: int = OPTIMIZE_AFTER,
        flush_overdue: float = FLUSH_OVERDUE,
    ) -> None:
        """``flush_interval``: None flushes before every write returns; a number of seconds
        flushes in the background instead, once the index has gone unused that long, for a
        derived index whose source of truth is elsewhere (a crash then loses the writes not
        flushed yet, at most ``flush_overdue`` seconds' worth, which reconciliation restores),
        and builds the search graph in the background after ``optimize_after`` new points."""
        if dim <= 0:
            raise InvalidInput(f"vector dimension must be positive, got {dim}")
        self.path = path
        self.dim = dim
        self._sparse = sparse if sparse is not None else Bm25Encoder()
        path.mkdir(parents=True, exist_ok=True)
        # Searches return point ids and are mapped here rather than reading each hit's payload:
        # payload pages live in files the kernel may have evicted, and reading them back cost a
        # cold recall tens of milliseconds (docs/BENCHMARKS.md, Scale). Filled by writes and by
        # the content-hash scroll (start-up's reconciliation reads them all); a hit not known
        # yet is looked up once. Keyed by the engine's own id objects (UUIDs): a string per hit
        # cost recall about a millisecond.
        self._memory_ids: dict[object, str] = {}
        self._lock_fd: int | None = _lock(path)
        try:
            self._shard: qe.EdgeShard | None = self._open()
        except BaseException:
            self._unlock()
            raise
        self._flush_interval = flush_interval
        self._flush_overdue = flush_overdue
        self._last_use = time.monotonic()
        self._dirty_since = 0.0
        self._unoptimized = 0
        self._optimize_after = optimize_after
        self._optimizing = threading.Lock()
        self._dirty = threading.Event()
        self._closing = threading.Event()
        self._flusher: threading.Thread | None = None
        if flush_interval is not None:
            self._flusher = threading.Thread(target=self._flush_loop, name="engram-index-flush", daemon=True)
            self._flusher.start()

    def upsert(self, entries: Sequence[IndexEntry]) -> None:
        if not entries:
            return
        self._last_use = time.monotonic()
        points = [self._point(entry) for entry in entries]
        shard = self._live()
        for entry in entries:
            self._memory_ids[uuid.UUID(point_id(entry.memory.id))] = entry.memory.id
        shard.update(qe.UpdateOperation.upsert_points(points))
        self._unoptimized += len(points)
        self._written(shard)

    def delete(self, memory_ids: Sequence[str]) -> None:
        if not memory_ids:
            return
        self._last_use = time.monotonic()
        shard = self._live()
        ids: list[qe.PointId] = [point_id(m) for m in memory_ids]
        shard.update(qe.UpdateOperation.delete_points(ids))
        for point in ids:
            self._memory_ids.pop(uuid.UUID(str(point)), None)
        self._written(shard)

    def flush(self) -> None:
        """Make every write so far durable on disk."""
        self._dirty.clear()
        self._live().flush()

    def _written(self, shard: qe.EdgeShard) -> None:
        if self._flush_interval is None:
            shard.flush()
        else:
            if not self._dirty.is_set():
                self._dirty_since = time.monotonic()
            self._dirty.set()

    def _flush_loop(self) -> None:
        assert self._flush_interval is not None
        while not self._closing.wait(self._flush_interval):
            if self._shard is None:
                continue
            now = time.monotonic()
            quiet = now - self._last_use >= self._flush_interval
            try:
                if self._dirty.is_set():
                    if quiet or now - self._dirty_since >= self._flush_overdue:
                        self.flush()
                elif quiet and self._unoptimized >= self._optimize_after:
                    # A bulk write (a reindex) is built once, at its end.
                    self._optimize()
            except Exception:  # the next write retries; close() flushes
                logger.exception("background flush or optimisation of the index failed")

    def _optimize(self) -> bool:
        """Build the HNSW graph over what was written since the last build (searches go on meanwhile)."""
        with self._optimizing:
            pending, self._unoptimized = self._unoptimized, 0
            logger.info("optimising the index at %s (%d points written since the last build)", self.path, pending)
            changed = self._live().optimize()
            self._live().flush()
            return changed

    def search_dense(self, vector: Sequence[float], where: MemoryFilter, limit: int) -> list[ScoredId]:
        self._check_dim(len(vector))
        return self._query(qe.Query.Nearest([float(x) for x in vector], using=DENSE), where, limit)

    def search_sparse(self, text: str, where: MemoryFilter, limit: int) -> list[ScoredId]:
        query = self._sparse.query(text)
        if not query:
            return []
        vector = qe.SparseVector(list(query.indices), list(query.values))
        return self._query(qe.Query.Nearest(vector, using=SPARSE), where, limit)

    def content_hashes(self, namespace: str | None = None) -> dict[str, str]:
        """memory id -> content hash of every indexed memory (of one namespace, if given)."""
        shard = self._live()
        where = _edge_filter(conditions_for(MemoryFilter(namespace=namespace)))
        selector = qe.PayloadSelector.Include(["memory_id", "content_hash"])
        hashes: dict[str, str] = {}
        offset: qe.PointId | None = None
        while True:
            request = qe.ScrollRequest(
                offset=offset, limit=_SCROLL_PAGE, filter=where, with_payload=selector, with_vector=False
            )
            records, offset = shard.scroll(request)
            for record in records:
                payload = record.payload or {}
                memory_id = str(payload["memory_id"])
                hashes[memory_id] = str(payload["content_hash"])
                self._memory_ids[record.id] = memory_id
            if offset is None:
                return hashes

    def count(self) -> int:
        return self._live().count(qe.CountRequest(exact=True))

    def compact(self) -> bool:
        """Rewrite segments holding deleted points, so their data leaves the files on disk.

        Blocking; may take seconds on a large index (and builds the HNSW graph over new points).
        Returns whether anything was rewritten.
        """
        changed = self._optimize()
        logger.debug("compacted index at %s: %s", self.path, "rewritten" if changed else "nothing to do")
        return changed

    def close(self) -> None:
        self._closing.set()
        if self._flusher is not None:
            self._flusher.join()
        shard, self._shard = self._shard, None
        try:
            if shard is not None:
                shard.close()
        finally:
            self._unlock()

    def _open(self) -> qe.EdgeShard:
        config = qe.EdgeConfig(
            vectors={DENSE: qe.EdgeVectorParams(size=self.dim, distance=qe.Distance.Cosine)},
            sparse_vectors={SPARSE: qe.EdgeSparseVectorParams(modifier=qe.Modifier.Idf)},
            wal_enabled=False,
            # qdrant-edge's own default starts 8 search threads on this project's 2-core machine;
            # as many as the cores (at most 4) took recall p95 at 100,000 memories from 23–35 ms
            # to 19–21 ms (docs/BENCHMARKS.md, Scale).
            max_search_threads=min(4, os.cpu_count() or 1),
            # Optimisation runs when compact() asks for it or in a quiet moment; vacuum at the first
            # deleted point: that is what makes a purge actually leave the disk.
            optimizers=qe.EdgeOptimizersConfig(
                deleted_threshold=0.0,
                vacuum_min_vector_number=1,
                default_segment_number=SEGMENTS,
                max_segment_size=SEGMENT_KB,
            ),
        )
        where = str(self.path)
        if not (self.path / _CONFIG_FILE).exists():
            shard = _engine_call(self.path, lambda: qe.EdgeShard.create(where, config))
            for field in KEYWORD_FIELDS:
                shard.update(qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Keyword))
            for field in TIME_FIELDS:
                shard.update(qe.UpdateOperation.create_field_index(field, qe.PayloadSchemaType.Float))
            shard.flush()
            logger.debug("created index at %s (dim %d)", self.path, self.dim)
            return shard
        shard = _engine_call(self.path, lambda: qe.EdgeShard.load(where, config))
        logger.debug("opened index at %s", self.path)
        return shard

    def _point(self, entry: IndexEntry) -> qe.Point:
        self._check_dim(len(entry.vector))
        vectors: dict[str, qe.NamedVector] = {DENSE: [float(x) for x in entry.vector]}
        document = self._sparse.document(entry.indexed_text)
        if document:
            vectors[SPARSE] = qe.SparseVector(list(document.indices), list(document.values))
        return qe.Point(point_id(entry.memory.id), vectors, to_payload(entry.memory))

    def _query(self, query: qe.Query, where: MemoryFilter, limit: int) -> list[ScoredId]:
        if limit <= 0:
            return []
        self._last_use = time.monotonic()
        request = qe.QueryRequest(
            limit=limit,
            query=query,
            filter=_edge_filter(conditions_for(where)),
            with_payload=False,
            with_vector=False,
        )
        shard = self._live()
        hits = [(hit.id, hit.score) for hit in shard.query(request)]
        known = self._memory_ids
        unknown = [point for point, _ in hits if point not in known]
        if unknown:
            selector = qe.PayloadSelector.Include(["memory_id"])
            for record in shard.retrieve(unknown, with_payload=selector, with_vector=False):
                known[record.id] = str((record.payload or {})["memory_id"])
        return [ScoredId(known[point], float(score)) for point, score in hits]

    def _check_dim(self, got: int) -> None:
        if got != self.dim:
            raise InvalidInput(f"vector has {got} dimensions, the index at {self.path} expects {self.dim}")

    def _live(self) -> qe.EdgeShard:
        if self._shard is None:
            raise EngramError(f"the index at {self.path} is closed")
        return self._shard

    def _unlock(self) -> None:
        fd, self._lock_fd = self._lock_fd, None
        if fd is not None:
            os.close(fd)


def _edge_filter(conditions: Sequence[Condition]) -> qe.Filter | None:
    if not conditions:
        return None
    return qe.Filter(must=[_edge_condition(c) for c in conditions])


def _edge_condition(condition: Condition) -> qe.FieldCondition | qe.HasIdCondition:
    match condition:
        case MatchValue(key=key, value=value):
            return qe.FieldCondition(key=key, match=qe.MatchValue(value))
        case MatchAny(key=key, values=values):
            return qe.FieldCondition(key=key, match=qe.MatchAny(list(values)))
        case Range(key=key, gte=gte, lt=lt, gt=gt, lte=lte):
            return qe.FieldCondition(key=key, range=qe.RangeFloat(gte=gte, gt=gt, lte=lte, lt=lt))
        case HasIds(point_ids=ids):
            return qe.HasIdCondition(set(ids))


def _lock(path: Path) -> int:
    fd = os.open(path / LOCK_FILE, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        holder = os.read(fd, 32).decode(errors="replace").strip()
        os.close(fd)
        owner = f"process {holder}" if holder else "another process"
        raise MemoryFolderLocked(
            f"the index at {path} is already open in {owner}; "
            "stop that Engram server or give this one another memory folder"
        ) from None
    os.ftruncate(fd, 0)
    os.write(fd, str(os.getpid()).encode())
    return fd


def _engine_call(path: Path, open_shard: Callable[[], qe.EdgeShard]) -> qe.EdgeShard:
    try:
        return open_shard()
    except Exception as error:  # qdrant-edge raises bare Exception with a message
        message = str(error)
        if "WouldBlock" in message:
            raise MemoryFolderLocked(f"the index at {path} is already open in another process") from error
        raise ConfigError(
            f"cannot open the index at {path}: {message}. "
            "The index is derived data: delete the folder to rebuild it from the memory files."
        ) from error


class ScratchIndex(EdgeIndex):
    """An EdgeIndex in a folder of its own under the system's temporary folder, for a memory folder
    that cannot hold its index (read-only): nothing will ever open it again, so it is removed when
    the index closes, when opening it fails, and, if the process ends without closing it, at exit."""

    def __init__(self, dim: int, **options: Any) -> None:
        folder = Path(tempfile.mkdtemp(prefix="engram-index-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        try:
            super().__init__(folder, dim, **options)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def close(self) -> None:
        try:
            super().close()
        finally:
            shutil.rmtree(self.path, ignore_errors=True)
