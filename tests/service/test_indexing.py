"""The index half of a write, over the real embedded index and embedder."""

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.base import MemoryFilter
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.service.indexing import IndexWriter

START = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)
WHERE = MemoryFilter(namespace="default")


def turn(number: int, speaker: str, text: str) -> Memory:
    return Memory(
        id=f"t-{number:012x}",
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=START + timedelta(minutes=number),
        valid_at=START + timedelta(minutes=number),
        provenance=Provenance(speaker=speaker, role="user" if speaker == "Ana" else "assistant", session="s1"),
    )


@pytest.fixture
def index(tmp_path: Path, embedder: OnnxEmbedder) -> Iterator[EdgeIndex]:
    opened = EdgeIndex(tmp_path / "index", embedder.dimension)
    yield opened
    opened.close()


def test_a_reply_is_found_by_the_words_of_the_turn_it_answers(index: EdgeIndex, embedder: OnnxEmbedder) -> None:
    asked = turn(1, "Ana", "Which trail should I hike near Zermatt?")
    reply = turn(2, "assistant", "The Five Lakes walk is the one to do.")
    IndexWriter(index, embedder, Catalogue([asked, reply])).write([asked, reply])
    assert {h.memory_id for h in index.search_sparse("Zermatt", WHERE, 5)} == {asked.id, reply.id}


def test_a_long_run_is_embedded_in_batches_and_reports_each(index: EdgeIndex, embedder: OnnxEmbedder) -> None:
    memories = [turn(n, "Ana", f"Note number {n} about the allotment.") for n in range(130)]
    told: list[tuple[int, int]] = []
    IndexWriter(index, embedder, Catalogue(memories), lambda done, total: told.append((done, total))).write(memories)
    assert told == [(64, 130), (128, 130), (130, 130)]
    assert index.count() == 130


def test_a_short_run_reports_nothing_and_deleting_removes_from_the_index(
    index: EdgeIndex, embedder: OnnxEmbedder
) -> None:
    memories = [turn(n, "Ana", f"Note number {n}.") for n in range(3)]
    told: list[tuple[int, int]] = []
    writer = IndexWriter(index, embedder, Catalogue(memories), lambda done, total: told.append((done, total)))
    writer.write(memories)
    writer.delete([memories[0].id])
    writer.delete([])
    assert told == []
    assert set(index.content_hashes()) == {memories[1].id, memories[2].id}
