"""Recall over a real memory (markdown, Qdrant edge index, ONNX embedder) with the optional stages on."""

from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.embedding.onnx import OnnxEmbedder
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.retrieval.pipeline import RecallConfig
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock

T0 = datetime(2023, 4, 1, 10, 0, tzinfo=timezone.utc)

KAYAK_CHAT = [
    "I finally bought the red kayak from the outdoor shop downtown.",
    "The red kayak handles really well on the lake, even in the wind.",
    "I washed the red kayak and stored it in the garage for the winter.",
    "My neighbour asked to borrow the red kayak next weekend.",
    "I'm thinking of painting my name on the red kayak.",
    "The red kayak fits on the roof of my car with the new rack.",
    "I bought a new life jacket to go with the red kayak.",
    "The red kayak was on sale, so I bought it first thing on Saturday.",
]
PADDLE = "Ordered a featherlight carbon blade for paddling, arrives Monday."


def memory_with(tmp_path: Path, embedder: OnnxEmbedder, config: RecallConfig) -> Iterator[MemoryService]:
    index = EdgeIndex(tmp_path / ".engram" / "index", embedder.dimension)
    service = MemoryService(MarkdownStore(tmp_path), index, embedder, SteppingClock(T0), retrieval=config)
    service.reconcile()
    yield service
    index.close()


@pytest.fixture
def parts_on(tmp_path: Path, embedder: OnnxEmbedder) -> Iterator[MemoryService]:
    yield from memory_with(tmp_path, embedder, RecallConfig(part_weight=1.0))


def test_a_question_about_two_things_finds_each_of_them_when_one_dominates_the_memory(
    parts_on: MemoryService,
) -> None:
    for day, text in enumerate(KAYAK_CHAT):
        parts_on.remember(text, speaker="me", session=f"s{day}", event_time=T0 + timedelta(days=day))
    parts_on.remember(PADDLE, speaker="me", session="s9", event_time=T0 + timedelta(days=9))
    found = parts_on.recall("Which did I buy first, the red kayak or the carbon paddle?", limit=3)
    top = [item.memory.text for item in found.memories]
    # Asked as one question, the eight kayak turns push the paddle down to fifth place.
    assert PADDLE in top
    assert {KAYAK_CHAT[0], KAYAK_CHAT[-1]} & set(top)


TRIP = [
    "We booked the flights to Lisbon for the second week of June.",
    "The hotel we picked in Lisbon is right by the river.",
    "I want to try the custard tarts in Belem while we are there.",
    "We still need to decide whether to rent a car for the coast.",
]
ELSEWHERE = [
    "The news said there was a big traffic jam in Lisbon this morning.",
    "My dentist appointment moved to Thursday afternoon.",
    "I finished the quarterly report for work.",
]
QUESTIONS = [
    "What are our plans for the Lisbon trip?",
    "Did anything happen in Lisbon?",
    "When is the dentist appointment?",
    "Are we renting a car?",
]


def test_session_evidence_reorders_what_follows_but_never_the_best_match(tmp_path: Path, embedder: OnnxEmbedder) -> None:
    rankings = {}
    for weight in (0.0, 0.3):
        folder = tmp_path / f"w{weight}"
        for service in memory_with(folder, embedder, RecallConfig(session_weight=weight)):
            for turn, text in enumerate(TRIP):
                service.remember(text, speaker="me", session="trip", event_time=T0 + timedelta(minutes=turn))
            for day, text in enumerate(ELSEWHERE, start=1):
                service.remember(text, speaker="me", session=f"day{day}", event_time=T0 + timedelta(days=day))
            rankings[weight] = {
                q: {m.memory.text: m.score for m in service.recall(q, limit=7).memories} for q in QUESTIONS
            }
    for question in QUESTIONS:
        plain = rankings[0.0][question]
        first = next(iter(rankings[0.3][question]))
        # First is a best plain match (two memories can tie exactly under rank fusion).
        assert plain[first] == pytest.approx(max(plain.values()), rel=1e-6), question
    assert [list(r) for r in rankings[0.3].values()] != [list(r) for r in rankings[0.0].values()]
