from datetime import datetime, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.model.temporal import Axis
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.service.inputs import new_turn
from engram_mcp.service.looking_back import held_at

LEARNED = datetime(2026, 1, 1, tzinfo=timezone.utc)


def said(memory_id: str, text: str, month: int) -> Memory:
    return new_turn(text, LEARNED, namespace="ns", event_time=datetime(2025, month, 1, tzinfo=timezone.utc),
                    memory_id=memory_id)


def fact(memory_id: str, text: str, month: int) -> Memory:
    return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=LEARNED,
                  valid_at=datetime(2025, month, 1, tzinfo=timezone.utc), provenance=Provenance(namespace="ns"))


def test_what_held_then_is_the_facts_first_then_the_latest_turns_up_to_the_limit() -> None:
    catalogue = Catalogue([said("t-1", "We adopted a cat.", 3), said("t-2", "We painted the hall.", 5),
                           said("t-3", "We moved to Lisbon.", 9), fact("f-1", "Ana lives in Porto.", 2)])
    then = held_at(catalogue, "ns", datetime(2025, 6, 1, tzinfo=timezone.utc), Axis.VALID, (), 2)
    assert [m.id for m in then] == ["f-1", "t-2"]


def test_nothing_is_held_before_it_was_known_on_the_known_axis() -> None:
    catalogue = Catalogue([said("t-1", "We adopted a cat.", 3)])
    assert held_at(catalogue, "ns", datetime(2025, 6, 1, tzinfo=timezone.utc), Axis.KNOWN, (), 5) == []
    assert [m.id for m in held_at(catalogue, "ns", LEARNED, Axis.KNOWN, (), 5)] == ["t-1"]


def test_only_the_types_asked_are_held() -> None:
    catalogue = Catalogue([said("t-1", "We adopted a cat.", 3), fact("f-1", "Ana lives in Porto.", 2)])
    then = held_at(catalogue, "ns", LEARNED, Axis.VALID, (MemoryType.SEMANTIC,), 5)
    assert [m.id for m in then] == ["f-1"]
