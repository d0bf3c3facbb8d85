from pathlib import Path

from engram_mcp.files import atomic_write, content_digest, file_stamp, running_digest, stamp_of


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
