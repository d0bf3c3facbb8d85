from dataclasses import replace
from pathlib import Path, PurePosixPath

import pytest

from engram_mcp.errors import MalformedMemoryFile, MemoryNotFound
from engram_mcp.markdown import pages
from engram_mcp.markdown.format import parse_document, render_block
from engram_mcp.markdown.sections import place
from tests.markdown.test_format import fact, turn

JOURNAL = PurePosixPath("journal/2023-05-08.md")
FACTS = PurePosixPath("facts/ali-khan.md")


def test_a_new_page_has_its_title_and_says_how_to_edit_it_but_holds_no_memory() -> None:
    page = pages.new_page(JOURNAL).render()
    assert page.startswith("# Journal — 2023-05-08\n")
    assert "edit or delete it freely" in page
    assert pages.new_page(JOURNAL).blocks == ()


def test_a_page_is_only_scaffolding_until_a_memory_or_a_persons_note_is_in_it() -> None:
    assert pages.holds_only_scaffolding(FACTS, pages.with_page_properties(FACTS, pages.new_page(FACTS)))
    with_fact = pages.with_page_properties(FACTS, place(pages.new_page(FACTS), render_block(fact())))
    assert not pages.holds_only_scaffolding(FACTS, with_fact)
    noted = parse_document(pages.new_page(FACTS).render() + "My own note.\n", Path("/x") / FACTS, "default")
    assert not pages.holds_only_scaffolding(FACTS, noted)


def test_a_fact_page_gets_properties_from_its_facts_and_a_journal_page_none() -> None:
    fact_page = pages.with_page_properties(FACTS, place(pages.new_page(FACTS), render_block(fact())))
    assert fact_page.render().startswith("---\nengram_entity:")
    assert 'aliases: ["Ali Khan"]' in fact_page.render()
    journal_page = place(pages.new_page(JOURNAL), render_block(turn("hello")))
    assert pages.with_page_properties(JOURNAL, journal_page) == journal_page


def test_a_fact_page_a_person_renamed_keeps_its_entity_and_links_not_to_itself() -> None:
    renamed = PurePosixPath("facts/me.md")
    about_ali = place(pages.new_page(FACTS), render_block(fact()))
    page = pages.with_page_properties(renamed, about_ali).render()
    assert page.startswith("---\nengram_entity:")
    assert 'aliases: ["Ali Khan"]' in page
    assert "[[ali-khan" not in page


def test_a_renamed_page_stands_for_the_page_its_memories_belong_on_and_a_moved_one_for_its_own_name() -> None:
    about_ali = place(pages.new_page(FACTS), render_block(fact()))
    assert pages.page_home(PurePosixPath("facts/me.md"), about_ali) == FACTS
    assert pages.page_home(PurePosixPath("facts/people/me.2.md"), about_ali) == FACTS
    assert pages.page_home(PurePosixPath("facts/people/ali-khan.md"), about_ali) == FACTS
    assert pages.page_home(PurePosixPath("facts/notes.md"), pages.new_page(FACTS)) == PurePosixPath("facts/notes.md")
    day = place(pages.new_page(JOURNAL), render_block(turn("hello")))
    assert pages.page_home(PurePosixPath("journal/2023/monday.md"), day) == PurePosixPath("journal/monday.md")


def test_a_memory_is_read_from_its_page_by_id() -> None:
    page = place(pages.new_page(JOURNAL), render_block(turn("hello")))
    assert pages.readable(page, "t-0123456789ab") == turn("hello")
    assert [pages.block_id(b) for b in pages.identified(page)] == ["t-0123456789ab"]
    with pytest.raises(MemoryNotFound):
        pages.readable(page, "t-00000000ffff")


def test_a_block_a_person_broke_is_named_with_its_line_when_read() -> None:
    text = place(pages.new_page(JOURNAL), render_block(turn("hello"))).render()
    broken = text.replace("created=2026", "created=not-a-date-2026")
    page = parse_document(broken, Path("/x") / JOURNAL, "default")
    assert [pages.block_id(b) for b in pages.identified(page)] == ["t-0123456789ab"]
    with pytest.raises(MalformedMemoryFile, match="fix this block first"):
        pages.readable(page, "t-0123456789ab")
    assert pages.readable(place(page, render_block(replace(turn("hi"), id="t-0000000000ff"))), "t-0000000000ff").text == "hi"
