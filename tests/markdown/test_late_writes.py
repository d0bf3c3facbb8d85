"""A version of a page the store replaced is held open for a grace period, so what a program
that opened it before the rename writes into it late is taken in, not lost."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from engram_mcp.files import Superseded, Version, content_digest, file_stamp, replace_unchanged
from engram_mcp.markdown.late_writes import LateWrites

PAGE = PurePosixPath("journal/2023-05-08.md")


class Pages:
    """The store's side: what it was asked to append to which page."""

    def __init__(self, *, writable: bool = True) -> None:
        self.appended: list[tuple[PurePosixPath, str]] = []
        self._writable = writable

    def append(self, page: PurePosixPath, text: str) -> bool:
        self.appended.append((page, text))
        return self._writable


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _open_files() -> int:
    return len(os.listdir("/proc/self/fd"))


def _replace(tmp_path: Path, new: bytes, page: PurePosixPath = PAGE) -> Superseded:
    """The page replaced by ``new`` as the store replaces it: the old file comes back open."""
    path = tmp_path / page
    old = path.read_bytes()
    written = replace_unchanged(path, new, Version(file_stamp(path), content_digest(old)))
    assert written is not None and written.previous is not None
    return written.previous


def _page(tmp_path: Path, text: str, page: PurePosixPath = PAGE) -> Path:
    path = tmp_path / page
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_late_append_through_a_replaced_file_is_taken_in(tmp_path: Path) -> None:
    path, pages = _page(tmp_path, "old\n"), Pages()
    late_writes = LateWrites(tmp_path)
    with path.open("a") as opened_before_the_rename:
        late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
        opened_before_the_rename.write("- written into the old file\n")
    late_writes.take_in(PAGE, pages.append)
    assert pages.appended == [(PAGE, "- written into the old file\n")]


def test_a_version_nobody_wrote_into_is_held_until_its_grace_has_passed(tmp_path: Path) -> None:
    clock, pages = Clock(), Pages()
    _page(tmp_path, "old\n")
    late_writes = LateWrites(tmp_path, grace=5.0, clock=clock)
    before = _open_files()
    late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
    late_writes.take_in(PAGE, pages.append)
    assert _open_files() == before + 1, "a program may still be about to write into it"
    clock.now = 6.0
    late_writes.take_in(PAGE, pages.append)
    assert _open_files() == before
    assert pages.appended == []


def test_a_version_past_its_grace_is_let_go_at_a_change_to_any_page(tmp_path: Path) -> None:
    clock, pages = Clock(), Pages()
    other = PurePosixPath("facts/ali-khan.md")
    _page(tmp_path, "old\n")
    _page(tmp_path, "old\n", other)
    late_writes = LateWrites(tmp_path, grace=5.0, clock=clock)
    before = _open_files()
    late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
    clock.now = 6.0
    late_writes.hold(other, _replace(tmp_path, b"new\n", other), pages.append)
    assert _open_files() == before + 1, "only the version of the other page is held"


def test_no_more_than_64_versions_are_held_at_once(tmp_path: Path) -> None:
    pages = Pages()
    _page(tmp_path, "version 0\n")
    late_writes = LateWrites(tmp_path)
    before = _open_files()
    for number in range(1, 71):
        late_writes.hold(PAGE, _replace(tmp_path, f"version {number}\n".encode()), pages.append)
    assert _open_files() - before == 64


def test_a_version_rewritten_rather_than_appended_to_is_kept_beside_the_page(tmp_path: Path) -> None:
    path, pages = _page(tmp_path, "old\n"), Pages()
    late_writes = LateWrites(tmp_path)
    with path.open("r+") as opened_before_the_rename:
        late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
        opened_before_the_rename.write("typed over\n")
    late_writes.take_in(PAGE, pages.append)
    assert pages.appended == []
    assert (tmp_path / "journal/2023-05-08.conflict-1.md").read_text() == "typed over\n"
    assert path.read_text() == "new\n"


def test_a_late_append_the_page_cannot_take_is_kept_beside_it_whole(tmp_path: Path) -> None:
    path, pages = _page(tmp_path, "old\n"), Pages(writable=False)
    late_writes = LateWrites(tmp_path)
    with path.open("a") as opened_before_the_rename:
        late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
        opened_before_the_rename.write("late\n")
    late_writes.take_in(PAGE, pages.append)
    assert (tmp_path / "journal/2023-05-08.conflict-1.md").read_text() == "old\nlate\n"


def test_closing_takes_in_every_held_version_and_lets_it_go(tmp_path: Path) -> None:
    path, pages = _page(tmp_path, "old\n"), Pages()
    late_writes = LateWrites(tmp_path)
    before = _open_files()
    with path.open("a") as opened_before_the_rename:
        late_writes.hold(PAGE, _replace(tmp_path, b"new\n"), pages.append)
        opened_before_the_rename.write("late\n")
    late_writes.close(pages.append)
    assert pages.appended == [(PAGE, "late\n")]
    assert _open_files() == before

