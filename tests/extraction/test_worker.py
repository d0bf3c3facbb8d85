from pathlib import Path

from engram_mcp.extraction.rules import RulesExtractor
from engram_mcp.extraction.worker import DoneLog, ExtractionWorker, fact_from, fact_id
from engram_mcp.model import Kind
from engram_mcp.service.facts import FactService
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock

TURNS = [
    "Hey Mel! Good to see you!",
    "I started a pottery class last week and I love it.",
    "My brother lives in Toronto.",
    "I am allergic to shellfish and peanuts.",
]


def worker_for(service: MemoryService, folder: Path, clock: SteppingClock) -> ExtractionWorker:
    worker = ExtractionWorker(
        RulesExtractor(),
        DoneLog(folder / "done.log"),
        lookup=service.find,
        context_of=service.previous_turns,
        write_fact=FactService(service, clock).add_extracted,
        clock=clock,
    )
    service.on_turn_stored(worker.enqueue)
    return worker


def facts(service: MemoryService) -> list[str]:
    return sorted(m.text for m in service.memories() if m.kind is Kind.FACT)


def test_remembered_turns_become_facts_on_pages_with_provenance(
    service: MemoryService, tmp_path: Path, clock: SteppingClock
) -> None:
    worker = worker_for(service, tmp_path / "state", clock)
    worker.start()
    turns = [service.remember(text, speaker="Caroline", session="s1") for text in TURNS]
    assert worker.wait_idle(timeout=60)
    worker.stop()
    written = [m for m in service.memories() if m.kind is Kind.FACT]
    assert written, "the rules extractor found no fact in first-person statements"
    assert all(m.provenance.turn_ids[0] in {t.id for t in turns[1:]} for m in written)
    assert all(m.certainty in (1.0, 0.7, 0.4) for m in written)
    assert any("Caroline" in m.text and "allergic" in m.text for m in written)
    pages = "".join(p.read_text() for p in (tmp_path / "facts").glob("*.md"))
    assert all(f"^{m.id}" in pages for m in written if m.type.value != "procedural")
    assert worker.status().extracted_turns == len(TURNS)


def test_a_turn_extracted_twice_adds_no_duplicate(
    service: MemoryService, tmp_path: Path, clock: SteppingClock
) -> None:
    turn = service.remember(TURNS[3], speaker="Caroline")
    for attempt in range(2):
        worker = worker_for(service, tmp_path / f"state-{attempt}", clock)
        worker.resume(service.memories())
        worker.start()
        assert worker.wait_idle(timeout=60)
        worker.stop()
    (fact,) = [m for m in service.memories() if m.kind is Kind.FACT]
    assert fact.id == fact_id(turn.id, fact.text)


def test_turns_already_done_are_not_queued_again(
    service: MemoryService, tmp_path: Path, clock: SteppingClock
) -> None:
    done = DoneLog(tmp_path / "done.log")
    first = service.remember(TURNS[1], speaker="Caroline")
    done.add(first.id)
    service.remember(TURNS[2], speaker="Caroline")
    worker = ExtractionWorker(
        RulesExtractor(), DoneLog(tmp_path / "done.log"), lookup=service.find,
        context_of=service.previous_turns, write_fact=FactService(service, clock).add_extracted, clock=clock,
    )
    assert worker.resume(service.memories()) == 1


def test_a_forgotten_turn_waiting_in_the_queue_is_skipped(
    service: MemoryService, tmp_path: Path, clock: SteppingClock
) -> None:
    worker = worker_for(service, tmp_path / "state", clock)
    turn = service.remember(TURNS[3], speaker="Caroline")
    service.remove(turn.id)
    worker.start()
    assert worker.wait_idle(timeout=30)
    worker.stop()
    assert facts(service) == []


def test_facts_from_the_assistants_turns_are_kept_apart_and_never_stated_certainty(
    service: MemoryService, clock: SteppingClock
) -> None:
    from engram_mcp.extraction.base import ExtractedFact
    from engram_mcp.model import MemoryType, Source

    said = service.remember("Noted: you moved to Dublin and work at Meta now.", role="assistant", speaker="assistant")
    assert RulesExtractor().extract(said, []) == []
    model_fact = ExtractedFact("Sam works at Meta.", MemoryType.SEMANTIC, 1.0, "Sam", "works at", "Meta")
    fact = fact_from(model_fact, said, clock())
    assert fact.certainty == 0.7 and fact.provenance.source is Source.ASSISTANT
    user = service.remember("I work at Meta now.", speaker="Sam")
    assert fact_from(model_fact, user, clock()).certainty == 1.0


def test_a_fact_that_mends_an_earlier_turn_is_drawn_from_both_turns(service: MemoryService, clock: SteppingClock) -> None:
    typo = service.remember("we have a new graduate engineer starting wed, Tinsahe", speaker="Tendai")
    star = service.remember("*Tinashe. typing with one thumb in traffic", speaker="Tendai")
    mended = [fact_from(f, star, clock()) for f in RulesExtractor().extract(star, [typo])]
    assert [fact.provenance.turn_ids for fact in mended] == [(star.id,), (star.id, typo.id)]


def test_a_fact_drawn_from_a_turn_told_in_its_own_offset_keeps_the_turns_day(service: MemoryService, clock: SteppingClock) -> None:
    from datetime import datetime, timedelta, timezone

    from engram_mcp.extraction.base import ExtractedFact
    from engram_mcp.model import MemoryType

    evening = datetime(2024, 3, 10, 21, 30, tzinfo=timezone(timedelta(hours=-5)))
    said = service.remember("I went bowling with Priya after dinner.", speaker="Zoe", event_time=evening)
    fact = fact_from(ExtractedFact("Zoe went bowling with Priya.", MemoryType.EPISODIC, 1.0, "Zoe", "went", "bowling"),
                     said, clock())
    assert fact.utc_offset == timedelta(hours=-5) and fact.wall_time.day == 10
