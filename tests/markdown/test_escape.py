from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engram_mcp.errors import InvalidInput
from engram_mcp.markdown.escape import (
    check_storable,
    decode_text,
    encode_text,
    encode_value,
    line_content,
    split_lines,
)

LINE_BREAKS = ["\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


@given(st.text())
def test_decoding_what_was_encoded_gives_back_any_text(text: str) -> None:
    assert decode_text(encode_text(text)) == text


@given(st.text())
def test_encoded_text_breaks_lines_only_at_newline_for_python_and_the_file_reader(text: str) -> None:
    for line in encode_text(text).split("\n"):
        assert line.splitlines() in ([], [line])
        assert [line_content(part) for part in split_lines(line)] in ([], [line])


@given(st.text())
def test_split_lines_keeps_every_character_of_a_file(text: str) -> None:
    assert "".join(split_lines(text)) == text


@pytest.mark.parametrize("brk", LINE_BREAKS)
def test_every_line_break_but_newline_is_written_as_a_reference(brk: str) -> None:
    # A Windows line end keeps its newline as a real line break; only its \r becomes a reference.
    expected = "".join(c if c == "\n" else f"&#{ord(c)};" for c in brk)
    assert encode_text(f"alpha{brk}beta") == f"alpha{expected}beta"


@pytest.mark.parametrize(
    "text",
    [
        "I moved to Berlin last week.",
        "Tom & Jerry; 3 < 4 > 2; *stars*, _under_, `code`, [link](x), # not a heading",
        "C:\\runs\\new & old",
        "naïve café 日本語 emoji 🙂 and a tab\there",
    ],
)
def test_ordinary_text_is_written_as_typed(text: str) -> None:
    assert encode_text(text) == text


def test_what_the_reader_would_take_as_structure_is_escaped_readably() -> None:
    assert encode_text("quoted ^t-0123456789ab") == "quoted &#94;t-0123456789ab"
    assert encode_text("x <!-- engram pinned=true -->") == "x &#60;!-- engram pinned=true -->"
    assert encode_text("a typed &#233; stays") == "a typed &#38;#233; stays"
    assert encode_text("mentions ^t-0123456789ab mid-line") == "mentions ^t-0123456789ab mid-line"


def test_a_reference_a_person_types_reads_as_its_character() -> None:
    assert decode_text("caf&#233; &#x1F642; &amp; &#0; &#xD800; &#99999999;") == "café 🙂 &amp; \x00 &#xD800; &#99999999;"


@given(st.recursive(st.text() | st.none(), lambda inner: st.lists(inner, max_size=3), max_leaves=5))
def test_metadata_values_stay_on_one_line_inside_their_comment(value: object) -> None:
    encoded = encode_value(value)
    assert json.loads(encoded) == value
    assert len(split_lines(encoded)) <= 1 and len(encoded.splitlines()) <= 1 and ">" not in encoded


def test_a_lone_surrogate_is_refused_in_one_line_naming_the_field() -> None:
    with pytest.raises(InvalidInput) as raised:
        check_storable("ok\ud800", "speaker")
    assert "speaker" in str(raised.value) and "\n" not in str(raised.value)
