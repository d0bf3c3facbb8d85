"""Recall through the service, with the real embedder and the real Qdrant engine."""

from datetime import timedelta

from engram_mcp.model import Kind, Memory, MemoryType, Provenance, new_memory_id
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


def fact(
    service_clock: SteppingClock, text: str, type_: MemoryType, turn_ids: tuple[str, ...] = (), **kw: object
) -> Memory:
    return Memory(
        id=new_memory_id(Kind.FACT),
        kind=Kind.FACT,
        type=type_,
        text=text,
        created_at=service_clock(),
        provenance=Provenance(speaker="Ana", turn_ids=turn_ids),
        **kw,  # type: ignore[arg-type]
    )


def test_a_procedural_memory_is_recalled_even_when_many_turns_match_better(
    service: MemoryService, clock: SteppingClock
) -> None:
    for i in range(30):
        service.remember(f"We talked about coffee again, cup number {i}, the espresso was strong.", speaker="Ana")
    rule = fact(clock, "When writing about coffee for Ana, use British spelling.", MemoryType.PROCEDURAL)
    service.add(rule)
    found = service.recall("coffee espresso cup", limit=5)
    assert rule.id in [item.memory.id for item in found.memories]
    assert len(found.memories) == 5


def test_a_fact_comes_back_with_the_turn_it_was_distilled_from(service: MemoryService, clock: SteppingClock) -> None:
    source = service.remember("Guess what, I finally brought him home from the shelter today!", speaker="Ana")
    for text in [
        "My sister visits in June.",
        "The office moved to the fourth floor.",
        "I started learning Italian.",
        "The train was late again this morning.",
        "We repainted the kitchen a pale green.",
        "My cousin got married in Porto.",
        "The printer jammed twice today.",
    ]:
        service.remember(text, speaker="Ana")
    adopted = fact(clock, "Ana adopted a dog named Rex.", MemoryType.SEMANTIC, (source.id,), entities=("Ana", "Rex"))
    service.add(adopted)
    found = service.recall("What is the name of Ana's dog?", limit=6)
    ids = [item.memory.id for item in found.memories]
    assert adopted.id in ids and source.id in ids
    supporting = next(item for item in found.memories if item.memory.id == source.id)
    assert supporting.supports == adopted.id or ids.index(source.id) < ids.index(adopted.id)
    assert "Ana adopted a dog named Rex." in found.context


def test_recall_abstains_on_a_question_nothing_stored_is_about(service: MemoryService) -> None:
    for text in ["I adopted a dog named Rex.", "We walked him by the river.", "Rex loves tennis balls."]:
        service.remember(text, speaker="Ana", session="s1")
    found = service.recall("What is the boiling point of tungsten?")
    assert found.abstained
    assert found.memories == () and found.context == ""


def test_last_week_favours_what_was_said_last_week(service: MemoryService, clock: SteppingClock) -> None:
    now = clock.now
    service.remember("I went hiking in the mountains with Eva.", speaker="Ana", event_time=now - timedelta(days=40))
    recent = service.remember("I went hiking in the hills with Eva.", speaker="Ana", event_time=now - timedelta(days=5))
    found = service.recall("Where did Ana go hiking last week?")
    assert found.memories[0].memory.id == recent.id


def test_the_context_block_carries_dates_and_speakers_within_budget(service: MemoryService) -> None:
    service.remember("I moved to Berlin with my dog Rex.", speaker="Ana", session="s1")
    found = service.recall("Where does Ana live?")
    assert "30 Nov 2026] Ana: I moved to Berlin with my dog Rex." in found.context
    assert 0 < found.context_tokens <= 1200


def test_forgetting_a_turn_leaves_nothing_of_it_in_the_next_turns_index_text(service: MemoryService) -> None:
    secret = service.remember("My locker code is 4417.", speaker="Ana", session="s1")
    service.remember("Noted, I will keep it safe.", speaker="Bot", session="s1")
    service.remove(secret.id)
    assert service.recall("locker code 4417").abstained
