"""QdrantServerIndex against qdrant-client's local mode (``QdrantClient(":memory:")``).

No Qdrant server binary can be installed on the development machines, so these tests run the
client's in-process implementation of the same API; a run against a real server is left to
an environment that has one.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from qdrant_client import QdrantClient

from engram_mcp.errors import ConfigError
from engram_mcp.index.base import IndexEntry, MemoryFilter
from engram_mcp.index.qdrant_server import QdrantServerIndex
from tests.index.conftest import DIM, HIKING
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
