"""Last good copies: what a file held before it was edited or broke, and how start-up tells it changed."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path, PurePosixPath

import pytest

from engram_mcp.sync.last_good import LastGood

PAGE = PurePosixPath("journal/2026-11-30.md")
TEXT = b"# Journal\n\n- A turn. ^t-0123456789ab\n"


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_a_copy_saved_with_its_files_stamp_is_known_unchanged_from_the_stamp_alone(tmp_path: Path) -> None:
    copies = LastGood(tmp_path / "last-good")
    copies.save(PAGE, TEXT, (1_700_000_000_123_456_789, len(TEXT)))
    copy = tmp_path / "last-good" / PAGE
    assert copy.stat().st_mtime_ns == 1_700_000_000_123_456_789
    # Same size, same time, other bytes: the stamp is trusted and the copy is not read.
    copy.write_bytes(TEXT.replace(b"A turn", b"B turn"))
    os.utime(copy, ns=(1_700_000_000_123_456_789, 1_700_000_000_123_456_789))
    assert copies.holds(PAGE, digest(TEXT), (1_700_000_000_123_456_789, len(TEXT)))


def test_a_file_with_another_stamp_is_compared_by_its_bytes(tmp_path: Path) -> None:
    copies = LastGood(tmp_path / "last-good")
    copies.save(PAGE, TEXT, (1_700_000_000_000_000_000, len(TEXT)))
    later = (1_800_000_000_000_000_000, len(TEXT))
    assert copies.holds(PAGE, digest(TEXT), later), "rewritten with the same bytes"
    assert not copies.holds(PAGE, digest(TEXT + b"- Another. ^t-0123456789ac\n"), later)
    assert not copies.holds(PurePosixPath("journal/2026-12-01.md"), digest(TEXT), later), "no copy at all"


def test_a_stamp_of_another_size_is_not_given_to_the_copy(tmp_path: Path) -> None:
    copies = LastGood(tmp_path / "last-good")
    copies.save(PAGE, TEXT, (1_700_000_000_000_000_000, len(TEXT) + 1))
    assert (tmp_path / "last-good" / PAGE).stat().st_mtime_ns != 1_700_000_000_000_000_000


@pytest.mark.timeout(20)  # a named pipe with no writer blocks whoever opens it: reverted, this fails by the timeout
def test_a_copy_that_is_a_named_pipe_is_no_copy_and_is_never_opened(tmp_path: Path) -> None:
    copies = LastGood(tmp_path / "last-good")
    (tmp_path / "last-good" / PAGE).parent.mkdir(parents=True)
    os.mkfifo(tmp_path / "last-good" / PAGE)
    assert copies.document(PAGE) is None
    assert not copies.holds(PAGE, digest(TEXT), (1, len(TEXT)))
