from pathlib import PurePosixPath

import pytest

from engram_mcp.markdown.layout import is_memory_file, namespace_of, slug


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("journal/2026-11-30.md", True),
        ("facts/ana.md", True),
        ("procedures/general.md", True),
        ("namespaces/work/facts/apollo.md", True),
        ("README.md", False),
        ("facts/ana.txt", False),
        ("facts/.ana.md.tmp", False),
        ("notes/facts/ana.md", False),
        (".engram/index/x.md", False),
    ],
)
def test_only_files_in_the_layout_folders_hold_memories(path: str, expected: bool) -> None:
    assert is_memory_file(PurePosixPath(path)) is expected


def test_the_namespace_comes_from_the_path() -> None:
    assert namespace_of(PurePosixPath("namespaces/work/journal/2026-01-01.md")) == "work"
    assert namespace_of(PurePosixPath("journal/2026-01-01.md")) == "default"


def test_slugs_are_lowercase_ascii_with_dashes() -> None:
    assert slug("Ali Khan") == "ali-khan"
    assert slug("Zoë's Café!") == "zoe-s-cafe"
    assert slug("***") == "general"
