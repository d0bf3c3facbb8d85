"""QdrantServerIndex against qdrant-client's local mode (``QdrantClient(":memory:")``).

No Qdrant server binary can be installed on the development machines, so these tests run the
client's in-process implementation of the same API; a run against a real server is left to
an environment that has one.
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from qdrant_client import QdrantClient, models
from qdrant_client.http.exceptions import ResponseHandlingException, UnexpectedResponse

from engram_mcp.errors import ConfigError
from engram_mcp.index.base import IndexEntry, MemoryFilter
from engram_mcp.index.payload import conditions_for
from engram_mcp.index.qdrant_server import QdrantServerIndex, QdrantUnavailable, Retry, payload_schema
from engram_mcp.model import Kind, MemoryType, new_memory_id
from tests.index.conftest import DIM, HIKING, day
from tests.index.contract import VectorIndexContract, ids

# Local mode ignores payload indexes and says so; a server uses them.
pytestmark = pytest.mark.filterwarnings("ignore:Payload indexes have no effect in the local Qdrant")


@pytest.fixture
def client() -> Iterator[QdrantClient]:
    client = QdrantClient(":memory:")
    yield client
    client.close()


@pytest.fixture
def index(client: QdrantClient) -> QdrantServerIndex:
    return QdrantServerIndex(client, "memories", DIM)


class TestQdrantServerIndex(VectorIndexContract):
    pass


def test_a_second_index_on_the_same_collection_sees_the_same_memories(
    client: QdrantClient, index: QdrantServerIndex, entries: list[IndexEntry]
) -> None:
    index.upsert(entries)
    again = QdrantServerIndex(client, "memories", DIM)
    assert again.count() == len(entries)
    assert ids(again.search_dense(HIKING, MemoryFilter(), limit=1)) == ids(index.search_dense(HIKING, MemoryFilter(), limit=1))


def test_reusing_a_collection_with_another_dimension_is_a_config_error(
    client: QdrantClient, index: QdrantServerIndex
) -> None:
    with pytest.raises(ConfigError, match="4-dimensional"):
        QdrantServerIndex(client, "memories", 8)


def test_a_collection_not_made_by_engram_is_refused(client: QdrantClient) -> None:
    from qdrant_client import models

    client.create_collection("other", vectors_config=models.VectorParams(size=DIM, distance=models.Distance.COSINE))
    with pytest.raises(ConfigError, match="not made by Engram"):
        QdrantServerIndex(client, "other", DIM)


class CountingClient(QdrantClient):
    """The real local-mode client, counting the upsert requests it is sent."""

    def __init__(self) -> None:
        super().__init__(":memory:")
        self.upserts = 0

    def upsert(self, *args: Any, **kwargs: Any) -> Any:
        self.upserts += 1
        return super().upsert(*args, **kwargs)


def test_a_large_reindex_is_sent_in_batches_and_every_memory_arrives(entries: list[IndexEntry]) -> None:
    client = CountingClient()
    index = QdrantServerIndex(client, "memories", DIM)
    many = [
        IndexEntry(replace(e.memory, id=new_memory_id(Kind.FACT, seed=f"{n}-{e.memory.id}")), e.vector, e.text)
        for n in range(150)
        for e in entries
    ]
    index.upsert(many)
    assert index.count() == len(many)
    assert client.upserts == -(-len(many) // 256) > 1
    index.close()


def test_the_namespace_is_the_tenant_key_and_every_filtered_field_has_a_payload_index() -> None:
    schema = payload_schema()
    tenant = schema["namespace"]
    assert isinstance(tenant, models.KeywordIndexParams) and tenant.is_tenant
    everything = MemoryFilter(
        namespace="n", kinds=(Kind.FACT,), types=(MemoryType.SEMANTIC,), entities=("ana",),
        current_only=True, valid_at=day(1), known_at=day(1),
    )
    read = {c.key for c in conditions_for(everything) if hasattr(c, "key")}
    assert read and read <= set(schema)


def test_a_transient_failure_is_retried_with_growing_pauses() -> None:
    pauses: list[float] = []
    failures = iter([ResponseHandlingException(ConnectionError("refused")), UnexpectedResponse(503, "busy", b"", {})])

    def flaky() -> str:
        failure = next(failures, None)
        if failure is not None:
            raise failure
        return "ok"

    retry = Retry(attempts=3, first_delay=0.1, sleep=pauses.append)
    assert retry.run("query", flaky, "http://q:6333") == "ok"
    assert pauses == [0.1, 0.2]


def test_a_request_the_server_refuses_for_good_is_not_retried() -> None:
    pauses: list[float] = []

    def refused() -> None:
        raise UnexpectedResponse(400, "Bad Request", b"{}", {})

    with pytest.raises(UnexpectedResponse):
        Retry(sleep=pauses.append).run("upsert", refused, "http://q:6333")
    assert pauses == []


def test_an_unreachable_server_is_a_clear_error_naming_it_after_the_retries() -> None:
    """A real HTTP client against a loopback port nothing listens on (connection refused)."""
    pauses: list[float] = []
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free_port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{free_port}"
    client = QdrantClient(url=url, timeout=2, check_compatibility=False)
    with pytest.raises(QdrantUnavailable, match=rf"Qdrant server at {url} is unreachable.*after 3 attempts"):
        QdrantServerIndex(client, "memories", DIM, retry=Retry(attempts=3, sleep=pauses.append), where=url)
    assert len(pauses) == 2
    client.close()
