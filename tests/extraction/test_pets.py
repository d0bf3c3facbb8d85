from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.model.predicates import normalise
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


def test_a_pet_named_earlier_is_mourned_without_being_called_a_pet_again() -> None:
    said = "Max passed away this morning. I'm heartbroken."
    # Not known as a pet: only the name's ending, which ends whatever is held under that name.
    assert [(f.predicate, f.object) for f in extract(turn(said, speaker="Hana"), [])] == [("ends", "Max")]
    [gone] = extract(turn(said, speaker="Hana"), [turn("Our dog Max is 12 and getting slow.", speaker="Hana")])
    assert normalise(gone.subject, gone.predicate, gone.object) == normalise("Hana", "no longer has pet", "Max")


def test_a_pet_said_by_its_breed_and_name_after_getting_it_is_the_speakers_pet() -> None:
    assert ("pet", "loki", False) in slots("Got a dog!! Border collie named Loki 🐶", speaker="Sven")
    assert ("pet", "loki", False) in slots("got a dog!! border collie named loki 🐶", speaker="Sven")


@pytest.mark.parametrize(
    ("text", "said", "certainty"),
    [
        ("Bamse went nuts when I came in. He's a Norwegian elkhound, 6 years old.",
         "Halvard has a dog called Bamse, an elkhound.", 0.7),
        ("I'm at home in Gaia with Farrusco snoring on my feet. He's our dog, a lazy mix.",
         "Halvard has a dog called Farrusco.", 0.7),
        ("Odikro escaped again! Our tortoise - he's about 30, came with the house.",
         "Halvard has a tortoise called Odikro.", 0.7),
        ("Okay, cat problem. Pickle, our four-year-old tabby, has started swiping things.",
         "Halvard has a cat called Pickle, a tabby.", 1.0),
    ],
)
def test_a_pet_named_in_one_sentence_and_described_in_the_next_is_the_speakers_pet(
    text: str, said: str, certainty: float
) -> None:
    pets = [f for f in extract(turn(text, speaker="Halvard"), []) if f.predicate == "has pet"]
    assert [(f.statement, f.certainty) for f in pets] == [(said, certainty)]


@pytest.mark.parametrize(
    "text",
    ["My friend Tom came over. He's a dog person.", "Do you know about Rex? He is a cat lover.",
     "Sam rang. It's a dog-friendly hotel, he says."],
)
def test_a_person_described_by_animals_is_no_pet(text: str) -> None:
    assert not [f for f in extract(turn(text, speaker="Halvard"), []) if f.predicate == "has pet"]


def test_a_pet_named_between_commas_after_it_is_the_speakers_pet() -> None:
    said = "Afterwards I walk our greyhound, Marlowe, along the Water of Leith."
    assert ("pet", "marlowe", False) in slots(said, speaker="Freya")


def test_a_name_said_to_be_ones_pet_is_the_speakers_pet() -> None:
    assert ("pet", "kinako", False) in slots("Kinako is our shiba. She hates the vet.")


@pytest.mark.parametrize(
    "said",
    ["We had to put Rex down yesterday. Heartbroken.", "Had to put Rex to sleep.", "We had Rex put down on Friday.",
     "Rex was put to sleep this morning.", "I had to put my dog Rex to sleep."],
)
def test_a_pet_put_down_is_no_longer_the_speakers(said: str) -> None:
    facts = extract(turn(said, speaker="Jo"), [turn("My dog Rex is 12.", speaker="Jo")])
    assert [normalise(f.subject, f.predicate, f.object) for f in facts] == [normalise("Jo", "no longer has pet", "Rex")]


def test_a_pet_lost_with_no_i_said_is_the_speakers_when_called_a_pet_and_a_person_put_down_as_a_contact_is_no_pet() -> None:
    assert ("pet", "rex", True) in slots("Lost our old dog Rex last night.", speaker="Jo")
    assert not any(slot[0] == "pet" for slot in slots("Lost Tom in the crowd.", speaker="Jo"))
    assert not any(slot[0] == "pet" for slot in slots("We put Tom down as our emergency contact.", speaker="Jo"))
