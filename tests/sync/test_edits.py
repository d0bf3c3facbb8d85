from datetime import datetime, timezone
from pathlib import Path, PurePosixPath

from engram_mcp.markdown.format import parse_document
from engram_mcp.model import Kind, MemoryType, Source
from engram_mcp.sync.edits import settle

NOW = datetime(2026, 11, 30, 10, 0, tzinfo=timezone.utc)


def settled(text: str, relative: str) -> str:
    document = parse_document(text, Path(relative), "default")
    fixed_id = {Kind.EPISODE: "t-0123456789ab", Kind.FACT: "f-0123456789ab"}
    return settle(document, PurePosixPath(relative), NOW, fixed_id.__getitem__).document.render()


def test_a_hand_item_keeps_its_text_and_gains_an_id_and_one_metadata_line() -> None:
    text = settled("# Tea\n\n- Brew green tea at 80 degrees.\nmy note\n", "procedures/tea.md")
    assert text == (
        "# Tea\n\n- Brew green tea at 80 degrees. ^f-0123456789ab\n"
        "  <!-- engram type=procedural certainty=1 source=human-edit created=2026-11-30T10:00:00Z subject=Tea -->\n"
        "my note\n"
    )


def test_a_hand_item_in_an_older_journal_day_stays_on_that_day() -> None:
    text = settled("- We went to the zoo.", "journal/2026-11-02.md")
    [block] = parse_document(text, Path("j"), "default").blocks
    assert (block.memory.kind, block.memory.type) == (Kind.EPISODE, MemoryType.EPISODIC)
    assert block.memory.event_time.date().isoformat() == "2026-11-02"
    assert block.memory.provenance.source is Source.HUMAN_EDIT
    assert not text.endswith("\n")



def test_a_turn_typed_in_the_journals_own_form_says_who_said_it_and_when() -> None:
    text = settled("- **Ana** 10:05 UTC — Had coffee with Mo at Majestic.\n", "journal/2026-11-02.md")
    [ana] = (block.memory for block in parse_document(text, Path("j"), "default").blocks)
    [user] = (block.memory for block in parse_document(
        settled("- **user** 18:40 UTC — Home now.\n", "journal/2026-11-02.md"), Path("j"), "default").blocks)
    assert (ana.text, ana.provenance.speaker, ana.provenance.role) == ("Had coffee with Mo at Majestic.", "Ana", None)
    assert ana.event_time.isoformat() == "2026-11-02T10:05:00+00:00"
    assert (user.text, user.provenance.speaker, user.provenance.role) == ("Home now.", None, "user")
    assert user.event_time.isoformat() == "2026-11-02T18:40:00+00:00"
    assert "- **Ana** 10:05 UTC — Had coffee with Mo at Majestic. ^t-" in text

def test_a_pin_tag_moves_into_the_metadata() -> None:
    text = settled("- Ana's favourite tea is oolong. #pin\n", "facts/ana.md")
    assert "oolong. ^f-0123456789ab\n" in text and "pinned=true" in text and "#pin" not in text


def test_a_document_without_hand_items_or_tags_is_not_rewritten() -> None:
    original = "# Notes\n\nNothing to do here.\n"
    document = parse_document(original, Path("facts/x.md"), "default")
    assert not settle(document, PurePosixPath("facts/x.md"), NOW).rewritten
