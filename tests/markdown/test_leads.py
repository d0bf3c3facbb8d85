"""The lead in front of a memory's text on its page (``engram_mcp/markdown/leads.py``), as the
writer puts it and as it reads back."""

from dataclasses import replace
from datetime import datetime, timezone

import pytest

from engram_mcp.markdown.format import parse_document, render_block
from tests.markdown.test_format import LEARNED, PATH, WHEN, fact, round_trip, turn


def test_a_turn_reads_naturally_with_speaker_and_time_in_front() -> None:
    raw = render_block(turn("Hey Mel!")).raw
    assert raw.startswith("- **Caroline** 13:56 UTC — Hey Mel! ^t-0123456789ab\n  <!-- engram ")


def test_a_turn_at_six_in_the_evening_plus_two_reads_as_sixteen_hundred_utc_labelled() -> None:
    from datetime import timedelta

    evening = datetime(2026, 11, 30, 18, 0, tzinfo=timezone(timedelta(hours=2)))
    raw = render_block(turn("Dinner at home.", valid_at=evening)).raw
    assert raw.startswith("- **Caroline** 16:00 UTC — Dinner at home. ^t-")
    assert round_trip(turn("Dinner at home.", valid_at=evening)).event_time == evening


@pytest.mark.parametrize(("typed", "hour"), [("14:05 UTC", 14), ("9:05 UTC", 9), ("09:05", 9)])
def test_a_turns_lead_corrected_by_hand_is_who_said_it_and_when_not_its_text(typed: str, hour: int) -> None:
    raw = render_block(turn("My dentist moved to Friday.")).raw.replace("**Caroline** 13:56 UTC", f"**Bob** {typed}", 1)
    (block,) = parse_document(raw, PATH, "default").segments
    assert block.memory.text == "My dentist moved to Friday."
    assert block.memory.provenance.speaker == "Bob" and block.memory.event_time == WHEN.replace(hour=hour, minute=5)


@pytest.mark.parametrize("hour", ["25:99", "24:00", "12:60", "7:75"])
def test_a_turns_lead_corrected_to_no_time_of_day_is_reported_on_its_line_never_read_as_another_time(hour: str) -> None:
    blocks = render_block(turn("first")).raw + render_block(turn("Sushi for lunch.", id="t-0123456789ac")).raw
    text = "# Title\n" + blocks.replace("**Caroline** 13:56 UTC — Sushi", f"**Caroline** {hour} UTC — Sushi", 1)
    document = parse_document(text, PATH, "default")
    (problem,) = document.problems
    assert problem.line == 4 and f"its time {hour} is no time of day" in str(problem)
    assert [b.memory for b in document.blocks] == [turn("first")] and document.render() == text


def test_a_fact_told_before_the_day_it_begins_is_led_by_that_day_and_reads_back_without_it() -> None:
    ahead = replace(fact(), text="Ana works at Bosch.", valid_at=datetime(2027, 1, 1, tzinfo=timezone.utc))
    rendered = render_block(ahead).raw
    assert rendered.startswith("- *from 2027-01-01* — Ana works at Bosch. ^f-00000000abcd")
    assert round_trip(ahead) == ahead
    # A page written before the lead existed reads the same memory.
    unled = rendered.replace("*from 2027-01-01* — ", "", 1)
    assert parse_document(unled, PATH, "default").blocks[0].memory == ahead
    # Told the same day it begins (a turn dated a minute ahead of the clock): no lead.
    same_day = replace(fact(), valid_at=LEARNED.replace(hour=23))
    assert render_block(same_day).raw.startswith('- Ali works at "Meta"')
