from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

from engram_mcp.markdown.format import parse_document, render_block
from engram_mcp.markdown.sections import is_scaffolding, place
from engram_mcp.model import Kind, Memory, MemoryType

JAN = datetime(2026, 1, 1, tzinfo=timezone.utc)
MAR = datetime(2026, 3, 1, tzinfo=timezone.utc)


def fact(memory_id: str, text: str) -> Memory:
    return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=JAN, valid_at=JAN)


OLD = replace(fact("f-000000000001", "Ali works at Google."), invalid_at=MAR, expired_at=MAR)
NEW = fact("f-000000000002", "Ali works at Meta.")
PAGE = "# Ali\n\nMy own note about Ali.\n\n"


def test_history_goes_below_a_new_heading_and_current_facts_stay_above_it() -> None:
    document = parse_document(PAGE, Path("ali.md"), "default")
    document = place(document, render_block(OLD))
    document = place(document, render_block(NEW))
    text = document.render()
    assert text.index("Ali works at Meta.") < text.index("## History") < text.index("Ali works at Google.")
    assert text.startswith(PAGE)
    assert "*2026-01-01 → 2026-03-01* — Ali works at Google." in text


def test_the_parser_reads_blocks_wherever_they_stand_and_round_trips() -> None:
    document = place(place(parse_document(PAGE, Path("ali.md"), "default"), render_block(OLD)), render_block(NEW))
    again = parse_document(document.render(), Path("ali.md"), "default")
    assert again.render() == document.render()
    assert [b.memory for b in again.blocks] == [NEW, OLD]


def test_a_page_with_only_its_title_is_scaffolding_but_a_note_is_not() -> None:
    intro = "<!-- intro -->\n"
    assert is_scaffolding(parse_document("# Ali\n\n<!-- intro -->\n\n## History\n\n", Path("a.md"), "d"), "Ali", intro)
    assert not is_scaffolding(parse_document(PAGE, Path("a.md"), "d"), "Ali", intro)


def test_a_fact_ended_only_by_a_successor_that_begins_later_stays_among_the_current_facts() -> None:
    ends_later = replace(fact("f-000000000001", "Ali works at Google."), invalid_at=MAR)
    document = place(place(parse_document(PAGE, Path("ali.md"), "default"), render_block(ends_later)), render_block(NEW))
    assert "## History" not in document.render()
    assert "*2026-01-01 → 2026-03-01* — Ali works at Google." in document.render()
