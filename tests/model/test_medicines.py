from __future__ import annotations

import pytest

from engram_mcp.model.medicines import MEDICINE_ENDING, what_medicines_are_for


@pytest.mark.parametrize(
    ("text", "asked_by"),
    [
        ("on amlodipine 5mg now", "pressure"),
        ("Ray takes warfarin for his blood", "thinner"),
        ("morning clopidogrel 75 mg", "anticoagulant"),
        ("Waran 5 mg in the evening", "thinner"),
        ("I cannot take ibuprofen, it gives me hives", "painkiller"),
        ("metformin with breakfast", "diabetes"),
        ("donepezil 10 mg, evening", "dementia"),
        ("Now is Eliquis, 5mg, one in the morning and one in the night", "fibrillation"),
    ],
)
def test_a_medicine_is_asked_for_by_what_it_is_taken_for(text: str, asked_by: str) -> None:
    assert asked_by in what_medicines_are_for(text)


@pytest.mark.parametrize("text", ["We'll do Sopot, 2-9 April.", "a pain in the neck", "the statin question"])
def test_words_that_only_end_like_a_medicine_name_none(text: str) -> None:
    assert what_medicines_are_for(text) == frozenset()


def test_a_month_is_no_medicine_though_it_ends_like_one() -> None:
    assert not MEDICINE_ENDING.search("April")
    assert MEDICINE_ENDING.search("ramipril") and MEDICINE_ENDING.search("codeine")
