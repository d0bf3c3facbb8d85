from datetime import datetime, timezone

from engram_mcp.bench.research.contextual import TurnView, contextual_text, format_date
from engram_mcp.bench.research.entities import boost_named_speaker, named_speakers
from engram_mcp.retrieval.query import strip_question_words

WHEN = datetime(2023, 5, 8, tzinfo=timezone.utc)


def test_question_scaffolding_is_stripped_but_content_kept() -> None:
    assert strip_question_words("When did Caroline go to the support group?") == "Caroline go to the support group"
    assert strip_question_words("How many turtles does Nate have?") == "turtles does Nate have"
    assert strip_question_words("Why?") == "Why"


def test_contextual_text_puts_the_turn_first_then_its_context() -> None:
    turn = TurnView("Bo", "Yes, last Friday!", WHEN)
    previous = TurnView("Ann", "Did you go to the concert?", WHEN)
    text = contextual_text(turn, previous, date=True)
    assert text == "Bo: Yes, last Friday! (8 May 2023) [replying to Ann: Did you go to the concert?]"
    assert format_date(WHEN) == "8 May 2023"


def test_only_a_single_named_speaker_gets_a_boost() -> None:
    speakers = ["Joanna", "Nate", "Joanna"]
    assert named_speakers("What are Joanna's hobbies?", speakers) == {"Joanna"}
    assert boost_named_speaker({0: 1.0, 1: 1.0}, speakers, "What are Joanna's hobbies?", 0.5) == {0: 1.5, 1: 1.0}
    assert boost_named_speaker({0: 1.0, 1: 1.0}, speakers, "What do Joanna and Nate share?", 0.5) == {0: 1.0, 1: 1.0}


def test_a_turn_after_its_own_speakers_turn_is_indexed_without_it() -> None:
    from datetime import datetime, timezone

    from engram_mcp.model import Kind, Memory, MemoryType, Provenance
    from engram_mcp.retrieval.context import index_text

    def said(text: str, speaker: str) -> Memory:
        return Memory(
            id="t-000000000001", kind=Kind.EPISODE, type=MemoryType.EPISODIC, text=text,
            created_at=datetime(2026, 1, 1, tzinfo=timezone.utc), provenance=Provenance(speaker=speaker),
        )

    first = said("I am allergic to peanuts.", "Ana")
    assert index_text(said("My sister lives in Oslo.", "Ana"), first) == "Ana: My sister lives in Oslo."
    assert "replying to Ana" in index_text(said("Noted!", "Ben"), first)
