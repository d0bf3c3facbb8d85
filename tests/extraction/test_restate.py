from __future__ import annotations

from datetime import datetime, timezone

import pytest

from engram_mcp.extraction.restate import restated_fact
from engram_mcp.model import MemoryType

WHEN = datetime(2026, 11, 30, 9, 0, tzinfo=timezone.utc)


def test_a_first_person_sentence_is_restated_about_the_speaker() -> None:
    fact = restated_fact("I've been to Rome twice with my sister", "Hana", WHEN)
    assert fact is not None and fact.statement.startswith("Hana has been to Rome twice")
    assert fact.subject == "Hana"


@pytest.mark.parametrize("said", ["Let's keep chasing our dreams together", "Thanks so much, that was really helpful",
                                  "You should try the new cafe"])
def test_a_pep_talk_a_reaction_or_a_remark_to_the_assistant_is_no_fact(said: str) -> None:
    assert restated_fact(said, "Hana", WHEN) is None


def test_something_done_last_week_happened_then() -> None:
    fact = restated_fact("I ran my first half marathon last week in Lisbon", "Hana", WHEN)
    assert fact is not None and fact.type is MemoryType.EPISODIC
    assert fact.event_time is not None and fact.event_time < WHEN


@pytest.mark.parametrize(("said", "kept"), [("I play the violin.", "Mara plays the violin."), ("I play tennis.", "Mara plays tennis.")])
def test_an_instrument_or_a_sport_one_plays_is_kept_however_short(said: str, kept: str) -> None:
    fact = restated_fact(said, "Mara", datetime(2026, 1, 1, tzinfo=timezone.utc))
    assert fact is not None and fact.statement == kept and fact.predicate == "plays"


def test_playing_it_a_way_is_no_instrument_or_sport() -> None:
    assert restated_fact("I play it safe.", "Mara", datetime(2026, 1, 1, tzinfo=timezone.utc)) is None
