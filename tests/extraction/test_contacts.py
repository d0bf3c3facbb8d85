"""Contact details told by their shape (sentences written for these tests)."""

from __future__ import annotations

import pytest

from engram_mcp.extraction import RulesExtractor
from engram_mcp.extraction.contacts import listed_number, switched_to_contact
from tests.extraction.helpers import slots, turn

extract = RulesExtractor().extract


@pytest.mark.parametrize(
    ("said", "kind", "value"),
    [
        ("I've switched to jo@smithmail.net for everything now.", "email", "jo@smithmail.net"),
        ("I use jo@new.net now.", "email", "jo@new.net"),
        ("Reach me on 07700 111222 from now on.", "phone number", "07700 111222"),
    ],
)
def test_an_address_or_number_switched_to_is_the_speakers_by_its_shape(said: str, kind: str, value: str) -> None:
    fact = switched_to_contact(said, "Jo")
    assert fact is not None and (fact.subject, fact.predicate, fact.object) == ("Jo", kind, value)


def test_the_rules_read_an_email_switched_to_as_the_speakers_email() -> None:
    [fact] = extract(turn("I've switched to jo@smithmail.net for everything now.", speaker="Jo"), [])
    assert (fact.subject, fact.predicate, fact.object) == ("Jo", "email", "jo@smithmail.net")


def test_switching_to_something_of_no_contacts_shape_is_no_contact() -> None:
    assert switched_to_contact("I switched to 3 days a week.", "Jo") is None


def test_a_number_listed_under_a_relative_or_a_tradesman_is_theirs() -> None:
    text = "Updated my contacts:\n- Mum: 555-0101\n- Plumber: 555-7777\n- Dentist: Dr Kim"
    facts = {(f.subject, f.predicate, f.object) for f in extract(turn(text, speaker="Jo"), [])}
    assert ("Jo's mum", "phone number", "555-0101") in facts
    assert ("Jo's plumber", "phone number", "555-7777") in facts
    assert ("Jo", "dentist", "Dr Kim") in facts
    assert ("plumber", "555-7777", False) not in slots(text, speaker="Jo")


def test_a_number_listed_under_a_name_is_that_persons() -> None:
    fact = listed_number("Sarah: 020 7946 0000", "Jo")
    assert fact is not None and (fact.subject, fact.object) == ("Sarah", "020 7946 0000")


@pytest.mark.parametrize("line", ["Total: 1234567", "Order: 55512345", "Mobile: 07700 900123", "Monday: 9-5", "Datum: 2026-10-16",
                                  "ML: 26-08833", "Friday: 12.05.2026"])
def test_a_number_under_a_label_that_is_no_ones_name_is_no_contact(line: str) -> None:
    assert listed_number(line, "Jo") is None


@pytest.mark.parametrize(("line", "whose"), [("New number for mum: 07123 456789", "Jo's mum"),
                                            ("Number for my dad - 07123 456789", "Jo's dad"), ("- Mum — 07123 456789", "Jo's mum")])
def test_a_relatives_new_number_under_a_label_is_theirs_not_the_speakers(line: str, whose: str) -> None:
    [fact] = extract(turn(line, speaker="Jo"), [])
    assert (fact.subject, fact.predicate, fact.object) == (whose, "phone number", "07123 456789")
