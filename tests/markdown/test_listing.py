import os
from pathlib import Path, PurePosixPath

from engram_mcp.files import LOOPING_LINK
from engram_mcp.markdown.listing import markdown_files, stray_comments, unread_files, why_not_read
from engram_mcp.markdown.store import MarkdownStore
from tests.markdown.test_format import turn


def test_every_markdown_file_is_listed_in_path_order_with_hidden_ones_and_other_files_aside(tmp_path: Path) -> None:
    for name in ("journal/2023-05-08.md", "facts/people/ana.md", "facts/ali-khan.md", "README.md", "notes/ideas.txt",
                 ".trash/old.md", "facts/.draft.md"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("- a line\n")
    assert list(markdown_files(tmp_path)) == [
        (PurePosixPath("README.md"), None),
        (PurePosixPath("facts/ali-khan.md"), None),
        (PurePosixPath("facts/people/ana.md"), None),
        (PurePosixPath("journal/2023-05-08.md"), None),
    ]


def test_a_file_that_is_no_regular_file_is_listed_with_what_it_is_and_a_folder_is_walked_into(tmp_path: Path) -> None:
    facts = tmp_path / "facts"
    facts.mkdir()
    os.mkfifo(facts / "pipe.md")
    (facts / "nowhere.md").symlink_to(tmp_path / "gone.md")
    (facts / "loop.md").symlink_to(facts / "loop.md")
    (facts / "folder.md").mkdir()
    (facts / "folder.md" / "inside.md").write_text("- a line\n")
    assert dict(markdown_files(tmp_path)) == {
        PurePosixPath("facts/folder.md/inside.md"): None,
        PurePosixPath("facts/loop.md"): LOOPING_LINK,
        PurePosixPath("facts/nowhere.md"): "a link to nothing",
        PurePosixPath("facts/pipe.md"): "a named pipe",
    }


def test_a_folder_that_is_not_there_lists_nothing(tmp_path: Path) -> None:
    assert list(markdown_files(tmp_path / "gone")) == []


def test_why_a_file_named_like_a_page_is_not_read_is_said_in_checks_words() -> None:
    not_text = PurePosixPath(os.fsdecode(b"facts/\xff\xfe.md"))
    assert why_not_read(not_text, None) == "its name is not UTF-8 text; renamed, it is read"
    assert why_not_read(PurePosixPath("facts/pipe.md"), "a named pipe") == (
        "a named pipe, not a regular file; only a regular file is opened"
    )
    assert why_not_read(PurePosixPath("facts/ali-khan.md"), None) is None


def test_markdown_holding_memories_outside_the_memory_folders_is_named_and_hidden_folders_are_not(
    tmp_path: Path,
) -> None:
    store = MarkdownStore(tmp_path)
    page = tmp_path / store.add(turn("first"))
    for elsewhere in ("notes/2023-05-08.md", ".trash/2023-05-08.md", "journal/.hidden/2023-05-08.md"):
        (tmp_path / elsewhere).parent.mkdir(parents=True)
        (tmp_path / elsewhere).write_text(page.read_text())
    (tmp_path / "notes" / "ideas.md").write_text("- an idea of mine\n")
    assert unread_files(tmp_path) == {PurePosixPath("notes/2023-05-08.md"): 1}


def test_a_metadata_comment_whose_item_was_deleted_is_named_by_its_line_and_the_item_above_is_unchanged(
    tmp_path: Path,
) -> None:
    store = MarkdownStore(tmp_path)
    relative = store.add(turn("I pay 1200 in rent."))
    store.add(turn("My GP is Dr Hassan.", id="t-0123456789ac"))
    page = tmp_path / relative
    lines = page.read_text().splitlines(keepends=True)
    gp = next(i for i, line in enumerate(lines) if "Dr Hassan" in line)
    page.write_text("".join(lines[:gp] + lines[gp + 1:]))
    assert stray_comments(tmp_path) == [f"{relative}:{gp + 1}"]
    assert [m.text for m in MarkdownStore(tmp_path).load_all().memories.values()] == ["I pay 1200 in rent."]
    assert stray_comments(tmp_path / "nothing-here") == []
