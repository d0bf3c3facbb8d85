from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from engram_mcp.errors import InvalidInput, MemoryNotFound
from engram_mcp.index.edge import EdgeIndex
from engram_mcp.markdown.store import MarkdownStore
from engram_mcp.model import Kind
from engram_mcp.model.temporal import Axis, visible_at
from engram_mcp.service.facts import FactService
from engram_mcp.service.forgetting import Forgetting
from engram_mcp.service.inputs import MAX_QUERY_CHARS
from engram_mcp.service.memory import MemoryService
from tests.conftest import SteppingClock


def texts(found: object) -> list[str]:
    return [item.memory.text for item in found.memories]  # type: ignore[attr-defined]


def test_remember_writes_the_turn_to_the_day_journal(service: MemoryService, tmp_path: Path) -> None:
    memory = service.remember("I moved to Berlin last week.", speaker="Ana")
    journal = (tmp_path / "journal" / "2026-11-30.md").read_text()
    assert f"I moved to Berlin last week. ^{memory.id}" in journal
    assert memory.kind is Kind.EPISODE


def test_recall_finds_a_turn_by_meaning_and_by_speaker(service: MemoryService) -> None:
    service.remember("I moved to Berlin last week with my dog Rex.", speaker="Ana")
    service.remember("The quarterly report is due on Friday.", speaker="Ben")
    found = service.recall("Where does Ana live now?")
    assert texts(found)[0] == "I moved to Berlin last week with my dog Rex."
    assert not found.abstained


def test_recall_abstains_when_nothing_relevant_is_stored(service: MemoryService) -> None:
    service.remember("I moved to Berlin last week with my dog Rex.", speaker="Ana")
    found = service.recall("lattice gauge theory of quarks")
    assert found.abstained
    assert found.memories == ()


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


def test_a_query_holding_half_an_emoji_is_refused_in_one_line_naming_where(service: MemoryService) -> None:
    service.remember("My wifi password is KX-4471.")
    with pytest.raises(InvalidInput) as refused:
        service.recall("wifi password \ud83d")
    assert str(refused.value) == (
        "query holds a lone surrogate (U+D83D) at position 14; it is not a character and cannot be searched for"
    )


def test_a_query_longer_than_a_question_is_refused_in_one_line_and_the_space_around_it_does_not_count(
    service: MemoryService,
) -> None:
    service.remember("My wifi password is KX-4471.")
    question = "What is my wifi password? ".ljust(MAX_QUERY_CHARS, "?")
    assert texts(service.recall(f"   {question}   ")) == ["My wifi password is KX-4471."]
    with pytest.raises(InvalidInput) as refused:
        service.recall(question + "?")
    assert str(refused.value) == f"query is {MAX_QUERY_CHARS + 1} characters; at most {MAX_QUERY_CHARS} are searched for"


def test_namespaces_keep_their_memories_apart(service: MemoryService, tmp_path: Path) -> None:
    service.remember("Project Apollo uses PostgreSQL.", namespace="work")
    assert service.recall("Which database does Apollo use?").abstained
    assert texts(service.recall("Which database does Apollo use?", namespace="work")) == [
        "Project Apollo uses PostgreSQL."
    ]
    assert (tmp_path / "namespaces" / "work" / "journal" / "2026-11-30.md").exists()


def test_as_of_without_a_query_lists_what_had_happened_by_then(service: MemoryService) -> None:
    service.remember("We adopted a cat.", event_time=datetime(2024, 3, 1, tzinfo=timezone.utc))
    service.remember("We moved to Lisbon.", event_time=datetime(2025, 6, 1, tzinfo=timezone.utc))
    then = service.as_of(datetime(2024, 12, 31, tzinfo=timezone.utc))
    assert texts(then) == ["We adopted a cat."]


def test_as_of_without_a_query_takes_facts_then_the_latest_turns_visible_then_on_either_axis(
    service: MemoryService, clock: SteppingClock
) -> None:
    facts = FactService(service, clock)
    day = datetime(2025, 1, 1, tzinfo=timezone.utc)
    for n in range(12):
        service.remember(f"Turn number {n}.", event_time=day.replace(month=1 + n % 12, day=1 + n), memory_id=f"t-{n:012x}")
    service.remember("A turn in another namespace.", namespace="work", event_time=day)
    facts.state("Ali works at Google.", event_time=day)
    clock.jump_to(datetime(2026, 12, 5, tzinfo=timezone.utc))
    facts.state("Ali works at Meta.", event_time=day.replace(month=6))
    # Learned last, so read first from the latest back, yet ranked after turn 3 by its id.
    service.remember("A twin of turn 3, said at the same moment.", event_time=day.replace(month=4, day=4), memory_id="t-ffffffffffff")

    def by_rule(moment: datetime, axis: Axis, limit: int) -> list[str]:
        held = [m for m in service.memories() if m.namespace == "default" and visible_at(m, moment, axis)]
        held.sort(key=lambda m: (m.kind is Kind.EPISODE, -m.event_time.timestamp(), m.id))
        return [m.id for m in held[:limit]]

    moments = (day.replace(month=4, day=10), day.replace(month=7, day=2), datetime(2026, 11, 30, 10, tzinfo=timezone.utc), clock.now)
    for moment in moments:
        for axis in Axis:
            for limit in (1, 2, 3, 5, 30):
                found = [item.memory.id for item in service.as_of(moment, axis=axis, limit=limit).memories]
                assert found == by_rule(moment, axis, limit), (moment, axis, limit)


def test_as_of_on_the_known_axis_excludes_what_was_learned_later(
    service: MemoryService, clock: SteppingClock
) -> None:
    service.remember("Ana's favourite tea is oolong.")
    learned_first = clock.now
    clock.jump_to(datetime(2026, 12, 5, tzinfo=timezone.utc))
    service.remember("Ana's favourite tea is sencha now.")
    believed = service.as_of(learned_first, "What tea does Ana like?", axis=Axis.KNOWN)
    assert texts(believed) == ["Ana's favourite tea is oolong."]


def test_looking_back_answers_what_was_said_then_of_a_topic_known_though_only_later_words_name_it(
    service: MemoryService
) -> None:
    july = datetime(2026, 7, 6, 11, tzinfo=timezone.utc)
    for hour, text in enumerate(["Sunday: long run, 16k, the half marathon is on 22 Nov", "Olive's swimming Sat 9am",
                                 "dusty to the groomer on tuesday"]):
        service.remember(text, speaker="Wendy", event_time=july.replace(hour=11 + hour))
    service.remember("Switched my race entry from the half marathon to the 10k, my training is behind.", speaker="Wendy",
                     event_time=july.replace(day=8))
    then = service.as_of(july.replace(day=7), "What was Wendy training for?")
    assert not then.abstained and any("half marathon" in m.memory.text for m in then.memories[:3])
    assert service.as_of(july.replace(day=7), "What is Wendy's star sign?").abstained
    assert service.as_of(july.replace(day=7), "Which football club does Wendy support?").abstained


def test_looking_back_at_now_ranks_as_recall_does_so_facts_weigh_the_same_then_as_now(
    service: MemoryService, clock: SteppingClock
) -> None:
    # At full weight looking back, a fact that only names the person ("Yewande runs Adunni Prints")
    # went before what answers the question; the scenario weeks show it (docs/BENCHMARKS.md).
    facts = FactService(service, clock)
    monday = datetime(2026, 11, 2, 7, tzinfo=timezone.utc)
    service.remember("Hi, I'm Yewande, I run Adunni Prints from my workshop in Bodija.", speaker="Yewande",
                     event_time=monday)
    facts.state("Yewande runs Adunni Prints from Yewande's workshop in Bodija.", event_time=monday)
    service.remember("Right now all my Lagos orders go through GIG Logistics. They're okay but two parcels came late.",
                     speaker="Yewande", event_time=monday.replace(day=3))
    facts.state("Yewande's nephew Tunde helps on Saturdays.", event_time=monday.replace(day=4))
    question = "Which courier does Yewande use?"

    then = service.as_of(clock.now, question)
    now = service.recall(question)

    assert texts(then) == texts(now)


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
