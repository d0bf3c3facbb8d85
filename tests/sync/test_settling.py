"""Settling a page on disk (``engram_mcp/sync/settling.py``): its hand-written items given ids and
written back only while it is the version read."""

from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.sync.settling import settle_page

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)
PAGE = PurePosixPath("facts/ana.md")


def store_with(folder: Path, text: str) -> MarkdownStore:
    (folder / PAGE).parent.mkdir(parents=True, exist_ok=True)
    (folder / PAGE).write_text(text, encoding="utf-8")
    return MarkdownStore(folder)


def test_a_hand_written_item_is_given_an_id_written_back_and_the_page_read_again(tmp_path: Path) -> None:
    store = store_with(tmp_path, "# Ana\n\n- Ana plays chess.\n")
    state = store.reread(PAGE)
    assert state is not None and not state.document.blocks
    settled = settle_page(store, PAGE, state, NOW)
    assert settled is not None and settled.written is not None and settled.now is not None
    [block] = settled.now.document.blocks
    assert block.memory.text == "Ana plays chess." and f"^{block.memory.id}" in (tmp_path / PAGE).read_text()


def test_a_page_changed_since_it_was_read_is_not_written_over(tmp_path: Path) -> None:
    store = store_with(tmp_path, "# Ana\n\n- Ana plays chess.\n")
    state = store.reread(PAGE)
    assert state is not None
    typed_since = "# Ana\n\n- Ana plays chess on Sundays, still typing\n"
    (tmp_path / PAGE).write_text(typed_since, encoding="utf-8")
    assert settle_page(store, PAGE, state, NOW) is None
    assert (tmp_path / PAGE).read_text() == typed_since


def test_a_page_with_nothing_to_settle_is_not_written_and_stands_as_read(tmp_path: Path) -> None:
    store = store_with(tmp_path, "# Ana\n\nMy own note.\n")
    state = store.reread(PAGE)
    assert state is not None
    settled = settle_page(store, PAGE, state, NOW)
    assert settled is not None and settled.written is None and settled.now is state
    assert (tmp_path / PAGE).read_text() == "# Ana\n\nMy own note.\n"
