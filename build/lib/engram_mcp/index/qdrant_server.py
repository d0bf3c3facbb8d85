"""The scale-out index: a collection on a Qdrant server or cluster, through qdrant-client.

Sparse vectors are computed here with the same encoder as the embedded index (the
collection applies the IDF), so both backends rank keyword queries identically and no
embedding model has to be downloaded. Writes use ``wait=True``: a call returns once the
server has applied it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from types import TracebackType

from qdrant_client import QdrantClient, models

from engram_mcp.errors import ConfigError, InvalidInput
from engram_mcp.index.base import IndexEntry, MemoryFilter, ScoredId
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

__all__ = ["QdrantServerIndex"]

logger = logging.getLogger(__name__)

DENSE = "dense"
SPARSE = "bm25"
_SCROLL_PAGE = 1024


class QdrantServerIndex:
    """A VectorIndex over one collection, created on first use. Owns ``client`` and closes it."""

    def __init__(
        self, client: QdrantClient, collection: str, dim: int, *, sparse: SparseEncoder | None = None
    ) -> None:
        if dim <= 0:
            raise InvalidInput(f"vector dimension must be positive, got {dim}")
        self._client = client
        self.collection = collection
        self.dim = dim
        self._sparse = sparse if sparse is not None else Bm25Encoder()
        self._ensure_collection()

    def upsert(self, entries: Sequence[IndexEntry]) -> None:
        if not entries:
            return
        points = [self._point(entry) for entry in entries]
        self._client.upsert(self.collection, points=points, wait=True)

    def delete(self, memory_ids: Sequence[str]) -> None:
        if not memory_ids:
            return
        ids: list[models.ExtendedPointId] = [point_id(m) for m in memory_ids]
        self._client.delete(self.collection, points_selector=models.PointIdsList(points=ids), wait=True)

    def search_dense(self, vector: Sequence[float], where: MemoryFilter, limit: int) -> list[ScoredId]:
        self._check_dim(len(vector))
        return self._query([float(x) for x in vector], DENSE, where, limit)

    def search_sparse(self, text: str, where: MemoryFilter, limit: int) -> list[ScoredId]:
        query = self._sparse.query(text)
        if not query:
            return []
        vector = models.SparseVector(indices=list(query.indices), values=list(query.values))
        return self._query(vector, SPARSE, where, limit)

    def content_hashes(self, namespace: str | None = None) -> dict[str, str]:
        """memory id -> content hash of every indexed memory (of one namespace, if given)."""
        where = _client_filter(conditions_for(MemoryFilter(namespace=namespace)))
        hashes: dict[str, str] = {}
        offset: models.ExtendedPointId | None = None
        while True:
            records, offset = self._client.scroll(
                self.collection,
                scroll_filter=where,
                limit=_SCROLL_PAGE,
                offset=offset,
                with_payload=["memory_id", "content_hash"],
                with_vectors=False,
            )
            for record in records:
                payload = record.payload or {}
                hashes[str(payload["memory_id"])] = str(payload["content_hash"])
            if offset is None:
                return hashes

    def count(self) -> int:
        return self._client.count(self.collection, exact=True).count

    def close(self) -> None:
        self._client.close()

    def __enter__(self) -> QdrantServerIndex:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def _ensure_collection(self) -> None:
        if self._client.collection_exists(self.collection):
            self._check_collection()
            return
        self._client.create_collection(
            self.collection,
            vectors_config={DENSE: models.VectorParams(size=self.dim, distance=models.Distance.COSINE)},
            sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
        )
        for field in KEYWORD_FIELDS:
            self._client.create_payload_index(self.collection, field, models.PayloadSchemaType.KEYWORD)
        for field in TIME_FIELDS:
            self._client.create_payload_index(self.collection, field, models.PayloadSchemaType.FLOAT)
        logger.debug("created collection %s (dim %d)", self.collection, self.dim)

    def _check_collection(self) -> None:
        params = self._client.get_collection(self.collection).config.params
        vectors = params.vectors
        dense = vectors.get(DENSE) if isinstance(vectors, dict) else None
        sparse = params.sparse_vectors or {}
        if dense is None or SPARSE not in sparse:
            raise ConfigError(
                f"collection {self.collection!r} exists but was not made by Engram "
                f"(it needs a dense vector {DENSE!r} and a sparse vector {SPARSE!r})"
            )
        if dense.size != self.dim:
            raise ConfigError(
                f"collection {self.collection!r} holds {dense.size}-dimensional vectors, "
                f"the embedder makes {self.dim}; use another collection or rebuild this one"
            )

    def _point(self, entry: IndexEntry) -> models.PointStruct:
        self._check_dim(len(entry.vector))
        vectors: dict[str, models.Vector] = {DENSE: [float(x) for x in entry.vector]}
        document = self._sparse.document(entry.indexed_text)
        if document:
            vectors[SPARSE] = models.SparseVector(indices=list(document.indices), values=list(document.values))
        return models.PointStruct(id=point_id(entry.memory.id), vector=vectors, payload=to_payload(entry.memory))

    def _query(
        self, query: list[float] | models.SparseVector, using: str, where: MemoryFilter, limit: int
    ) -> list[ScoredId]:
        if limit <= 0:
            return []
        response = self._client.query_points(
            self.collection,
            query=query,
            using=using,
            query_filter=_client_filter(conditions_for(where)),
            limit=limit,
            with_payload=["memory_id"],
            with_vectors=False,
        )
        return [ScoredId(str((hit.payload or {})["memory_id"]), float(hit.score)) for hit in response.points]

    def _check_dim(self, got: int) -> None:
        if got != self.dim:
            raise InvalidInput(
                f"vector has {got} dimensions, collection {self.collection!r} expects {self.dim}"
            )


def _client_filter(conditions: Sequence[Condition]) -> models.Filter | None:
    if not conditions:
        return None
    return models.Filter(must=[_client_condition(c) for c in conditions])


def _client_condition(condition: Condition) -> models.FieldCondition | models.HasIdCondition:
    match condition:
        case MatchValue(key=key, value=value):
            return models.FieldCondition(key=key, match=models.MatchValue(value=value))
        case MatchAny(key=key, values=values):
            return models.FieldCondition(key=key, match=models.MatchAny(any=list(values)))
        case Range(key=key, gte=gte, lt=lt, gt=gt, lte=lte):
            return models.FieldCondition(key=key, range=models.Range(gte=gte, gt=gt, lte=lte, lt=lt))
        case HasIds(point_ids=ids):
            return models.HasIdCondition(has_id=list(ids))
