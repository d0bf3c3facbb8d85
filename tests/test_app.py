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


def test_with_no_extractor_a_turn_corrected_by_hand_withdraws_the_facts_its_new_words_no_longer_hold(
    tmp_path: Path, model_cache: Path
) -> None:
    """Facts an earlier run's extractor drew from a turn; the turn corrected by hand while the server
    was down, and again while it runs with `--extractor none`: what the new words no longer hold is
    withdrawn, what they still hold stays, and nothing new is drawn."""
    from engram_mcp.model import Kind
    from engram_mcp.model.supersede import was_unsaid

    folder = tmp_path / "memories"

    def opened(extractor: str) -> Engram:
        engram = Engram.open(load_settings(environ={
            "ENGRAM_MEMORY_DIR": str(folder), "ENGRAM_CACHE_DIR": str(model_cache),
            "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": extractor,
        }))
        engram.start(background=False, serving=extractor != "none")
        return engram

    def facts(engram: Engram) -> dict[str, bool]:
        return {m.text: m.is_current() for m in engram.service.memories() if m.kind is Kind.FACT}

    engram = opened("rules")
    engram.service.remember("I live in Leeds. I work at Siemens.", speaker="Sam")
    assert engram.extraction is not None and engram.extraction.wait_idle(timeout=60)
    assert facts(engram) == {"Sam lives in Leeds.": True, "Sam works at Siemens.": True}
    engram.reconcile()  # what the watcher does within a second of the server's own writes
    engram.close()

    page = next(folder.glob("journal/*.md"))
    page.write_text(page.read_text(encoding="utf-8").replace("Leeds", "York"), encoding="utf-8")
    engram = opened("none")
    try:
        assert facts(engram) == {"Sam lives in Leeds.": False, "Sam works at Siemens.": True}
        leeds = next(m for m in engram.service.memories() if m.text == "Sam lives in Leeds.")
        assert was_unsaid(leeds)
        page.write_text(page.read_text(encoding="utf-8").replace("Siemens", "Bosch"), encoding="utf-8")
        engram.reconcile()
        assert facts(engram) == {"Sam lives in Leeds.": False, "Sam works at Siemens.": False}
    finally:
        engram.close()


def serving_with_rules(folder: Path, model_cache: Path) -> Engram:
    """A memory opened on ``folder`` and started as a server runs, extracting with the rules."""
    engram = Engram.open(load_settings(environ={
        "ENGRAM_MEMORY_DIR": str(folder), "ENGRAM_CACHE_DIR": str(model_cache),
        "ENGRAM_CONFIG": "/nonexistent", "ENGRAM_EXTRACTOR": "rules",
    }))
    try:
        engram.start(background=False, serving=True)
    except BaseException:
        engram.close()
        raise
    return engram


def test_a_turn_deleted_by_hand_while_serving_takes_the_facts_it_alone_gave_out_of_recall_and_the_profile(
    tmp_path: Path, model_cache: Path
) -> None:
    """The rules extractor drew a fact from a turn; a person deletes the turn's item (both lines) from
    the journal: the fact no longer stands on anything, so it is withdrawn; the other turn's stays."""
    from engram_mcp.edge.views import profile
    from engram_mcp.model import Kind
    from engram_mcp.model.supersede import was_unsaid

    folder = tmp_path / "memories"
    engram = serving_with_rules(folder, model_cache)
    try:
        said = engram.service.remember("I take lithium for bipolar disorder.", speaker="Odile")
        engram.service.remember("I work at Corvel Textiles.", speaker="Odile")
        assert engram.extraction is not None and engram.extraction.wait_idle(timeout=60)
        engram.reconcile()
        page = next(folder.glob("journal/*.md"))
        lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
        start = next(i for i, line in enumerate(lines) if said.id in line)
        page.write_text("".join(lines[:start] + lines[start + 2 :]), encoding="utf-8")
        engram.reconcile()
        facts = {m.text: m for m in engram.service.memories() if m.kind is Kind.FACT}
        lithium = next(m for text, m in facts.items() if "lithium" in text)
        assert not lithium.is_current() and was_unsaid(lithium)
        assert [m.is_current() for text, m in facts.items() if "Corvel" in text] == [True]
        assert "lithium" not in profile(engram.service.memories())
    finally:
        engram.close()


def test_a_turn_typed_into_the_journal_while_serving_is_read_for_facts_without_a_restart(
    tmp_path: Path, model_cache: Path
) -> None:
    """A person types a turn in the journal's own form into a page while the server runs: the watcher takes it
    in and the extractor reads it, as it reads a remembered turn; the move it tells replaces the old home."""
    from engram_mcp.model import Kind

    folder = tmp_path / "memories"
    engram = serving_with_rules(folder, model_cache)
    try:
        engram.service.remember("I live in Leeds.", speaker="Odile", event_time=datetime(2026, 10, 1, 9, tzinfo=timezone.utc))
        assert engram.extraction is not None and engram.extraction.wait_idle(timeout=60)
        (folder / "journal" / "2026-11-02.md").write_text("- **Odile** 11:00 UTC — I moved to York.\n", encoding="utf-8")

        def homes() -> dict[str, bool]:
            return {m.text: m.is_current() for m in engram.service.memories() if m.kind is Kind.FACT and "York" in m.text}

        assert wait_until(homes, what="a fact drawn from the typed turn", timeout=60) == {"Odile moved to York.": True}
        assert engram.extraction.wait_idle(timeout=60)
        leeds = [m for m in engram.service.memories() if m.kind is Kind.FACT and "Leeds" in m.text]
        assert [m.is_current() for m in leeds] == [False]
    finally:
        engram.close()
