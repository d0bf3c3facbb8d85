"""Numbers said in words, written in figures (sentences written for these tests)."""

from __future__ import annotations

import pytest

from engram_mcp.model.number_words import in_figures


@pytest.mark.parametrize(
    ("said", "written"),
    [
        ("rent is now twelve hundred and fifty", "rent is now 1250"),
        ("one thousand two hundred a month", "1200 a month"),
        ("forty-two thousand", "42000"),
        ("two grand", "2000"),
        ("a grand a month", "1000 a month"),
        ("three hundred thousand", "300000"),
        ("a thousand and fifty", "1050"),
    ],
)
def test_a_number_said_in_words_is_written_in_figures(said: str, written: str) -> None:
    assert in_figures(said) == written


def test_an_amount_said_with_its_hundreds_left_unsaid_is_read_as_hundreds() -> None:
    assert in_figures("thirteen fifty") == "1350"
    assert in_figures("nine fifty a month") == "950 a month"
    assert in_figures("forty two") == "42"


def test_a_price_by_the_hour_with_its_hundreds_unsaid_stays_in_words() -> None:
    assert in_figures("twelve fifty an hour", hundreds_unsaid=False) == "twelve fifty an hour"


def test_words_that_count_nothing_stay_as_they_are() -> None:
    assert in_figures("I have a dog and a grand piano") == "I have a dog and a grand piano"
    assert in_figures("a one-bed in Peckham") == "a one-bed in Peckham"
    assert in_figures("1200 a month") == "1200 a month"
