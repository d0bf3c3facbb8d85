"""Codes and numbers a question quotes: which tokens count, and recall over a real memory."""

from datetime import datetime, timedelta, timezone

import pytest

from engram_mcp.retrieval.identifiers import holds_all, quoted_identifiers
from engram_mcp.service.memory import MemoryService

T0 = datetime(2024, 3, 4, 9, 0, tzinfo=timezone.utc)


def test_codes_versions_and_long_numbers_are_identifiers() -> None:
    assert quoted_identifiers("What was ticket 7f3a9c2e01 about?") == ("7f3a9c2e01",)
    assert quoted_identifiers("Where is INV-2291, and order 4471902?") == ("inv-2291", "4471902")
    assert quoted_identifiers("which bug did v2.3.1 fix") == ("v2.3.1",)
    assert quoted_identifiers("Call 555-123-4567 about it") == ("555-123-4567",)


def test_words_dates_ordinals_times_and_short_numbers_are_not() -> None:
    for question in (
        "What did Caroline do on 7 May 2023?",
        "Who came to the party on the 21st at 3pm?",
        "How many km did I run in the 1990s, 42 or 21?",
        "What happened on 2023-05-07, or was it 7/5/23?",
        "What does Melanie like to paint?",
    ):
        assert quoted_identifiers(question) == (), question


def test_a_memory_holds_an_identifier_only_as_a_whole_token() -> None:
    assert holds_all("My ticket is 7F3A9C2E01, for the claim.", ["7f3a9c2e01"])
    assert not holds_all("Ticket 7f3a9c2e011 is another one.", ["7f3a9c2e01"])
    assert not holds_all("INV-2291-B is the credit note.", ["inv-2291"])
    assert not holds_all("Order 4471902 shipped.", ["4471902", "inv-2291"])


NOTES = [
    "7f3a9c2e01: Elm Street garage, keep for the claim.",
    "b41d07aa93: airport lot, keep for the claim.",
    "c90e55f212: station car park, keep for the claim.",
    "0d7be3a4c8: the mall, keep for the claim.",
]


@pytest.fixture
def noted(service: MemoryService) -> MemoryService:
    """A real memory (markdown, edge index, ONNX embedder; the default recall) with four notes alike."""
    for day, note in enumerate(NOTES):
        when = T0 + timedelta(days=day)
        service.remember(note, speaker="me", role="user", session=f"s{day}", event_time=when)
        # The reply is indexed with the note as its context, so it holds the code there too.
        service.remember(
            "Noted. I will keep your parking ticket safe and remind you about the parking ticket claim.",
            speaker="assistant",
            role="assistant",
            session=f"s{day}",
            event_time=when + timedelta(minutes=1),
        )
    return service


def test_asked_for_a_code_recall_returns_the_note_holding_it_first(noted: MemoryService) -> None:
    # Without the rule (``exact_identifiers=False``) the reply to the note ranks above it: it
    # says 'parking ticket' and holds the code in its context.
    found = noted.recall("What was parking ticket 7f3a9c2e01 for?", limit=5)
    assert found.memories[0].memory.text == NOTES[0]


def test_a_pasted_listing_of_many_codes_is_not_a_look_up() -> None:
    listing = " ".join(f"{n:08x}9z" for n in range(20_000))
    assert quoted_identifiers(listing) == ()
    assert quoted_identifiers("Compare order 4471902 with 4471903") == ("4471902", "4471903")
