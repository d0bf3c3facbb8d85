from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.corrections import correction_fact
from engram_mcp.model.corrections import CORRECTS, ENDS, RESCHEDULES, parse_correction
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def test_its_a_not_b_is_a_correction_of_b_to_a() -> None:
    [fact] = extract(turn("Correction on the race: it's the Copenhagen half marathon, not Berlin.", speaker="Lena"), [])
    assert fact.predicate == CORRECTS
    assert parse_correction(fact.object) == ("Berlin", "the Copenhagen half marathon")
    assert fact.statement == "Lena corrected Berlin to Copenhagen half marathon."


def test_not_b_but_a_is_a_correction_only_when_the_sentence_says_it_corrects() -> None:
    fact = correction_fact("Sorry, the dinner is not on Tuesday but on Thursday.", "Ana")
    assert fact is not None and parse_correction(fact.object) == ("on Tuesday", "on Thursday")
    assert correction_fact("I'm not tired but hungry.", "Ana") is None


@pytest.mark.parametrize(
    "text",
    [
        "It's fine, not a problem at all, the whole thing took far longer than planned.",
        "Not bad.",
        "Remember, it's all about progress, not perfection.",
        "It's a bummer that I didn't do well but I'm learning.",
    ],
)
def test_sentences_without_a_corrected_value_are_no_correction(text: str) -> None:
    assert correction_fact(text, "Ana") is None


@pytest.mark.parametrize(
    ("text", "thing"),
    [
        ("I've quit coffee completely.", "coffee"),
        ("I stopped playing tennis last year.", "tennis"),
        ("I left The Lumens, too much drama.", "Lumens"),
        ("I don't play chess anymore.", "chess"),
        ("I left the book club.", "book club"),
    ],
)
def test_an_ended_habit_or_membership_names_what_it_ends(text: str, thing: str) -> None:
    [fact] = extract(turn(text, speaker="Eli"), [])
    assert (fact.predicate, fact.object) == (ENDS, thing)


@pytest.mark.parametrize(
    "text",
    ["I just left for our European vacation!", "I left the office early on Friday.", "I don't like it much.",
     "I don't like jazz music anymore."],
)
def test_leaving_a_place_or_a_dislike_ends_nothing(text: str) -> None:
    assert not [f for f in extract(turn(text, speaker="Eli"), []) if f.predicate == ENDS]


def test_a_moved_appointment_names_the_event_and_its_new_time() -> None:
    [fact] = extract(turn("The dentist moved my appointment to Thursday at 11.", speaker="Ines"), [])
    assert (fact.predicate, fact.object) == (RESCHEDULES, "appointment")
    assert fact.statement == "Ines's appointment was moved to Thursday at 11."
