"""Work said by a whole sentence as the rules extractor reads it: a first day at a named place, being
"at" a name in a sentence about work (``engram_mcp/extraction/work_sentences.py``)."""

from __future__ import annotations

import pytest

from tests.extraction.helpers import slots


def test_being_at_a_name_is_a_workplace_only_when_the_sentence_is_about_work() -> None:
    assert ("works_at", "ferrari", False) in slots("Now I'm at Ferrari as a test engineer.")
    assert not slots("I'm at Tesco, do we need milk?")


@pytest.mark.parametrize("text", ["First day at the Royal Melbourne done. Orientation, ID badge.",
                                  "My first shift at the Royal Infirmary was chaos.", "Day 1 at the Royal Melbourne done.",
                                  "first shift at royal infirmary done, feet dead"])
def test_a_first_day_or_shift_at_a_named_place_is_work_there(text: str) -> None:
    assert {slot[:2] for slot in slots(text, speaker="Esme")} & {("works_at", "royal melbourne"), ("works_at", "royal infirmary")}


def test_a_first_day_or_shift_at_a_named_place_said_without_at_is_work_there_and_a_first_day_on_a_day_is_not() -> None:
    assert ("works_at", "bittium", False) in slots("First day Bittium. Laptop works.", speaker="Ilkka")
    assert ("works_at", "danderyd", False) in slots("First shift Danderyd done. Ward 12. Nice team.", speaker="Birgitta")
    assert not [slot for slot in slots("First day Monday, so nervous.", speaker="Ilkka") if slot[0] == "works_at"]
    assert not [slot for slot in slots("First day Back at the gym.", speaker="Ilkka") if slot[0] == "works_at"]


@pytest.mark.parametrize("text", ["First day as floor supervisor at Harbour Kitchen today, nervous!!",
                                  "first shift as a floor supervisor at harbour kitchen done"])
def test_a_first_day_as_a_role_at_a_named_place_is_that_job_there(text: str) -> None:
    assert {("works_at", "harbour kitchen"), ("job", "floor supervisor")} <= {slot[:2] for slot in slots(text, speaker="Lucia")}


def test_a_first_day_as_something_at_home_is_no_job_or_employer() -> None:
    assert not [slot for slot in slots("first day as a mum at home with the twins", speaker="Lucia")
                if slot[0] in {"works_at", "job"}]


@pytest.mark.parametrize("text", ["first proper day at Little Wattle for Hina, she walked in without looking back",
                                  "First day at Goodstart for my son today."])
def test_a_first_day_somewhere_for_someone_else_is_no_work_there(text: str) -> None:
    assert not [slot for slot in slots(text, speaker="Yuki") if slot[0] == "works_at"]
