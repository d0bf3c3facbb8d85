from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.errors import InvalidInput, MemoryNotFound
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import Forgetting
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


def texts(found: object) -> list[str]:
    return [item.memory.text for item in found.memories]  # type: ignore[attr-defined]


def test_remember_writes_the_turn_to_the_day_journal(service: MemoryService, tmp_path: Path) -> None:
    memory = service.remember("I moved to Berlin last week.", speaker="Ana")
    journal = (tmp_path / "journal" / "2026-11-30.md").read_text()
    assert f"I moved to Berlin last week. ^{memory.id}" in journal
    assert memory.kind is Kind.EPISODE


def test_remove_deletes_the_memory_from_file_and_recall(service: MemoryService, tmp_path: Path) -> None:
    memory = service.remember("My locker code is 4417.")
    service.remove(memory.id)
    assert "4417" not in (tmp_path / "journal" / "2026-11-30.md").read_text()
    assert "My locker code is 4417." not in texts(service.recall("locker code"))


def test_removing_an_unknown_id_is_a_clear_error(service: MemoryService) -> None:
    with pytest.raises(MemoryNotFound):
        service.remove("t-000000000000")


@pytest.mark.parametrize(
    ("text", "namespace", "role"),
    [("   ", "default", "user"), ("\u200b\u200d\ufeff \u2060", "default", "user"), ("hi", "no spaces", "user"),
     ("hi", "default", "boss")],
)
def test_bad_input_is_rejected_and_nothing_is_written(
    service: MemoryService, tmp_path: Path, text: str, namespace: str, role: str
) -> None:
    with pytest.raises(InvalidInput):
        service.remember(text, namespace=namespace, role=role)
    assert not (tmp_path / "journal").exists()


def test_a_memory_drawn_from_a_turn_deleted_meanwhile_is_not_written(service: MemoryService, tmp_path: Path) -> None:
    from engram_mcp.model import Memory, MemoryType, Provenance

    turn = service.remember("I moved to York.", speaker="Ines")
    drawn = Memory(id="f-00000000y0rk", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Ines lives in York.",
                   created_at=turn.created_at, provenance=Provenance(speaker="Ines", turn_ids=(turn.id,)))
    service.remove(turn.id)
    assert service.add(drawn, sources=drawn.provenance.turn_ids) is False
    assert service.find(drawn.id) is None and not (tmp_path / "facts").exists()
    kept = service.remember("I moved to Leeds.", speaker="Ines")
    assert service.add(Memory(id="f-0000000leeds", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Ines lives in Leeds.",
                              created_at=kept.created_at, provenance=Provenance(speaker="Ines", turn_ids=(kept.id,))),
                       sources=(kept.id,)) is True


def test_namespaces_keep_their_memories_apart(service: MemoryService, tmp_path: Path) -> None:
    service.remember("Project Apollo uses PostgreSQL.", namespace="work")
    assert service.recall("Which database does Apollo use?").abstained
    assert texts(service.recall("Which database does Apollo use?", namespace="work")) == [
        "Project Apollo uses PostgreSQL."
    ]
    assert (tmp_path / "namespaces" / "work" / "journal" / "2026-11-30.md").exists()


def test_reconcile_rebuilds_a_deleted_index_with_the_same_results(
    tmp_path: Path, embedder: object, clock: SteppingClock
) -> None:
    folder = tmp_path / "memories"

    def open_service(index_dir: Path) -> tuple[MemoryService, EdgeIndex]:
        index = EdgeIndex(index_dir, 384)
        memory = MemoryService(MarkdownStore(folder), index, embedder, clock)  # type: ignore[arg-type]
        memory.reconcile()
        return memory, index

    first, index = open_service(tmp_path / "index-a")
    for text in ["I play the cello.", "My sister lives in Oslo.", "I am allergic to peanuts."]:
        first.remember(text)
    before = [(m.memory.id, m.memory.text) for m in first.recall("Any food allergies?").memories]
    index.close()

    rebuilt, index = open_service(tmp_path / "index-b")
    after = [(m.memory.id, m.memory.text) for m in rebuilt.recall("Any food allergies?").memories]
    index.close()
    assert after == before
    assert before[0][1] == "I am allergic to peanuts."


def _fact_from(turn_id: str, text: str, clock: SteppingClock) -> "object":
    from engram_mcp.model import Memory, MemoryType, Provenance, new_memory_id

    return Memory(
        id=new_memory_id(Kind.FACT, seed=text), kind=Kind.FACT, type=MemoryType.SEMANTIC, text=text,
        created_at=clock(), provenance=Provenance(turn_ids=(turn_id,)),
    )


def test_purging_a_turn_forgets_the_facts_only_it_supported(
    service: MemoryService, clock: SteppingClock, tmp_path: Path
) -> None:
    facts = FactService(service, clock)
    turn = service.remember("My bank PIN is 9931.", speaker="Ana")
    fact = _fact_from(turn.id, "Ana's bank PIN is 9931.", clock)
    assert facts.add_extracted(fact)  # type: ignore[arg-type]
    receipt = Forgetting(service, facts, clock).forget(turn.id)
    assert set(receipt.removed) == {turn.id, fact.id}  # type: ignore[attr-defined]
    assert service.memories() == []
    assert not any("9931" in p.read_text() for p in tmp_path.rglob("*.md"))


def test_a_fact_whose_turn_is_gone_is_not_written(service: MemoryService, clock: SteppingClock) -> None:
    facts = FactService(service, clock)
    assert not facts.add_extracted(_fact_from("t-000000000000", "Ana likes tea.", clock))  # type: ignore[arg-type]
    assert service.memories() == []


def test_an_extractor_reads_a_turn_after_the_earlier_turn_that_said_who_the_person_it_names_is(
    service: MemoryService, clock: SteppingClock
) -> None:
    from engram_mcp.model import Memory, MemoryType, Provenance, new_memory_id

    day = datetime(2025, 8, 4, 9, tzinfo=timezone.utc)
    intro = service.remember("Third is Joon, my second son. He works at Boeing.", speaker="Young-hee", session="d1", event_time=day)
    service.add(Memory(
        id=new_memory_id(Kind.FACT), kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Young-hee's son Joon works at Boeing.",
        created_at=clock(), subject="Young-hee's son", predicate="works at", object="Boeing",
        entities=("Young-hee", "Joon", "Boeing"), provenance=Provenance(speaker="Young-hee", turn_ids=(intro.id,)),
    ))
    later = day.replace(day=8)
    before = service.remember("Lovely weather for the drive.", speaker="Young-hee", session="d5", event_time=later)
    news = service.remember("Joon started at Amazon today!", speaker="Young-hee", session="d5", event_time=later.replace(hour=10))
    other = service.remember("Harry drove me to church.", speaker="Young-hee", session="d5", event_time=later.replace(hour=11))
    assert [m.id for m in service.context_turns(news, 3)] == [intro.id, before.id]
    assert intro.id not in [m.id for m in service.context_turns(other, 3)]


def test_one_turn_dated_years_ahead_does_not_move_the_present_but_a_conversation_dated_ahead_does(
    service: MemoryService, clock: SteppingClock
) -> None:
    yesterday = clock.now.replace(hour=12) - timedelta(days=1)
    service.remember("I went to the dentist and had a filling", event_time=yesterday)
    service.remember("Remind me to renew my passport", event_time=clock.now.replace(year=clock.now.year + 10))
    assert texts(service.recall("What did I do yesterday?"))[:1] == ["I went to the dentist and had a filling"]
    week_ahead = clock.now + timedelta(days=40)
    for day in range(3):
        service.remember(f"Day {day} of the replayed week.", event_time=week_ahead + timedelta(days=day))
    assert service.present("default") == week_ahead + timedelta(days=2)
