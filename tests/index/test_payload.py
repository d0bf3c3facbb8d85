from __future__ import annotations

from datetime import datetime, timezone

from engram_mcp.index.base import MemoryFilter
from engram_mcp.index.payload import (
    FOREVER,
    HasIds,
    MatchAny,
    MatchValue,
    Range,
    admits,
    conditions_for,
    epoch,
    normalise_entity,
    to_payload,
)
from engram_mcp.model import Kind, MemoryType, point_id
from tests.index.conftest import day, fact


def test_forever_is_the_last_second_of_year_9999() -> None:
    assert datetime.fromtimestamp(FOREVER, timezone.utc) == datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone.utc)


def test_payload_of_an_open_memory_ends_forever_on_both_axes() -> None:
    memory = fact("open", "likes tea", entities=("  Alice  Smith", "alice smith", "Bob"))
    payload = to_payload(memory)
    assert payload == {
        "memory_id": memory.id,
        "namespace": "default",
        "kind": "fact",
        "type": "semantic",
        "entities": ["alice smith", "bob"],
        "certainty": 1.0,
        "content_hash": memory.content_hash(),
        "created_at": epoch(day(0)),
        "valid_from": epoch(day(0)),
        "valid_until": FOREVER,
        "known_until": FOREVER,
    }


def test_payload_keeps_the_world_and_system_time_ends_apart() -> None:
    memory = fact("closed", "lived in Lyon", valid_at=day(-30), invalid_at=day(-1), expired_at=day(2))
    payload = to_payload(memory)
    assert (payload["valid_from"], payload["valid_until"]) == (epoch(day(-30)), epoch(day(-1)))
    assert (payload["created_at"], payload["known_until"]) == (epoch(day(0)), epoch(day(2)))


def test_payload_never_holds_the_memory_text() -> None:
    assert "likes tea" not in repr(to_payload(fact("t", "likes tea")))


def test_an_empty_filter_has_no_conditions() -> None:
    assert conditions_for(MemoryFilter()) == []


def test_filter_fields_become_matches_on_their_payload_keys() -> None:
    where = MemoryFilter(
        namespace="work",
        kinds=(Kind.FACT, Kind.FACT),
        types=(MemoryType.PROCEDURAL,),
        entities=("Alice ", "alice", "BOB"),
        ids=("f-000000000001",),
    )
    assert conditions_for(where) == [
        MatchValue("namespace", "work"),
        MatchAny("kind", ("fact",)),
        MatchAny("type", ("procedural",)),
        MatchAny("entities", ("alice", "bob")),
        HasIds((point_id("f-000000000001"),)),
    ]


def test_valid_at_and_known_at_become_half_open_intervals() -> None:
    t = epoch(day(3))
    assert conditions_for(MemoryFilter(valid_at=day(3), known_at=day(3))) == [
        Range("valid_from", lte=t),
        Range("valid_until", gt=t),
        Range("created_at", lte=t),
        Range("known_until", gt=t),
    ]


def test_a_time_to_have_happened_within_becomes_a_half_open_range_that_admits_agrees_with() -> None:
    within = MemoryFilter(happened_within=(day(3), day(4)))
    assert conditions_for(within) == [Range("valid_from", gte=epoch(day(3)), lt=epoch(day(4)))]
    assert admits(within, fact("on", "on the day", valid_at=day(3)))
    assert not admits(within, fact("next", "the day after", valid_at=day(4)))
    assert admits(within, fact("told", "learned that day", created_at=day(3.5)))


def test_current_only_asks_both_ends_to_be_forever() -> None:
    assert conditions_for(MemoryFilter(current_only=True)) == [
        Range("valid_until", gte=FOREVER),
        Range("known_until", gte=FOREVER),
    ]


def test_entities_compare_without_case_or_stray_spaces() -> None:
    assert normalise_entity("  New   York ") == normalise_entity("new york") == "new york"


def test_current_at_a_present_keeps_what_ends_later_and_what_begins_later_and_agrees_with_admits() -> None:
    present = day(10)
    where = MemoryFilter(current_only=True, present=present)
    conditions = conditions_for(where)
    assert Range("valid_until", gt=epoch(present)) in conditions and Range("known_until", gte=FOREVER) in conditions
    ends_later = fact("meta", "Ana works at Meta.", valid_at=day(0), invalid_at=day(90))
    begins_later = fact("klarna", "Ana works at Klarna.", valid_at=day(90))
    ended = fact("google", "Ana works at Google.", valid_at=day(0), invalid_at=day(5), expired_at=day(5))
    assert [admits(where, m) for m in (ends_later, begins_later, ended)] == [True, True, False]
    assert not admits(MemoryFilter(current_only=True), ends_later)
