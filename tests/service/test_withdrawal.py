from __future__ import annotations

import pytest

from engram_mcp.model import Kind, Memory, MemoryType
from engram_mcp.model.supersede import was_unsaid
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from tests.service.test_facts import JAN, current_facts


def test_withdrawing_what_a_corrected_turn_no_longer_says_keeps_what_it_still_says_and_what_others_or_a_person_hold(
    facts: FactService, service: MemoryService
) -> None:
    from dataclasses import replace

    from engram_mcp.model import MemoryType, Provenance, Source

    turn = service.remember("I work at Google, I like jazz and I have a dog.", speaker="Zoe")
    earlier = service.remember("I like jazz.", speaker="Zoe")

    def drawn(memory_id: str, text: str, turns: tuple[str, ...], **changes: object) -> Memory:
        fact = Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=JAN,
                      valid_at=JAN, provenance=Provenance(speaker="Zoe", turn_ids=turns))
        service.add(replace(fact, **changes))  # type: ignore[arg-type]
        return fact

    google = drawn("f-00000000000a", "Zoe works at Google.", (turn.id,))
    kept = drawn("f-00000000000b", "Zoe has a dog.", (turn.id,))
    jazz = drawn("f-00000000000c", "Zoe likes jazz.", (earlier.id, turn.id))
    pinned = drawn("f-00000000000d", "Zoe is a vegetarian.", (turn.id,), pinned=True)
    worded = drawn("f-00000000000e", "Zoe is 31.", (turn.id,),
                   provenance=Provenance(speaker="Zoe", turn_ids=(turn.id,), source=Source.HUMAN_EDIT))
    withdrawn = facts.withdrawal.withdraw_unsaid(turn, {kept.id})
    assert [f.id for f in withdrawn] == [google.id]
    gone = service.get(google.id)
    assert not gone.is_current() and gone.superseded_by is None
    assert all(service.get(f.id).is_current() for f in (kept, jazz, pinned, worded))
    assert facts.withdrawal.withdraw_unsaid(turn, {kept.id}) == []


def test_a_move_its_corrected_turn_no_longer_says_gives_the_home_before_it_back(
    facts: FactService, service: MemoryService
) -> None:
    from dataclasses import replace

    from engram_mcp.extraction.base import ExtractedFact
    from engram_mcp.extraction.worker import fact_from

    told = {city: service.remember(f"I live in {city} now.", speaker="Zoe") for city in ("Leeds", "York")}
    for city, turn in told.items():
        facts.write(fact_from(ExtractedFact(f"Zoe lives in {city}.", MemoryType.SEMANTIC, 1.0, "Zoe", "lives in",
                                            f"in {city}"), turn, JAN))
    assert current_facts(service) == ["Zoe lives in York."]
    [withdrawn] = facts.withdrawal.withdraw_no_longer_worded(replace(told["York"], text="I stayed in Bath overnight."))
    assert withdrawn.text == "Zoe lives in York." and was_unsaid(service.get(withdrawn.id))
    assert current_facts(service) == ["Zoe lives in Leeds."]


def test_with_no_extractor_a_corrected_turn_withdraws_only_the_facts_drawn_from_it_whose_value_it_no_longer_words(
    facts: FactService, service: MemoryService
) -> None:
    from dataclasses import replace

    from engram_mcp.model import Provenance

    turn = service.remember("I live in York, I work at Siemens and I have a dog.", speaker="Zoe")
    earlier = service.remember("I like jazz.", speaker="Zoe")

    def drawn(memory_id: str, text: str, value: str, turns: tuple[str, ...], **changes: object) -> Memory:
        fact = Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text, created_at=JAN, valid_at=JAN,
                      provenance=Provenance(speaker="Zoe", turn_ids=turns), subject="Zoe", object=value)
        service.add(replace(fact, **changes))  # type: ignore[arg-type]
        return fact

    leeds = drawn("f-00000000001a", "Zoe lives in Leeds.", "in Leeds", (turn.id,))
    siemens = drawn("f-00000000001b", "Zoe works at Siemens.", "at Siemens", (turn.id,))
    jazz = drawn("f-00000000001c", "Zoe likes jazz.", "jazz", (earlier.id, turn.id))
    pinned = drawn("f-00000000001d", "Zoe is a vegetarian.", "a vegetarian", (turn.id,), pinned=True)
    withdrawn = facts.withdrawal.withdraw_no_longer_worded(service.get(turn.id))
    assert [f.id for f in withdrawn] == [leeds.id]
    assert was_unsaid(service.get(leeds.id))
    assert all(service.get(f.id).is_current() for f in (siemens, jazz, pinned))


def test_a_home_given_back_by_a_correction_is_not_current_once_its_own_turn_is_deleted_meanwhile(
    facts: FactService, service: MemoryService, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading
    from dataclasses import replace

    from engram_mcp.extraction.base import ExtractedFact
    from engram_mcp.extraction.worker import fact_from

    told = {city: service.remember(f"I live in {city} now.", speaker="Zoe") for city in ("Leeds", "York")}
    for city, turn in told.items():
        facts.write(fact_from(ExtractedFact(f"Zoe lives in {city}.", MemoryType.SEMANTIC, 1.0, "Zoe", "lives in",
                                            f"in {city}"), turn, JAN))

    def sync_deletes_the_leeds_turn() -> None:  # as the sync does when a person deletes the turn's lines
        with service.write_lock:
            service.remove(told["Leeds"].id)
            facts.withdrawal.withdraw_unsupported(told["Leeds"])

    still_supported = facts.withdrawal._still_supported
    deleting: list[threading.Thread] = []

    def deleted_right_after_the_check(fact: Memory) -> bool:
        supported = still_supported(fact)
        if not deleting:
            deleting.append(threading.Thread(target=sync_deletes_the_leeds_turn))
            deleting[0].start()
            deleting[0].join(0.5)
        return supported

    monkeypatch.setattr(facts.withdrawal, "_still_supported", deleted_right_after_the_check)
    facts.withdrawal.withdraw_unsaid(replace(told["York"], text="I stayed in Bath overnight."), set())
    deleting[0].join(10)
    assert current_facts(service) == []
