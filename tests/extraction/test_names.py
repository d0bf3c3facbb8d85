"""Names given to the group or animal the speaker just mentioned (sentences written for these tests)."""

from __future__ import annotations

from engram_mcp.extraction import RulesExtractor
from tests.extraction.helpers import turn

extract = RulesExtractor().extract


def facts(text: str, speaker: str = "Ines", context: tuple[str, ...] = ()) -> list[tuple[str, str, str]]:
    earlier = [turn(said, speaker) for said in context]
    return [(fact.statement, fact.predicate, fact.object) for fact in extract(turn(text, speaker), earlier)]


def test_a_list_of_names_is_kept_with_the_group_it_names() -> None:
    found = facts("I rescued three greyhounds last winter. Their names are Biscuit, Noodle and Captain.")
    assert ("Ines's greyhounds are named Biscuit, Noodle and Captain.", "greyhounds named",
            "Biscuit, Noodle and Captain") in found


def test_every_name_in_the_list_is_an_entity() -> None:
    fact = next(f for f in extract(turn("We have two goats. They're called Pip and Marigold."), [])
                if f.predicate.endswith("named"))
    assert set(fact.entities) >= {"Pip", "Marigold"}


def test_one_name_for_one_animal() -> None:
    assert ("Ines's kitten is named Olive.", "kitten named", "Olive") in facts("I got a kitten on Saturday! Her name is Olive.")


def test_the_group_can_be_named_in_the_speakers_turn_before() -> None:
    assert facts("Their names are Rui and Tiago.", context=("My nephews are staying with me this week.",)) == [
        ("Ines's nephews are named Rui and Tiago.", "nephews named", "Rui and Tiago")
    ]


def test_names_whose_owner_is_nowhere_in_sight_give_no_fact() -> None:
    assert facts("Their names are Rui and Tiago.") == []
