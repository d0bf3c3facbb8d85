"""Other programs write memory pages too, without a lock (an editor, ``echo >>``, a sync tool):
whatever they put in a page survives the store's own writes to it."""

from __future__ import annotations

import gc
import os
import re
import threading
import time
from pathlib import Path

from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import fact, turn


def test_a_line_appended_since_the_store_last_wrote_a_page_is_kept_by_its_next_write(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    page = tmp_path / store.add(turn("First turn.", id="t-000000000001"))
    with page.open("a") as other_program:
        other_program.write("- appended by another program\n")
    store.add(turn("Second turn.", id="t-000000000002"))
    text = page.read_text()
    assert text.index("First turn.") < text.index("- appended by another program\n") < text.index("Second turn.")


def test_a_line_written_into_a_page_the_store_just_replaced_is_appended_to_the_page(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    relative = store.add(turn("First turn.", id="t-000000000001"))
    page = tmp_path / relative
    with page.open("a") as opened_before_the_write:
        store.add(turn("Second turn.", id="t-000000000002"))
        opened_before_the_write.write("- written into the old file\n")
    assert "written into the old file" not in page.read_text()

    store.take_late_writes(relative)

    text = page.read_text()
    assert text.index("Second turn.") < text.index("- written into the old file\n")
    assert store.take_folded(relative), "the sync is told the page holds an edit it has not seen"
    state = store.state(relative)
    assert state is not None and [b.text for b in state.document.hand_blocks] == ["written into the old file"]


def test_a_line_written_into_a_replaced_page_after_the_sync_has_seen_the_page_is_still_taken_in(
    tmp_path: Path,
) -> None:
    store = MarkdownStore(tmp_path)
    relative = store.add(turn("First turn.", id="t-000000000001"))
    page = tmp_path / relative
    with page.open("a") as opened_before_the_write:
        store.add(turn("Second turn.", id="t-000000000002"))
        store.take_late_writes(relative)  # the watcher reports the store's own write at once
        opened_before_the_write.write("- written a moment later\n")  # a loaded machine: later still
    store.add(turn("Third turn.", id="t-000000000003"))
    text = page.read_text()
    assert text.index("Second turn.") < text.index("- written a moment later\n") < text.index("Third turn.")


def test_replaced_pages_are_held_open_for_their_grace_and_never_more_than_a_few_dozen(tmp_path: Path) -> None:
    now = [0.0]
    store = MarkdownStore(tmp_path, clock=lambda: now[0])
    before = _open_files()
    for number in range(100):
        store.add(turn(f"Turn {number}.", id=f"t-{number:012x}"))
    assert 0 < _open_files() - before <= 64
    now[0] += 6.0
    store.add(turn("One more turn.", id="t-0000000000ff"))
    assert _open_files() - before == 1, "only the version this write replaced is held"
    store.close()
    assert _open_files() == before


def test_a_store_dropped_without_closing_lets_go_of_the_versions_it_held_at_once(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    store.add(turn("First turn.", id="t-000000000001"))
    before = _open_files()
    store.add(turn("Second turn.", id="t-000000000002"))
    assert _open_files() == before + 1
    gc.disable()  # not when the garbage collector runs: as it is dropped
    try:
        del store
        assert _open_files() == before
    finally:
        gc.enable()


def test_a_late_line_is_taken_in_by_the_next_write_to_the_page_too(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    page = tmp_path / store.add(turn("First turn.", id="t-000000000001"))
    with page.open("a") as opened_before_the_write:
        store.add(turn("Second turn.", id="t-000000000002"))
        opened_before_the_write.write("- written into the old file\n")
    store.add(turn("Third turn.", id="t-000000000003"))
    text = page.read_text()
    assert text.index("Second turn.") < text.index("- written into the old file\n") < text.index("Third turn.")


def test_a_line_written_into_a_page_the_store_deleted_comes_back_as_the_page(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    relative = store.add(fact())
    page = tmp_path / relative
    with page.open("a") as opened_before_the_purge:
        store.remove(fact().id, drop_empty_page=True)
        opened_before_the_purge.write("- Ali Khan likes tea.\n")
    assert not page.exists()
    store.take_late_writes(relative)
    assert "- Ali Khan likes tea.\n" in page.read_text()
    assert "Meta" not in page.read_text(), "nothing of the forgotten memory comes back with it"


def test_a_page_rewritten_in_place_as_the_store_replaced_it_is_kept_beside_it(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    relative = store.add(turn("First turn.", id="t-000000000001"))
    page = tmp_path / relative
    with page.open("r+") as opened_before_the_write:
        store.add(turn("Second turn.", id="t-000000000002"))
        opened_before_the_write.write("# My own title, typed over the old file\n")
    store.close()
    [conflict] = [p for p in page.parent.iterdir() if p != page]
    assert conflict.name == "2023-05-08.conflict-1.md"
    assert conflict.read_text().startswith("# My own title, typed over the old file\n")
    assert "Second turn." in page.read_text()


def test_nothing_another_program_appends_while_the_store_writes_a_page_is_lost(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    page = tmp_path / store.add(turn("Seed.", id="t-000000000000"))
    appended: list[int] = []
    stop = threading.Event()

    def append_lines() -> None:
        while not stop.is_set():
            with page.open("a") as other_program:
                other_program.write(f"- note {len(appended)}\n")
            appended.append(len(appended))
            time.sleep(0.003)

    appender = threading.Thread(target=append_lines)
    appender.start()
    try:
        for number in range(1, 150):
            store.add(turn(f"Turn {number}.", id=f"t-{number:012x}"))
    finally:
        stop.set()
        appender.join()
    store.close()
    text = page.read_text()
    assert {int(n) for n in re.findall(r"^- note (\d+)$", text, re.MULTILINE)} == set(appended)
    assert len(re.findall(r"^- \*\*Caroline\*\* 13:56 UTC — Turn \d+\.", text, re.MULTILINE)) == 149


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))
