import hashlib
from dataclasses import replace
from pathlib import PurePosixPath

from engram_mcp.markdown.appending import RecentPages, rendered
from engram_mcp.markdown.format import Document, render_block
from engram_mcp.markdown.pages import new_page
from engram_mcp.markdown.sections import place
from tests.markdown.test_format import turn

PAGE = PurePosixPath("journal/2023-05-08.md")
STAMP = (1, 100)


def _written_once() -> tuple[RecentPages, Document]:
    recent = RecentPages()
    document = place(new_page(PAGE), render_block(turn("first")))
    recent.keep(PAGE, STAMP, *rendered(document))
    return recent, document


def test_a_page_grown_by_one_block_at_its_end_has_the_bytes_and_digest_of_the_whole_page() -> None:
    recent, document = _written_once()
    added = render_block(replace(turn("second"), id="t-0000000000ff"))
    grown = place(document, added)
    found = recent.grown(PAGE, (STAMP, document), grown, added)
    assert found is not None
    data, digest = found
    assert data == grown.render().encode("utf-8")
    assert digest.hexdigest() == hashlib.sha256(data).hexdigest()


def test_a_page_changed_on_disk_since_it_was_written_is_rendered_whole() -> None:
    recent, document = _written_once()
    added = render_block(replace(turn("second"), id="t-0000000000ff"))
    assert recent.grown(PAGE, ((2, 200), document), place(document, added), added) is None


def test_a_block_put_anywhere_but_the_end_is_rendered_whole() -> None:
    recent, document = _written_once()
    added = render_block(replace(turn("second"), id="t-0000000000ff"))
    inserted = Document((added, *document.segments))
    assert recent.grown(PAGE, (STAMP, document), inserted, added) is None


def test_only_the_pages_written_most_recently_are_kept() -> None:
    recent, document = _written_once()
    for day in range(10, 18):
        other = PurePosixPath(f"journal/2023-05-{day}.md")
        recent.keep(other, STAMP, *rendered(new_page(other)))
    added = render_block(replace(turn("second"), id="t-0000000000ff"))
    assert recent.grown(PAGE, (STAMP, document), place(document, added), added) is None
