"""The scale-out index: a collection on a Qdrant server or cluster, through qdrant-client.

Sparse vectors are computed here with the same encoder as the embedded index (the
collection applies the IDF), so both backends rank keyword queries identically and no
embedding model has to be downloaded. Writes use ``wait=True``: a call returns once the
server has applied it.

Built for a shared cluster: namespaces are Qdrant tenants (a keyword index with
``is_tenant``, so each namespace's points are stored together), every field a filter reads
has a payload index, a reindex is sent in batches, and transient failures (connection
errors, 429, 5xx) are retried with backoff before a clear error names the server.
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from engram_mcp.errors import ConfigError, EngramError, InvalidInput
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

__all__ = ["ClusterLayout", "QdrantServerIndex", "QdrantUnavailable", "Retry"]

logger = logging.getLogger(__name__)

DENSE = "dense"
SPARSE = "bm25"
TENANT_FIELD = "namespace"
_SCROLL_PAGE = 1024
_UPSERT_BATCH = 256
_TRANSIENT_STATUS = frozenset({408, 429, 500, 502, 503, 504})

T = TypeVar("T")


class QdrantUnavailable(EngramError):
    """The Qdrant server could not be reached, or kept failing, after the retries."""


@dataclass(frozen=True, slots=True)
class Retry:
    """How often and how patiently a transient failure is retried (exponential backoff)."""

    attempts: int = 5
    first_delay: float = 0.2
    max_delay: float = 5.0
    sleep: Callable[[float], None] = time.sleep

    def run(self, what: str, call: Callable[[], T], where: str) -> T:
        delay = self.first_delay
        for attempt in range(1, self.attempts + 1):
            try:
                return call()
            except (ResponseHandlingException, UnexpectedResponse) as error:
                if not _transient(error):
                    raise
                if attempt == self.attempts:
                    raise QdrantUnavailable(
                        f"the Qdrant server at {where} is unreachable or failing ({what}: {_reason(error)}) "
                        f"after {attempt} attempts; check qdrant_url and that the server is up"
                    ) from error
                logger.warning("qdrant %s failed (%s); retry %d in %.1fs", what, _reason(error), attempt, delay)
                self.sleep(delay)
                delay = min(delay * 2, self.max_delay)
        raise AssertionError("unreachable")


@dataclass(frozen=True, slots=True)
class ClusterLayout:
    """How a new collection is laid out on a cluster (docs/SCALE.md); ignored by local mode."""

    shards: int = 1
    replication_factor: int = 1
    write_consistency_factor: int = 1
    quantization: bool = False
    """int8 scalar quantization kept in RAM: about a quarter of the vector memory."""


class QdrantServerIndex(ClosesOnExit):
    """A VectorIndex over one collection, created on first use. Owns ``client`` and closes it."""

    def __init__(
        self,
        client: QdrantClient,
        collection: str,
        dim: int,
        *,
        sparse: SparseEncoder | None = None,
        layout: ClusterLayout | None = None,
        retry: Retry | None = None,
        where: str = "the configured url",
    ) -> None:
        if dim <= 0:
            raise InvalidInput(f"vector dimension must be positive, got {dim}")
        self._client = client
        self.collection = collection
        self.dim = dim
        self._sparse = sparse if sparse is not None else Bm25Encoder()
        self._layout = layout or ClusterLayout()
        self._retry = retry or Retry()
        self._where = where
        self._ensure_collection()

    def upsert(self, entries: Sequence[IndexEntry]) -> None:
        # Batches keep a full reindex of a large folder within the server's request size limit
        # and let a transient failure retry one batch, not the whole folder.
        for start in range(0, len(entries), _UPSERT_BATCH):
            points = [self._point(entry) for entry in entries[start : start + _UPSERT_BATCH]]
            self._call("upsert", functools.partial(self._client.upsert, self.collection, points=points, wait=True))

    def delete(self, memory_ids: Sequence[str]) -> None:
        for start in range(0, len(memory_ids), _UPSERT_BATCH):
            ids: list[models.ExtendedPointId] = [point_id(m) for m in memory_ids[start : start + _UPSERT_BATCH]]
            selector = models.PointIdsList(points=ids)
            remove = functools.partial(self._client.delete, self.collection, points_selector=selector, wait=True)
            self._call("delete", remove)

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
            scroll = functools.partial(
                self._client.scroll,
                self.collection,
                scroll_filter=where,
                limit=_SCROLL_PAGE,
                offset=offset,
                with_payload=["memory_id", "content_hash"],
                with_vectors=False,
            )
            records, offset = self._call("scroll", scroll)
            for record in records:
                payload = record.payload or {}
                hashes[str(payload["memory_id"])] = str(payload["content_hash"])
            if offset is None:
                return hashes

    def count(self) -> int:
        return self._call("count", lambda: self._client.count(self.collection, exact=True)).count

    def close(self) -> None:
        self._client.close()

    def _call(self, what: str, call: Callable[[], T]) -> T:
        return self._retry.run(what, call, self._where)

    def _ensure_collection(self) -> None:
        if self._call("collection_exists", lambda: self._client.collection_exists(self.collection)):
            self._check_collection()
            return
        layout = self._layout
        quantization = (
            models.ScalarQuantization(
                scalar=models.ScalarQuantizationConfig(type=models.ScalarType.INT8, quantile=0.99, always_ram=True)
            )
            if layout.quantization
            else None
        )
        self._call(
            "create_collection",
            lambda: self._client.create_collection(
                self.collection,
                vectors_config={DENSE: models.VectorParams(size=self.dim, distance=models.Distance.COSINE)},
                sparse_vectors_config={SPARSE: models.SparseVectorParams(modifier=models.Modifier.IDF)},
                shard_number=layout.shards,
                replication_factor=layout.replication_factor,
                write_consistency_factor=layout.write_consistency_factor,
                quantization_config=quantization,
            ),
        )
        for field, schema in payload_schema().items():
            create = functools.partial(self._client.create_payload_index, self.collection, field, schema, wait=True)
            self._call("create_payload_index", create)
        logger.debug("created collection %s (dim %d)", self.collection, self.dim)

    def _check_collection(self) -> None:
        params = self._call("get_collection", lambda: self._client.get_collection(self.collection)).config.params
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
        response = self._call(
            "query",
            lambda: self._client.query_points(
                self.collection,
                query=query,
                using=using,
                query_filter=_client_filter(conditions_for(where)),
                limit=limit,
                with_payload=["memory_id"],
                with_vectors=False,
            ),
        )
        return [ScoredId(str((hit.payload or {})["memory_id"]), float(hit.score)) for hit in response.points]

    def _check_dim(self, got: int) -> None:
        if got != self.dim:
            raise InvalidInput(
                f"vector has {got} dimensions, collection {self.collection!r} expects {self.dim}"
            )


def payload_schema() -> dict[str, models.PayloadSchemaType | models.KeywordIndexParams]:
    """The payload index of every field a filter reads; the namespace is the tenant key."""
    schema: dict[str, models.PayloadSchemaType | models.KeywordIndexParams] = {}
    for field in KEYWORD_FIELDS:
        schema[field] = (
            models.KeywordIndexParams(type=models.KeywordIndexType.KEYWORD, is_tenant=True)
            if field == TENANT_FIELD
            else models.PayloadSchemaType.KEYWORD
        )
    for field in TIME_FIELDS:
        schema[field] = models.PayloadSchemaType.FLOAT
    return schema


def _transient(error: Exception) -> bool:
    if isinstance(error, UnexpectedResponse):
        return error.status_code in _TRANSIENT_STATUS
    return True  # ResponseHandlingException wraps connection and timeout errors


def _reason(error: Exception) -> str:
    if isinstance(error, UnexpectedResponse):
        return f"HTTP {error.status_code}"
    cause = error.__cause__ or error
    return f"{type(cause).__name__}: {cause}".strip()


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
