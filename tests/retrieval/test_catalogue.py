from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.catalogue import Catalogue

T0 = datetime(2023, 5, 8, 13, 0, tzinfo=timezone.utc)


def turn(memory_id: str, minutes: int, speaker: str = "Ann", session: str = "s1", namespace: str = "ns") -> Memory:
    return Memory(
        id=memory_id,
        kind=Kind.EPISODE,
        type=MemoryType.EPISODIC,
        text=f"turn {memory_id}",
        created_at=T0 + timedelta(minutes=minutes),
        provenance=Provenance(namespace=namespace, speaker=speaker, session=session),
    )


def test_previous_turns_follow_event_time_within_the_session_only() -> None:
    first, second, other, third = turn("t-1", 0), turn("t-2", 1), turn("t-9", 2, session="s2"), turn("t-3", 3)
    catalogue = Catalogue([third, other, first, second])
    assert catalogue.previous(third, 2) == [first, second]
    assert catalogue.previous(first, 1) == []


def test_neighbours_are_the_adjacent_turns_of_the_same_session() -> None:
    turns = [turn(f"t-{i}", i) for i in range(4)]
    catalogue = Catalogue(turns)
    assert catalogue.neighbours("t-1", 1) == [(1, turns[0]), (1, turns[2])]
    assert catalogue.following(turns[1]) == [turns[2]] and catalogue.following(turns[3]) == []
    catalogue.remove("t-2")
    assert catalogue.neighbours("t-1", 1) == [(1, turns[0]), (1, turns[3])]


def test_speakers_types_and_entities_are_counted_per_namespace() -> None:
    fact = Memory(
        id="f-1",
        kind=Kind.FACT,
        type=MemoryType.SEMANTIC,
        text="Ann owns a cat named Miso.",
        created_at=T0,
        entities=("Ann", "Miso"),
        provenance=Provenance(namespace="ns"),
    )
    catalogue = Catalogue([turn("t-1", 0, speaker="Bo"), turn("t-2", 0, speaker="Cy", namespace="other"), fact])
    assert catalogue.speakers("ns") == {"Bo"}
    assert catalogue.types("ns") == {MemoryType.EPISODIC, MemoryType.SEMANTIC}
    assert catalogue.entities_named_in("How old is Miso's brother?", "ns") == {"miso"}
    assert catalogue.entities_named_in("How old is Miso?", "other") == set()
    catalogue.remove("f-1")
    assert catalogue.entities_named_in("How old is Miso?", "ns") == set()


def test_a_namespaces_turns_and_other_memories_are_listed_latest_first() -> None:
    fact = Memory(
        id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Ann owns a cat.", created_at=T0,
        provenance=Provenance(namespace="ns"),
    )
    turns = [turn(f"t-{i}", i, session=f"s{i % 2}") for i in range(5)]
    catalogue = Catalogue([turns[3], fact, turns[0], turns[4], turn("t-x", 9, namespace="other"), turns[1]])
    catalogue.add(turns[2])
    assert [m.id for m in catalogue.latest("ns", turns=True)] == ["t-4", "t-3", "t-2", "t-1", "t-0"]
    assert [m.id for m in catalogue.latest("ns", turns=False)] == ["f-1"]
    catalogue.remove("t-3")
    catalogue.add(turn("t-0", 7))  # the same turn, now dated later
    assert [m.id for m in catalogue.latest("ns", turns=True)] == ["t-0", "t-4", "t-2", "t-1"]
    assert [m.id for m in catalogue.latest("other", turns=True)] == ["t-x"]


def test_the_latest_memories_until_a_moment_leave_out_what_happened_after_it() -> None:
    catalogue = Catalogue([turn(f"t-{i}", i) for i in range(4)])
    until = T0 + timedelta(minutes=2)
    assert [m.id for m in catalogue.latest("ns", turns=True, until=until)] == ["t-2", "t-1", "t-0"]
    assert [m.id for m in catalogue.latest("ns", turns=True, until=T0 - timedelta(minutes=1))] == []


def test_the_names_speakers_go_by_are_known_while_the_fact_that_gives_them_is_current() -> None:
    said = turn("t-1", 0, speaker="Kaito")
    goes_by = Memory(
        id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Kaito goes by the name Kai.", created_at=T0,
        provenance=Provenance(namespace="ns", speaker="Kaito"), subject="Kaito", predicate="is called", object="Kai",
    )
    someone_else = Memory(
        id="f-2", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Bea goes by the name Trix.", created_at=T0,
        provenance=Provenance(namespace="ns", speaker="Kaito"), subject="Bea", predicate="is called", object="Trix",
    )
    catalogue = Catalogue([said, goes_by, someone_else])
    assert catalogue.nicknames("ns") == {"kai": "Kaito"}
    catalogue.add(Memory(
        id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Kaito goes by the name Kai.", created_at=T0,
        expired_at=T0 + timedelta(days=1), provenance=Provenance(namespace="ns", speaker="Kaito"), subject="Kaito",
        predicate="is called", object="Kai",
    ))
    assert catalogue.nicknames("ns") == {}
    assert catalogue.nicknames("other") == {}


def test_the_facts_in_a_slot_are_found_by_subject_and_slot_until_removed() -> None:
    def fact(memory_id: str, subject: str, predicate: str, obj: str) -> Memory:
        return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=f"{subject} {predicate} {obj}.",
                      created_at=T0, provenance=Provenance(namespace="ns", speaker="Des"), subject=subject,
                      predicate=predicate, object=obj)

    catalogue = Catalogue([fact("f-1", "Desmond", "now drives", "Honda Jazz"), fact("f-2", "Desmond", "lives in", "Handsworth"),
                           fact("f-3", "Clive", "drives", "Audi")])
    assert [m.id for m in catalogue.in_slot("ns", "Desmond", "drives")] == ["f-1"]
    assert catalogue.in_slot("other", "Desmond", "drives") == []
    catalogue.remove("f-1")
    assert catalogue.in_slot("ns", "Desmond", "drives") == []


def test_a_persons_relatives_are_the_names_current_facts_give_that_relation_or_one_alike() -> None:
    def fact(memory_id: str, predicate: str, obj: str, *, ended: bool = False) -> Memory:
        return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=f"Jarkko's {predicate} is {obj}.",
                      created_at=T0, invalid_at=T0 if ended else None, provenance=Provenance(namespace="ns", speaker="Jarkko"),
                      subject="Jarkko", predicate=predicate, object=obj)

    catalogue = Catalogue([fact("f-1", "partner", "Riikka"), fact("f-2", "daughter", "Aino"), fact("f-3", "girlfriend", "Sanna", ended=True)])
    assert catalogue.relatives("ns", "Jarkko", "wif") == ["Riikka"]
    assert catalogue.relatives("ns", "Jarkko", "partner") == ["Riikka"]
    assert catalogue.relatives("ns", "Jarkko", "daughter") == ["Aino"]
    assert catalogue.relatives("ns", "Jarkko", "son") == []
    assert catalogue.relatives("other", "Jarkko", "partner") == []


def test_asked_at_a_moment_a_persons_relative_is_the_one_who_is_so_then_not_one_from_a_later_day() -> None:
    later = T0 + timedelta(days=40)

    def fact(memory_id: str, obj: str, begins: datetime, ends: datetime | None = None) -> Memory:
        return Memory(id=memory_id, kind=Kind.FACT, type=MemoryType.SEMANTIC, text=f"Ana's manager is {obj}.",
                      created_at=T0, valid_at=begins, invalid_at=ends, provenance=Provenance(namespace="ns"),
                      subject="Ana", predicate="manager", object=obj)

    catalogue = Catalogue([fact("f-1", "Tom", T0 - timedelta(days=300), ends=later), fact("f-2", "Lena", later)])
    assert catalogue.relatives("ns", "Ana", "manager", T0) == ["Tom"]
    assert catalogue.relatives("ns", "Ana", "manager", later + timedelta(days=1)) == ["Lena"]


def test_a_users_turn_given_no_speaker_is_said_by_the_unnamed_user_the_facts_it_gives_are_about() -> None:
    unnamed = Memory(id="t-u", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text="My phone number is 07700 900123.",
                     created_at=T0, provenance=Provenance(namespace="ns", role="user"))
    reply = Memory(id="t-a", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text="Noted.", created_at=T0,
                   provenance=Provenance(namespace="ns", role="assistant"))
    catalogue = Catalogue([unnamed, reply])
    assert catalogue.speakers("ns") == {"user"}
    catalogue.remove("t-u")
    assert catalogue.speakers("ns") == set()
