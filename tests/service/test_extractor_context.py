from datetime import datetime, timedelta, timezone

from engram_mcp.model import Kind, Memory, MemoryType, Provenance
from engram_mcp.retrieval.catalogue import Catalogue
from engram_mcp.service.extractor_context import turns_to_read_with
from engram_mcp.service.inputs import new_turn

MONDAY = datetime(2025, 8, 4, 9, tzinfo=timezone.utc)


def said(memory_id: str, text: str, session: str, hours: int) -> Memory:
    return new_turn(text, MONDAY, speaker="Young-hee", session=session, event_time=MONDAY + timedelta(hours=hours),
                    memory_id=memory_id)


def introduced(intro: Memory, current: bool = True) -> Memory:
    return Memory(
        id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="Young-hee's son Joon works at Boeing.",
        created_at=MONDAY, valid_at=MONDAY, subject="Young-hee's son", predicate="works at", object="Boeing",
        entities=("Young-hee", "Joon", "Boeing"), provenance=Provenance(speaker="Young-hee", turn_ids=(intro.id,)),
        **({} if current else {"expired_at": MONDAY + timedelta(days=1)}),
    )


def test_a_turn_naming_someone_is_read_after_the_turn_that_said_who_they_are() -> None:
    intro = said("t-1", "Third is Joon, my second son. He works at Boeing.", "d1", 0)
    before = said("t-2", "Lovely weather for the drive.", "d5", 96)
    news = said("t-3", "Joon started at Amazon today!", "d5", 97)
    catalogue = Catalogue([intro, before, news, introduced(intro)])
    assert [m.id for m in turns_to_read_with(catalogue, news, 3)] == ["t-1", "t-2"]


def test_a_turn_naming_no_one_introduced_is_read_with_its_session_alone() -> None:
    intro = said("t-1", "Third is Joon, my second son. He works at Boeing.", "d1", 0)
    before = said("t-2", "Lovely weather for the drive.", "d5", 96)
    other = said("t-3", "Harry drove me to church.", "d5", 97)
    catalogue = Catalogue([intro, before, other, introduced(intro)])
    assert [m.id for m in turns_to_read_with(catalogue, other, 3)] == ["t-2"]


def test_an_introduction_no_longer_current_is_not_read() -> None:
    intro = said("t-1", "Third is Joon, my second son. He works at Boeing.", "d1", 0)
    news = said("t-3", "Joon started at Amazon today!", "d5", 97)
    catalogue = Catalogue([intro, news, introduced(intro, current=False)])
    assert turns_to_read_with(catalogue, news, 3) == []


def test_a_turn_given_no_speaker_is_read_after_the_turn_that_said_who_the_user_s_people_are() -> None:
    intro = new_turn("My sister Ilka lives in Graz.", MONDAY, session="d1", event_time=MONDAY, memory_id="t-1")
    news = new_turn("Ilka moved to Vienna last week.", MONDAY, session="d5", event_time=MONDAY + timedelta(hours=97),
                    memory_id="t-2")
    sister = Memory(
        id="f-1", kind=Kind.FACT, type=MemoryType.SEMANTIC, text="User's sister Ilka lives in Graz.", created_at=MONDAY,
        valid_at=MONDAY, subject="user's sister", predicate="lives in", object="Graz", entities=("user", "Ilka", "Graz"),
        provenance=Provenance(turn_ids=(intro.id,)),
    )
    assert [m.id for m in turns_to_read_with(Catalogue([intro, news, sister]), news, 3)] == ["t-1"]
