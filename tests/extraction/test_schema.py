from __future__ import annotations

import json
from datetime import datetime, timezone

import pytest

from engram_mcp.errors import ExtractionError
from engram_mcp.extraction.schema import FACTS_SCHEMA, facts_schema, parse_facts, parse_truncated_facts
from engram_mcp.model import MemoryType

FULL = {
    "statement": "Caroline moved to Lisbon.",
    "subject": "Caroline",
    "predicate": "moved to",
    "object": "Lisbon",
    "entities": ["Caroline", "Lisbon"],
    "type": "episodic",
    "certainty": 1.0,
    "event_time": "2023-05-07",
}


def answer(*facts: dict[str, object]) -> str:
    return json.dumps({"facts": list(facts)})


def test_a_full_answer_parses_into_facts_with_a_utc_event_time() -> None:
    [fact] = parse_facts(answer(FULL))
    assert fact.statement == "Caroline moved to Lisbon."
    assert fact.type is MemoryType.EPISODIC
    assert fact.entities == ("Caroline", "Lisbon")
    assert fact.event_time == datetime(2023, 5, 7, tzinfo=timezone.utc)


def test_an_empty_facts_list_is_a_valid_answer() -> None:
    assert parse_facts('{"facts": []}') == []


def test_a_compact_answer_without_subject_predicate_object_parses() -> None:
    [fact] = parse_facts(answer({"statement": "Caroline likes tea.", "type": "semantic", "certainty": 0.7}))
    assert fact.certainty == 0.7
    assert fact.predicate == ""


def test_text_after_the_json_object_is_ignored() -> None:
    assert len(parse_facts(answer(FULL) + "\n\nSpeaker: Bob")) == 1


def test_an_impossible_event_date_loses_the_date_not_the_fact() -> None:
    [fact] = parse_facts(answer({**FULL, "event_time": "2023-02-31"}))
    assert fact.event_time is None


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"facts": {}}',
        '[]',
        answer({**FULL, "type": "opinion"}),
        answer({**FULL, "certainty": 3}),
        answer({**FULL, "certainty": True}),
        answer({key: value for key, value in FULL.items() if key != "statement"}),
        answer({**FULL, "statement": "   "}),
        answer({**FULL, "entities": "Lisbon"}),
    ],
)
def test_malformed_answers_raise_extraction_error(text: str) -> None:
    with pytest.raises(ExtractionError):
        parse_facts(text)


def test_a_truncated_answer_keeps_the_facts_written_before_the_cut() -> None:
    text = answer(FULL, FULL)[:-40]
    assert [fact.statement for fact in parse_truncated_facts(text)] == ["Caroline moved to Lisbon."]


def test_a_truncated_answer_without_a_facts_list_raises() -> None:
    with pytest.raises(ExtractionError):
        parse_truncated_facts('{"fa')


def test_the_schema_caps_facts_at_five_and_offers_three_certainty_levels() -> None:
    facts = FACTS_SCHEMA["properties"]["facts"]
    assert facts["maxItems"] == 5
    assert facts["items"]["properties"]["certainty"]["enum"] == [1.0, 0.7, 0.4]


def test_an_anchored_compact_schema_makes_statements_open_with_the_speaker() -> None:
    item = facts_schema(compact=True, speaker="Mel")["properties"]["facts"]["items"]
    assert set(item["properties"]) == {"statement", "type", "certainty", "event_time"}
    assert item["properties"]["statement"]["pattern"].startswith("^Mel")
