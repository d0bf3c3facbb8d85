"""End to end: background fact extraction in the real server, including a crash mid-queue."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client

from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.extraction.worker import fact_id
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind
from tests.stdio_client import call, run_session, server_env, wait_until_idle
from tests.waiting import wait_until

pytestmark = pytest.mark.slow

STATEMENTS = [
    "I started a pottery class last week and I love it.",
    "My brother lives in Toronto.",
    "I have been allergic to shellfish since I was a kid.",
    "I moved to Lisbon in March for a new job at a bank.",
    "I prefer tea over coffee in the morning.",
    "Hey, good to see you!",
    "I visited Kyoto with my sister last spring.",
    "I am training for the Berlin marathon in September.",
    "My daughter plays the violin in the school orchestra.",
    "I work as a nurse at the city hospital.",
]


def turns_in(memories: Path) -> list[Any]:
    loaded = MarkdownStore(memories).load_all().memories.values()
    return [m for m in loaded if m.kind is Kind.EPISODE]


def facts_in(memories: Path) -> list[Any]:
    loaded = MarkdownStore(memories).load_all().memories.values()
    return [m for m in loaded if m.kind is Kind.FACT]


def expected_fact_ids(memories: Path) -> set[str]:
    extractor = RulesExtractor()
    return {fact_id(t.id, f.statement) for t in turns_in(memories) for f in extractor.extract(t, [])}


def uncovered(memories: Path) -> set[tuple[str, str]]:
    """Extracted statements no fact accounts for. A repeat is merged into the fact it repeats
    (which then cites its turn too), so ids alone no longer tell."""
    extractor = RulesExtractor()
    cited = {turn for m in facts_in(memories) for turn in m.provenance.turn_ids}
    return {(t.id, f.statement) for t in turns_in(memories) for f in extractor.extract(t, []) if t.id not in cited}


def test_twenty_remembered_turns_yield_facts_on_entity_pages(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> dict[str, Any]:
        for text in (STATEMENTS * 2):
            await call(client, "remember", text=text, speaker="Caroline", session="s1")
        return await wait_until_idle(client)

    status = run_session(memories, model_cache, scenario)
    assert status["extracted_turns"] == 20 and status["failed_turns"] == 0
    facts = facts_in(memories)
    assert {m.id for m in facts} <= expected_fact_ids(memories) and uncovered(memories) == set()
    current = [m.text for m in facts if m.is_current()]
    assert len(current) == len(set(current)), "a repeated statement was stored twice"
    assert len(facts) >= 5
    assert all(m.certainty in (1.0, 0.7, 0.4) and m.provenance.turn_ids for m in facts)
    pages = sorted(p.name for p in (memories / "facts").glob("*.md"))
    assert pages, "facts are written to entity pages"


def test_killing_the_server_mid_extraction_loses_and_duplicates_nothing(tmp_path: Path, model_cache: Path) -> None:
    memories = tmp_path / "memories"

    async def store_turns(client: Client) -> None:
        for i in range(6):
            for text in STATEMENTS:
                await call(client, "remember", text=f"{text} ({i})", speaker="Caroline", session=f"s{i}")

    # Stored with extraction off, so the whole queue is waiting when the next server starts.
    _remember_without_extraction(memories, model_cache, store_turns)
    env = server_env(model_cache)

    done_log = memories / ".engram" / "extraction" / "done.log"
    server = subprocess.Popen(
        [sys.executable, "-m", "engram_mcp", "serve", "--memory-dir", str(memories)],
        env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        def started_extracting() -> bool:
            assert server.poll() is None, "the server exited"
            return done_log.exists() and len(done_log.read_text().split()) >= 5

        wait_until(started_extracting, what="extraction to start")
        server.send_signal(signal.SIGKILL)
        server.wait(10)
    finally:
        if server.poll() is None:
            server.kill()
    done_at_kill = len(done_log.read_text().split())
    assert done_at_kill < 60, "the whole queue finished before the kill; the test proves nothing"

    async def finish(client: Client) -> dict[str, Any]:
        return await wait_until_idle(client)

    run_session(memories, model_cache, finish)
    facts = facts_in(memories)
    ids = [m.id for m in facts]
    assert len(ids) == len(set(ids)), "a fact was written twice"
    assert set(ids) <= expected_fact_ids(memories) and uncovered(memories) == set(), "a fact was lost"
    assert sorted(done_log.read_text().split()) == sorted(t.id for t in turns_in(memories))


def _remember_without_extraction(memories: Path, model_cache: Path, scenario: Any) -> None:
    run_session(memories, model_cache, scenario, "--extractor", "none")


@pytest.mark.timeout(900)  # a real model on two shared cores: minutes when the machine is busy
def test_the_bundled_gguf_model_extracts_in_the_background_end_to_end(tmp_path: Path, model_cache: Path) -> None:
    """Slower: SmolLM2 through llama.cpp, on a machine without a GPU."""
    memories = tmp_path / "memories"

    async def scenario(client: Client) -> tuple[dict[str, Any], dict[str, Any]]:
        for text in ["I moved to Lisbon in March for a new job at a bank.", "Hey, good to see you!"]:
            await call(client, "remember", text=text, speaker="Caroline", session="s1")
        right_after = await call(client, "memory_status")
        return await wait_until_idle(client), right_after

    status, right_after = run_session(memories, model_cache, scenario, "--extractor", "smollm2")
    assert status["extractor"] == "smollm2"
    assert status["extracted_turns"] + status["failed_turns"] == 2
    # The model takes seconds per turn: had remember waited for it, nothing would be left to do.
    assert right_after["extracted_turns"] + right_after["failed_turns"] < 2, "remember waited for the model"
    for fact in facts_in(memories):
        assert fact.provenance.turn_ids and fact.certainty in (1.0, 0.7, 0.4)
        assert fact.text.startswith("Caroline")
    assert status["facts_written"] == len(facts_in(memories))
