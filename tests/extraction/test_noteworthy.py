"""What a note-taker skips and what they keep, through the rules extractor (sentences written for
these tests, about invented people)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def statements(text: str, speaker: str = "Priya") -> list[str]:
    return [fact.statement for fact in extract(turn(text, speaker), [])]


@pytest.mark.parametrize(
    "text",
    [
        "I'm truly grateful for all the help I've had from neighbours and colleagues.",
        "I felt incredibly nervous walking onto that stage.",
        "I keep swinging between excitement, worry and relief!",
        "Looking forward to many more happy summers together.",
        "I had an amazing time chatting with that guy.",
        "I can't live without my little ones.",
    ],
)
def test_feelings_about_the_moment_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I'll do my best to make sure the garden looks nice for everyone.",
        "I'm going to keep using my platform to make a difference.",
        "I'll definitely keep following my heart on this one.",
    ],
)
def test_promises_of_effort_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I really recommend getting one of those for rainy days.",
        "I'd suggest taking the early train.",
    ],
)
def test_advice_to_the_other_speaker_gives_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "I snapped it at the harbour last spring.",
        "I've owned them for ages now.",
        "I don't want my nephews to go through that.",
        "Been training hard and gonna make it happen.",
        "I like having some of these little guys around when work gets hectic.",
    ],
)
def test_clauses_that_only_point_back_into_the_chat_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Really made me think about slowing down.",
        "It's a long road for me, but when I rest properly, I'm able to focus on my studies.",
        "It really sparked my passion for woodwork.",
        "It's one of my favourite towns to wander around.",
        "Cycling to those beaches is definitely on my wish list.",
    ],
)
def test_clauses_whose_subject_is_not_the_speaker_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "We got to chat with some people.",
        "We've got some fun plans in the pipeline.",
        "We pulled off a narrow win!",
    ],
)
def test_a_vague_shared_outing_gives_no_fact(text: str) -> None:
    assert statements(text) == []


def test_a_shared_outing_with_specifics_is_kept() -> None:
    assert statements("We drove to a food bank in Leeds to hand out blankets and soup.") == [
        "Priya and others drove to a food bank in Leeds to hand out blankets and soup."
    ]


@pytest.mark.parametrize(
    "text",
    [
        "I'll think about it and maybe adopt a dog if my landlord agrees.",
        "I've always admired Patagonia, working with them would be really cool.",
    ],
)
def test_conditions_and_would_be_wishes_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize("text", ["I totally agree, Tomas.", "100% agree, Tomas!", "I am getting somewhere with it."])
def test_agreement_with_a_named_listener_and_vague_progress_give_no_fact(text: str) -> None:
    assert statements(text) == []


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("I'm thankful for being able to coach the under-12 football team.",
         "Priya is thankful for being able to coach the under-12 football team."),
        ("I feel it's important to teach kids how to swim early.",
         "Priya feels it's important to teach kids how to swim early."),
        ("Knitting is my favourite way to unwind.", "Knitting is Priya's favourite way to unwind."),
    ],
)
def test_a_feeling_about_something_specific_is_kept(text: str, kept: str) -> None:
    assert statements(text) == [kept]
