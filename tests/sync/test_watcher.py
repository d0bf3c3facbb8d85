from __future__ import annotations

import os
import queue
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import pytest

from engram_mcp.sync.watcher import FolderWatcher

Batch = tuple[frozenset[PurePosixPath], bool]


class Reported:
    """The batches a watcher reports, to be waited on."""

    def __init__(self) -> None:
        self.batches: queue.Queue[Batch] = queue.Queue()

    def __call__(self, paths: set[PurePosixPath], rescan: bool) -> None:
        self.batches.put((frozenset(paths), rescan))

    def next(self, timeout: float = 5.0) -> Batch:
        return self.batches.get(timeout=timeout)

    def until(self, wanted: PurePosixPath, timeout: float = 5.0) -> set[PurePosixPath]:
        """Every path reported up to and including the batch that names ``wanted``."""
        seen: set[PurePosixPath] = set()
        while wanted not in seen:
            seen |= self.next(timeout)[0]
        return seen


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "facts").mkdir()
    (tmp_path / "journal").mkdir()
    return tmp_path


@pytest.fixture
def reported(folder: Path) -> Iterator[Reported]:
    sink = Reported()
    watcher = FolderWatcher(folder, sink, quiet=0.1, max_delay=0.5)
    watcher.start()
    yield sink
    watcher.stop()


def test_an_editor_save_by_temp_file_and_rename_is_reported_as_the_file(folder: Path, reported: Reported) -> None:
    temporary = folder / "facts" / ".ana.md.swp"
    temporary.write_text("- Ana lives in Lisbon.\n")
    os.replace(temporary, folder / "facts" / "ana.md")
    assert reported.next() == (frozenset({PurePosixPath("facts/ana.md")}), False)


def test_hidden_non_markdown_and_out_of_layout_files_are_ignored(folder: Path, reported: Reported) -> None:
    (folder / "facts" / ".draft.md").write_text("- hidden\n")
    (folder / "facts" / "ana.md~").write_text("- backup\n")
    (folder / "facts" / "notes.txt").write_text("- text\n")
    (folder / "README.md").write_text("- mine\n")
    (folder / "journal" / "2026-11-30.md").write_text("- the marker\n")
    assert reported.until(PurePosixPath("journal/2026-11-30.md")) == {PurePosixPath("journal/2026-11-30.md")}


def test_a_page_moved_into_a_subfolder_and_edited_there_is_reported_at_its_new_place(
    folder: Path, reported: Reported
) -> None:
    (folder / "facts" / "ana.md").write_text("- Ana lives in Lisbon.\n")
    reported.until(PurePosixPath("facts/ana.md"))
    (folder / "facts" / "people").mkdir()
    os.replace(folder / "facts" / "ana.md", folder / "facts" / "people" / "ana.md")
    reported.until(PurePosixPath("facts/people/ana.md"))
    (folder / "facts" / "people" / "ana.md").write_text("- Ana lives in Porto.\n")
    # The move's report of the old path may still be in flight under load: what matters is the new place.
    assert PurePosixPath("facts/people/ana.md") in reported.until(PurePosixPath("facts/people/ana.md"))


def test_a_burst_of_writes_is_coalesced_into_few_batches(folder: Path, reported: Reported) -> None:
    path = folder / "facts" / "ana.md"
    for i in range(200):
        path.write_text(f"- Ana has {i} books.\n")
    (folder / "facts" / "end.md").write_text("- the marker\n")
    batches = 1
    seen = set(reported.next()[0])
    while PurePosixPath("facts/end.md") not in seen:
        seen |= reported.next()[0]
        batches += 1
    assert seen == {PurePosixPath("facts/ana.md"), PurePosixPath("facts/end.md")}
    assert batches < 20


def test_a_folder_moved_in_asks_for_a_rescan(folder: Path, reported: Reported, tmp_path_factory: pytest.TempPathFactory) -> None:
    outside = tmp_path_factory.mktemp("elsewhere") / "procedures"
    outside.mkdir()
    (outside / "tea.md").write_text("- Brew green tea at 80 degrees.\n")
    os.replace(outside, folder / "procedures")
    rescan = False
    while not rescan:
        rescan = reported.next()[1]
    assert rescan


def test_folders_made_and_removed_under_the_hidden_state_folder_ask_for_no_rescan(folder: Path, reported: Reported) -> None:
    """The index and the last good copies create and delete folders under .engram on every flush."""
    segment = folder / ".engram" / "index" / "segment-1"
    segment.mkdir(parents=True)
    os.rename(segment, folder / ".engram" / "index" / "segment-2")
    (folder / ".engram" / "index" / "segment-2").rmdir()
    (folder / "journal" / "2026-11-30.md").write_text("- the marker\n")
    rescans = []
    seen: set[PurePosixPath] = set()
    while PurePosixPath("journal/2026-11-30.md") not in seen:
        paths, rescan = reported.next()
        seen |= paths
        rescans.append(rescan)
    assert not any(rescans)


def _watched_inodes() -> set[int]:
    """The inodes this process holds inotify watches on (Linux: /proc/self/fdinfo)."""
    inodes: set[int] = set()
    for fd in os.listdir("/proc/self/fdinfo"):
        try:
            lines = Path(f"/proc/self/fdinfo/{fd}").read_text().splitlines()
        except OSError:
            continue
        inodes |= {int(field[4:], 16) for line in lines if line.startswith("inotify") for field in line.split() if field.startswith("ino:")}
    return inodes


def test_the_state_folder_and_the_index_inside_it_are_not_watched(folder: Path, reported: Reported) -> None:
    index = folder / ".engram" / "index" / "segments"
    index.mkdir(parents=True)
    (folder / "journal" / "2026-11-30.md").write_text("- the marker\n")
    reported.until(PurePosixPath("journal/2026-11-30.md"))
    watched = _watched_inodes()
    assert (folder / "journal").stat().st_ino in watched
    assert not {path.stat().st_ino for path in (folder / ".engram", index.parent, index)} & watched


def _until_rescan(reported: Reported) -> None:
    while not reported.next()[1]:
        pass


def test_a_memory_folder_made_after_the_start_or_made_again_is_watched(folder: Path, reported: Reported) -> None:
    for _ in range(2):
        (folder / "procedures").mkdir()
        _until_rescan(reported)
        (folder / "procedures" / "tea.md").write_text("- Brew green tea at 80 degrees.\n")
        assert PurePosixPath("procedures/tea.md") in reported.until(PurePosixPath("procedures/tea.md"))
        (folder / "procedures" / "tea.md").unlink()
        (folder / "procedures").rmdir()
        _until_rescan(reported)
    (folder / "namespaces" / "work" / "facts").mkdir(parents=True)
    _until_rescan(reported)
    (folder / "namespaces" / "work" / "facts" / "apollo.md").write_text("- Apollo uses PostgreSQL.\n")
    assert PurePosixPath("namespaces/work/facts/apollo.md") in reported.until(PurePosixPath("namespaces/work/facts/apollo.md"))
