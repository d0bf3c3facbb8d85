"""Text that is not UTF-8, on stdin or as an argument, through the real binary: one line naming
the byte, exit code 2, nothing stored, whether a server owns the folder or not."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from engram_mcp.cli import main
from engram_mcp.markdown.store import MarkdownStore

pytestmark = pytest.mark.slow

CONVERT = "convert it to UTF-8 first, e.g. with iconv -f latin1 -t utf-8"
# An argument typed in a Latin-1 terminal, as Python hands it over (each stray byte kept as a surrogate).
TYPED_IN_LATIN1 = {
    "query": ("recall", os.fsdecode(b"caf\xe9")),
    "entity": ("forget", "--entity", os.fsdecode(b"Ren\xe9e"), "--yes"),
}


def test_text_that_is_not_utf8_is_refused_in_one_line_naming_the_byte_whether_or_not_a_server_owns_the_folder(
    engram, serving, tmp_path: Path  # type: ignore[no-untyped-def]
) -> None:
    folder = tmp_path / "memories"
    dir_args = ("--memory-dir", str(folder), "--extractor", "none")
    latin1 = "café au lait is my favourite".encode("latin-1")

    def refused() -> None:
        piped = engram("remember", "-", *dir_args, stdin=latin1)
        assert (piped.returncode, piped.stdout) == (2, "")
        assert piped.stderr == f"engram-mcp: stdin is not UTF-8 text (byte 0xe9 at offset 3); {CONVERT}\n"
        for name, args in TYPED_IN_LATIN1.items():
            typed = engram(*args, *dir_args)
            assert (typed.returncode, typed.stdout) == (2, "")
            assert typed.stderr == f"engram-mcp: {name}: not UTF-8 text (byte 0xe9 at position 3); {CONVERT}\n"

    assert engram("remember", "-", *dir_args, stdin="café au lait is my favourite").returncode == 0
    refused()
    with serving(folder, "--extractor", "none"):
        refused()
    assert [turn.text for turn in MarkdownStore(folder).load_all().memories.values()] == ["café au lait is my favourite"]


def test_a_lone_surrogate_no_byte_could_give_is_named_as_such(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["recall", "wifi \ud83d", "--memory-dir", str(tmp_path)]) == 2
    assert capsys.readouterr().err == "engram-mcp: query: holds a lone surrogate (U+D83D) at position 5\n"
