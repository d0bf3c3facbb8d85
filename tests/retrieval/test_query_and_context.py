from datetime import UTC, datetime

from engram_mcp.retrieval.query import strip_question_words, with_relations_other_words, with_relatives_named

WHEN = datetime(2023, 5, 8, tzinfo=UTC)


def test_question_scaffolding_is_stripped_but_content_kept() -> None:
    assert strip_question_words("When did Caroline go to the support group?") == "Caroline go to the support group"
    assert strip_question_words("How many turtles does Nate have?") == "turtles does Nate have"
    assert strip_question_words("Why?") == "Why"


def test_a_turn_after_its_own_speakers_turn_is_indexed_without_it() -> None:
    from datetime import datetime

    from engram_mcp.model import Kind, Memory, MemoryType, Provenance
    from engram_mcp.retrieval.context import index_text

    def said(text: str, speaker: str) -> Memory:
        return Memory(
            id="t-000000000001", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text,
            created_at=datetime(2026, 1, 1, tzinfo=UTC), provenance=Provenance(speaker=speaker),
        )

    first = said("I am allergic to peanuts.", "Ana")
    assert index_text(said("My sister lives in Oslo.", "Ana"), first) == "Ana: My sister lives in Oslo."
    assert "replying to Ana" in index_text(said("Noted!", "Ben"), first)


def test_a_name_a_speaker_goes_by_is_read_as_the_speakers_own_name() -> None:
    from engram_mcp.retrieval.query import with_speakers_named

    nicknames = {"kai": "Kaito"}
    assert with_speakers_named("what does kai do for exercise now?", nicknames) == "what does Kaito do for exercise now?"
    assert with_speakers_named("Where's Kai's sister based?", nicknames) == "Where's Kaito's sister based?"
    assert with_speakers_named("Is Kaiser open on Sundays?", nicknames) == "Is Kaiser open on Sundays?"
    assert with_speakers_named("what does kai do?", {}) == "what does kai do?"



def test_a_relation_asked_of_is_said_with_the_one_name_memory_gives_it() -> None:
    known = {("Jarkko", "partner"): ["Riikka"], ("Bertil", "wif"): ["Gunilla"], ("Ann", "sister"): ["Jo", "Mo"]}

    def relatives(owner: str, relation: str) -> list[str]:
        return known.get((owner, relation), [])

    assert with_relatives_named("What does Jarkko's partner do?", relatives, None) == "What does Jarkko's partner Riikka do?"
    assert with_relatives_named("Is my wife diabetic?", relatives, "Bertil") == "Is my wife Gunilla diabetic?"
    assert with_relatives_named("Is my wife diabetic?", relatives, None) == "Is my wife diabetic?"
    assert with_relatives_named("Where does Ann's sister live?", relatives, None) == "Where does Ann's sister live?"
    assert with_relatives_named("What does Jarkko's partner Riikka do?", relatives, None) == "What does Jarkko's partner Riikka do?"
    assert with_relatives_named("Where is Jarkko's boat?", relatives, None) == "Where is Jarkko's boat?"
    assert with_relatives_named("Who is Jarkko's partner?", relatives, None) == "Who is Jarkko's partner?"
    assert with_relatives_named("What is my wife called?", relatives, "Bertil") == "What is my wife called?"
    assert with_relatives_named("Where is the birthday dinner for Jarkko's partner?", relatives, None) == (
        "Where is the birthday dinner for Jarkko's partner?")


def test_a_relation_asked_is_also_looked_for_by_its_other_words_and_nothing_else_is() -> None:
    assert with_relations_other_words("Tafari's mother live").split()[:3] == ["Tafari's", "mother", "live"]
    assert {"mommy", "mama", "maman"} <= set(with_relations_other_words("Tafari's mother live").split())
    assert "blonde" in with_relations_other_words("Maxime's girlfriend work").split()
    assert with_relations_other_words("Tafari's shop open") == "Tafari's shop open"
