from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engram_mcp.markdown.format import Document, HandBlock, parse_document, render_block
from engram_mcp.model import Kind, Memory, MemoryType, Provenance, Source

WHEN = datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
LEARNED = datetime(2026, 11, 30, 10, 0, 0, 123456, tzinfo=timezone.utc)
PATH = Path("journal/2023-05-08.md")


def turn(text: str, **changes: object) -> Memory:
    values: dict[str, object] = dict(
        id="t-0123456789ab",
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=text,
        created_at=LEARNED,
        valid_at=WHEN,
        provenance=Provenance(speaker="Caroline", role="user", session="s1"),
    )
    values.update(changes)
    return Memory(**values)  # type: ignore[arg-type]


def fact() -> Memory:
    return Memory(
        id="f-00000000abcd",
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text='Ali works at "Meta" --> since March.',
        created_at=LEARNED,
        valid_at=WHEN,
        certainty=0.7,
        provenance=Provenance(source=Source.ASSISTANT, turn_ids=("t-0123456789ab",)),
        entities=("Ali Khan", "Meta, Inc."),
        subject="Ali Khan",
        predicate="works_at",
        object="Meta",
        importance=0.9,
        pinned=True,
    )


def round_trip(memory: Memory) -> Memory:
    document = parse_document(render_block(memory).raw, PATH, "default")
    (block,) = document.blocks
    return block.memory


@pytest.mark.parametrize(
    "text",
    [
        "I moved to Berlin last week.",
        "line one\nline two\n\nafter a blank line",
        "ends with a newline\n",
        "- looks like a list item\n# and a heading\n<!-- engram type=semantic -->",
        "trailing spaces   ",
        "  leading spaces",
        "mentions ^t-0123456789ab in the middle",
        "**Caroline** 13:56 — text that starts like the decoration",
    ],
)
def test_a_turn_survives_render_and_parse_unchanged(text: str) -> None:
    assert round_trip(turn(text)) == turn(text)


def test_a_fact_with_every_field_survives_render_and_parse_unchanged() -> None:
    assert round_trip(fact()) == fact()


def test_foreign_content_and_blocks_render_back_byte_for_byte() -> None:
    text = (
        "# Journal\n\nSome notes of mine.\n\n"
        + render_block(turn("first")).raw
        + "\n> a quote I keep\n"
        + render_block(fact()).raw
        + "- a memory I typed myself\n  over two lines\n\ntrailing paragraph"
    )
    document = parse_document(text, PATH, "default")
    assert document.render() == text
    assert [b.memory.id for b in document.blocks] == ["t-0123456789ab", "f-00000000abcd"]
    assert document.hand_blocks == (
        HandBlock(text="a memory I typed myself\nover two lines", raw=document.hand_blocks[0].raw, line=11),
    )


def test_removing_a_block_leaves_every_other_byte_in_place() -> None:
    kept = "# Title\n\nmy note\n"
    document = parse_document(kept + render_block(turn("gone")).raw + "tail\n", PATH, "default")
    assert document.without("t-0123456789ab").render() == kept + "tail\n"


def test_appending_to_a_file_without_final_newline_starts_a_new_line() -> None:
    document = Document(("# Title\nno newline",)).appended(render_block(turn("new")))
    assert document.render().startswith("# Title\nno newline\n- **Caroline**")


def test_unreadable_metadata_names_the_file_and_line_and_keeps_the_block_as_it_stands() -> None:
    text = "# Title\n- broken ^t-0123456789ab\n  <!-- engram created=not-a-time -->\n"
    document = parse_document(text, PATH, "default")
    (problem,) = document.problems
    assert problem.line == 2 and str(PATH) in str(problem) and "created=not-a-time" in str(problem)
    assert document.blocks == () and document.render() == text


# Written by the format before escaping and UTC labels (main at d5e2c9f), byte for byte.
LEGACY_FILE = (
    "# Journal — 2023-05-08\n\n"
    "- **Caroline** 13:56 — Hey Mel!\n  second line ^t-0123456789ab\n"
    "  <!-- engram speaker=Caroline role=user session=s1 valid=2023-05-08T13:56:00Z"
    " created=2026-11-30T10:00:00.123456Z -->\n"
    '- Ali works at "Meta" --> since March. ^f-00000000abcd\n'
    "  <!-- engram certainty=0.7 source=assistant valid=2023-05-08T13:56:00Z created=2026-11-30T10:00:00.123456Z"
    ' subject="Ali Khan" predicate=works_at object=Meta entities=["Ali Khan", "Meta, Inc."] turns=["t-0123456789ab"]'
    " importance=0.9 pinned=true -->\n"
    '- *2023-05-08 13:56 → 2024-01-02 15:30* — Ali works at "Meta" --> since March. ^f-00000000abce\n'
    "  <!-- engram certainty=0.7 source=assistant valid=2023-05-08T13:56:00Z invalid=2024-01-02T15:30:00Z"
    ' created=2026-11-30T10:00:00.123456Z subject="Ali Khan" predicate=works_at object=Meta'
    ' entities=["Ali Khan", "Meta, Inc."] turns=["t-0123456789ab"] importance=0.9 -->\n'
)


def test_a_file_written_by_the_earlier_format_reads_the_same_memories_and_renders_back_unchanged() -> None:
    document = parse_document(LEGACY_FILE, PATH, "default")
    old_fact = replace(fact(), id="f-00000000abce", invalid_at=datetime(2024, 1, 2, 15, 30, tzinfo=timezone.utc),
                       pinned=False)
    assert [b.memory for b in document.blocks] == [turn("Hey Mel!\nsecond line"), fact(), old_fact]
    assert document.problems == () and document.render() == LEGACY_FILE
    rewritten = render_block(old_fact).raw
    assert rewritten.startswith("- *2023-05-08 13:56 UTC → 2024-01-02 15:30 UTC* — Ali works")


def test_a_turn_told_in_its_own_offset_keeps_it_on_the_page_and_back() -> None:
    from datetime import timedelta

    evening = datetime(2024, 3, 10, 21, 30, tzinfo=timezone(timedelta(hours=-5)))
    told = turn("Went bowling.", valid_at=evening, utc_offset=timedelta(hours=-5))
    assert "valid=2024-03-10T21:30:00-05:00" in render_block(told).raw
    back = round_trip(told)
    assert back == told and back.wall_time == datetime(2024, 3, 10, 21, 30, tzinfo=timezone.utc)


def test_text_typed_after_a_blocks_id_is_part_of_its_text_and_the_memory_keeps_its_id() -> None:
    raw = render_block(turn("I went to a support group yesterday.")).raw
    for typed, text in [(" #work", "I went to a support group yesterday. #work"), (" [[Mel]]", "I went to a support group yesterday. [[Mel]]"),
                        (" ", "I went to a support group yesterday.")]:
        edited = raw.replace("^t-0123456789ab\n", f"^t-0123456789ab{typed}\n", 1)
        (block,) = parse_document(edited, PATH, "default").segments
        assert not isinstance(block, HandBlock) and block.memory.id == "t-0123456789ab" and block.memory.text == text


def test_a_hand_item_quoting_an_id_mid_line_is_still_a_hand_item() -> None:
    (block,) = parse_document("- compare ^t-0123456789ab with the other one\n", PATH, "default").segments
    assert isinstance(block, HandBlock) and block.text == "compare ^t-0123456789ab with the other one"


@pytest.mark.parametrize("indent", ["\t", "    ", " ", "\t\t", ""])
def test_a_metadata_comment_an_editor_re_indented_is_read_as_the_two_space_one(indent: str) -> None:
    """Also with no indent left at all (a formatter's doing): the comment right under its item is still its own."""
    written = render_block(turn("first")).raw + render_block(fact()).raw
    text = "# Title\n" + written.replace("\n  <!-- engram", f"\n{indent}<!-- engram")
    document = parse_document(text, PATH, "default")
    assert document.problems == () and [b.memory for b in document.blocks] == [turn("first"), fact()]
    assert document.render() == text


def test_a_memorys_lines_an_editor_re_indented_with_tabs_read_as_before() -> None:
    written = render_block(turn("line one\nline two\n  indented three")).raw
    text = written.replace("\n  ", "\n\t")
    (block,) = parse_document(text, PATH, "default").segments
    assert not isinstance(block, (HandBlock, str)) and block.memory == turn("line one\nline two\n  indented three")


@pytest.mark.parametrize("marker", ["* ", "+ "])
def test_items_a_formatter_marked_with_stars_or_pluses_are_read_like_dashes(marker: str) -> None:
    dashes = render_block(turn("first")).raw + render_block(fact()).raw + "- typed by hand\n"
    text = "\n".join(marker + line[2:] if line.startswith("- ") else line for line in dashes.split("\n"))
    document = parse_document(text, PATH, "default")
    assert [b.memory for b in document.blocks] == [turn("first"), fact()]
    assert [b.text for b in document.hand_blocks] == ["typed by hand"]
    assert document.problems == () and document.render() == text


@pytest.mark.parametrize("rule", ["- - -\n", "* * *\n", "-  -  -  -\n", "* - *\n"])
def test_a_thematic_break_is_no_item(rule: str) -> None:
    document = parse_document(f"# Title\n\n{rule}\nmore\n", PATH, "default")
    assert document.hand_blocks == () and document.blocks == ()


@pytest.mark.parametrize("opening", ["1. ", "  - ", "> - ", "-\t"])
def test_a_memory_whose_line_starts_no_item_is_reported_with_its_line_never_dropped_silently(opening: str) -> None:
    block = render_block(turn("hidden")).raw
    text = "# Title\n\n" + opening + block[2:]
    document = parse_document(text, PATH, "default")
    (problem,) = document.problems
    assert problem.line == 3 and "^t-0123456789ab is not read" in str(problem)
    assert [b.memory_id for b in document.bad_blocks] == ["t-0123456789ab"]
    assert document.render() == text


def test_a_byte_order_mark_is_read_through_and_not_written_back() -> None:
    text = "---\ntags: [family]\n---\n# Title\n" + render_block(turn("first")).raw
    document = parse_document("\ufeff" + text, PATH, "default")
    assert [b.memory for b in document.blocks] == [turn("first")]
    assert document.segments[0] == "---\ntags: [family]\n---\n# Title\n"
    assert document.render() == text
