"""The composition root: one running memory, opened, started and closed."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta, timezone
from pathlib import Path

from engram_mcp.app import Engram
from engram_mcp.config import load_settings
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import turn
from tests.waiting import wait_until


def test_closing_while_the_start_up_pass_embeds_stops_it_between_two_batches(tmp_path: Path, model_cache: Path) -> None:
    """A process must not exit while a thread is inside the embedder (it aborts): closing stops the
    start-up pass, here re-embedding 3,000 turns whose index was deleted, and waits for it."""
    folder = tmp_path / "memories"
    MarkdownStore(folder).add_many(
        turn(f"Turn number {n} of a long conversation about the garden.", id=f"t-{n:012x}") for n in range(3_000)
    )
    settings = load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(folder), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none",
    })
    batches: list[int] = []
    engram = Engram.open(settings, progress=lambda done, total: batches.append(done))
    engram.start(background=True)
    wait_until(lambda: bool(batches), what="the first batch embedded", timeout=240)
    engram.close()
    assert "engram-start" not in {thread.name for thread in threading.enumerate()}
    assert batches[-1] < 3_000, "the pass stopped before the end"


def test_a_memory_opened_on_a_clock_behind_its_latest_known_time_goes_on_from_that_time(tmp_path: Path, model_cache: Path) -> None:
    """A machine restored with its clock an hour back must not file what it learns next before what it
    already knew: the clock every component is given starts at the latest time the memory holds."""
    folder = tmp_path / "memories"
    ahead = datetime.now(timezone.utc) + timedelta(hours=1)
    MarkdownStore(folder).add_many([turn("I started at Google today.", created_at=ahead)])
    settings = load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(folder), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "none",
    })
    engram = Engram.open(settings)
    try:
        engram.start(background=False)
        assert engram.clock() >= ahead
    finally:
        engram.close()
