from dataclasses import replace

from engram_mcp.sync.check import CheckReport, compare
from tests.markdown.test_format import fact, turn


def test_markdown_and_index_that_agree_are_clean() -> None:
    memory = turn("hi")
    assert compare({memory.id: memory}, {memory.id: memory.content_hash()}).clean


def test_every_kind_of_divergence_is_named() -> None:
    a, b = turn("hi"), fact()
    changed = replace(a, text="hi there")
    divergence = compare({a.id: changed, b.id: b}, {a.id: a.content_hash(), "t-ffffffffffff": "x"})
    assert divergence.lines() == [
        "not indexed: f-00000000abcd",
        "indexed but not in markdown: t-ffffffffffff",
        "index out of date: t-0123456789ab",
    ]


def test_a_file_that_is_no_page_keeps_the_folder_from_being_clean_and_is_named_with_why() -> None:
    report = CheckReport(compare({}, {}), not_pages={"facts/pipe.md": "a named pipe, not a regular file"})
    assert not report.clean
    assert report.lines() == ["not read (a named pipe, not a regular file): facts/pipe.md"]


def test_a_metadata_comment_left_under_no_item_keeps_the_folder_from_being_clean_and_is_named_by_its_line() -> None:
    report = CheckReport(divergence=compare({}, {}), stray_comments=("facts/user.md:12",))
    assert not report.clean
    assert report.lines() == [
        "a metadata comment with no item of its own (its '- ' line was deleted; delete the comment too): facts/user.md:12"
    ]
