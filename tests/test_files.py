import os
import socket
import stat
from pathlib import Path

import pytest

from engram_mcp.files import (
    NotARegularFile,
    Version,
    appended_to,
    atomic_write,
    content_digest,
    file_stamp,
    kind_of,
    read_regular,
    remove_unchanged,
    replace_unchanged,
    running_digest,
    stamp_of,
)


def test_a_digest_extended_by_appended_bytes_is_the_digest_of_the_whole() -> None:
    digest = running_digest(b"# Journal\n")
    digest.update(b"- a turn ^t-1\n")
    assert digest.hexdigest() == content_digest(b"# Journal\n- a turn ^t-1\n")
    assert content_digest(b"a") != content_digest(b"b")


def test_an_atomic_write_returns_the_stamp_of_what_it_wrote(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    written = atomic_write(path, b"hello")
    assert path.read_bytes() == b"hello"
    assert stamp_of(written) == file_stamp(path)


def written(path: Path, data: bytes) -> Version:
    return Version(stamp_of(atomic_write(path, data)), content_digest(data))


def test_bytes_appended_to_a_version_are_told_from_a_rewrite() -> None:
    version = Version((1, 6), content_digest(b"- one\n"))
    assert appended_to(b"- one\n- two\n", version) == b"- two\n"
    assert appended_to(b"- one\n", version) == b""
    assert appended_to(b"- One\n- two\n", version) is None
    assert appended_to(b"- on", version) is None


def test_what_another_program_appended_meanwhile_is_carried_to_the_end_of_the_new_file(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    seen = written(path, b"- one\n")
    with path.open("ab") as other_program:
        other_program.write(b"- appended by another program\n")
    replaced = replace_unchanged(path, b"- one\n- two\n", seen)
    assert replaced is not None and replaced.taken_in == b"- appended by another program\n"
    assert path.read_bytes() == b"- one\n- two\n- appended by another program\n"
    assert stamp_of(replaced.status) == file_stamp(path)
    assert [p.name for p in tmp_path.iterdir()] == ["page.md"], "no temporary file is left behind"
    assert replaced.previous is not None
    replaced.previous.close()


def test_a_file_another_program_rewrote_meanwhile_is_left_as_they_wrote_it(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    seen = written(path, b"- one\n")
    path.write_bytes(b"- one, edited in place\n")
    assert replace_unchanged(path, b"- one\n- two\n", seen) is None
    assert path.read_bytes() == b"- one, edited in place\n"
    assert [p.name for p in tmp_path.iterdir()] == ["page.md"]


def test_a_file_is_replaced_while_it_is_the_version_expected_and_created_only_where_there_is_none(
    tmp_path: Path,
) -> None:
    path = tmp_path / "page.md"
    created = replace_unchanged(path, b"- one\n", None)
    assert created is not None and created.previous is None and created.taken_in == b""
    assert replace_unchanged(path, b"- other\n", None) is None, "a file that appeared meanwhile is kept"
    replaced = replace_unchanged(path, b"- one\n- two\n", Version(stamp_of(created.status), content_digest(b"- one\n")))
    assert replaced is not None and path.read_bytes() == b"- one\n- two\n"
    assert replaced.previous is not None
    replaced.previous.close()


def test_what_a_program_writes_into_a_file_after_it_was_replaced_is_still_found(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    seen = written(path, b"- one\n")
    with path.open("ab") as opened_before_the_rename:
        replaced = replace_unchanged(path, b"- one\n- two\n", seen)
        assert replaced is not None and replaced.previous is not None
        assert replaced.previous.written_since() is None
        opened_before_the_rename.write(b"- late line\n")
    assert path.read_bytes() == b"- one\n- two\n"
    assert replaced.previous.written_since() == b"- one\n- late line\n"
    assert replaced.previous.version == seen
    replaced.previous.close()


def test_a_file_another_writer_changed_is_not_removed(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    seen = written(path, b"- one\n")
    path.write_bytes(b"- rewritten by hand\n")
    assert remove_unchanged(path, seen) is None and path.exists()
    removed = remove_unchanged(path, Version(file_stamp(path), content_digest(b"- rewritten by hand\n")))
    assert removed is not None and not path.exists()
    removed.close()


# A named pipe with no writer blocks whoever opens it for reading: reverted, these fail by the timeout.
@pytest.mark.timeout(20)
def test_a_named_pipe_is_never_opened_for_reading_or_replaced_or_removed_and_says_what_it_is(tmp_path: Path) -> None:
    pipe = tmp_path / "page.md"
    os.mkfifo(pipe)
    linked = tmp_path / "linked.md"
    linked.symlink_to(pipe)
    for path in (pipe, linked):
        with pytest.raises(NotARegularFile) as refused:
            read_regular(path)
        assert refused.value.kind == "a named pipe" and str(path) in str(refused.value)
        with pytest.raises(NotARegularFile):
            replace_unchanged(path, b"- one\n", None)
        with pytest.raises(NotARegularFile):
            remove_unchanged(path, Version((0, 0), content_digest(b"")))
    assert stat.S_ISFIFO(pipe.stat().st_mode) and linked.is_symlink()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["linked.md", "page.md"], "no temporary file is left"


def test_a_regular_file_is_read_with_the_stamp_of_its_bytes_and_a_missing_one_is_not_found(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    written(path, b"- one\n")
    assert read_regular(path) == (file_stamp(path), b"- one\n")
    with pytest.raises(FileNotFoundError):
        read_regular(tmp_path / "none.md")


def test_what_a_file_is_when_it_is_not_a_regular_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    with socket.socket(socket.AF_UNIX) as listening:
        listening.bind(str(tmp_path / "socket"))
        kinds = {name: kind_of(os.stat(tmp_path / name).st_mode) for name in ("pipe", "socket")}
    assert kinds == {"pipe": "a named pipe", "socket": "a socket"}
    assert kind_of(os.stat("/dev/null").st_mode) == "a character device"
    assert kind_of(os.stat(tmp_path).st_mode) == "a folder"
    assert kind_of(os.stat(__file__).st_mode) is None
