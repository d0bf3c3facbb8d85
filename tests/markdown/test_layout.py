import os
from pathlib import PurePosixPath

import pytest

from engram_mcp.markdown.layout import (
    folder_of,
    home_of,
    in_memory_folders,
    is_memory_file,
    namespace_of,
    page_title,
    slug,
    told,
)


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
        ("journal/2026/2026-11-30.md", True),
        ("facts/people/family/ana.md", True),
        ("namespaces/work/facts/clients/apollo.md", True),
        ("facts/.trash/ana.md", False),
        (".trash/facts/ana.md", False),
        ("journal/.obsidian/workspace.md", False),
        ("namespaces/work/ana.md", False),
    ],
)
def test_only_files_in_the_layout_folders_hold_memories(path: str, expected: bool) -> None:
    assert is_memory_file(PurePosixPath(path)) is expected


@pytest.mark.parametrize(
    ("name", "shown"),
    [(b"facts/\xff\xfe.md", r"facts/\xff\xfe.md"), (b"facts/caf\xe9/ana.md", r"facts/caf\xe9/ana.md")],
)
def test_a_file_whose_name_is_not_utf8_text_is_in_the_memory_folders_but_no_page_and_is_told_with_escapes(
    name: bytes, shown: str
) -> None:
    path = PurePosixPath(os.fsdecode(name))  # as the folder's listing and the watcher hand it over
    assert in_memory_folders(path) and not is_memory_file(path)
    assert told(path) == shown


def test_a_name_that_is_text_is_told_as_it_is() -> None:
    assert told(PurePosixPath("facts/josé-ñ.md")) == "facts/josé-ñ.md"
    assert is_memory_file(PurePosixPath("facts/josé-ñ.md"))


def test_the_namespace_comes_from_the_path() -> None:
    assert namespace_of(PurePosixPath("namespaces/work/journal/2026-01-01.md")) == "work"
    assert namespace_of(PurePosixPath("journal/2026-01-01.md")) == "default"


def test_slugs_are_lowercase_ascii_with_dashes() -> None:
    assert slug("Ali Khan") == "ali-khan"
    assert slug("Zoë's Café!") == "zoe-s-cafe"
    assert slug("***") == "general"


def test_a_name_in_another_script_keeps_its_letters_and_gets_a_page_of_its_own() -> None:
    assert slug("Мария Иванова") == "мария-иванова"
    assert slug("王芳") == "王芳"
    assert slug("प्रिया शर्मा") == "प्रिया-शर्मा"  # vowel signs are part of the name
    assert slug("Θεσσαλονίκη") == "θεσσαλονίκη"
    assert page_title(PurePosixPath("facts/мария-иванова.md")) == "Мария Иванова"
    assert slug("Søren") == "sren"  # a name with a Latin spelling keeps the page it always had


def test_a_page_in_a_subfolder_belongs_to_the_layout_folder_above_it() -> None:
    assert folder_of(PurePosixPath("journal/2026/12/2026-12-05.md")) == "journal"
    assert folder_of(PurePosixPath("namespaces/work/procedures/deploys/api.md")) == "procedures"
    assert folder_of(PurePosixPath("notes/ana.md")) is None
    assert home_of(PurePosixPath("facts/people/ana.md")) == PurePosixPath("facts/ana.md")
    assert home_of(PurePosixPath("namespaces/work/journal/2026/2026-12-05.md")) == PurePosixPath(
        "namespaces/work/journal/2026-12-05.md"
    )
    assert namespace_of(PurePosixPath("namespaces/work/journal/2026/2026-12-05.md")) == "work"
    assert page_title(PurePosixPath("journal/2026/2026-12-05.md")) == "Journal — 2026-12-05"
