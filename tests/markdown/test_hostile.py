"""Every hostile input round-trips exactly through the store and costs no other memory."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from tests.markdown.hostile import CATEGORIES, SPEAKERS

WHEN = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


def a_turn(number: int, text: str, **provenance: str) -> Memory:
    moment = WHEN + timedelta(minutes=number)
    return Memory(
        id=f"t-{number:012x}",
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=moment,
        valid_at=moment,
        provenance=Provenance(role="user", **provenance),
    )


def a_fact(number: int, text: str) -> Memory:
    return Memory(
        id=f"f-{number:012x}",
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text=text,
        created_at=WHEN,
        certainty=0.7,
        subject=text,
        predicate=text,
        object=text,
        entities=(text, "Ana"),
    )


def stored_and_read_back(folder: Path, memories: list[Memory]) -> dict[str, Memory]:
    store = MarkdownStore(folder)
    for memory in memories:
        store.add(memory)
    report = MarkdownStore(folder).load_all()
    assert report.errors == []
    return report.memories


@pytest.mark.parametrize("category", list(CATEGORIES))
def test_every_hostile_text_round_trips_beside_canaries_as_a_turn_and_as_a_fact(category: str, tmp_path: Path) -> None:
    canary = a_turn(0, "The canary is yellow.", speaker="Ana")
    hostile = [a_turn(i + 1, text, speaker="Ana", session=text) for i, text in enumerate(CATEGORIES[category])]
    facts = [a_fact(i + 1, text) for i, text in enumerate(CATEGORIES[category])]
    written = [canary, *hostile, *facts, replace(canary, id="t-ffffffffffff", text="The last canary.")]
    assert stored_and_read_back(tmp_path, written) == {m.id: m for m in written}


@pytest.mark.parametrize("speaker", SPEAKERS)
def test_a_hostile_speaker_cannot_forge_a_memory_or_lose_its_own(speaker: str, tmp_path: Path) -> None:
    written = [a_turn(1, "hello", speaker=speaker, session=speaker), a_turn(2, "The canary is yellow.", speaker="Ana")]
    assert stored_and_read_back(tmp_path, written) == {m.id: m for m in written}


def test_a_file_written_with_every_hostile_input_is_stable_when_written_again(tmp_path: Path) -> None:
    texts = [text for texts in CATEGORIES.values() for text in texts if len(text) < 1_000]
    memories = [a_turn(i, text, speaker="Ana") for i, text in enumerate(texts)]
    stored_and_read_back(tmp_path, memories)
    before = {p: p.read_bytes() for p in tmp_path.rglob("*.md")}
    store = MarkdownStore(tmp_path)
    store.load_all()
    for memory in memories:
        store.update(memory)
    assert {p: p.read_bytes() for p in tmp_path.rglob("*.md")} == before
