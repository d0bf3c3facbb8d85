"""The ranking alone, over the real embedded index and embedder."""

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.base import IndexEntry, MemoryFilter
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.retrieval.config import RecallConfig
from engram_mcp.retrieval.query import strip_question_words
from engram_mcp.retrieval.ranking import Evidence, Question, Ranker

NOW = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)
WHERE = MemoryFilter(namespace="default")


def turn(number: int, speaker: str, text: str, session: str = "s1") -> Memory:
    return Memory(
        id=f"t-{number:012x}",
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=NOW - timedelta(days=1, minutes=-number),
        valid_at=NOW - timedelta(days=1, minutes=-number),
        provenance=Provenance(speaker=speaker, role="user", session=session),
    )


MEMORIES = [
    turn(1, "Alice", "I adopted a rescue dog last weekend."),
    turn(2, "Bob", "I adopted a rescue dog last weekend."),
    turn(3, "Alice", "My locker code at the gym is something I keep forgetting.", "s2"),
    turn(4, "Alice", "The locker code is 4471, write it down.", "s3"),
    turn(5, "Bob", "The bakery on the corner sells sourdough on Fridays.", "s4"),
]


@pytest.fixture
def ranker(tmp_path: Path, embedder: OnnxEmbedder) -> Iterator[tuple[Ranker, OnnxEmbedder]]:
    index = EdgeIndex(tmp_path / "index", embedder.dimension)
    vectors = embedder.embed([m.text for m in MEMORIES])
    index.upsert([IndexEntry(m, v) for m, v in zip(MEMORIES, vectors, strict=True)])
    yield Ranker(index, Catalogue(MEMORIES)), embedder
    index.close()


def ask(embedder: OnnxEmbedder, query: str, speaker: str | None = None, identifiers: tuple[str, ...] = ()) -> Question:
    return Question(
        vector=embedder.embed([query])[0],
        keywords=strip_question_words(query),
        entity_hits=[],
        speaker=speaker,
        windows=[],
        now=NOW,
        depth=10,
        identifiers=identifiers,
    )


def test_of_two_equally_close_memories_the_one_by_the_speaker_asked_about_comes_first(
    ranker: tuple[Ranker, OnnxEmbedder],
) -> None:
    rank, embedder = ranker
    for speaker, expected in (("Bob", "t-000000000002"), ("Alice", "t-000000000001")):
        hits = rank.rank(WHERE, ask(embedder, "Who adopted a dog?", speaker), Evidence(), RecallConfig())
        assert hits[0].memory.id == expected


def test_the_memory_holding_every_code_the_question_quotes_comes_first(ranker: tuple[Ranker, OnnxEmbedder]) -> None:
    rank, embedder = ranker
    query = "Is 4471 the gym locker code I keep forgetting?"
    plain = rank.rank(WHERE, ask(embedder, query), Evidence(), RecallConfig())
    assert plain[0].memory.id == "t-000000000003"
    quoted = rank.rank(WHERE, ask(embedder, query, identifiers=("4471",)), Evidence(), RecallConfig())
    assert quoted[0].memory.id == "t-000000000004"


def test_the_evidence_records_what_the_channels_saw(ranker: tuple[Ranker, OnnxEmbedder]) -> None:
    rank, embedder = ranker
    evidence = Evidence()
    hits = rank.rank(WHERE, ask(embedder, "When does the bakery sell sourdough?"), evidence, RecallConfig())
    assert hits[0].memory.id == "t-000000000005"
    assert "t-000000000005" in evidence.keyword_ids
    assert max(evidence.cosine, key=lambda i: evidence.cosine[i]) == "t-000000000005"
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
