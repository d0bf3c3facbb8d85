import time
from pathlib import Path, PurePosixPath

from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.sync.catching_up import CatchingUp, disk_stamp

PAGE = PurePosixPath("facts/ana.md")


def test_a_page_changed_on_disk_is_behind_until_its_version_is_taken_in(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    catching_up = CatchingUp(store)
    (tmp_path / "facts").mkdir()
    (tmp_path / PAGE).write_text("- Ana lives in Porto.\n")
    assert catching_up.behind() == [PAGE]
    catching_up.took_in(PAGE, disk_stamp(store, PAGE))
    assert catching_up.behind() == [] and catching_up.wait_until_caught_up(0.0) == []
    catching_up.let_go(PAGE)
    assert catching_up.behind() == [PAGE]


def test_a_page_the_store_holds_that_left_the_disk_is_behind(tmp_path: Path) -> None:
    (tmp_path / "facts").mkdir()
    (tmp_path / PAGE).write_text("- Ana lives in Porto.\n")
    store = MarkdownStore(tmp_path)
    store.load_all()
    catching_up = CatchingUp(store)
    catching_up.took_in(PAGE, disk_stamp(store, PAGE))
    (tmp_path / PAGE).unlink()
    assert disk_stamp(store, PAGE) is None and catching_up.behind() == [PAGE]


def test_waiting_gives_the_pages_still_behind_when_the_time_is_up_or_it_is_stopped(tmp_path: Path) -> None:
    store = MarkdownStore(tmp_path)
    catching_up = CatchingUp(store)
    (tmp_path / "facts").mkdir()
    (tmp_path / PAGE).write_text("- Ana lives in Porto.\n")
    assert catching_up.wait_until_caught_up(0.05) == [PAGE]
    started = time.monotonic()
    assert catching_up.wait_until_caught_up(60.0, stopped=lambda: True) == [PAGE]
    assert time.monotonic() - started < 30
